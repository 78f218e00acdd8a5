import type { Sql } from '@apiplatform/server-kit'

/** Key verification events of a workspace (as keys.verifyKey would record them). */
export async function insertVerifications(
  sql: Sql,
  workspaceId: string,
  rows: Array<{ keyId: string; outcome: string; at: number; identityId?: string }>,
) {
  for (const r of rows) {
    await sql.query(
      `INSERT INTO key_verifications (workspace_id, key_id, api_id, identity_id, outcome, time, tags, region)
       VALUES ($1, $2, 'api_test', $3, $4, to_timestamp($5 / 1000.0), '{}', 'local')`,
      [workspaceId, r.keyId, r.identityId ?? null, r.outcome, r.at],
    )
  }
}

/** Runtime log lines of a deployment (as the deployment workflows would write them). */
export async function insertRuntimeLogs(
  sql: Sql,
  workspaceId: string,
  deploymentId: string,
  rows: Array<{ level: string; message: string; at: number }>,
) {
  for (const r of rows) {
    await sql.query(
      `INSERT INTO runtime_logs (workspace_id, project_id, app_id, environment_id, deployment_id, time, level, message)
       VALUES ($1, 'prj_logs', 'app_logs', 'env_logs', $2, to_timestamp($3 / 1000.0), $4, $5)`,
      [workspaceId, deploymentId, r.at, r.level, r.message],
    )
  }
}

/** Requests the gateway served for a workspace (as `gatewayHandle` records them). */
export async function insertGatewayRequests(
  sql: Sql,
  workspaceId: string,
  rows: Array<{ path: string; status: number; at: number; policy?: string }>,
) {
  for (const r of rows) {
    await sql.query(
      `INSERT INTO gateway_requests (workspace_id, project_id, app_id, environment_id, time, method, path, status, policy, outcome)
       VALUES ($1, 'prj_gw', 'app_gw', 'env_gw', $2, 'GET', $3, $4, $5, $6)`,
      [workspaceId, r.at, r.path, r.status, r.policy ?? null, r.policy ? 'denied' : 'forwarded'],
    )
  }
}
