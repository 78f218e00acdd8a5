import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.rollbackDeployment 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  const post = (body: unknown) =>
    t.client.raw.POST('/v2/deployments.rollbackDeployment', { body: body as never })

  it.each([
    ['a missing deploymentId', {}, 'body.deploymentId'],
    ['a too short deploymentId', { deploymentId: 'd_' }, 'body.deploymentId'],
    ['a too long deploymentId', { deploymentId: `d_${'x'.repeat(254)}` }, 'body.deploymentId'],
    ['forbidden characters', { deploymentId: 'd_abc/../x' }, 'body.deploymentId'],
    ['a number', { deploymentId: 123 }, 'body.deploymentId'],
    ['an unknown property', { deploymentId: 'd_seed_v1', force: true }, 'body.force'],
  ])('rejects %s with errors[] naming %s', async (_label, body, location) => {
    const { error, response } = await post(body)
    expect(response.status).toBe(400)
    expect(error?.error.status).toBe(400)
    expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/request/invalid_body')
    expect(locationsOf(error)).toContain(location)
  })

  it('rejects a body that is not JSON', async () => {
    const { error, response } = await t.client.raw.POST('/v2/deployments.rollbackDeployment', {
      body: '{"deploymentId": ' as never,
      bodySerializer: (b: unknown) => b as string,
    })
    expect(response.status).toBe(400)
    expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/request/malformed_json')
    expect(locationsOf(error)[0]).toBe('body')
  })
})
