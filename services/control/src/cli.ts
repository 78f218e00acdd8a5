/**
 * The command line of the service (`control-service`, `pnpm --dir services/control start`): the
 * run-time contract's environment variables (flags override them), the banner with the root key
 * and the seeded ids, one-line errors when it cannot start.
 */
import { createRequire } from 'node:module'
import { type ServiceCli, startupSettings } from '@apiplatform/server-kit'
import { configFromEnv, type ServiceConfig } from './config.js'
import { createService } from './service.js'

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
    const storage = config.databaseUrl
      ? `PostgreSQL (DATABASE_URL${config.databaseSchema ? `, schema ${config.databaseSchema}` : ''})`
      : config.dataDir
        ? `PGlite in ${config.dataDir}`
        : 'PGlite in memory'
    const s = service.seeded
    const banner = [
      `control service listening on ${service.url} (${storage})`,
      `  spec:      ${service.url}/openapi.json`,
      `  root key:  ${service.rootKey}${config.rootKeyGenerated ? '   (generated; set CONTROL_ROOT_KEY to choose one)' : '   (CONTROL_ROOT_KEY)'}`,
      config.encryptionKeyGenerated
        ? `  encryption key: ${config.encryptionKeyText}   (generated; set CONTROL_ENCRYPTION_KEY to keep recoverable keys readable across restarts)`
        : '  encryption key: CONTROL_ENCRYPTION_KEY',
    ]
    if (s) {
      banner.push(
        `  workspace ${s.workspaceId}: project ${s.projectId} (${s.projectSlug}), app ${s.appId} (${s.appSlug})`,
        `  environments: production ${s.productionEnvironmentId}, preview ${s.previewEnvironmentId}`,
        `  deployments: current ${s.deployments.current}; ready rollback targets ${s.deployments.v1}, ${s.deployments.v2};`,
        `               failed ${s.deployments.failed}; stopped ${s.deployments.stopped}; preview ${s.deployments.preview}`,
        '  try:',
        `    curl -s -X POST ${service.url}/v2/deployments.rollbackDeployment -H 'Authorization: Bearer ${service.rootKey}' \\`,
        `      -H 'Content-Type: application/json' -d '{"deploymentId":"${s.deployments.v2}"}'`,
      )
    }
    return {
      url: service.url,
      credential: service.rootKey,
      banner,
      fields: {
        url: service.url,
        storage,
        rootKey: service.rootKey,
        rootKeyGenerated: config.rootKeyGenerated,
        ...(config.encryptionKeyGenerated ? { generatedEncryptionKey: config.encryptionKeyText } : {}),
        ...(s ? { demoData: s } : {}),
      },
      stop: () => service.close(),
    }
  },
}
