import { sqlError, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService, validator } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { FAULTY } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('liveness 412 (%s)', (kind) => {
  const t = useTestService({ kind, ...FAULTY })

  it('answers 412 while the database cannot be reached, and 200 again once it can', async () => {
    expect((await call(t, 'liveness', undefined, null)).response.status).toBe(200)
    t.faults.failAll(sqlError('08006', 'connection to server was lost'))
    try {
      const { response, error } = await call(t, 'liveness', undefined, null)
      expect(response.status).toBe(412)
      expect(error?.error).toMatchObject({
        status: 412,
        title: 'Precondition Failed',
        type: 'https://docs.deploy-control.dev/errors/application/service_not_ready',
      })
      // GET, as the public interface serves it, answers the same.
      const get = await fetch(`${t.service.url}/v2/liveness`)
      expect(get.status).toBe(412)
      validator.assertValid({
        method: 'POST',
        path: '/v2/liveness',
        status: 412,
        contentType: get.headers.get('content-type'),
        body: await get.json(),
      })
    } finally {
      t.faults.heal()
    }
    expect((await call(t, 'liveness', undefined, null)).response.status).toBe(200)
  })
})
