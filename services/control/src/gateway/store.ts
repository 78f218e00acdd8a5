import type { Sql } from '@apiplatform/server-kit'
import type { Context } from 'hono'
import type { Deps } from '../deps.js'
import { forbidden, notFound } from '../domain/errors.js'
import { authorize } from '../http/auth.js'
import type { ServiceEnv } from '../http/env.js'
import { findApp } from '../repositories/apps.js'
import { findEnvironment } from '../repositories/environments.js'
import { json } from '../repositories/rows.js'
import type { Policy } from './evaluate.js'

export interface PolicyTarget {
  workspaceId: string
  projectId: string
  appId: string
  environmentId: string
}

/** The environment named by project/app/environment (ids or slugs): 404 unknown, 403 without permission. */
export async function resolveTarget(
  deps: Deps,
  c: Context<ServiceEnv>,
  body: { project: string; app: string; environment: string },
): Promise<PolicyTarget> {
  const ws = c.get('caller').workspaceId
  const app = await findApp(deps.db, ws, body.project, body.app)
  const environment = app && (await findEnvironment(deps.db, app.id, body.environment))
  if (!app || !environment) {
    throw notFound(
      'environment',
      `The environment ${body.environment} of ${body.project}/${body.app} does not exist.`,
    )
  }
  if (!authorize(c, { environmentId: environment.id })) {
    throw forbidden(`The root key lacks the gateway policy permission on environment ${environment.id}.`)
  }
  return { workspaceId: ws, projectId: app.projectId, appId: app.id, environmentId: environment.id }
}

export async function loadPolicies(sql: Sql, environmentId: string): Promise<Policy[]> {
  const rows = await sql.query<{ policies: unknown }>(
    'SELECT policies FROM gateway_policies WHERE environment_id = $1',
    [environmentId],
  )
  return rows[0] ? json<Policy[]>(rows[0].policies) : []
}

export async function savePolicies(sql: Sql, target: PolicyTarget, policies: Policy[], now: number) {
  await sql.query(
    `INSERT INTO gateway_policies (environment_id, workspace_id, policies, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (environment_id) DO UPDATE SET policies = EXCLUDED.policies, updated_at = EXCLUDED.updated_at`,
    [target.environmentId, target.workspaceId, JSON.stringify(policies), now],
  )
}

/** The first name used twice, if any: `policyId` addresses policies by name, so names are unique. */
export function duplicateName(policies: Policy[]): string | undefined {
  const seen = new Set<string>()
  for (const p of policies) {
    if (seen.has(p.name)) return p.name
    seen.add(p.name)
  }
  return undefined
}
