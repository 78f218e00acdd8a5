/**
 * The data a fresh service starts with, so a newcomer can call every operation right away:
 * one workspace, the bootstrap root key, a project with an app, its production and preview
 * environments, and deployments in the states the rollback operation cares about; and what the
 * spec's examples name besides (seed-keys.ts, seed-platform.ts), so that each operation's first
 * example works as written.
 *
 * Seeding is idempotent: rows are created with fixed ids only when missing, so a restart keeps
 * whatever the API changed since (a rollback stays rolled back). The root key's permissions are
 * refreshed on every start, so it always holds every permission of the current spec.
 */
import type { Database, Sql } from '@apiplatform/server-kit'
import { dnsRecordsFor } from './domain/custom-domain.js'
import { DEFAULT_RUNTIME, type DeploymentStatus } from './domain/deployment.js'
import type { VariableCipher } from './domain/secrets.js'
import { insertDeployment } from './repositories/deployments.js'
import { upsertRootKey } from './repositories/keys.js'
import { storeVariablesKey } from './repositories/secrets.js'
import { KEYS_SEED, seedKeysDemo } from './seed-keys.js'
import { PLATFORM_SEED, seedPlatformDemo } from './seed-platform.js'

export const SEED = {
  workspaceId: 'ws_local',
  projectId: 'prj_demo',
  projectSlug: 'demo',
  appId: 'app_checkout',
  appSlug: 'checkout-api',
  productionEnvironmentId: 'env_checkout_production',
  previewEnvironmentId: 'env_checkout_preview',
  deployments: {
    /** Ready production deployment, older: a rollback target. */
    v1: 'd_seed_v1',
    /** Ready production deployment, older: a rollback target. */
    v2: 'd_seed_v2',
    /** Ready production deployment that serves live traffic. */
    current: 'd_seed_v3',
    /** Production deployment whose build failed: not ready. */
    failed: 'd_seed_failed',
    /** Production deployment that was stopped. */
    stopped: 'd_seed_stopped',
    /** Ready deployment in the preview environment. */
    preview: 'd_seed_preview',
  },
  domains: {
    /** Verified custom domain of production. */
    verified: 'checkout.acme-shop.example',
    /** Custom domain of production waiting for its DNS records (try domains.verifyDomain). */
    pending: 'api.acme-shop.example',
  },
  /** Variables of production: LOG_LEVEL is recoverable, the others write-only. */
  variables: ['LOG_LEVEL', 'DATABASE_URL', 'STRIPE_SECRET_KEY'],
  /** What the key operations' examples name (seed-keys.ts). */
  keys: KEYS_SEED,
  /** What the examples around the demo app name (seed-platform.ts). */
  platform: PLATFORM_SEED,
} as const

const BASE_TIME = Date.UTC(2026, 0, 1)
const HOUR = 3_600_000

/**
 * Seeds a database: the demo workspace and, unless the app already exists, its project, app,
 * environments, domains, variables and deployments; the root key with `permissions` every time.
 */
export async function seed(
  db: Database,
  options: { rootKey: string; permissions: string[]; now: number; variables?: VariableCipher },
) {
  await db.transaction(async (tx) => {
    await seedWorkspace(tx)
    await seedRootKey(tx, options)
    if (await seedDemoRows(tx)) await seedVariables(tx, options.variables)
    await seedExampleRows(tx)
  })
}

/**
 * The demo data of the prepared template (database-template.ts): everything `seed` writes on a new
 * database except what differs per start (the root key, and the variables, encrypted with the
 * instance's own key): `seedInstance` writes those on each copy.
 */
export async function seedDemoData(db: Database) {
  await db.transaction(async (tx) => {
    await seedWorkspace(tx)
    await seedDemoRows(tx)
    await seedExampleRows(tx)
  })
}

/**
 * What the spec's examples name beyond the demo app, each group written once (a database seeded
 * before these groups existed gets them on its next start); the app's group only while the demo
 * app's environments exist.
 */
async function seedExampleRows(tx: Sql) {
  const s = SEED
  await seedKeysDemo(tx, s.workspaceId)
  const environments = await tx.query('SELECT id FROM environments WHERE id = ANY($1::text[])', [
    [s.productionEnvironmentId, s.previewEnvironmentId],
  ])
  if (environments.length < 2) return
  await seedPlatformDemo(tx, {
    workspaceId: s.workspaceId,
    projectId: s.projectId,
    appId: s.appId,
    productionEnvironmentId: s.productionEnvironmentId,
    previewEnvironmentId: s.previewEnvironmentId,
    failedDeploymentId: s.deployments.failed,
  })
}

/**
 * On a copy of the prepared template: what `seed` writes there and the template leaves out, in one
 * transaction; with `variablesKey`, the key of variable values the start made for this new copy
 * (and encrypted the variables with) too. Like `seed`, it can run again on the same database.
 */
export async function seedInstance(
  db: Database,
  options: {
    rootKey: string
    permissions: string[]
    now: number
    variables?: VariableCipher
    variablesKey?: string | undefined
  },
) {
  await db.transaction(async (tx) => {
    if (options.variablesKey !== undefined) await storeVariablesKey(tx, options.variablesKey)
    await seedRootKey(tx, options)
    await seedVariables(tx, options.variables)
  })
}

async function seedWorkspace(tx: Sql) {
  await tx.query(
    'INSERT INTO workspaces (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
    [SEED.workspaceId, 'Local workspace', BASE_TIME],
  )
}

async function seedRootKey(tx: Sql, options: { rootKey: string; permissions: string[]; now: number }) {
  await upsertRootKey(tx, {
    workspaceId: SEED.workspaceId,
    secret: options.rootKey,
    name: 'bootstrap (CONTROL_ROOT_KEY)',
    permissions: options.permissions,
    now: options.now,
  })
}

/** The project, app, environments, domains and deployments; false (nothing written) when the app exists. */
async function seedDemoRows(tx: Sql): Promise<boolean> {
  const s = SEED
  await tx.query(
    `INSERT INTO projects (id, workspace_id, slug, name, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO NOTHING`,
    [s.projectId, s.workspaceId, s.projectSlug, 'Demo project', BASE_TIME],
  )
  const created = await tx.query(
    `INSERT INTO apps (id, workspace_id, project_id, slug, name, git_repository, git_default_branch,
       current_deployment_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'acme/checkout-api', 'main', $6, $7, $7)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [s.appId, s.workspaceId, s.projectId, s.appSlug, 'Checkout API', s.deployments.current, BASE_TIME],
  )
  if (created.length === 0) return false
  for (const [id, slug, kind] of [
    [s.productionEnvironmentId, 'production', 'production'],
    [s.previewEnvironmentId, 'preview', 'preview'],
  ] as const) {
    await tx.query(
      `INSERT INTO environments (id, workspace_id, project_id, app_id, slug, kind, description, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (id) DO NOTHING`,
      [
        id,
        s.workspaceId,
        s.projectId,
        s.appId,
        slug,
        kind,
        `The ${slug} environment of checkout-api`,
        BASE_TIME,
      ],
    )
  }
  await seedDomains(tx)
  const deployments: Array<[string, DeploymentStatus, string, number, string]> = [
    [s.deployments.v1, 'ready', s.productionEnvironmentId, 1, 'main'],
    [s.deployments.v2, 'ready', s.productionEnvironmentId, 2, 'main'],
    [s.deployments.current, 'ready', s.productionEnvironmentId, 3, 'main'],
    [s.deployments.failed, 'failed', s.productionEnvironmentId, 4, 'main'],
    [s.deployments.stopped, 'stopped', s.productionEnvironmentId, 0, 'main'],
    [s.deployments.preview, 'ready', s.previewEnvironmentId, 5, 'feature/faster-checkout'],
  ]
  for (const [id, status, environmentId, hours, branch] of deployments) {
    await insertDeployment(tx, {
      id,
      workspaceId: s.workspaceId,
      projectId: s.projectId,
      appId: s.appId,
      environmentId,
      status,
      gitCommitSha: Buffer.from(id).toString('hex').padEnd(40, '0').slice(0, 40),
      gitBranch: branch,
      regions: ['us-east-1', 'eu-central-1'],
      domains: [`${id.replaceAll('_', '-')}.checkout-api.deploy-control.app`],
      runtime: DEFAULT_RUNTIME,
      createdAt: BASE_TIME + hours * HOUR,
    })
  }
  await tx.query(`UPDATE deployments SET error = $2 WHERE id = $1`, [
    s.deployments.failed,
    JSON.stringify({
      code: 'build_failed',
      step: 'build',
      message: 'Dockerfile not found at ./Dockerfile',
    }),
  ])
  return true
}

/** Two custom domains of the production environment (fresh databases only). */
async function seedDomains(tx: Sql) {
  const s = SEED
  for (const [id, domain, verified] of [
    ['dom_seed_checkout', s.domains.verified, true],
    ['dom_seed_api', s.domains.pending, false],
  ] as const) {
    const token = `seed${id.replaceAll('_', '')}`
    const records = dnsRecordsFor(domain, token).map((r) => ({ ...r, verified }))
    await tx.query(
      `INSERT INTO domains (id, workspace_id, project_id, app_id, environment_id, domain, status, verification_token,
         dns_records, check_seq, verification_started_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $10, $10) ON CONFLICT DO NOTHING`,
      [
        id,
        s.workspaceId,
        s.projectId,
        s.appId,
        s.productionEnvironmentId,
        domain,
        verified ? 'verified' : 'pending',
        token,
        JSON.stringify(records),
        BASE_TIME,
      ],
    )
  }
}

/**
 * Three variables of the production environment, encrypted with this instance's key (fresh
 * databases only: a variable already there is left as it is).
 */
async function seedVariables(tx: Sql, variables: VariableCipher | undefined) {
  if (!variables) return
  const rows = [
    ['LOG_LEVEL', 'recoverable', 'info', 'Log verbosity'],
    [
      'DATABASE_URL',
      'writeonly',
      'postgres://checkout:demo-password@db.internal:5432/checkout',
      'Primary database',
    ],
    ['STRIPE_SECRET_KEY', 'writeonly', 'sk_test_demo_not_a_real_key', 'Payments'],
  ] as const
  // One statement for the three.
  await tx.query(
    `INSERT INTO environment_variables (environment_id, key, kind, value_ciphertext, description, created_at, updated_at)
     SELECT $1::text, key, kind, value_ciphertext, description, $2::bigint, $2::bigint
     FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) AS v(key, kind, value_ciphertext, description)
     ON CONFLICT DO NOTHING`,
    [
      SEED.productionEnvironmentId,
      BASE_TIME,
      rows.map(([key]) => key),
      rows.map(([, kind]) => kind),
      rows.map(([, , value]) => variables.encrypt(value)),
      rows.map(([, , , description]) => description),
    ],
  )
}
