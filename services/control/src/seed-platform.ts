/**
 * The demo data of the operations around the demo app that the spec's examples name: a rate limit
 * namespace with an override, an empty project to delete, the gateway policies of production, a
 * deployment made from a Docker image (`deploy.*`), and a little recorded traffic so that each
 * analytics source has rows to query (an empty source answers 412).
 */
import type { Sql } from '@apiplatform/server-kit'
import { DEFAULT_RUNTIME } from './domain/deployment.js'
import { recordDeploymentEvent } from './repositories/deployment-events.js'
import { insertDeployment } from './repositories/deployments.js'
import { KEYS_SEED } from './seed-keys.js'

export const PLATFORM_SEED = {
  namespaceId: 'rlns_seed_requests',
  namespace: 'api.requests',
  overrideId: 'rlo_2bNm5vC8xZ1q',
  overrideIdentifier: 'org_acme',
  /** An empty project (`projects.deleteProject`, `apps.createApp`). */
  spareProject: { id: 'prj_sandbox', slug: 'sandbox' },
  policies: { keyauth: 'pol_2vKq8MzR4tLxWc', perIpLimit: 'pol_7hNb3QyT9pDsFa' },
  /** A ready preview deployment of a prebuilt image; `deploy.getDeployment` accepts only `d_` + letters and digits. */
  imageDeployment: 'd_seedImage',
} as const

interface DemoApp {
  workspaceId: string
  projectId: string
  appId: string
  productionEnvironmentId: string
  previewEnvironmentId: string
  failedDeploymentId: string
}

const BASE_TIME = Date.UTC(2026, 0, 1)
const MINUTE = 60_000

/** Seeds this demo data unless its namespace exists already; false when nothing was written. */
export async function seedPlatformDemo(tx: Sql, app: DemoApp): Promise<boolean> {
  const s = PLATFORM_SEED
  const created = await tx.query(
    `INSERT INTO ratelimit_namespaces (id, workspace_id, name, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING id`,
    [s.namespaceId, app.workspaceId, s.namespace, BASE_TIME],
  )
  if (created.length === 0) return false
  await tx.query(
    `INSERT INTO ratelimit_overrides (id, workspace_id, namespace_id, identifier, "limit", duration, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 500, 60000, $5, $5) ON CONFLICT DO NOTHING`,
    [s.overrideId, app.workspaceId, s.namespaceId, s.overrideIdentifier, BASE_TIME],
  )
  await tx.query(
    `INSERT INTO projects (id, workspace_id, slug, name, created_at, updated_at) VALUES ($1, $2, $3, 'Sandbox', $4, $4)
     ON CONFLICT DO NOTHING`,
    [s.spareProject.id, app.workspaceId, s.spareProject.slug, BASE_TIME],
  )
  await seedPolicies(tx, app)
  await seedImageDeployment(tx, app)
  await seedTraffic(tx, app)
  return true
}

async function seedPolicies(tx: Sql, app: DemoApp) {
  const policies = [
    {
      id: PLATFORM_SEED.policies.keyauth,
      name: 'require-api-key',
      enabled: true,
      match: [{ path: { path: { prefix: '/v1/' } } }],
      keyauth: { keyspaces: [KEYS_SEED.apiId], locations: [{ bearer: {} }] },
    },
    {
      id: PLATFORM_SEED.policies.perIpLimit,
      name: 'per-ip-limit',
      enabled: true,
      ratelimit: { limit: 100, windowMs: 60000, identifiers: [{ remoteIp: {} }] },
    },
  ]
  await tx.query(
    `INSERT INTO gateway_policies (environment_id, workspace_id, policies, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [app.productionEnvironmentId, app.workspaceId, JSON.stringify(policies), BASE_TIME],
  )
}

/** Its steps and runtime logs as the workflow writes them; the failed build's error log too. */
async function seedImageDeployment(tx: Sql, app: DemoApp) {
  const id = PLATFORM_SEED.imageDeployment
  await insertDeployment(tx, {
    id,
    workspaceId: app.workspaceId,
    projectId: app.projectId,
    appId: app.appId,
    environmentId: app.previewEnvironmentId,
    status: 'ready',
    gitBranch: 'main',
    dockerImage: 'ghcr.io/acme/checkout-api:1.14.2',
    regions: ['us-east-1'],
    domains: ['checkout-api-git-main.deploy-control.app'],
    runtime: DEFAULT_RUNTIME,
    createdAt: BASE_TIME + 6 * 60 * MINUTE,
  })
  const steps = ['pending', 'building', 'deploying', 'ready'] as const
  for (const [i, status] of steps.entries()) {
    await recordDeploymentEvent(tx, id, { status }, BASE_TIME + 6 * 60 * MINUTE + i * 12_000)
  }
  await recordDeploymentEvent(
    tx,
    app.failedDeploymentId,
    { status: 'failed', errorMessage: 'Dockerfile not found at ./Dockerfile' },
    BASE_TIME + 4 * 60 * MINUTE,
  )
}

/** Gateway requests of production and rate limit decisions of the demo namespace. */
async function seedTraffic(tx: Sql, app: DemoApp) {
  const requests = [
    ['GET', '/v1/cart', 200, null, 'forwarded'],
    ['POST', '/v1/checkout', 500, null, 'forwarded'],
    ['GET', '/v1/orders', 401, 'require-api-key', 'denied'],
  ] as const
  for (const [i, [method, path, status, policy, outcome]] of requests.entries()) {
    await tx.query(
      `INSERT INTO gateway_requests (workspace_id, project_id, app_id, environment_id, time, method, host, path, status,
         latency_ms, policy, outcome, remote_ip)
       VALUES ($1, $2, $3, $4, $5, $6, 'checkout.acme-shop.example', $7, $8, 12, $9, $10, '203.0.113.7')`,
      [
        app.workspaceId,
        app.projectId,
        app.appId,
        app.productionEnvironmentId,
        BASE_TIME + i * MINUTE,
        method,
        path,
        status,
        policy,
        outcome,
      ],
    )
  }
  for (const [i, passed] of [true, true, false].entries()) {
    await tx.query(
      `INSERT INTO ratelimit_decisions (workspace_id, namespace_id, identifier, passed, time) VALUES ($1, $2, 'user_8412', $3, $4)`,
      [app.workspaceId, PLATFORM_SEED.namespaceId, passed, BASE_TIME + i * 1000],
    )
  }
}
