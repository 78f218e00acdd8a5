import { apiForOperation } from '../../access/api.js'
import type { Deps } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { checkRefill, storeKey } from '../../keys/create.js'
import { checkPermissionSlugs, checkRatelimits } from '../../keys/settings.js'
import { findMigration } from '../../repositories/api-keys.js'

/**
 * `keys.migrateKeys`: imports keys by their existing hashes (stored as given) under a migration
 * of the workspace (`key_migrations`, which names the hash algorithm). A hash that is already
 * stored in the workspace, or repeated in the request, is reported in `failed`.
 */
export const migrateKeys =
  (deps: Deps): ServiceHandler<'keys.migrateKeys'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    body.keys.forEach((k, i) => {
      checkRatelimits(k.ratelimits, `body.keys[${i}].ratelimits`)
      checkRefill(k.credits?.refill, `body.keys[${i}].credits.refill`)
      checkPermissionSlugs(k.permissions, `body.keys[${i}].permissions`)
    })
    const data = await deps.db.transaction(async (tx) => {
      // Locked: a concurrent deleteApi makes this a 404, not a key without its API.
      const api = await apiForOperation(caller, tx, body.apiId, { forNewKeys: true })
      const migration = await findMigration(tx, api.workspaceId, body.migrationId)
      if (!migration) throw notFound('migration', `The migration ${body.migrationId} does not exist.`)
      const migrated: Array<{ hash: string; keyId: string }> = []
      const failed: string[] = []
      for (const k of body.keys) {
        const stored = await storeKey(deps, tx, {
          caller,
          workspaceId: api.workspaceId,
          apiId: api.id,
          settings: k,
          imported: { hash: k.hash, migrationId: migration.id },
        })
        if (stored) migrated.push({ hash: k.hash, keyId: stored.keyId })
        else failed.push(k.hash)
      }
      return { migrated, failed }
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
