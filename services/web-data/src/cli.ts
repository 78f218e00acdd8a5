/**
 * The command line of the service (`web-data-service`, `pnpm --dir services/web-data start`): the
 * run-time contract's environment variables (flags override them), the banner with the API key,
 * one-line errors when it cannot start.
 */
import { createRequire } from 'node:module'
import { type ServiceCli, startupSettings } from '@apiplatform/server-kit'
import { configFromEnv, type ServiceConfig } from './config.js'
import { createService } from './service.js'

const { version } = createRequire(import.meta.url)('../package.json') as { version: string }

export const webDataCli: ServiceCli<ServiceConfig> = {
  command: 'web-data-service',
  version,
  settings: `Settings (environment): WEB_DATA_API_KEY, WEB_DATA_CREDITS, WEB_DATA_ALLOW_PRIVATE_URLS=1 (scrape local
addresses), DATABASE_SCHEMA, LOG_FORMAT=pretty|json and the others in the package README.`,
  configure: startupSettings(configFromEnv),
  context: (config) => ({
    port: config.port,
    host: config.hostname ?? '127.0.0.1',
    portVariable: 'PORT',
    databaseUrl: config.databaseUrl,
  }),
  async start(config, logger) {
    const service = await createService(config, { logger })
    const storage = config.databaseUrl
      ? `PostgreSQL (DATABASE_URL${config.databaseSchema ? `, schema ${config.databaseSchema}` : ''})`
      : config.dataDir
        ? `PGlite in ${config.dataDir}`
        : 'PGlite in memory'
    const banner = [`web-data service listening on ${service.url} (${storage})`]
    if (service.generatedKey)
      banner.push(`WEB_DATA_API_KEY was not set; generated bootstrap key: ${service.apiKey}`)
    if (config.extractor?.kind === 'openai')
      banner.push(
        `JSON extraction: ${config.extractor.model} at ${config.extractor.baseUrl} (WEB_DATA_EXTRACTOR=openai)`,
      )
    const controls = config.testControls?.httpToken
    if (controls)
      banner.push(`test controls on: ${service.url}/__controls with Authorization: Bearer ${controls}`)
    if (config.allowPrivateUrls)
      banner.push('WEB_DATA_ALLOW_PRIVATE_URLS=1: loopback and private addresses may be scraped')
    return {
      url: service.url,
      credential: service.apiKey,
      banner,
      fields: {
        url: service.url,
        storage,
        apiKey: service.apiKey,
        apiKeyGenerated: service.generatedKey,
        allowPrivateUrls: config.allowPrivateUrls,
        ...(controls ? { testControlsToken: controls } : {}),
      },
      stop: () => service.stop(),
    }
  },
}
