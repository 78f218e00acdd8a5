import { eventually } from '@apiplatform/server-kit'
import type { TestService } from './harness.js'

/**
 * Runs `request` while another transaction of the service's PostgreSQL database has deleted the row
 * `id` of `table` and not yet committed; commits once the request waits on that transaction's locks, and returns
 * the request's result. PostgreSQL only: PGlite has one connection, so nothing interleaves there.
 */
export async function whileDeleted<T>(
  t: TestService,
  table: 'api_keys' | 'apis' | 'identities' | 'rbac_permissions' | 'rbac_roles',
  id: string,
  request: () => Promise<T>,
): Promise<T> {
  let commit = () => {}
  const committed = new Promise<void>((resolve) => {
    commit = resolve
  })
  let deleterPid: number | undefined
  const deleting = t.service.db.transaction(async (tx) => {
    deleterPid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]?.pid
    await tx.query(`DELETE FROM ${table} WHERE id = $1`, [id])
    await committed
  })
  let settled = false
  let answer: Promise<T> | undefined
  try {
    await eventually(async () => deleterPid !== undefined)
    answer = request().finally(() => {
      settled = true
    })
    // Commit once the request waits for the deleting transaction (or has answered without waiting).
    await eventually(async () => {
      if (settled) return true
      const blocked = await t.service.db.query(
        'SELECT 1 FROM pg_stat_activity WHERE $1::int = ANY (pg_blocking_pids(pid))',
        [deleterPid],
      )
      return blocked.length > 0
    })
  } finally {
    // Never leave the transaction open: the harness's pool closes after the file.
    commit()
  }
  await deleting
  return answer
}
