/**
 * The command line of the service (`control-service`, `pnpm --dir services/control start`): the
 * run-time contract's environment variables (flags override them), the banner with the root key
 * and the seeded ids, one-line errors when it cannot start.
 */
import { createRequire } from 'node:module'
import { type ServiceCli, startupSettings } from '@apiplatform/server-kit'
import { configFromEnv, type ServiceConfig } from './config.js'
import { createService } from './service.js'
import { demoDeployments, startBanner, storageLabel } from './start-banner.js'

const { version } = createRequire(import.meta.url)('../package.json') as { version: string }

export const controlCli: ServiceCli<ServiceConfig> = {
  command: 'control-service',
  version,
  settings: `Settings (environment): CONTROL_ROOT_KEY, CONTROL_ENCRYPTION_KEY, CONTROL_SEED=0 (no demo data),
CONTROL_WORKFLOW_STEP_MS, DATABASE_SCHEMA, LOG_FORMAT=pretty|json and the others in the package README.`,
  configure: startupSettings(configFromEnv),
  context: (config) => ({
    port: config.port,
    host: config.hostname,
    portVariable: 'PORT',
    databaseUrl: config.databaseUrl,
  }),
  async start(config, logger) {
    const service = await createService({ ...config, logger })
    const s = service.seeded
    const demo = s ? await demoDeployments(service.db) : undefined
    const banner = startBanner(service, config, demo)
    const storage = storageLabel(config)
    const controls = config.testControls?.httpToken
    if (controls)
      banner.push(`test controls on: ${service.url}/__controls with Authorization: Bearer ${controls}`)
    return {
      url: service.url,
      credential: service.rootKey,
      banner,
      fields: {
        url: service.url,
        storage,
        rootKey: service.rootKey,
        rootKeyGenerated: config.rootKeyGenerated,
        ...(controls ? { testControlsToken: controls } : {}),
        ...(config.encryptionKeyGenerated ? { generatedEncryptionKey: config.encryptionKeyText } : {}),
        ...(s && demo
          ? { demoData: { ...s, liveDeployment: demo.live, rollbackTargets: demo.rollbackTargets } }
          : {}),
      },
      stop: () => service.stop(),
    }
  },
}
