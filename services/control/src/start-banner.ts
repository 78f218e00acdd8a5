/**
 * What `control-service` prints once it listens: where, on which storage, with which keys, and the
 * demo data as it is now. A rollback survives a restart, so the live deployment is read from the
 * database, never taken from the seed's constants.
 */
import type { Sql } from '@apiplatform/server-kit'
import type { ServiceConfig } from './config.js'
import { findAppById } from './repositories/apps.js'
import { SEED } from './seed.js'

export interface DemoDeployments {
  /** The deployment serving the demo app's live traffic; undefined when none does. */
  live: string | undefined
  /** The ready production deployments of the seed that a rollback can go to now. */
  rollbackTargets: string[]
}

export async function demoDeployments(sql: Sql): Promise<DemoDeployments> {
  const app = await findAppById(sql, SEED.appId)
  const live = app?.currentDeploymentId ?? undefined
  const { v1, v2, current } = SEED.deployments
  return { live, rollbackTargets: [v1, v2, current].filter((id) => id !== live) }
}

export function storageLabel(
  config: Pick<ServiceConfig, 'databaseUrl' | 'databaseSchema' | 'dataDir'>,
): string {
  if (config.databaseUrl) {
    return `PostgreSQL (DATABASE_URL${config.databaseSchema ? `, schema ${config.databaseSchema}` : ''})`
  }
  return config.dataDir ? `PGlite in ${config.dataDir}` : 'PGlite in memory'
}

export function startBanner(
  service: { url: string; rootKey: string },
  config: Pick<
    ServiceConfig,
    | 'databaseUrl'
    | 'databaseSchema'
    | 'dataDir'
    | 'rootKeyGenerated'
    | 'encryptionKeyGenerated'
    | 'encryptionKeyText'
  >,
  demo: DemoDeployments | undefined,
): string[] {
  const banner = [
    `control service listening on ${service.url} (${storageLabel(config)})`,
    `  spec:      ${service.url}/openapi.json`,
    `  root key:  ${service.rootKey}${config.rootKeyGenerated ? '   (generated; set CONTROL_ROOT_KEY to choose one)' : '   (from CONTROL_ROOT_KEY)'}`,
    config.encryptionKeyGenerated
      ? `  encryption key: ${config.encryptionKeyText}   (generated; set CONTROL_ENCRYPTION_KEY to keep recoverable keys readable across restarts)`
      : '  encryption key: set by CONTROL_ENCRYPTION_KEY (not printed)',
  ]
  if (!demo) return banner
  const s = SEED
  const target = demo.rollbackTargets.at(-1)
  banner.push(
    `  workspace ${s.workspaceId}: project ${s.projectId} (${s.projectSlug}), app ${s.appId} (${s.appSlug})`,
    `  environments: production ${s.productionEnvironmentId}, preview ${s.previewEnvironmentId}`,
    `  deployments: live ${demo.live ?? 'none'}; ready rollback targets ${demo.rollbackTargets.join(', ')};`,
    `               failed ${s.deployments.failed}; stopped ${s.deployments.stopped}; preview ${s.deployments.preview}`,
  )
  if (target) {
    banner.push(
      '  try:',
      `    curl -s -X POST ${service.url}/v2/deployments.rollbackDeployment -H 'Authorization: Bearer ${service.rootKey}' \\`,
      `      -H 'Content-Type: application/json' -d '{"deploymentId":"${target}"}'`,
    )
  }
  return banner
}
