import type { Sql } from '@apiplatform/server-kit'
import type { PolicyTarget, StoredPolicy } from '../domain/gateway-policy.js'
import { json } from './rows.js'

/** The environment's policies in evaluation order, each with its id. */
export async function loadPolicies(sql: Sql, environmentId: string): Promise<StoredPolicy[]> {
  const rows = await sql.query<{ policies: unknown }>(
    'SELECT policies FROM gateway_policies WHERE environment_id = $1',
    [environmentId],
  )
  return rows[0] ? json<StoredPolicy[]>(rows[0].policies) : []
}

/** Locks an environment's policies row until the transaction ends (read-modify-write of a policy). */
export async function lockPolicies(tx: Sql, environmentId: string): Promise<void> {
  await tx.query('SELECT 1 FROM gateway_policies WHERE environment_id = $1 FOR UPDATE', [environmentId])
}

export async function savePolicies(sql: Sql, target: PolicyTarget, policies: StoredPolicy[], now: number) {
  await sql.query(
    `INSERT INTO gateway_policies (environment_id, workspace_id, policies, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (environment_id) DO UPDATE SET policies = EXCLUDED.policies, updated_at = EXCLUDED.updated_at`,
    [target.environmentId, target.workspaceId, JSON.stringify(policies), now],
  )
}

/** One gateway request log row: the 16 columns of `gateway_requests`, in their order. */
export async function insertGatewayRequest(sql: Sql, row: unknown[]): Promise<void> {
  await sql.query(
    `INSERT INTO gateway_requests (workspace_id, project_id, app_id, environment_id, time, method, host, path, query,
       status, latency_ms, policy, outcome, remote_ip, request_headers, request_body)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    row,
  )
}
