import { missingOperations, operationIds } from '@apiplatform/control-routes'
import { expect, it } from 'vitest'
import type { Deps } from '../src/deps.js'
import { createHandlers } from '../src/handlers.js'

/**
 * The operations of the spec this service does not implement yet (they answer 501). Keep the list
 * exact: implementing an operation, or the spec gaining one, must show up here.
 */
const EXPECTED_MISSING: string[] = [
  'keys.addPermissions',
  'keys.addRoles',
  'keys.createKey',
  'keys.deleteKey',
  'keys.getKey',
  'keys.migrateKeys',
  'keys.removePermissions',
  'keys.removeRoles',
  'keys.rerollKey',
  'keys.setPermissions',
  'keys.setRoles',
  'keys.updateCredits',
  'keys.updateKey',
  'keys.verifyKey',
  'keys.whoami',
  'apis.createApi',
  'apis.deleteApi',
  'apis.getApi',
  'apis.listKeys',
  'identities.createIdentity',
  'identities.deleteIdentity',
  'identities.getIdentity',
  'identities.listIdentities',
  'identities.updateIdentity',
  'permissions.createPermission',
  'permissions.createRole',
  'permissions.deletePermission',
  'permissions.deleteRole',
  'permissions.getPermission',
  'permissions.getRole',
  'permissions.listPermissions',
  'permissions.listRoles',
  'permissions.setRolePermissions',
  'ratelimit.deleteOverride',
  'ratelimit.getOverride',
  'ratelimit.limit',
  'ratelimit.listOverrides',
  'ratelimit.multiLimit',
  'ratelimit.setOverride',
  'apps.createApp',
  'apps.deleteApp',
  'apps.updateApp',
  'environments.listEnvironmentVariables',
  'environments.removeEnvironmentVariables',
  'environments.setEnvironmentVariables',
  'environments.updateSettings',
  'deploy.createDeployment',
  'deploy.getDeployment',
  'domains.createDomain',
  'domains.deleteDomain',
  'domains.getDomain',
  'domains.listDomains',
  'domains.verifyDomain',
  'gateway.listPolicies',
  'gateway.setPolicies',
  'gateway.updatePolicy',
  'portal.createSession',
  'portal.exchangeCode',
  'portal.getVerifications',
  'portal.listKeys',
  'portal.rerollKey',
  'github.installApp',
  'analytics.getGatewayRequests',
  'analytics.getRatelimits',
  'analytics.getRuntimeLogs',
  'analytics.getVerifications',
]

it('lists the operations of the spec without a handler', () => {
  const missing = missingOperations(createHandlers({} as Deps))
  console.log(
    `control service implements ${operationIds.length - missing.length}/${operationIds.length} operations; missing:\n${missing.map((id) => `  - ${id}`).join('\n') || '  (none)'}`,
  )
  expect(missing).toEqual(EXPECTED_MISSING)
})

it('registers no handler for an operation the spec does not have', () => {
  const known = new Set<string>(operationIds)
  expect(Object.keys(createHandlers({} as Deps)).filter((id) => !known.has(id))).toEqual([])
})
