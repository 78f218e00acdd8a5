/**
 * Helpers of the key, API, identity and permission tests: raw calls by operationId through the
 * harness's validating client, and data set-up through the API itself. The generic 400/401/403
 * assertions most of those operations share are in `statuses.ts`.
 */
import { operations } from '@apiplatform/control-routes'
import { newId, randomToken } from '@apiplatform/server-kit'
import { ROOT_KEY, type TestService } from './harness.js'

export interface RawResult {
  response: Response
  data?: { data?: unknown; pagination?: { cursor?: string; hasMore: boolean } } & Record<string, unknown>
  error?: { error: { title: string; type: string; detail: string; status: number; errors?: unknown[] } }
}

/** The operations called with GET (liveness); every other one is `POST /v2/<operationId>`. */
const GET_OPERATIONS = new Set<string>(operations.filter((o) => o.method === 'get').map((o) => o.operationId))

/**
 * `POST /v2/<operationId>` with `body` (a GET operation without one) and the given root key (the
 * bootstrap key by default).
 */
export async function call(t: TestService, operationId: string, body: unknown, key?: string | null) {
  // null: no Authorization header at all
  const client = t.clientFor(key === null ? undefined : (key ?? ROOT_KEY))
  if (GET_OPERATIONS.has(operationId))
    return (await (client.raw.GET as (path: string) => Promise<unknown>)(`/v2/${operationId}`)) as RawResult
  const result = await (client.raw.POST as (path: string, init: { body: unknown }) => Promise<unknown>)(
    `/v2/${operationId}`,
    { body },
  )
  return result as RawResult
}

/** `data` of a 200 answer (fails the test otherwise). */
export async function ok<T = Record<string, unknown>>(
  t: TestService,
  operationId: string,
  body: unknown,
  key?: string,
): Promise<T> {
  const result = await call(t, operationId, body, key)
  if (result.response.status !== 200) {
    throw new Error(`${operationId} answered ${result.response.status}: ${JSON.stringify(result.error)}`)
  }
  return result.data?.data as T
}

export const unique = (prefix: string) => `${prefix}_${randomToken(10)}`

/** A fresh API (in the seeded workspace unless `key` belongs to another). */
export async function newApi(t: TestService, key?: string): Promise<string> {
  return (await ok<{ apiId: string }>(t, 'apis.createApi', { name: unique('api') }, key)).apiId
}

/** A fresh key in a fresh API (or `apiId`), with extra createKey fields. */
export async function newKey(
  t: TestService,
  fields: Record<string, unknown> = {},
  key?: string,
): Promise<{ apiId: string; keyId: string; key: string }> {
  const apiId = (fields.apiId as string | undefined) ?? (await newApi(t, key))
  const created = await ok<{ keyId: string; key: string }>(t, 'keys.createKey', { ...fields, apiId }, key)
  return { apiId, ...created }
}

/** A root key of another, fresh workspace holding every permission. */
export async function foreignRootKey(t: TestService): Promise<string> {
  const ws = await t.workspace()
  return t.key(everyKeyPermission(), { workspaceId: ws })
}

/** Every permission of the keys, apis, identities, permissions, rate-limit and analytics operations, with wildcard ids. */
export function everyKeyPermission(): string[] {
  const actions = {
    api: [
      'create_api',
      'read_api',
      'delete_api',
      'create_key',
      'read_key',
      'update_key',
      'delete_key',
      'verify_key',
      'decrypt_key',
    ],
    identity: ['create_identity', 'read_identity', 'update_identity', 'delete_identity'],
    rbac: [
      'create_permission',
      'read_permission',
      'delete_permission',
      'create_role',
      'read_role',
      'delete_role',
      'update_role',
      'add_permission_to_key',
      'remove_permission_from_key',
      'add_role_to_key',
      'remove_role_from_key',
    ],
  }
  return Object.entries(actions).flatMap(([type, list]) => list.map((a) => `${type}.*.${a}`))
}

export { newId }
