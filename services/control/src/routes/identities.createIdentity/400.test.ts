import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { ROOT_KEY, useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf'
  for (let i = 0; i < levels; i++) value = { a: value }
  return value
}

describe.each(testDatabaseKinds())('identities.createIdentity 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.externalId'],
    [{ externalId: 'has space' }, 'body.externalId'],
    [{ externalId: 'u1', extra: true }, 'body.extra'],
    [{ externalId: 'u1', meta: { note: 'a\u0000b' } }, 'body.meta.note'],
    [{ externalId: 'u1', meta: { note: ['\udc00'] } }, 'body.meta.note[0]'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'identities.createIdentity', body, location))

  it('holds meta to the depth and size its description documents', async () => {
    const create = (externalId: string, meta: unknown) =>
      t.client.raw.POST('/v2/identities.createIdentity', {
        body: { externalId, meta: meta as Record<string, unknown> },
      })
    expect((await create(`u_${Date.now()}_16`, nested(16))).response.status).toBe(200)
    const deep = await create('u_17', nested(17))
    expect(deep.response.status).toBe(400)
    expect(deep.error?.error).toMatchObject({
      errors: [{ location: 'body.meta', message: expect.stringMatching(/16 levels/) }],
    })
    const long = await create('u_long', { note: 'x'.repeat(65_536) })
    expect(long.response.status).toBe(400)
    expect(long.error?.error).toMatchObject({
      errors: [{ location: 'body.meta', message: expect.stringMatching(/65536 bytes/) }],
    })
  })

  it('refuses a body that is not valid UTF-8 instead of storing replacement characters', async () => {
    const head = new TextEncoder().encode('{"externalId":"u_utf8","meta":{"n":"')
    const body = new Uint8Array([...head, 0xc3, 0x28, ...new TextEncoder().encode('"}}')])
    const response = await fetch(`${t.service.url}/v2/identities.createIdentity`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ROOT_KEY}`, 'content-type': 'application/json' },
      body,
    })
    expect(response.status).toBe(400)
    const problem = await response.json()
    expect(problem.error).toMatchObject({
      status: 400,
      type: expect.stringMatching(/request\/invalid_body$/),
    })
    expect(problem.error.detail).toMatch(/not valid UTF-8/)
  })

  it('refuses a meta nested 2,000 levels deep, and the service keeps answering', async () => {
    const { response, error } = await t.client.raw.POST('/v2/identities.createIdentity', {
      body: { externalId: 'u_deep', meta: nested(2_000) as Record<string, unknown> },
    })
    expect(response.status).toBe(400)
    expect(error?.error).toMatchObject({
      errors: [{ location: expect.stringMatching(/^body\.meta(\.a)+$/) }],
    })
    const liveness = await fetch(`${t.service.url}/v2/liveness`)
    expect(liveness.status).toBe(200)
  })
})
