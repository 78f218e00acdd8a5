/**
 * The data a fresh service starts with, so a newcomer can call every operation right away:
 * one workspace, the bootstrap root key, a project with an app, its production and preview
 * environments, and deployments in the states the rollback operation cares about.
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
} as const

const BASE_TIME = Date.UTC(2026, 0, 1)
const HOUR = 3_600_000

export async function seed(
  db: Database,
  options: { rootKey: string; permissions: string[]; now: number; variables?: VariableCipher },
) {
  await db.transaction(async (tx) => {
    const s = SEED
    await tx.query(
      'INSERT INTO workspaces (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
      [s.workspaceId, 'Local workspace', BASE_TIME],
    )
    await upsertRootKey(tx, {
      workspaceId: s.workspaceId,
      secret: options.rootKey,
      name: 'bootstrap (CONTROL_ROOT_KEY)',
      permissions: options.permissions,
      now: options.now,
    })
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
    if (created.length === 0) return
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
    await seedDomainsAndVariables(tx, options.variables)
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
  })
}

/** Two custom domains and three variables of the production environment (fresh databases only). */
async function seedDomainsAndVariables(tx: Sql, variables: VariableCipher | undefined) {
  const s = SEED
  for (const [id, domain, verified] of [
    ['dom_seed_checkout', s.domains.verified, true],
    ['dom_seed_api', s.domains.pending, false],
  ] as const) {
    const token = `seed${id.replaceAll('_', '')}`
    const records = dnsRecordsFor(domain, token).map((r) => ({ ...r, verified }))
    await tx.query(
      `INSERT INTO domains (id, workspace_id, project_id, app_id, environment_id, domain, status, verification_token,
         dns_records, check_seq, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $10) ON CONFLICT DO NOTHING`,
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
  if (!variables) return
  for (const [key, kind, value, description] of [
    ['LOG_LEVEL', 'recoverable', 'info', 'Log verbosity'],
    [
      'DATABASE_URL',
      'writeonly',
      'postgres://checkout:demo-password@db.internal:5432/checkout',
      'Primary database',
    ],
    ['STRIPE_SECRET_KEY', 'writeonly', 'sk_test_demo_not_a_real_key', 'Payments'],
  ] as const) {
    await tx.query(
      `INSERT INTO environment_variables (environment_id, key, kind, value_ciphertext, description, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT DO NOTHING`,
      [s.productionEnvironmentId, key, kind, variables.encrypt(value), description, BASE_TIME],
    )
  }
}
