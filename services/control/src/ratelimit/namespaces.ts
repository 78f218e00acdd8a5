import { newId, type Sql } from '@apiplatform/server-kit'
import type { Caller } from '../access/caller.js'
import { ApiError, forbidden, notFound } from '../domain/errors.js'
import { numOrNull } from '../repositories/rows.js'

export interface Namespace {
  id: string
  workspaceId: string
  name: string
  deletedAt: number | null
}

interface Row {
  id: string
  workspace_id: string
  name: string
  deleted_at: unknown
}

const toNamespace = (r: Row): Namespace => ({
  id: r.id,
  workspaceId: r.workspace_id,
  name: r.name,
  deletedAt: numOrNull(r.deleted_at),
})

/** A namespace of the workspace by name (or by its `rlns_` id), deleted ones included. */
export async function findNamespace(sql: Sql, workspaceId: string, nameOrId: string) {
  const rows = await sql.query<Row>(
    `SELECT id, workspace_id, name, deleted_at FROM ratelimit_namespaces
     WHERE workspace_id = $1 AND (name = $2 OR id = $2) ORDER BY (name = $2) DESC LIMIT 1`,
    [workspaceId, nameOrId],
  )
  return rows[0] && toNamespace(rows[0])
}

/** Creates the namespace unless it exists (concurrent creators get the same row). */
export async function ensureNamespace(sql: Sql, workspaceId: string, name: string, now: number) {
  await sql.query(
    `INSERT INTO ratelimit_namespaces (id, workspace_id, name, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (workspace_id, name) DO NOTHING`,
    [newId('rlns'), workspaceId, name, now],
  )
  const ns = await findNamespace(sql, workspaceId, name)
  if (!ns) throw new Error(`namespace ${name} vanished`)
  return ns
}

/**
 * The permission resource of a namespace: its id, and its name when the name is a valid
 * permission segment (so `ratelimit.my_namespace.limit` works as well as `ratelimit.rlns_….limit`).
 */
export function namespaceResources(ns: { id: string; name: string }): Array<Record<string, string>> {
  const out = [{ namespace: ns.id }]
  if (/^[A-Za-z0-9_-]+$/.test(ns.name)) out.push({ namespace: ns.name })
  return out
}

export const namespaceNotFound = (name: string) =>
  notFound('ratelimit_namespace', `The rate limit namespace ${name} does not exist.`)

export const namespaceGone = (name: string) =>
  new ApiError(410, 'data/ratelimit_namespace_gone', `The rate limit namespace ${name} has been deleted.`)

/**
 * Resolves the namespace for an operation that needs `action` on it: 403 without the permission,
 * whether the namespace exists or not (so existence is never revealed to a caller who may not
 * act on it), then 404 when it does not exist or is deleted. For a missing namespace the
 * permission can only be held by name or wildcard (no id names it).
 */
export async function namespaceFor(
  sql: Sql,
  caller: Caller,
  name: string,
  allowed: (ns: { id: string; name: string }) => boolean,
  action: string,
): Promise<Namespace> {
  const ns = await findNamespace(sql, caller.workspaceId, name)
  if (!allowed(ns ?? { id: name, name }))
    throw forbidden(`The root key lacks ratelimit.${ns?.id ?? name}.${action} or ratelimit.*.${action}.`)
  if (!ns || ns.deletedAt !== null) throw namespaceNotFound(name)
  return ns
}
