// Items of request arrays carry the real API's constraints: a permission slug, role name, tag,
// method, variable name or path that the real API rejects is rejected here too, with the 400 body
// naming the offending item.
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../testing/harness.js'
import { call } from '../testing/keys-fixtures.js'

const where = { project: 'demo', app: 'checkout-api', environment: 'production' }
const long = (n: number) => 'a'.repeat(n)

const CASES: Array<[operationId: string, body: Record<string, unknown>, location: string]> = [
  ['keys.addPermissions', { keyId: 'key_1234', permissions: ['has space'] }, 'body.permissions[0]'],
  ['keys.addPermissions', { keyId: 'key_1234', permissions: [long(129)] }, 'body.permissions[0]'],
  ['keys.addPermissions', { keyId: 'key_1234', permissions: [''] }, 'body.permissions[0]'],
  ['keys.removePermissions', { keyId: 'key_1234', permissions: ['a', 'no/slash'] }, 'body.permissions[1]'],
  ['keys.setPermissions', { keyId: 'key_1234', permissions: [long(129)] }, 'body.permissions[0]'],
  ['keys.createKey', { apiId: 'api_1234', permissions: [long(101)] }, 'body.permissions[0]'],
  ['keys.createKey', { apiId: 'api_1234', roles: ['has space'] }, 'body.roles[0]'],
  ['keys.updateKey', { keyId: 'key_1234', permissions: ['ab'] }, 'body.permissions[0]'],
  ['keys.updateKey', { keyId: 'key_1234', roles: [long(101)] }, 'body.roles[0]'],
  ['keys.addRoles', { keyId: 'key_1234', roles: [long(129)] }, 'body.roles[0]'],
  ['keys.removeRoles', { keyId: 'key_1234', roles: ['1admin'] }, 'body.roles[0]'],
  ['keys.setRoles', { keyId: 'key_1234', roles: ['ab'] }, 'body.roles[0]'],
  ['keys.verifyKey', { key: 'sk_x', tags: ['has space'] }, 'body.tags[0]'],
  ['keys.verifyKey', { key: 'sk_x', tags: [long(257)] }, 'body.tags[0]'],
  [
    'environments.removeEnvironmentVariables',
    { ...where, variables: ['1_STARTS_WITH_DIGIT'] },
    'body.variables[0]',
  ],
  ['environments.updateSettings', { ...where, watchPaths: [long(501)] }, 'body.watchPaths[0]'],
  ['environments.updateSettings', { ...where, command: [long(4097)] }, 'body.command[0]'],
  [
    'gateway.setPolicies',
    { ...where, policies: [{ name: 'p', enabled: true, match: [{ method: { methods: ['FETCH'] } }] }] },
    'body.policies[0].match[0].method.methods[0]',
  ],
  [
    'gateway.setPolicies',
    { ...where, policies: [{ name: 'p', enabled: true, keyauth: { keyspaces: [''] } }] },
    'body.policies[0].keyauth.keyspaces[0]',
  ],
]

describe.each(testDatabaseKinds())('request array items (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each(CASES)('%s rejects %j', async (operationId, body, location) => {
    const { response, error } = await call(t, operationId, body)
    expect(response.status).toBe(400)
    expect(locationsOf(error)).toContain(location)
  })
})
