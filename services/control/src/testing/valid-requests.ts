/**
 * One valid request body per operation, for the status tests whose answer does not depend on the
 * body (429: the workspace's request budget; 500 and 503: a failing database): `expectRateLimited`
 * and `expectDatabaseFailure` send it unless a test passes its own. Operations without a body are absent.
 */
import { randomToken } from '@apiplatform/server-kit'
import { DEFAULT_RUNTIME } from '../domain/deployment.js'

export const VALID_REQUESTS: Readonly<Record<string, unknown>> = {
  'analytics.getGatewayRequests': {
    query:
      'SELECT path, count() AS errors FROM gateway_requests WHERE status >= 500 AND time > now() - INTERVAL 1 DAY GROUP BY path ORDER BY errors DESC LIMIT 5',
  },
  'analytics.getRatelimits': {
    query:
      "SELECT identifier, countIf(passed = false) AS blocked FROM ratelimits WHERE namespace = 'api.requests' AND time > now() - INTERVAL 1 HOUR GROUP BY identifier ORDER BY blocked DESC LIMIT 10",
  },
  'analytics.getRuntimeLogs': {
    query:
      "SELECT time, message FROM runtime_logs WHERE deployment_id = 'd_7fPm3qR9xV2wLk' AND level = 'error' ORDER BY time DESC LIMIT 50",
  },
  'analytics.getVerifications': {
    query:
      "SELECT toStartOfDay(time) AS day, countIf(outcome = 'VALID') AS valid, countIf(outcome = 'RATE_LIMITED') AS rateLimited FROM key_verifications WHERE time > now() - INTERVAL 7 DAY GROUP BY day ORDER BY day",
  },
  'apis.createApi': { name: 'payments-production' },
  'apis.deleteApi': { apiId: 'api_1mXc4Ke7Tq2Yb9' },
  'apis.getApi': { apiId: 'api_1mXc4Ke7Tq2Yb9' },
  'apis.listKeys': { apiId: 'api_1mXc4Ke7Tq2Yb9', limit: 50 },
  'projects.createProject': { name: 'Payments', slug: 'payments' },
  'projects.deleteProject': { project: 'demo' },
  'projects.getProject': { project: 'demo' },
  'projects.listProjects': { limit: 20 },
  'projects.updateProject': { project: 'demo', name: 'Demo shop' },
  'apps.createApp': {
    project: 'prj_4xQm8TzL2nWcVb',
    name: 'Checkout API',
    slug: 'checkout-api',
    git: { repository: 'acme/checkout-api', defaultBranch: 'main' },
  },
  'apps.deleteApp': { project: 'prj_4xQm8TzL2nWcVb', app: 'checkout-api' },
  'apps.getApp': { project: 'prj_4xQm8TzL2nWcVb', app: 'checkout-api' },
  'apps.listApps': { project: 'prj_4xQm8TzL2nWcVb', limit: 20 },
  'apps.updateApp': { project: 'prj_4xQm8TzL2nWcVb', app: 'checkout-api', deleteProtection: true },
  'deploy.createDeployment': {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    branch: 'main',
    environmentSlug: 'production',
    dockerImage: 'ghcr.io/acme/checkout-api:1.14.2',
    gitCommit: {
      commitSha: '3f9c2a1e8b7d6f5a4c3b2a1e0f9d8c7b6a5f4e3d',
      commitMessage: 'Speed up cart totals',
      authorHandle: 'jdoe',
      authorAvatarUrl: 'https://avatars.githubusercontent.com/u/1234567',
      timestamp: 1767225500000,
    },
  },
  'deploy.getDeployment': { deploymentId: 'd_8kLm2nB4vC6xZq' },
  'deployments.createDeployment': {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
    git: { branch: 'main' },
  },
  'deployments.getDeployment': { deploymentId: 'd_7fPm3qR9xV2wLk' },
  'deployments.listDeployments': {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
    status: ['ready'],
    limit: 20,
  },
  'deployments.promoteDeployment': { deploymentId: 'd_4rTy6uI8oP0aSd' },
  'deployments.rollbackDeployment': { deploymentId: 'd_7fPm3qR9xV2wLk' },
  'deployments.startDeployment': { deploymentId: 'd_4rTy6uI8oP0aSd' },
  'deployments.stopDeployment': { deploymentId: 'd_4rTy6uI8oP0aSd' },
  'domains.createDomain': {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
    domain: 'checkout.acme-shop.com',
  },
  'domains.deleteDomain': { domain: 'checkout.acme-shop.com' },
  'domains.getDomain': { domain: 'checkout.acme-shop.com' },
  'domains.listDomains': {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
  },
  'domains.verifyDomain': { domain: 'checkout.acme-shop.com' },
  'environments.getEnvironment': {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
  },
  'environments.listEnvironmentVariables': {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
  },
  'environments.listEnvironments': { project: 'prj_4xQm8TzL2nWcVb', app: 'checkout-api' },
  'environments.removeEnvironmentVariables': {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
    variables: ['LEGACY_API_URL'],
  },
  'environments.setEnvironmentVariables': {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
    variables: [
      {
        key: 'STRIPE_SECRET_KEY',
        value: 'sk_live_51Hx9cQ2eZvKYlo2C8f3kLm',
        description: 'Live secret key of the payments account.',
      },
      { key: 'LOG_LEVEL', value: 'info', kind: 'recoverable' },
    ],
  },
  'environments.updateSettings': {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
    vCpus: 1,
    memoryMib: 1024,
    healthcheck: DEFAULT_RUNTIME.healthcheck,
  },
  'gateway.listPolicies': {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
  },
  'gateway.setPolicies': {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
    policies: [
      {
        name: 'require-api-key',
        enabled: true,
        match: [{ path: { path: { prefix: '/v1/' } } }],
        keyauth: { keyspaces: ['api_1mXc4Ke7Tq2Yb9'], permissionQuery: 'checkout.write' },
      },
      {
        name: 'block-admin',
        enabled: true,
        match: [{ path: { path: { prefix: '/admin' } } }],
        firewall: { action: 'ACTION_DENY' },
      },
    ],
  },
  'gateway.updatePolicy': {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
    policyId: 'per-ip-limit',
    enabled: false,
  },
  'identities.createIdentity': {
    externalId: 'customer_8412',
    meta: { company: 'Acme Corp', plan: 'pro' },
    ratelimits: [{ name: 'requests', limit: 1000, duration: 60000, autoApply: true }],
  },
  'identities.deleteIdentity': { identity: 'customer_8412' },
  'identities.getIdentity': { identity: 'customer_8412' },
  'identities.listIdentities': { search: 'customer_84', limit: 20 },
  'identities.updateIdentity': {
    identity: 'customer_8412',
    meta: { plan: 'enterprise' },
    ratelimits: [{ name: 'requests', limit: 10000, duration: 60000, autoApply: true }],
  },
  'keys.addPermissions': {
    keyId: 'key_2cGKbMxRyIzhCxo1',
    permissions: ['documents.read', 'documents.write'],
  },
  'keys.addRoles': { keyId: 'key_2cGKbMxRyIzhCxo1', roles: ['editor'] },
  'keys.createKey': { apiId: 'api_1mXc4Ke7Tq2Yb9', name: 'Production backend' },
  'keys.deleteKey': { keyId: 'key_2cGKbMxRyIzhCxo1' },
  'keys.getKey': { keyId: 'key_2cGKbMxRyIzhCxo1' },
  'keys.migrateKeys': {
    migrationId: 'mig_legacy_auth',
    apiId: 'api_1mXc4Ke7Tq2Yb9',
    keys: [
      {
        hash: '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8',
        name: 'Legacy key of customer 8412',
        externalId: 'customer_8412',
      },
      { hash: '6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b', enabled: false },
    ],
  },
  'keys.removePermissions': { keyId: 'key_2cGKbMxRyIzhCxo1', permissions: ['documents.write'] },
  'keys.removeRoles': { keyId: 'key_2cGKbMxRyIzhCxo1', roles: ['editor'] },
  'keys.rerollKey': { keyId: 'key_2cGKbMxRyIzhCxo1', expiration: 1767398400000 },
  'keys.setPermissions': { keyId: 'key_2cGKbMxRyIzhCxo1', permissions: ['documents.read'] },
  'keys.setRoles': { keyId: 'key_2cGKbMxRyIzhCxo1', roles: ['viewer'] },
  'keys.updateCredits': { keyId: 'key_2cGKbMxRyIzhCxo1', operation: 'increment', value: 500 },
  'keys.updateKey': { keyId: 'key_2cGKbMxRyIzhCxo1', enabled: false },
  'keys.verifyKey': { key: 'acme_3ZaBtWs9k8L2mNpQ7rVx4yZ1' },
  'keys.whoami': { key: 'acme_3ZaBtWs9k8L2mNpQ7rVx4yZ1' },
  'permissions.createPermission': {
    name: 'Read documents',
    slug: 'documents.read',
    description: 'Read access to all documents of the account.',
  },
  'permissions.createRole': {
    name: 'editor',
    description: 'Can read and change documents.',
    permissions: ['documents.read', 'documents.write'],
  },
  'permissions.deletePermission': { permission: 'documents.write' },
  'permissions.deleteRole': { role: 'editor' },
  'permissions.getPermission': { permission: 'documents.read' },
  'permissions.getRole': { role: 'editor' },
  'permissions.listPermissions': { limit: 100 },
  'permissions.listRoles': { limit: 50 },
  'permissions.setRolePermissions': { roleId: 'role_5tGb7nHj2kLm', permissions: ['documents.read'] },
  'portal.createSession': {
    portal: 'portal_main',
    externalId: 'customer_8412',
    scopes: ['keys:read', 'keys:reroll', 'analytics:read'],
    returnUrl: 'https://app.acme-shop.com/settings/api',
  },
  'portal.exchangeCode': { code: 'pc_9Qw2Er4Ty6Ui8Op' },
  'portal.getVerifications': {
    startTime: 1767139200000,
    endTime: 1767225600000,
    keyId: 'key_2cGKbMxRyIzhCxo1',
  },
  'portal.listKeys': { limit: 20 },
  'portal.rerollKey': { keyId: 'key_2cGKbMxRyIzhCxo1', expiration: 0 },
  'ratelimit.deleteOverride': { namespace: 'api.requests', identifier: 'org_acme' },
  'ratelimit.limit': {
    namespace: 'api.requests',
    identifier: 'user_8412',
    limit: 100,
    duration: 60000,
  },
  'ratelimit.multiLimit': [
    { namespace: 'api.requests', identifier: 'user_8412', limit: 100, duration: 60000 },
    { namespace: 'api.requests.org', identifier: 'org_acme', limit: 5000, duration: 60000 },
  ],
  'ratelimit.getOverride': { namespace: 'api.requests', identifier: 'org_acme' },
  'ratelimit.listOverrides': { namespace: 'api.requests', limit: 10 },
  'ratelimit.setOverride': {
    namespace: 'api.requests',
    identifier: 'org_acme',
    limit: 500,
    duration: 60000,
  },
}

const freshKey = () => ({ key: `acme_${randomToken(24)}` })
const freshLimit = () => ({
  namespace: `ns_${randomToken(8)}`,
  identifier: 'user_8412',
  limit: 100,
  duration: 60000,
})

/**
 * The requests of the 500 and 503 tests that must differ on each call: a key or rate-limit
 * namespace seen before would be answered from a cache without reaching the failing database.
 */
export const FRESH_REQUESTS: Readonly<Record<string, () => unknown>> = {
  'keys.verifyKey': freshKey,
  'keys.whoami': freshKey,
  'ratelimit.limit': freshLimit,
  'ratelimit.multiLimit': () => [freshLimit()],
}
