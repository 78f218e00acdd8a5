/**
 * The statuses whose test is the same for every operation but for the request it sends: the rows
 * `generic-statuses.test.ts` runs. A status an operation answers for a reason of its own keeps its
 * `src/routes/<operationId>/<status>.test.ts` instead; one every operation answers for the same
 * reason at the edge or in the database has one suite of its own (`CROSS_CUTTING`).
 *
 * - 429 and 500: every operation of the bundled spec that documents them.
 * - 401 and 403: the operations of `AUTH_REQUESTS`, each with the request it is sent.
 * - 400, 412 and 422: the three query-string analytics operations, whose query checks are shared.
 *
 * Plain data and functions (no test framework), so that other suites can read the table too.
 */
import { createRequire } from 'node:module'

export interface StatusRow {
  operationId: string
  status: string
}

/** Statuses every operation documenting them answers for the same reason. */
export const EVERY_OPERATION_STATUSES: readonly string[] = ['429', '500']

/**
 * Statuses any operation may answer, each with the suite (under `services/control/`) that drives
 * every operation into it.
 */
export const CROSS_CUTTING: Readonly<Record<string, string>> = {
  '400': 'src/http/edge-statuses.test.ts',
  // Every write documents them for its Idempotency-Key (one middleware, on the operations the spec
  // declares the header on); an operation's own 409/422 for other reasons keeps its own file.
  '409': 'src/idempotency.test.ts',
  '422': 'src/idempotency.test.ts',
  '413': 'src/http/payload-too-large.test.ts',
  '503': 'src/database-unavailable.test.ts',
}

/**
 * 401 and 403 are decided before any lookup, so the ids of these requests need not exist; 403 is
 * listed where the operation's permission check is the generic one.
 */
export const AUTH_REQUESTS: Readonly<Record<string, { statuses: readonly string[]; request: unknown }>> = {
  'analytics.getGatewayRequests': { statuses: ['401'], request: { query: 'SELECT 1' } },
  'analytics.getRatelimits': { statuses: ['401'], request: { query: 'SELECT 1' } },
  'analytics.getRuntimeLogs': { statuses: ['401'], request: { query: 'SELECT 1' } },
  'apis.createApi': { statuses: ['401', '403'], request: { name: 'my-api' } },
  'apis.deleteApi': { statuses: ['401', '403'], request: { apiId: 'api_12345678' } },
  'apis.getApi': { statuses: ['401', '403'], request: { apiId: 'api_12345678' } },
  'apis.listKeys': { statuses: ['401'], request: { apiId: 'api_12345678' } },
  'apps.getApp': { statuses: ['401'], request: { project: 'demo', app: 'checkout-api' } },
  'apps.listApps': { statuses: ['401'], request: { project: 'demo' } },
  'deployments.createDeployment': {
    statuses: ['401'],
    request: {
      project: 'demo',
      app: 'checkout-api',
      environment: 'production',
      image: { dockerImage: 'ghcr.io/acme/checkout-api:1' },
    },
  },
  'deployments.listDeployments': { statuses: ['401'], request: {} },
  'deployments.promoteDeployment': { statuses: ['401'], request: { deploymentId: 'd_seed_v1' } },
  'deployments.startDeployment': { statuses: ['401'], request: { deploymentId: 'd_seed_stopped' } },
  'deployments.stopDeployment': { statuses: ['401'], request: { deploymentId: 'd_seed_v1' } },
  'environments.getEnvironment': {
    statuses: ['401'],
    request: { project: 'demo', app: 'checkout-api', environment: 'production' },
  },
  'environments.listEnvironments': {
    statuses: ['401'],
    request: { project: 'demo', app: 'checkout-api' },
  },
  'gateway.listPolicies': {
    statuses: ['401'],
    request: { project: 'demo', app: 'checkout-api', environment: 'production' },
  },
  'gateway.setPolicies': {
    statuses: ['401'],
    request: { project: 'demo', app: 'checkout-api', environment: 'production', policies: [] },
  },
  'gateway.updatePolicy': {
    statuses: ['401'],
    request: {
      project: 'demo',
      app: 'checkout-api',
      environment: 'production',
      policyId: 'per-ip-limit',
      enabled: false,
    },
  },
  'projects.createProject': { statuses: ['401', '403'], request: { name: 'Payments', slug: 'payments' } },
  'projects.deleteProject': { statuses: ['401', '403'], request: { project: 'payments' } },
  'projects.getProject': { statuses: ['401', '403'], request: { project: 'payments' } },
  'projects.listProjects': { statuses: ['401', '403'], request: {} },
  'projects.updateProject': { statuses: ['401', '403'], request: { project: 'payments', name: 'Payments' } },
  'identities.createIdentity': { statuses: ['401', '403'], request: { externalId: 'user_1' } },
  'identities.deleteIdentity': { statuses: ['401', '403'], request: { identity: 'user_1' } },
  'identities.getIdentity': { statuses: ['401', '403'], request: { identity: 'user_1' } },
  'identities.listIdentities': { statuses: ['401', '403'], request: {} },
  'identities.updateIdentity': { statuses: ['401', '403'], request: { identity: 'user_1' } },
  'keys.addPermissions': {
    statuses: ['401', '403'],
    request: { keyId: 'key_1234567890abcd', permissions: ['a.read'] },
  },
  'keys.addRoles': {
    statuses: ['401', '403'],
    request: { keyId: 'key_1234567890abcd', roles: ['editor'] },
  },
  'keys.createKey': { statuses: ['401', '403'], request: { apiId: 'api_12345678' } },
  'keys.deleteKey': { statuses: ['401', '403'], request: { keyId: 'key_1234567890abcd' } },
  'keys.getKey': { statuses: ['401'], request: { keyId: 'key_1234567890abcd' } },
  'keys.migrateKeys': {
    statuses: ['401', '403'],
    request: { migrationId: 'mig_1', apiId: 'api_12345678', keys: [{ hash: 'abcdef' }] },
  },
  'keys.removePermissions': {
    statuses: ['401', '403'],
    request: { keyId: 'key_1234567890abcd', permissions: ['a.read'] },
  },
  'keys.removeRoles': {
    statuses: ['401', '403'],
    request: { keyId: 'key_1234567890abcd', roles: ['editor'] },
  },
  'keys.rerollKey': {
    statuses: ['401', '403'],
    request: { keyId: 'key_1234567890abcd', expiration: 0 },
  },
  'keys.setPermissions': {
    statuses: ['401', '403'],
    request: { keyId: 'key_1234567890abcd', permissions: [] },
  },
  'keys.setRoles': { statuses: ['401', '403'], request: { keyId: 'key_1234567890abcd', roles: [] } },
  'keys.updateCredits': {
    statuses: ['401', '403'],
    request: { keyId: 'key_1234567890abcd', operation: 'set', value: 1 },
  },
  'keys.updateKey': { statuses: ['401', '403'], request: { keyId: 'key_1234567890abcd' } },
  'keys.verifyKey': { statuses: ['401'], request: { key: 'sk_123' } },
  'keys.whoami': { statuses: ['401', '403'], request: { key: 'sk_123' } },
  'permissions.createPermission': {
    statuses: ['401', '403'],
    request: { name: 'Read', slug: 'docs.read' },
  },
  'permissions.createRole': { statuses: ['401', '403'], request: { name: 'editor' } },
  'permissions.deletePermission': { statuses: ['401', '403'], request: { permission: 'docs.read' } },
  'permissions.deleteRole': { statuses: ['401', '403'], request: { role: 'editor' } },
  'permissions.getPermission': { statuses: ['401', '403'], request: { permission: 'docs.read' } },
  'permissions.getRole': { statuses: ['401', '403'], request: { role: 'editor' } },
  'permissions.listPermissions': { statuses: ['401', '403'], request: {} },
  'permissions.listRoles': { statuses: ['401', '403'], request: {} },
  'permissions.setRolePermissions': {
    statuses: ['401', '403'],
    request: { roleId: 'role_1234', permissions: [] },
  },
  'ratelimit.deleteOverride': { statuses: ['401'], request: { namespace: 'api', identifier: 'a' } },
  'ratelimit.getOverride': { statuses: ['401'], request: { namespace: 'api', identifier: 'a' } },
  'ratelimit.listOverrides': { statuses: ['401'], request: { namespace: 'api' } },
  'ratelimit.multiLimit': {
    statuses: ['401'],
    request: [{ namespace: 'api', identifier: 'a', limit: 1, duration: 1000 }],
  },
  'ratelimit.setOverride': {
    statuses: ['401'],
    request: { namespace: 'api', identifier: 'a', limit: 1, duration: 1000 },
  },
}

/** The analytics operations that take a query string and share its 400, 412 and 422 tests. */
export const QUERY_OPERATIONS = [
  'analytics.getGatewayRequests',
  'analytics.getRatelimits',
  'analytics.getRuntimeLogs',
] as const
export const QUERY_STATUSES: readonly string[] = ['400', '412', '422']

/** Each operation of the bundled spec with the statuses it documents, in the spec's order. */
export function documentedStatuses(): Map<string, string[]> {
  const spec = createRequire(import.meta.url)('@apiplatform/control-spec/openapi.json') as {
    paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>
  }
  const out = new Map<string, string[]>()
  for (const item of Object.values(spec.paths)) {
    for (const op of Object.values(item)) {
      if (!op?.operationId) continue
      out.set(
        op.operationId,
        Object.keys(op.responses ?? {}).filter((s) => /^\d{3}$/.test(s)),
      )
    }
  }
  return out
}

/** The (operation, status) pairs the table test runs. */
export function statusTable(): StatusRow[] {
  const rows: StatusRow[] = []
  for (const [operationId, statuses] of documentedStatuses()) {
    for (const status of EVERY_OPERATION_STATUSES)
      if (statuses.includes(status)) rows.push({ operationId, status })
  }
  for (const [operationId, { statuses }] of Object.entries(AUTH_REQUESTS))
    for (const status of statuses) rows.push({ operationId, status })
  for (const operationId of QUERY_OPERATIONS)
    for (const status of QUERY_STATUSES) rows.push({ operationId, status })
  return rows
}
