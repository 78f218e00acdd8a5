/**
 * Database failures that the operation does not document a status for stay 500s: every
 * operation documents 503 (src/database-unavailable.test.ts), none documents 502 or 504.
 */
import { sqlError, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from './testing/harness.js'
import { call } from './testing/keys-fixtures.js'
import { FAULTY } from './testing/statuses.js'

describe.each(testDatabaseKinds())('database failures an operation does not document (%s)', (kind) => {
  const t = useTestService({ kind, ...FAULTY })

  it.each([
    ['timeout', '57014', 'analytics.getVerifications'],
    ['invalid response', '08P01', 'deployments.getDeployment'],
  ])('%s (%s) on %s answers 500', async (_label, code, operationId) => {
    const body = operationId.startsWith('analytics.')
      ? { query: 'SELECT 1' }
      : operationId === 'apis.getApi'
        ? { apiId: 'api_1mXc4Ke7Tq2Yb9' }
        : { deploymentId: 'd_7fPm3qR9xV2wLk' }
    expect((await call(t, operationId, body)).response.status).toBeLessThan(500)
    t.faults.failAll(sqlError(code))
    try {
      const { response, error } = await call(t, operationId, body)
      expect(response.status).toBe(500)
      expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/application/unexpected_error')
    } finally {
      t.faults.heal()
    }
  })
})
