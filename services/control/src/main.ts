/**
 * `pnpm --dir services/control start`: the control service on the run-time contract's settings
 * (PORT, DATA_DIR, DATABASE_URL, CONTROL_ROOT_KEY, …; see README.md). Stops cleanly on SIGTERM and
 * SIGINT: in-flight workflow steps are abandoned uncommitted and resumed on the next start.
 */
import { configFromEnv, createService } from './service.js'

const config = configFromEnv()
const service = await createService(config)
const s = service.seeded
const lines = [
  `control service listening on ${service.url}`,
  `  storage:   ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
  `  spec:      ${service.url}/openapi.json`,
  `  root key:  ${service.rootKey}${config.rootKeyGenerated ? '   (generated; set CONTROL_ROOT_KEY to choose one)' : '   (CONTROL_ROOT_KEY)'}`,
  config.encryptionKeyGenerated
    ? `  encryption key: ${config.encryptionKeyText}   (generated; set CONTROL_ENCRYPTION_KEY to keep recoverable keys readable across restarts)`
    : '  encryption key: CONTROL_ENCRYPTION_KEY',
]
if (s) {
  lines.push(
    `  workspace ${s.workspaceId}: project ${s.projectId} (${s.projectSlug}), app ${s.appId} (${s.appSlug})`,
    `  environments: production ${s.productionEnvironmentId}, preview ${s.previewEnvironmentId}`,
    `  deployments: current ${s.deployments.current}; ready rollback targets ${s.deployments.v1}, ${s.deployments.v2};`,
    `               failed ${s.deployments.failed}; stopped ${s.deployments.stopped}; preview ${s.deployments.preview}`,
    '  try:',
    `    curl -s -X POST ${service.url}/v2/deployments.rollbackDeployment -H 'Authorization: Bearer ${service.rootKey}' \\`,
    `      -H 'Content-Type: application/json' -d '{"deploymentId":"${s.deployments.v2}"}'`,
  )
}
console.log(lines.join('\n'))

let stopping = false
const shutdown = async (signal: string) => {
  if (stopping) return
  stopping = true
  console.log(`${signal}: shutting down`)
  const timer = setTimeout(() => process.exit(1), 10_000)
  timer.unref()
  try {
    await service.close()
    process.exit(0)
  } catch (error) {
    console.error('shutdown failed', error)
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
