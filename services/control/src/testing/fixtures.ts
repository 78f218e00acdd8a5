/**
 * Test data written straight into the service's database: an app with deployments in every state
 * the deployment operations care about, extra workspaces, and root keys with chosen permissions.
 * Every call creates fresh ids, so tests sharing one service never step on each other.
 */
import { newId, randomToken, type Sql } from '@apiplatform/server-kit'
import { DEFAULT_RUNTIME, type DeploymentStatus } from '../domain/deployment.js'
import { insertDeployment } from '../repositories/deployments.js'
import { upsertRootKey } from '../repositories/keys.js'

export async function createWorkspace(sql: Sql): Promise<string> {
  const id = newId('ws')
  await sql.query('INSERT INTO workspaces (id, name, created_at) VALUES ($1, $2, $3)', [
    id,
    'Test workspace',
    Date.now(),
  ])
  return id
}

export async function createRootKey(
  sql: Sql,
  workspaceId: string,
  permissions: string[],
  options: { expiresAt?: number; revokedAt?: number } = {},
): Promise<string> {
  const secret = `ck_test_${randomToken(24)}`
  await upsertRootKey(sql, { workspaceId, secret, permissions, now: Date.now(), ...options })
  return secret
}

export interface AppFixture {
  workspaceId: string
  projectId: string
  projectSlug: string
  appId: string
  appSlug: string
  productionEnvironmentId: string
  previewEnvironmentId: string
  /** Ready production deployments that are not current: rollback and promote targets. */
  v1: string
  v2: string
  /** The app's current deployment. */
  current: string
  failed: string
  stopped: string
  building: string
  /** Ready production deployment being stopped. */
  shuttingDown: string
  preview: string
}

/** A project with one app, production and preview environments and deployments in every state. */
export async function createAppFixture(
  sql: Sql,
  workspaceId: string,
  options: { withCurrent?: boolean } = {},
): Promise<AppFixture> {
  const suffix = randomToken(8)
  const now = Date.now() - 3_600_000
  const fx: AppFixture = {
    workspaceId,
    projectId: `prj_${suffix}`,
    projectSlug: `project-${suffix.toLowerCase()}`,
    appId: `app_${suffix}`,
    appSlug: `app-${suffix.toLowerCase()}`,
    productionEnvironmentId: `env_${suffix}_prod`,
    previewEnvironmentId: `env_${suffix}_preview`,
    v1: `d_${suffix}_v1`,
    v2: `d_${suffix}_v2`,
    current: `d_${suffix}_current`,
    failed: `d_${suffix}_failed`,
    stopped: `d_${suffix}_stopped`,
    building: `d_${suffix}_building`,
    shuttingDown: `d_${suffix}_draining`,
    preview: `d_${suffix}_preview`,
  }
  await sql.query(
    'INSERT INTO projects (id, workspace_id, slug, name, created_at) VALUES ($1, $2, $3, $4, $5)',
    [fx.projectId, workspaceId, fx.projectSlug, 'Fixture project', now],
  )
  await sql.query(
    `INSERT INTO apps (id, workspace_id, project_id, slug, name, git_repository, current_deployment_id, created_at)
     VALUES ($1, $2, $3, $4, $5, 'acme/fixture', $6, $7)`,
    [
      fx.appId,
      workspaceId,
      fx.projectId,
      fx.appSlug,
      'Fixture app',
      options.withCurrent === false ? null : fx.current,
      now,
    ],
  )
  for (const [id, slug] of [
    [fx.productionEnvironmentId, 'production'],
    [fx.previewEnvironmentId, 'preview'],
  ] as const) {
    await sql.query(
      `INSERT INTO environments (id, workspace_id, project_id, app_id, slug, kind, created_at)
       VALUES ($1, $2, $3, $4, $5, $5, $6)`,
      [id, workspaceId, fx.projectId, fx.appId, slug, now],
    )
  }
  const rows: Array<[string, DeploymentStatus, string]> = [
    [fx.v1, 'ready', fx.productionEnvironmentId],
    [fx.v2, 'ready', fx.productionEnvironmentId],
    [fx.current, 'ready', fx.productionEnvironmentId],
    [fx.failed, 'failed', fx.productionEnvironmentId],
    [fx.stopped, 'stopped', fx.productionEnvironmentId],
    [fx.building, 'building', fx.productionEnvironmentId],
    [fx.shuttingDown, 'ready', fx.productionEnvironmentId],
    [fx.preview, 'ready', fx.previewEnvironmentId],
  ]
  let i = 0
  for (const [id, status, environmentId] of rows) {
    await insertDeployment(sql, {
      id,
      workspaceId,
      projectId: fx.projectId,
      appId: fx.appId,
      environmentId,
      status,
      gitCommitSha: 'a'.repeat(40),
      gitBranch: 'main',
      regions: ['us-east-1'],
      domains: [],
      runtime: DEFAULT_RUNTIME,
      createdAt: now + i++ * 1000,
    })
  }
  await sql.query('UPDATE deployments SET shutting_down = true WHERE id = $1', [fx.shuttingDown])
  return fx
}
