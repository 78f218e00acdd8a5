/**
 * Helpers of the key, API, identity and permission tests (issue 7): raw calls by operationId
 * through the harness's validating client, data set-up through the API itself, and the generic
 * 400/401/403 checks that most of those operations share.
 */
import { newId, randomToken } from '@apiplatform/server-kit'
import { expect, it } from 'vitest'
import { locationsOf, ROOT_KEY, type TestContext } from './harness.js'

export interface RawResult {
  response: Response
  data?: { data?: unknown; pagination?: { cursor?: string; hasMore: boolean } } & Record<string, unknown>
  error?: { error: { title: string; type: string; detail: string; status: number; errors?: unknown[] } }
}

/** `POST /v2/<operationId>` with `body` and the given root key (the bootstrap key by default). */
export async function call(t: TestContext, operationId: string, body: unknown, key?: string | null) {
  // null: no Authorization header at all
  const client = t.clientFor(key === null ? undefined : (key ?? ROOT_KEY))
  const result = await (client.raw.POST as (path: string, init: { body: unknown }) => Promise<unknown>)(
    `/v2/${operationId}`,
    { body },
  )
  return result as RawResult
}

/** `data` of a 200 answer (fails the test otherwise). */
export async function ok<T = Record<string, unknown>>(
  t: TestContext,
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
export async function newApi(t: TestContext, key?: string): Promise<string> {
  return (await ok<{ apiId: string }>(t, 'apis.createApi', { name: unique('api') }, key)).apiId
}

/** A fresh key in a fresh API (or `apiId`), with extra createKey fields. */
export async function newKey(
  t: TestContext,
  fields: Record<string, unknown> = {},
  key?: string,
): Promise<{ apiId: string; keyId: string; key: string }> {
  const apiId = (fields.apiId as string | undefined) ?? (await newApi(t, key))
  const created = await ok<{ keyId: string; key: string }>(t, 'keys.createKey', { ...fields, apiId }, key)
  return { apiId, ...created }
}

/** A root key of another, fresh workspace holding every permission. */
export async function foreignRootKey(t: TestContext): Promise<string> {
  const ws = await t.workspace()
  return t.key(everyKeyPermission(), { workspaceId: ws })
}

/** Every permission of issue 7's operations, with wildcard ids. */
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

/** 401 for a missing and for an unknown root key. */
export function it401(t: TestContext, operationId: string, body: () => unknown) {
  it.each([null, 'ck_wrong_key'])('answers 401 for root key %s', async (key) => {
    const { response, error } = await call(t, operationId, body(), key)
    expect(response.status).toBe(401)
    expect(error?.error.title).toBe('Unauthorized')
  })
}

/** 400 with an `errors` item at each expected location. */
export function it400(t: TestContext, operationId: string, cases: Array<[unknown, string]>) {
  it.each(cases)('rejects %j', async (body, location) => {
    const { response, error } = await call(t, operationId, body)
    expect(response.status).toBe(400)
    expect(locationsOf(error)).toContain(location)
  })
}

/** 403 for a root key holding only unrelated permissions. */
export function it403(t: TestContext, operationId: string, body: () => Promise<unknown> | unknown) {
  it('answers 403 to a root key without the required permission', async () => {
    const key = await t.key(['environment.*.read_deployment'])
    const { response, error } = await call(t, operationId, await body(), key)
    expect(response.status).toBe(403)
    expect(error?.error.type).toBe(
      'https://docs.deploy-control.dev/errors/authorization/insufficient_permissions',
    )
  })
}

export { newId }
