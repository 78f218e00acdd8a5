/**
 * The four analytics sources: the permission each needs, the table its queries read, and how a
 * fresh workspace gets rows in it (through the API where the service records them itself).
 */
import { randomToken } from '@apiplatform/server-kit'
import { insertGatewayRequests, insertRuntimeLogs, insertVerifications } from './analytics-rows.js'
import type { TestService } from './harness.js'
import { ok } from './keys-fixtures.js'

export type AnalyticsOperation =
  | 'analytics.getGatewayRequests'
  | 'analytics.getRatelimits'
  | 'analytics.getRuntimeLogs'
  | 'analytics.getVerifications'

interface Source {
  permission: string
  table: string
  /** Gives the workspace one row to query. */
  seed(t: TestService, workspaceId: string): Promise<void>
}

export const SOURCES: Record<AnalyticsOperation, Source> = {
  'analytics.getGatewayRequests': {
    permission: 'project.*.read_analytics',
    table: 'gateway_requests',
    seed: (t, ws) =>
      insertGatewayRequests(t.service.db, ws, [{ path: '/v1/cart', status: 502, at: Date.now() }]),
  },
  'analytics.getRatelimits': {
    permission: 'ratelimit.*.read_analytics',
    table: 'ratelimits',
    seed: async (t, ws) => {
      const key = await t.key(['ratelimit.*.limit', 'ratelimit.*.create_namespace'], { workspaceId: ws })
      await ok(
        t,
        'ratelimit.limit',
        { namespace: `ns_${randomToken(6)}`, identifier: 'u', limit: 1, duration: 60_000 },
        key,
      )
    },
  },
  'analytics.getRuntimeLogs': {
    permission: 'project.*.read_runtime_logs',
    table: 'runtime_logs',
    seed: (t, ws) =>
      insertRuntimeLogs(t.service.db, ws, 'd_logs_1', [{ level: 'error', message: 'boom', at: Date.now() }]),
  },
  'analytics.getVerifications': {
    permission: 'api.*.read_analytics',
    table: 'key_verifications',
    seed: (t, ws) =>
      insertVerifications(t.service.db, ws, [{ keyId: 'key_a', outcome: 'VALID', at: Date.now() }]),
  },
}

/** A root key of a fresh workspace holding `permissions` (default: the source's), with data unless `empty`. */
export async function analyticsKey(
  t: TestService,
  operation: AnalyticsOperation,
  options: { empty?: boolean; permissions?: string[] } = {},
): Promise<{ key: string; workspaceId: string }> {
  const workspaceId = await t.workspace()
  if (!options.empty) await SOURCES[operation].seed(t, workspaceId)
  const key = await t.key(options.permissions ?? [SOURCES[operation].permission], { workspaceId })
  return { key, workspaceId }
}
