import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { FAULTY, it500 } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('environments.updateSettings 500 (%s)', (kind) => {
  const t = useService(kind, FAULTY)
  it500(t, 'environments.updateSettings', {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
    vCpus: 1,
    memoryMib: 1024,
    healthcheck: {
      method: 'GET',
      path: '/healthz',
      intervalSeconds: 10,
      timeoutSeconds: 2,
      failureThreshold: 3,
    },
  })
})
