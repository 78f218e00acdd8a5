import { expect, inject, it } from 'vitest'

const { url, rootKey, apiId } = inject('control')
const call = (operation, body, key = rootKey) =>
  fetch(`${url}/v2/${operation}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

it('creates and verifies a key against the stand-in', async () => {
  const created = await call('keys.createKey', { apiId, name: 'from a consumer' })
  expect(created.status).toBe(200)
  const { data } = await created.json()
  const verified = await call('keys.verifyKey', { key: data.key })
  const body = await verified.json()
  expect(body.data.valid).toBe(true)
  expect(verified.headers.get('x-request-id')).toBe(body.meta.requestId)
})

it('rolls back a seeded deployment', async () => {
  const res = await call('deployments.rollbackDeployment', { deploymentId: 'd_seed_v2' })
  expect(res.status).toBe(202)
})
