/**
 * The demo data of the key operations (apis.*, keys.*, identities.*, permissions.*, portal.*):
 * the ids and values the spec's examples name, so that each example works on a fresh service.
 *
 * The key's secret and the portal code are published in the spec: they are demo credentials of the
 * demo workspace only (the key verifies against its own demo API; the code opens a portal session
 * of the demo identity), never a root key. `demoData: false` leaves all of this out.
 */
import { type Sql, sha256 } from '@apiplatform/server-kit'

export const KEYS_SEED = {
  apiId: 'api_1mXc4Ke7Tq2Yb9',
  apiName: 'payments-production',
  keyId: 'key_2cGKbMxRyIzhCxo1',
  /** The demo key's plaintext (`keys.verifyKey`, `keys.whoami`): a published demo value. */
  keySecret: 'acme_3ZaBtWs9k8L2mNpQ7rVx4yZ1',
  identityId: 'id_6tYhN3bVc8xZq1',
  externalId: 'customer_8412',
  permissions: {
    read: { id: 'perm_3sDf6gH9jK2l', slug: 'documents.read', name: 'Read documents' },
    write: { id: 'perm_8qWe4rT7yU1i', slug: 'documents.write', name: 'Write documents' },
  },
  roles: {
    editor: { id: 'role_5tGb7nHj2kLm', name: 'editor' },
    viewer: { id: 'role_9pLk3jHg6fDs', name: 'viewer' },
  },
  /** A migration of pre-hashed keys (`keys.migrateKeys`), SHA-256 hex. */
  migrationId: 'mig_legacy_auth',
  /** A one-time code of a portal session of the demo identity (`portal.exchangeCode`): a published demo value. */
  portalCode: 'pc_9Qw2Er4Ty6Ui8Op',
} as const

const BASE_TIME = Date.UTC(2026, 0, 1)
/** The demo code does not expire (a used one stays used until the data is seeded afresh). */
const NEVER = Date.UTC(2100, 0, 1)

/** Seeds the key demo data unless its API exists already; false when nothing was written. */
export async function seedKeysDemo(tx: Sql, workspaceId: string): Promise<boolean> {
  const s = KEYS_SEED
  const created = await tx.query(
    `INSERT INTO apis (id, workspace_id, name, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [s.apiId, workspaceId, s.apiName, BASE_TIME],
  )
  if (created.length === 0) return false
  await tx.query(
    `INSERT INTO identities (id, workspace_id, external_id, meta, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING`,
    [
      s.identityId,
      workspaceId,
      s.externalId,
      JSON.stringify({ company: 'Acme Corp', plan: 'pro' }),
      BASE_TIME,
    ],
  )
  for (const p of [s.permissions.read, s.permissions.write]) {
    await tx.query(
      `INSERT INTO rbac_permissions (id, workspace_id, name, slug, description, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [
        p.id,
        workspaceId,
        p.name,
        p.slug,
        `${p.name.split(' ')[0]} access to all documents of the account.`,
        BASE_TIME,
      ],
    )
  }
  const roles = [
    [s.roles.editor, 'Can read and change documents.', [s.permissions.read, s.permissions.write]],
    [s.roles.viewer, 'Can read documents.', [s.permissions.read]],
  ] as const
  for (const [role, description, permissions] of roles) {
    await tx.query(
      `INSERT INTO rbac_roles (id, workspace_id, name, description, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [role.id, workspaceId, role.name, description, BASE_TIME],
    )
    for (const p of permissions) {
      await tx.query(
        'INSERT INTO rbac_role_permissions (role_id, permission_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [role.id, p.id],
      )
    }
  }
  // The key of the examples: credits with a monthly refill, a rate limit, the editor role and both
  // permissions, owned by the identity (whose own rate limit its keys share).
  await tx.query(
    `INSERT INTO api_keys (id, workspace_id, api_id, hash, start, prefix, byte_length, name, identity_id, meta,
       credits_remaining, refill_interval, refill_amount, refill_day, created_at)
     VALUES ($1, $2, $3, $4, $5, 'acme', 16, $6, $7, $8, 9421, 'monthly', 10000, 1, $9) ON CONFLICT DO NOTHING`,
    [
      s.keyId,
      workspaceId,
      s.apiId,
      sha256(s.keySecret),
      s.keySecret.slice(0, 9),
      'Acme Corp production',
      s.identityId,
      JSON.stringify({ plan: 'pro' }),
      BASE_TIME,
    ],
  )
  for (const [id, keyId, identityId, limit] of [
    ['rl_4kD9sLm2PqW7', s.keyId, null, 100],
    ['rl_8nM3bV6cX9zL', null, s.identityId, 1000],
  ] as const) {
    await tx.query(
      `INSERT INTO key_ratelimits (id, workspace_id, key_id, identity_id, name, "limit", duration, auto_apply)
       VALUES ($1, $2, $3, $4, 'requests', $5, 60000, true) ON CONFLICT DO NOTHING`,
      [id, workspaceId, keyId, identityId, limit],
    )
  }
  for (const p of [s.permissions.read, s.permissions.write]) {
    await tx.query(
      'INSERT INTO key_permissions (key_id, permission_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [s.keyId, p.id],
    )
  }
  await tx.query('INSERT INTO key_roles (key_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    s.keyId,
    s.roles.editor.id,
  ])
  await tx.query(
    `INSERT INTO key_migrations (id, workspace_id, algorithm, created_at) VALUES ($1, $2, 'sha256', $3)
     ON CONFLICT DO NOTHING`,
    [s.migrationId, workspaceId, BASE_TIME],
  )
  await tx.query(
    `INSERT INTO portal_sessions (id, workspace_id, portal_id, identity_id, external_id, scopes, return_url,
       code_hash, code_expires_at, created_at)
     VALUES ('ps_seed_portal', $1, 'portal_main', $2, $3, $4, 'https://app.acme-shop.example/settings/api', $5, $6, $7)
     ON CONFLICT DO NOTHING`,
    [
      workspaceId,
      s.identityId,
      s.externalId,
      JSON.stringify(['keys:read', 'keys:reroll', 'analytics:read']),
      sha256(s.portalCode),
      NEVER,
      BASE_TIME,
    ],
  )
  return true
}
