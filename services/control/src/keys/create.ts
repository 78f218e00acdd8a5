import { newId, type Sql } from '@apiplatform/server-kit'
import type { Caller } from '../access/caller.js'
import type { Deps } from '../deps.js'
import type { Refill } from '../domain/credits.js'
import { invalidField } from '../domain/errors.js'
import { encryptSecret, generateKeySecret, hashSecret, keyStart } from '../domain/key-secrets.js'
import { insertKey } from '../repositories/api-keys.js'
import { ensureIdentity, type RatelimitInput, replaceRatelimits } from '../repositories/identities.js'
import { setKeyAccess } from './settings.js'

/** Settings a new key can start with (createKey, migrateKeys, rerollKey). */
export interface KeySettings {
  name?: string | null
  externalId?: string
  identityId?: string | null
  meta?: Record<string, unknown> | null
  expires?: number | null
  enabled?: boolean
  credits?: { remaining: number | null; refill?: Refill | null } | null
  ratelimits?: readonly RatelimitInput[]
  roles?: readonly string[]
  permissions?: readonly string[]
}

/** 400 for a refill day on a daily refill. */
export function checkRefill(refill: Refill | null | undefined, location: string) {
  if (refill?.interval === 'daily' && refill.refillDay !== undefined && refill.refillDay !== null) {
    throw invalidField(`${location}.refillDay`, 'refillDay applies to monthly refills only')
  }
}

/**
 * Stores a key with its identity (created on demand from `externalId`), rate limits, roles and
 * permissions. `secret` is hashed (and encrypted when `recoverable`); `hash` imports a key by an
 * existing hash instead. Returns undefined when the hash is already taken in the workspace.
 */
export async function storeKey(
  deps: Deps,
  tx: Sql,
  input: {
    /** Who asks: decides whether missing permissions may be created (see `permissionsToLink`). */
    caller: Caller
    /** The new key's id, when the caller needs it before the key exists (a reroll). */
    keyId?: string
    workspaceId: string
    apiId: string
    settings: KeySettings
    prefix?: string | null
    byteLength?: number
    recoverable?: boolean
    imported?: { hash: string; migrationId: string }
  },
): Promise<{ keyId: string; key?: string } | undefined> {
  const now = deps.now()
  const { settings: s } = input
  const identityId =
    s.identityId !== undefined
      ? s.identityId
      : s.externalId
        ? await ensureIdentity(tx, input.workspaceId, s.externalId, now)
        : null
  const keyId = input.keyId ?? newId('key')
  let secret: string | undefined
  let hash: string
  let start: string
  if (input.imported) {
    hash = input.imported.hash
    start = input.imported.hash.slice(0, 8)
  } else {
    secret = generateKeySecret(input.prefix, input.byteLength ?? 16)
    hash = hashSecret(secret)
    start = keyStart(secret, input.prefix)
  }
  if (input.recoverable && !deps.encryptionKey) throw new Error('no encryption key configured')
  const inserted = await insertKey(tx, {
    id: keyId,
    workspaceId: input.workspaceId,
    apiId: input.apiId,
    hash,
    migrationId: input.imported?.migrationId ?? null,
    start,
    prefix: input.prefix ?? null,
    byteLength: input.byteLength ?? 16,
    name: s.name ?? null,
    identityId,
    meta: s.meta ?? null,
    enabled: s.enabled ?? true,
    expiresAt: s.expires ?? null,
    creditsRemaining: s.credits?.remaining ?? null,
    refill: s.credits?.refill ?? null,
    encrypted:
      input.recoverable && secret && deps.encryptionKey ? encryptSecret(deps.encryptionKey, secret) : null,
    now,
  })
  if (!inserted) return undefined
  if (s.ratelimits?.length) await replaceRatelimits(tx, input.workspaceId, { keyId }, s.ratelimits)
  await setKeyAccess(
    input.caller,
    tx,
    input.workspaceId,
    keyId,
    { roles: s.roles, permissions: s.permissions },
    now,
  )
  return { keyId, ...(secret ? { key: secret } : {}) }
}
