import type { Sql } from '@apiplatform/server-kit'
import type { Caller } from '../access/caller.js'
import { keyForOperation, keyNotFound } from '../access/key.js'
import { hardDeleteKey, softDeleteKey } from '../repositories/api-keys.js'

/**
 * Deletes a key the caller may act on (soft, or with `permanent` erased), in the caller's
 * transaction. The deleting statement decides, not the lookup before it: of concurrent deletions
 * of one key exactly one succeeds, the others are the 404 of a deleted key.
 */
export async function deleteStoredKey(
  caller: Caller,
  tx: Sql,
  input: { keyId: string; permanent: boolean; now: number },
): Promise<void> {
  const key = await keyForOperation(caller, tx, input.keyId)
  const deleted = input.permanent
    ? await hardDeleteKey(tx, key.id)
    : await softDeleteKey(tx, key.id, input.now)
  if (!deleted) throw keyNotFound(input.keyId)
}
