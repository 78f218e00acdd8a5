import type { Handlers } from '@apiplatform/control-routes'
import type { Deps } from './deps.js'
import type { ServiceEnv } from './http/env.js'
import { getGatewayRequests } from './routes/analytics.getGatewayRequests/handler.js'
import { getRatelimits } from './routes/analytics.getRatelimits/handler.js'
import { getRuntimeLogs } from './routes/analytics.getRuntimeLogs/handler.js'
import { getVerifications } from './routes/analytics.getVerifications/handler.js'
import { createApi as apisCreateApi } from './routes/apis.createApi/handler.js'
import { deleteApi as apisDeleteApi } from './routes/apis.deleteApi/handler.js'
import { getApi as apisGetApi } from './routes/apis.getApi/handler.js'
import { listKeys as apisListKeys } from './routes/apis.listKeys/handler.js'
import { createApp } from './routes/apps.createApp/handler.js'
import { deleteApp } from './routes/apps.deleteApp/handler.js'
import { getApp } from './routes/apps.getApp/handler.js'
import { listApps } from './routes/apps.listApps/handler.js'
import { updateApp } from './routes/apps.updateApp/handler.js'
import { createDeployment as deployCreateDeployment } from './routes/deploy.createDeployment/handler.js'
import { getDeployment as deployGetDeployment } from './routes/deploy.getDeployment/handler.js'
import { createDeployment } from './routes/deployments.createDeployment/handler.js'
import { getDeployment } from './routes/deployments.getDeployment/handler.js'
import { listDeployments } from './routes/deployments.listDeployments/handler.js'
import { promoteDeployment } from './routes/deployments.promoteDeployment/handler.js'
import { rollbackDeployment } from './routes/deployments.rollbackDeployment/handler.js'
import { startDeployment } from './routes/deployments.startDeployment/handler.js'
import { stopDeployment } from './routes/deployments.stopDeployment/handler.js'
import { createDomain } from './routes/domains.createDomain/handler.js'
import { deleteDomain } from './routes/domains.deleteDomain/handler.js'
import { getDomain } from './routes/domains.getDomain/handler.js'
import { listDomains } from './routes/domains.listDomains/handler.js'
import { verifyDomain } from './routes/domains.verifyDomain/handler.js'
import { getEnvironment } from './routes/environments.getEnvironment/handler.js'
import { listEnvironments } from './routes/environments.listEnvironments/handler.js'
import { listEnvironmentVariables } from './routes/environments.listEnvironmentVariables/handler.js'
import { removeEnvironmentVariables } from './routes/environments.removeEnvironmentVariables/handler.js'
import { setEnvironmentVariables } from './routes/environments.setEnvironmentVariables/handler.js'
import { updateSettings } from './routes/environments.updateSettings/handler.js'
import { listPolicies } from './routes/gateway.listPolicies/handler.js'
import { setPolicies } from './routes/gateway.setPolicies/handler.js'
import { updatePolicy } from './routes/gateway.updatePolicy/handler.js'
import { installApp } from './routes/github.installApp/handler.js'
import { createIdentity as identitiesCreateIdentity } from './routes/identities.createIdentity/handler.js'
import { deleteIdentity as identitiesDeleteIdentity } from './routes/identities.deleteIdentity/handler.js'
import { getIdentity as identitiesGetIdentity } from './routes/identities.getIdentity/handler.js'
import { listIdentities as identitiesListIdentities } from './routes/identities.listIdentities/handler.js'
import { updateIdentity as identitiesUpdateIdentity } from './routes/identities.updateIdentity/handler.js'
import { addPermissions as keysAddPermissions } from './routes/keys.addPermissions/handler.js'
import { addRoles as keysAddRoles } from './routes/keys.addRoles/handler.js'
import { createKey as keysCreateKey } from './routes/keys.createKey/handler.js'
import { deleteKey as keysDeleteKey } from './routes/keys.deleteKey/handler.js'
import { getKey as keysGetKey } from './routes/keys.getKey/handler.js'
import { migrateKeys as keysMigrateKeys } from './routes/keys.migrateKeys/handler.js'
import { removePermissions as keysRemovePermissions } from './routes/keys.removePermissions/handler.js'
import { removeRoles as keysRemoveRoles } from './routes/keys.removeRoles/handler.js'
import { rerollKey as keysRerollKey } from './routes/keys.rerollKey/handler.js'
import { setPermissions as keysSetPermissions } from './routes/keys.setPermissions/handler.js'
import { setRoles as keysSetRoles } from './routes/keys.setRoles/handler.js'
import { updateCredits as keysUpdateCredits } from './routes/keys.updateCredits/handler.js'
import { updateKey as keysUpdateKey } from './routes/keys.updateKey/handler.js'
import { verifyKey as keysVerifyKey } from './routes/keys.verifyKey/handler.js'
import { whoami as keysWhoami } from './routes/keys.whoami/handler.js'
import { liveness } from './routes/liveness/handler.js'
import { createPermission as permissionsCreatePermission } from './routes/permissions.createPermission/handler.js'
import { createRole as permissionsCreateRole } from './routes/permissions.createRole/handler.js'
import { deletePermission as permissionsDeletePermission } from './routes/permissions.deletePermission/handler.js'
import { deleteRole as permissionsDeleteRole } from './routes/permissions.deleteRole/handler.js'
import { getPermission as permissionsGetPermission } from './routes/permissions.getPermission/handler.js'
import { getRole as permissionsGetRole } from './routes/permissions.getRole/handler.js'
import { listPermissions as permissionsListPermissions } from './routes/permissions.listPermissions/handler.js'
import { listRoles as permissionsListRoles } from './routes/permissions.listRoles/handler.js'
import { setRolePermissions as permissionsSetRolePermissions } from './routes/permissions.setRolePermissions/handler.js'
import { createSession as portalCreateSession } from './routes/portal.createSession/handler.js'
import { exchangeCode as portalExchangeCode } from './routes/portal.exchangeCode/handler.js'
import { getVerifications as portalGetVerifications } from './routes/portal.getVerifications/handler.js'
import { listKeys as portalListKeys } from './routes/portal.listKeys/handler.js'
import { rerollKey as portalRerollKey } from './routes/portal.rerollKey/handler.js'
import { createProject } from './routes/projects.createProject/handler.js'
import { deleteProject } from './routes/projects.deleteProject/handler.js'
import { getProject } from './routes/projects.getProject/handler.js'
import { listProjects } from './routes/projects.listProjects/handler.js'
import { updateProject } from './routes/projects.updateProject/handler.js'
import { deleteOverride } from './routes/ratelimit.deleteOverride/handler.js'
import { getOverride } from './routes/ratelimit.getOverride/handler.js'
import { limit } from './routes/ratelimit.limit/handler.js'
import { listOverrides } from './routes/ratelimit.listOverrides/handler.js'
import { multiLimit } from './routes/ratelimit.multiLimit/handler.js'
import { setOverride } from './routes/ratelimit.setOverride/handler.js'

/**
 * Every operation of the spec, by operationId. The full `Handlers` type makes a missing or
 * mis-shaped operation a compile error (`src/missing-operations.test.ts` checks it at run time too).
 */
export function createHandlers(deps: Deps): Handlers<ServiceEnv> {
  return {
    liveness: liveness(deps),
    // keys, apis, identities, permissions
    'apis.createApi': apisCreateApi(deps),
    'apis.deleteApi': apisDeleteApi(deps),
    'apis.getApi': apisGetApi(deps),
    'apis.listKeys': apisListKeys(deps),
    'identities.createIdentity': identitiesCreateIdentity(deps),
    'identities.deleteIdentity': identitiesDeleteIdentity(deps),
    'identities.getIdentity': identitiesGetIdentity(deps),
    'identities.listIdentities': identitiesListIdentities(deps),
    'identities.updateIdentity': identitiesUpdateIdentity(deps),
    'keys.addPermissions': keysAddPermissions(deps),
    'keys.addRoles': keysAddRoles(deps),
    'keys.createKey': keysCreateKey(deps),
    'keys.deleteKey': keysDeleteKey(deps),
    'keys.getKey': keysGetKey(deps),
    'keys.migrateKeys': keysMigrateKeys(deps),
    'keys.removePermissions': keysRemovePermissions(deps),
    'keys.removeRoles': keysRemoveRoles(deps),
    'keys.rerollKey': keysRerollKey(deps),
    'keys.setPermissions': keysSetPermissions(deps),
    'keys.setRoles': keysSetRoles(deps),
    'keys.updateCredits': keysUpdateCredits(deps),
    'keys.updateKey': keysUpdateKey(deps),
    'keys.verifyKey': keysVerifyKey(deps),
    'keys.whoami': keysWhoami(deps),
    'permissions.createPermission': permissionsCreatePermission(deps),
    'permissions.createRole': permissionsCreateRole(deps),
    'permissions.deletePermission': permissionsDeletePermission(deps),
    'permissions.deleteRole': permissionsDeleteRole(deps),
    'permissions.getPermission': permissionsGetPermission(deps),
    'permissions.getRole': permissionsGetRole(deps),
    'permissions.listPermissions': permissionsListPermissions(deps),
    'permissions.listRoles': permissionsListRoles(deps),
    'permissions.setRolePermissions': permissionsSetRolePermissions(deps),
    // projects, apps, environments, deployments, domains
    'projects.createProject': createProject(deps),
    'projects.getProject': getProject(deps),
    'projects.listProjects': listProjects(deps),
    'projects.updateProject': updateProject(deps),
    'projects.deleteProject': deleteProject(deps),
    'apps.getApp': getApp(deps),
    'apps.listApps': listApps(deps),
    'environments.getEnvironment': getEnvironment(deps),
    'environments.listEnvironments': listEnvironments(deps),
    'deployments.createDeployment': createDeployment(deps),
    'deployments.getDeployment': getDeployment(deps),
    'deployments.listDeployments': listDeployments(deps),
    'deployments.promoteDeployment': promoteDeployment(deps),
    'deployments.rollbackDeployment': rollbackDeployment(deps),
    'deployments.startDeployment': startDeployment(deps),
    'deployments.stopDeployment': stopDeployment(deps),
    'apps.createApp': createApp(deps),
    'apps.updateApp': updateApp(deps),
    'apps.deleteApp': deleteApp(deps),
    'environments.listEnvironmentVariables': listEnvironmentVariables(deps),
    'environments.setEnvironmentVariables': setEnvironmentVariables(deps),
    'environments.removeEnvironmentVariables': removeEnvironmentVariables(deps),
    'environments.updateSettings': updateSettings(deps),
    'domains.createDomain': createDomain(deps),
    'domains.getDomain': getDomain(deps),
    'domains.listDomains': listDomains(deps),
    'domains.deleteDomain': deleteDomain(deps),
    'domains.verifyDomain': verifyDomain(deps),
    'deploy.createDeployment': deployCreateDeployment(deps),
    'deploy.getDeployment': deployGetDeployment(deps),
    // ratelimit.*, analytics.*
    'ratelimit.limit': limit(deps),
    'ratelimit.multiLimit': multiLimit(deps),
    'ratelimit.setOverride': setOverride(deps),
    'ratelimit.getOverride': getOverride(deps),
    'ratelimit.listOverrides': listOverrides(deps),
    'ratelimit.deleteOverride': deleteOverride(deps),
    'analytics.getVerifications': getVerifications(deps),
    'analytics.getRatelimits': getRatelimits(deps),
    'analytics.getGatewayRequests': getGatewayRequests(deps),
    'analytics.getRuntimeLogs': getRuntimeLogs(deps),
    'gateway.listPolicies': listPolicies(deps),
    'gateway.setPolicies': setPolicies(deps),
    'gateway.updatePolicy': updatePolicy(deps),
    'github.installApp': installApp(deps),
    // customer portal sessions
    'portal.createSession': portalCreateSession(deps),
    'portal.exchangeCode': portalExchangeCode(deps),
    'portal.listKeys': portalListKeys(deps),
    'portal.rerollKey': portalRerollKey(deps),
    'portal.getVerifications': portalGetVerifications(deps),
  }
}
