// The control API's official SDK (`@unkey/api`) against the reference service, unchanged but for its
// server URL. Every answer the SDK gets is recorded and must be documented for its operation.
import { DEMO_DATA } from '@apiplatform/control-service'
import * as errors from '@unkey/api/models/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ControlTarget, startControl } from './support/control.ts'
import { notExercised } from './support/coverage.ts'
import { undocumented } from './support/recorder.ts'
import { storages } from './support/storage.ts'

const d = DEMO_DATA.deployments

/** Operations of our spec the SDK has that no case below calls yet; the list may only shrink. */
const NOT_EXERCISED: string[] = []

async function rejection(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => undefined,
    (e: unknown) => e,
  )
}

/** Polls until `check` gives a value; the stand-in's workflows finish within milliseconds. */
async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe.each(storages())('@unkey/api on $name', ({ storage }) => {
  let t: ControlTarget
  beforeAll(async () => {
    t = await startControl(storage)
  })
  afterAll(async () => {
    const answers = t?.recorder.answers ?? []
    await t?.stop()
    expect(undocumented(answers)).toEqual([])
  })

  describe('apis and keys', () => {
    let apiId: string
    beforeAll(async () => {
      apiId = (await t.sdk.apis.createApi({ name: 'conformance' })).data.apiId
    })

    it('createApi() then getApi()', async () => {
      expect((await t.sdk.apis.getApi({ apiId })).data).toMatchObject({ id: apiId, name: 'conformance' })
    })

    it('createKey(), verifyKey(), getKey(), updateKey(), deleteKey()', async () => {
      const created = (await t.sdk.keys.createKey({ apiId, name: 'first', permissions: ['documents.read'] }))
        .data
      expect(created.key).toEqual(expect.any(String))
      const verified = (await t.sdk.keys.verifyKey({ key: created.key })).data
      expect(verified).toMatchObject({ valid: true, code: 'VALID', keyId: created.keyId })
      await t.sdk.keys.updateKey({ keyId: created.keyId, name: 'renamed' })
      expect((await t.sdk.keys.getKey({ keyId: created.keyId })).data.name).toBe('renamed')
      await t.sdk.keys.deleteKey({ keyId: created.keyId })
      expect(await rejection(t.sdk.keys.getKey({ keyId: created.keyId }))).toBeInstanceOf(
        errors.NotFoundErrorResponse,
      )
    })

    it('listKeys() pages through every key with its cursor iterator', async () => {
      const other = (await t.sdk.apis.createApi({ name: 'paged' })).data.apiId
      const ids = new Set<string>()
      for (let i = 0; i < 5; i++) ids.add((await t.sdk.keys.createKey({ apiId: other })).data.keyId)
      const seen: string[] = []
      let pages = 0
      for await (const page of await t.sdk.apis.listKeys({ apiId: other, limit: 2 })) {
        pages++
        seen.push(...page.result.data.map((k) => k.keyId))
      }
      expect(new Set(seen)).toEqual(ids)
      expect(seen).toHaveLength(5)
      expect(pages).toBeGreaterThanOrEqual(3)
    })

    it('maps a bad request to BadRequestErrorResponse with its errors', async () => {
      const error = await rejection(t.sdk.apis.getApi({ apiId: '' }))
      expect(error).toBeInstanceOf(errors.BadRequestErrorResponse)
      expect((error as errors.BadRequestErrorResponse).data$.error.errors.length).toBeGreaterThan(0)
    })

    it('maps an unknown api to NotFoundErrorResponse', async () => {
      expect(await rejection(t.sdk.apis.getApi({ apiId: 'api_missing' }))).toBeInstanceOf(
        errors.NotFoundErrorResponse,
      )
    })

    it('maps a wrong root key to UnauthorizedErrorResponse', async () => {
      expect(await rejection(t.sdkWith('unkey_wrong').apis.getApi({ apiId }))).toBeInstanceOf(
        errors.UnauthorizedErrorResponse,
      )
    })
  })

  describe('the other namespaces', () => {
    const where = { project: DEMO_DATA.projectSlug, app: DEMO_DATA.appSlug }
    const env = { ...where, environment: 'production' }

    it('keys: permissions, roles, credits, reroll, whoami', async () => {
      const apiId = (await t.sdk.apis.createApi({ name: 'more-keys' })).data.apiId
      const { keyId, key } = (await t.sdk.keys.createKey({ apiId, credits: { remaining: 10 } })).data
      await t.sdk.permissions.createPermission({ name: 'docs read', slug: 'docs.read' })
      await t.sdk.permissions.createRole({ name: 'reader' })
      await t.sdk.keys.addPermissions({ keyId, permissions: ['docs.read'] })
      await t.sdk.keys.removePermissions({ keyId, permissions: ['docs.read'] })
      await t.sdk.keys.setPermissions({ keyId, permissions: ['docs.read'] })
      await t.sdk.keys.addRoles({ keyId, roles: ['reader'] })
      await t.sdk.keys.removeRoles({ keyId, roles: ['reader'] })
      await t.sdk.keys.setRoles({ keyId, roles: ['reader'] })
      expect(
        (await t.sdk.keys.updateCredits({ keyId, operation: 'increment', value: 5 })).data.remaining,
      ).toBe(15)
      expect((await t.sdk.keys.whoami({ key })).data.keyId).toBe(keyId)
      const rerolled = (await t.sdk.keys.rerollKey({ keyId, expiration: 0 })).data
      expect(rerolled.keyId).not.toBe(keyId)
      // The SDK's `expiration` is a grace period in milliseconds from now: the old key still verifies.
      const graced = (await t.sdk.keys.rerollKey({ keyId: rerolled.keyId, expiration: 3_600_000 })).data
      expect((await t.sdk.keys.verifyKey({ key: rerolled.key })).data.code).toBe('VALID')
      expect((await t.sdk.keys.verifyKey({ key: graced.key })).data.code).toBe('VALID')
      await t.sdk.apis.deleteApi({ apiId })
    })

    it('keys.removePermissions() takes permission ids as well as slugs', async () => {
      const apiId = (await t.sdk.apis.createApi({ name: 'remove-by-id' })).data.apiId
      const { keyId } = (await t.sdk.keys.createKey({ apiId })).data
      const held = (
        await t.sdk.keys.addPermissions({ keyId, permissions: ['reports.read', 'reports.write'] })
      ).data
      const read = held.find((p) => p.slug === 'reports.read')
      const left = (await t.sdk.keys.removePermissions({ keyId, permissions: [read?.id ?? ''] })).data
      expect(left.map((p) => p.slug)).toEqual(['reports.write'])
      expect((await t.sdk.keys.getKey({ keyId })).data.permissions).toEqual(['reports.write'])
      await t.sdk.apis.deleteApi({ apiId })
    })

    it('permissions: get, list, delete', async () => {
      await t.sdk.permissions.createPermission({ name: 'billing', slug: 'billing.read' })
      const { roleId } = (await t.sdk.permissions.createRole({ name: 'billing_reader' })).data
      expect((await t.sdk.permissions.getPermission({ permission: 'billing.read' })).data.slug).toBe(
        'billing.read',
      )
      expect((await t.sdk.permissions.getRole({ role: roleId })).data.name).toBe('billing_reader')
      expect((await t.sdk.permissions.listPermissions({})).result.data.length).toBeGreaterThan(0)
      expect((await t.sdk.permissions.listRoles({})).result.data.length).toBeGreaterThan(0)
      await t.sdk.permissions.deleteRole({ role: roleId })
      await t.sdk.permissions.deletePermission({ permission: 'billing.read' })
    })

    it('identities: create, get, list, update, delete', async () => {
      await t.sdk.identities.createIdentity({ externalId: 'user_conf_1' })
      expect((await t.sdk.identities.getIdentity({ identity: 'user_conf_1' })).data.externalId).toBe(
        'user_conf_1',
      )
      expect((await t.sdk.identities.listIdentities({})).result.data.length).toBeGreaterThan(0)
      await t.sdk.identities.updateIdentity({ identity: 'user_conf_1', meta: { plan: 'pro' } })
      await t.sdk.identities.deleteIdentity({ identity: 'user_conf_1' })
    })

    it('ratelimit: overrides and multiLimit', async () => {
      const ns = 'conformance_overrides'
      await t.sdk.ratelimit.limit({ namespace: ns, identifier: 'a', limit: 1, duration: 60_000 })
      await t.sdk.ratelimit.setOverride({ namespace: ns, identifier: 'vip', limit: 100, duration: 60_000 })
      expect((await t.sdk.ratelimit.getOverride({ namespace: ns, identifier: 'vip' })).data.limit).toBe(100)
      expect((await t.sdk.ratelimit.listOverrides({ namespace: ns })).result.data).toHaveLength(1)
      await t.sdk.ratelimit.deleteOverride({ namespace: ns, identifier: 'vip' })
      const multi = await t.sdk.ratelimit.multiLimit([
        { namespace: ns, identifier: 'b', limit: 1, duration: 60_000 },
        { namespace: ns, identifier: 'c', limit: 1, duration: 60_000 },
      ])
      expect(multi.data.passed).toBe(true)
    })

    it('analytics: getVerifications runs a SELECT over the verifications', async () => {
      const result = await t.sdk.analytics.getVerifications({
        query: 'SELECT COUNT(*) AS total FROM key_verifications',
      })
      expect(result.data).toEqual(expect.any(Array))
    })

    it('apps, environments, domains, gateway: read what the demo data holds', async () => {
      expect((await t.sdk.apps.getApp({ project: where.project, app: where.app })).data.id).toBe(
        DEMO_DATA.appId,
      )
      expect((await t.sdk.apps.listApps({ project: where.project })).result.data.length).toBeGreaterThan(0)
      expect((await t.sdk.environments.listEnvironments(where)).data.length).toBe(2)
      expect((await t.sdk.environments.getEnvironment(env)).data.id).toBe(DEMO_DATA.productionEnvironmentId)
      const variables = await t.sdk.environments.listEnvironmentVariables(env)
      expect(variables.data.map((v) => v.key)).toEqual(expect.arrayContaining([...DEMO_DATA.variables]))
      expect((await t.sdk.domains.listDomains(env)).data.length).toBeGreaterThan(0)
      expect((await t.sdk.gateway.listPolicies(env)).data).toEqual(expect.any(Array))
    })
  })

  describe('writes on the demo app', () => {
    const env = { project: DEMO_DATA.projectSlug, app: DEMO_DATA.appSlug, environment: 'production' }

    it('environments: set then remove variables', async () => {
      await t.sdk.environments.setEnvironmentVariables({
        ...env,
        variables: [{ key: 'FEATURE_FLAG', value: 'on', kind: 'recoverable' }],
      })
      const listed = await t.sdk.environments.listEnvironmentVariables(env)
      expect(listed.data.map((v) => v.key)).toContain('FEATURE_FLAG')
      await t.sdk.environments.removeEnvironmentVariables({ ...env, variables: ['FEATURE_FLAG'] })
    })

    it('domains: get and verify', async () => {
      expect((await t.sdk.domains.getDomain({ domain: DEMO_DATA.domains.verified })).data.domain).toBe(
        DEMO_DATA.domains.verified,
      )
      expect((await t.sdk.domains.verifyDomain({ domain: DEMO_DATA.domains.pending })).data).toBeDefined()
    })

    it('deployments: stop and start a preview deployment', async () => {
      await t.sdk.deployments.stopDeployment({ deploymentId: d.preview })
      await eventually(
        async () =>
          (await t.sdk.deployments.getDeployment({ deploymentId: d.preview })).data.status === 'stopped',
      )
      await t.sdk.deployments.startDeployment({ deploymentId: d.preview })
      await eventually(
        async () =>
          (await t.sdk.deployments.getDeployment({ deploymentId: d.preview })).data.status === 'ready',
      )
    })

    it('permissions: setRolePermissions', async () => {
      await t.sdk.permissions.createPermission({ name: 'audit', slug: 'audit.read' })
      const { roleId } = (await t.sdk.permissions.createRole({ name: 'auditor' })).data
      await t.sdk.permissions.setRolePermissions({ roleId, permissions: ['audit.read'] })
      expect(
        (await t.sdk.permissions.getRole({ role: roleId })).data.permissions?.map((p) => p.slug),
      ).toEqual(['audit.read'])
    })

    it('permissions: createRole() and setRolePermissions() create the missing permissions they name', async () => {
      // The SDK: "Missing permissions are created automatically when the root key has
      // `rbac.*.create_permission`" (the bootstrap key has every permission).
      const { roleId } = (
        await t.sdk.permissions.createRole({ name: 'provisioner', permissions: ['provisioned.read'] })
      ).data
      expect((await t.sdk.permissions.getPermission({ permission: 'provisioned.read' })).data.slug).toBe(
        'provisioned.read',
      )
      await t.sdk.permissions.setRolePermissions({
        roleId,
        permissions: ['provisioned.read', 'provisioned.write'],
      })
      expect(
        (await t.sdk.permissions.getRole({ role: roleId })).data.permissions?.map((p) => p.slug),
      ).toEqual(['provisioned.read', 'provisioned.write'])
    })
  })

  describe('projects', () => {
    it('createProject(), getProject(), listProjects(), updateProject(), deleteProject()', async () => {
      const { id } = (await t.sdk.projects.createProject({ name: 'Conformance', slug: 'conformance' })).data
      expect((await t.sdk.projects.getProject({ project: 'conformance' })).data).toMatchObject({
        id,
        slug: 'conformance',
        deleteProtection: false,
      })
      const ids: string[] = []
      for await (const page of await t.sdk.projects.listProjects({ limit: 1 })) {
        ids.push(...page.result.data.map((p) => p.id))
      }
      expect(ids).toEqual(expect.arrayContaining([DEMO_DATA.projectId, id]))
      const updated = await t.sdk.projects.updateProject({
        project: id,
        name: 'Renamed',
        deleteProtection: true,
      })
      expect(updated.data).toMatchObject({
        name: 'Renamed',
        deleteProtection: true,
        updatedAt: expect.any(Number),
      })
      expect(await rejection(t.sdk.projects.deleteProject({ project: id }))).toBeInstanceOf(
        errors.PreconditionFailedErrorResponse,
      )
      await t.sdk.projects.updateProject({ project: id, deleteProtection: false })
      expect((await t.sdk.projects.deleteProject({ project: id })).data).toEqual({})
      expect(await rejection(t.sdk.projects.getProject({ project: id }))).toBeInstanceOf(
        errors.NotFoundErrorResponse,
      )
    })

    it('maps a taken slug to ConflictErrorResponse', async () => {
      expect(
        await rejection(t.sdk.projects.createProject({ name: 'Demo again', slug: DEMO_DATA.projectSlug })),
      ).toBeInstanceOf(errors.ConflictErrorResponse)
    })
  })

  describe('gateway policies', () => {
    const env = { project: DEMO_DATA.projectSlug, app: DEMO_DATA.appSlug, environment: 'preview' }

    it('setPolicies(), then listPolicies() passes the SDK check with ids, and updatePolicy() takes one', async () => {
      await t.sdk.gateway.setPolicies({
        ...env,
        policies: [
          { name: 'require-key', enabled: true, keyauth: { keyspaces: ['api_conformance'] } },
          { name: 'block-admin', enabled: true, firewall: { action: 'ACTION_DENY' } },
        ],
      })
      const listed = (await t.sdk.gateway.listPolicies(env)).data
      expect(listed.map((p) => p.name)).toEqual(['require-key', 'block-admin'])
      const [first] = listed
      await t.sdk.gateway.updatePolicy({ ...env, policyId: first?.id ?? '', enabled: false })
      const after = (await t.sdk.gateway.listPolicies(env)).data
      expect(after[0]).toMatchObject({ id: first?.id, enabled: false })
    })

    it('updatePolicy() with match: null removes the match expressions', async () => {
      await t.sdk.gateway.setPolicies({
        ...env,
        policies: [
          {
            name: 'admin-only',
            enabled: true,
            match: [{ path: { path: { prefix: '/admin/' } } }],
            firewall: { action: 'ACTION_DENY' },
          },
        ],
      })
      const [policy] = (await t.sdk.gateway.listPolicies(env)).data
      expect(policy?.match).toHaveLength(1)
      await t.sdk.gateway.updatePolicy({ ...env, policyId: policy?.id ?? '', match: null })
      const [after] = (await t.sdk.gateway.listPolicies(env)).data
      expect(after).toMatchObject({ id: policy?.id, firewall: { action: 'ACTION_DENY' } })
      expect(after?.match ?? []).toEqual([])
    })
  })

  describe('the remaining writes', () => {
    const project = DEMO_DATA.projectSlug

    it('apps: createApp(), updateApp(), deleteApp()', async () => {
      const { appId } = (
        await t.sdk.apps.createApp({ project, name: 'Conformance app', slug: 'conformance-app' })
      ).data
      expect(
        (await t.sdk.apps.updateApp({ project, app: appId, deleteProtection: false })).data,
      ).toBeDefined()
      expect((await t.sdk.apps.deleteApp({ project, app: appId })).data).toEqual({})
    })

    it('domains: createDomain(), deleteDomain()', async () => {
      const env = { project, app: DEMO_DATA.appSlug, environment: 'preview' }
      await t.sdk.domains.createDomain({ ...env, domain: 'conformance.acme-shop.example' })
      expect((await t.sdk.domains.deleteDomain({ domain: 'conformance.acme-shop.example' })).data).toEqual({})
    })

    it('environments.updateSettings()', async () => {
      const env = { project, app: DEMO_DATA.appSlug, environment: 'preview' }
      expect((await t.sdk.environments.updateSettings({ ...env, vCpus: 1 })).data).toBeDefined()
    })

    it('deployments: createDeployment(), promoteDeployment(); deploy.createDeployment(), deploy.getDeployment()', async () => {
      const created = await t.sdk.deployments.createDeployment({
        project,
        app: DEMO_DATA.appSlug,
        environment: 'production',
        image: { dockerImage: 'ghcr.io/acme/checkout-api:conformance' },
      })
      expect(created.data.deploymentId).toEqual(expect.any(String))
      // A new production deployment may already be current once ready: then 412 is the documented answer.
      const promoted = await t.sdk.deployments
        .promoteDeployment({ deploymentId: created.data.deploymentId })
        .then(
          (answer) => answer.data,
          (error: unknown) => {
            expect(error).toBeInstanceOf(errors.PreconditionFailedErrorResponse)
            return {}
          },
        )
      expect(promoted).toEqual({})
      const legacy = await t.sdk.internal.createDeployment({
        project,
        app: DEMO_DATA.appSlug,
        branch: 'main',
        environmentSlug: 'preview',
        dockerImage: 'ghcr.io/acme/checkout-api:legacy',
      })
      expect(
        (await t.sdk.internal.getDeployment({ deploymentId: legacy.data.deploymentId })).data,
      ).toBeDefined()
    })

    it('analytics: getRatelimits(), getGatewayRequests(), getRuntimeLogs()', async () => {
      expect(
        (await t.sdk.analytics.getRatelimits({ query: 'SELECT COUNT(*) AS total FROM ratelimits' })).data,
      ).toEqual(expect.any(Array))
      // A workspace with nothing of a kind recorded yet answers its documented 412.
      const rowsOrNotYet = (call: Promise<{ data: unknown }>) =>
        call.then(
          (answer) => expect(answer.data).toEqual(expect.any(Array)),
          (error: unknown) => expect(error).toBeInstanceOf(errors.PreconditionFailedErrorResponse),
        )
      await rowsOrNotYet(
        t.sdk.analytics.getGatewayRequests({ query: 'SELECT COUNT(*) AS total FROM gateway_requests' }),
      )
      await rowsOrNotYet(
        t.sdk.analytics.getRuntimeLogs({ query: 'SELECT COUNT(*) AS total FROM runtime_logs' }),
      )
    })

    it('github.installApp() and keys.migrateKeys() (an unknown migration is NotFoundErrorResponse)', async () => {
      expect((await t.sdk.github.installApp()).data.url).toEqual(expect.any(String))
      const apiId = (await t.sdk.apis.createApi({ name: 'migrations' })).data.apiId
      expect(
        await rejection(
          t.sdk.keys.migrateKeys({ migrationId: 'mig_unknown', apiId, keys: [{ hash: 'a'.repeat(64) }] }),
        ),
      ).toBeInstanceOf(errors.NotFoundErrorResponse)
    })
  })

  describe('portal', () => {
    it('listKeys(), getVerifications(), rerollKey() with the session cookie the SDK sends', async () => {
      const apiId = (await t.sdk.apis.createApi({ name: 'portal-keys' })).data.apiId
      await t.sdk.identities.createIdentity({ externalId: 'customer_cookie' })
      const { keyId } = (await t.sdk.keys.createKey({ apiId, externalId: 'customer_cookie' })).data
      const session = await t.sdk.portal.createSession({
        portal: 'portal_main',
        externalId: 'customer_cookie',
        scopes: ['keys:read', 'keys:reroll', 'analytics:read'],
      })
      const code = new URL(session.result.data.url).searchParams.get('code') ?? ''
      const token = (await t.sdk.portal.exchangeCode({ code })).result.data.accessToken
      const security = { portalSession: token }
      const keys: string[] = []
      for await (const page of await t.sdk.portal.listKeys(security, {})) {
        keys.push(...page.result.data.map((k) => k.keyId))
      }
      expect(keys).toEqual([keyId])
      const day = { startTime: Date.now() - 86_400_000, endTime: Date.now() }
      expect((await t.sdk.portal.getVerifications(security, day)).data).toEqual(expect.any(Array))
      const rerolled = (await t.sdk.portal.rerollKey(security, { keyId, expiration: 0 })).data
      expect(rerolled.keyId).not.toBe(keyId)
    })

    it('createSession() with the SDK scope names', async () => {
      await t.sdk.identities.createIdentity({ externalId: 'customer_conformance' })
      const session = await t.sdk.portal.createSession({
        portal: 'portal_main',
        externalId: 'customer_conformance',
        scopes: ['keys:read', 'keys:reroll', 'analytics:read'],
      })
      expect(session.result.data.url).toContain('code=')
      expect(session.headers['cache-control']).toEqual(['no-store'])
      const code = new URL(session.result.data.url).searchParams.get('code') ?? ''
      const exchanged = await t.sdk.portal.exchangeCode({ code })
      expect(exchanged.result.data.accessToken).toMatch(/^pst_/)
    })
  })

  describe('ratelimit', () => {
    it('limit() allows up to the limit, then denies', async () => {
      const call = () =>
        t.sdk.ratelimit.limit({ namespace: 'conformance', identifier: 'user_1', limit: 2, duration: 60_000 })
      expect((await call()).data.success).toBe(true)
      expect((await call()).data.success).toBe(true)
      expect((await call()).data).toMatchObject({ success: false, remaining: 0 })
    })

    it('setOverride() with a `*` anywhere: `*_admin` applies to ops_admin, `*suspicious*` to a_suspicious_b', async () => {
      // The SDK: "'*_admin' would match all identifiers ending with '_admin'; '*suspicious*'
      // would match any identifier containing 'suspicious'".
      const namespace = 'conformance_wildcards'
      await t.sdk.ratelimit.limit({ namespace, identifier: 'warmup', limit: 1, duration: 60_000 })
      const admin = await t.sdk.ratelimit.setOverride({
        namespace,
        identifier: '*_admin',
        limit: 7,
        duration: 60_000,
      })
      const suspicious = await t.sdk.ratelimit.setOverride({
        namespace,
        identifier: '*suspicious*',
        limit: 0,
        duration: 60_000,
      })
      const check = (identifier: string) =>
        t.sdk.ratelimit.limit({ namespace, identifier, limit: 100, duration: 60_000 })
      expect((await check('ops_admin')).data).toMatchObject({
        success: true,
        limit: 7,
        overrideId: admin.data.overrideId,
      })
      expect((await check('a_suspicious_b')).data).toMatchObject({
        success: false,
        limit: 0,
        overrideId: suspicious.data.overrideId,
      })
      expect((await check('ops_user')).data).toMatchObject({ success: true, limit: 100 })
    })
  })

  describe('deployments.rollbackDeployment', () => {
    it('accepts with 202 and empty data, then getDeployment() shows the target current', async () => {
      expect(await t.sdk.deployments.rollbackDeployment({ deploymentId: d.v2 })).toMatchObject({ data: {} })
      await eventually(
        async () => (await t.sdk.deployments.getDeployment({ deploymentId: d.v2 })).data.isCurrent,
      )
      expect((await t.sdk.deployments.getDeployment({ deploymentId: d.current })).data.isCurrent).toBe(false)
      const listed = await t.sdk.deployments.listDeployments({ app: DEMO_DATA.appId })
      expect(listed.result.data.filter((x) => x.isCurrent).map((x) => x.id)).toEqual([d.v2])
    })

    it.each([
      ['is not ready', d.failed],
      ['is stopped', d.stopped],
      ['is not in production', d.preview],
    ])('answers PreconditionFailedErrorResponse when the target %s', async (_, deploymentId) => {
      const error = await rejection(t.sdk.deployments.rollbackDeployment({ deploymentId }))
      expect(error).toBeInstanceOf(errors.PreconditionFailedErrorResponse)
      expect((error as errors.PreconditionFailedErrorResponse).data$.error.status).toBe(412)
    })

    it('answers PreconditionFailedErrorResponse when the target is already current', async () => {
      const current = await eventually(async () =>
        (await t.sdk.deployments.listDeployments({ app: DEMO_DATA.appId })).result.data.find(
          (x) => x.isCurrent,
        ),
      )
      const error = await rejection(t.sdk.deployments.rollbackDeployment({ deploymentId: current.id }))
      expect(error).toBeInstanceOf(errors.PreconditionFailedErrorResponse)
    })

    it('answers NotFoundErrorResponse for an unknown deployment (never 403)', async () => {
      const error = await rejection(
        t.sdk.deployments.rollbackDeployment({ deploymentId: 'd_does_not_exist' }),
      )
      expect(error).toBeInstanceOf(errors.NotFoundErrorResponse)
    })
  })

  // Last: the cases above have run (a filtered run skips this too).
  it('exercises every operation of the spec the SDK can call, except the listed ones', () => {
    expect(notExercised('control', t.recorder.answers, NOT_EXERCISED)).toEqual({
      missing: [],
      listedButExercised: [],
    })
  })
})
