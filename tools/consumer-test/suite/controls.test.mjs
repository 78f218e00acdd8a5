// A team's own test of its retry handling: a control stand-in started in the test file with its test
// controls, and the published client with its default options (retries on).
import { createControlClient } from '@apiplatform/control-client'
import { startControlService } from '@apiplatform/control-service'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'

let service
let control
beforeAll(async () => {
  service = await startControlService({ port: 0, storage: 'memory', testControls: true })
  control = createControlClient({ baseUrl: service.url, rootKey: service.rootKey })
})
afterAll(() => service?.stop())
beforeEach(() => service.controls.reset())

it('an injected 503 is retried by the client; the journal shows both attempts; reset forgets the key', async () => {
  const { apiId } = await control.apis.createApi({ name: 'retry-handling' })
  service.controls.fault({ operationId: 'keys.createKey', status: 503, times: 1 })
  const { keyId } = await control.keys.createKey({ apiId, name: 'after-a-503' })
  const attempts = service.controls.journal({ operationId: 'keys.createKey' })
  expect(attempts.map((a) => a.status)).toEqual([503, 200])
  expect(attempts[1].requestBody).toEqual({ apiId, name: 'after-a-503' })
  await service.controls.reset()
  await expect(control.keys.getKey({ keyId })).rejects.toMatchObject({ status: 404 })
  expect(service.controls.journal()).toHaveLength(1)
})

it('a rate-limit window passes when the clock is advanced, not waited for', async () => {
  const limit = () =>
    control.ratelimit.limit({ namespace: 'signups', identifier: 'u1', limit: 1, duration: 3_600_000 })
  expect((await limit()).success).toBe(true)
  expect((await limit()).success).toBe(false)
  await service.controls.advanceClock(3_600_001)
  expect((await limit()).success).toBe(true)
})
