import { newId, type Sql } from '@apiplatform/server-kit'

/** Records a pending GitHub App installation by the hash of its `state`. */
export async function insertInstallation(
  sql: Sql,
  i: { workspaceId: string; stateHash: string; expiresAt: number; requestedByKeyId: string; now: number },
): Promise<void> {
  await sql.query(
    `INSERT INTO github_installations (id, workspace_id, state_hash, expires_at, requested_by_key_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [newId('ghi'), i.workspaceId, i.stateHash, i.expiresAt, i.requestedByKeyId, i.now],
  )
}
