// The control API's official SDK (`@unkey/api`) against the reference service, unchanged but for its
// server URL. Every answer the SDK gets is recorded and must be documented for its operation.
import { DEMO_DATA } from '@apiplatform/control-service'
import * as errors from '@unkey/api/models/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ControlTarget, startControl } from './support/control.ts'
import { undocumented } from './support/recorder.ts'
import { storages } from './support/storage.ts'

const d = DEMO_DATA.deployments

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

  describe('portal', () => {
    it('createSession() with the SDK scope names', async () => {
      await t.sdk.identities.createIdentity({ externalId: 'customer_conformance' })
      const session = await t.sdk.portal.createSession({
        portal: 'portal_main',
        externalId: 'customer_conformance',
        scopes: ['keys:read', 'keys:reroll', 'analytics:read'],
      })
      expect(session.result.data.url).toContain('code=')
      expect(session.headers['cache-control']).toEqual(['no-store'])
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
})
