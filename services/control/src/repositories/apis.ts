import { newId, type Sql } from '@apiplatform/server-kit'
import { num } from './rows.js'

export interface ApiRecord {
  id: string
  workspaceId: string
  name: string
  deleteProtection: boolean
  createdAt: number
}

interface Row {
  id: string
  workspace_id: string
  name: string
  delete_protection: boolean
  created_at: unknown
}

const toRecord = (r: Row): ApiRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  name: r.name,
  deleteProtection: r.delete_protection,
  createdAt: num(r.created_at),
})

export async function insertApi(sql: Sql, input: { workspaceId: string; name: string; now: number }) {
  const id = newId('api')
  await sql.query('INSERT INTO apis (id, workspace_id, name, created_at) VALUES ($1, $2, $3, $4)', [
    id,
    input.workspaceId,
    input.name,
    input.now,
  ])
  return id
}

/** `forNewKeys`: the row is locked against deletion until the transaction ends (see findApi). */
export interface ApiLock {
  forNewKeys?: boolean
}

/**
 * An API of the workspace; undefined when unknown or in another workspace. With `forNewKeys`, a
 * concurrent `deleteApi` waits for the caller's transaction (its keys then go with the API), or,
 * when it came first, the API is already gone here: the caller answers 404 instead of failing on
 * the keys' foreign key. KEY SHARE: key-creating transactions do not wait for one another.
 */
export async function findApi(
  sql: Sql,
  workspaceId: string,
  apiId: string,
  options: ApiLock = {},
): Promise<ApiRecord | undefined> {
  const rows = await sql.query<Row>(
    `SELECT * FROM apis WHERE id = $1 AND workspace_id = $2${options.forNewKeys ? ' FOR KEY SHARE' : ''}`,
    [apiId, workspaceId],
  )
  return rows[0] && toRecord(rows[0])
}

/** Deletes an API; its keys go with it (ON DELETE CASCADE). */
/** Decided in one statement: false when the API was already gone (a concurrent deletion). */
export async function deleteApi(sql: Sql, workspaceId: string, apiId: string): Promise<boolean> {
  const rows = await sql.query('DELETE FROM apis WHERE id = $1 AND workspace_id = $2 RETURNING id', [
    apiId,
    workspaceId,
  ])
  return rows.length === 1
}
