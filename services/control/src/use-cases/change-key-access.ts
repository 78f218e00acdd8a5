import type { Sql } from '@apiplatform/server-kit'
import type { Caller } from '../access/caller.js'
import { keyForOperation } from '../access/key.js'
import type { Deps } from '../deps.js'
import type { KeyRecord } from '../repositories/api-keys.js'
import { keyDirectPermissions, keyRoles, toApiPermission, toApiRole } from '../repositories/rbac.js'

type Change = (tx: Sql, key: KeyRecord) => Promise<void>

/**
 * The shared body of the operations that grant or revoke a key's permissions or roles: in one
 * transaction, the key the caller may act on (404, then 403), the change, and `read` after it.
 */
async function changeKeyAccess<T>(
  deps: Deps,
  caller: Caller,
  keyId: string,
  change: Change,
  read: (tx: Sql, key: KeyRecord) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const key = await keyForOperation(caller, tx, keyId, { forUpdate: true })
    await change(tx, key)
    return read(tx, key)
  })
}

/** Changes a key's direct permissions; returns them afterwards, as the API shows them. */
export const changeKeyPermissions = (deps: Deps, caller: Caller, keyId: string, change: Change) =>
  changeKeyAccess(deps, caller, keyId, change, async (tx, key) =>
    (await keyDirectPermissions(tx, key.id)).map(toApiPermission),
  )

/** Changes a key's roles; returns them afterwards, as the API shows them. */
export const changeKeyRoles = (deps: Deps, caller: Caller, keyId: string, change: Change) =>
  changeKeyAccess(deps, caller, keyId, change, async (tx, key) =>
    Promise.all((await keyRoles(tx, key.id)).map((r) => toApiRole(tx, r))),
  )
