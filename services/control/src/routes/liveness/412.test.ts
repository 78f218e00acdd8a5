import { sqlError, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { FAULTY } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('liveness 412 (%s)', (kind) => {
  const t = useTestService({ kind, ...FAULTY })

  const get = () => t.clientFor(undefined).raw.GET('/v2/liveness')

  it('answers 412 while the database cannot be reached, and 200 again once it can', async () => {
    expect((await get()).response.status).toBe(200)
    t.faults.failAll(sqlError('08006', 'connection to server was lost'))
    try {
      const { response, error } = await get()
      expect(response.status).toBe(412)
      expect(error?.error).toMatchObject({
        status: 412,
        title: 'Precondition Failed',
        type: 'https://docs.deploy-control.dev/errors/application/service_not_ready',
      })
    } finally {
      t.faults.heal()
    }
    expect((await get()).response.status).toBe(200)
  })
})
