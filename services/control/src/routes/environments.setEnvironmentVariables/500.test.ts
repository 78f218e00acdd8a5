import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { FAULTY, it500 } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('environments.setEnvironmentVariables 500 (%s)', (kind) => {
  const t = useService(kind, FAULTY)
  it500(t, 'environments.setEnvironmentVariables', {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    environment: 'production',
    variables: [
      {
        key: 'STRIPE_SECRET_KEY',
        value: 'sk_live_51Hx9cQ2eZvKYlo2C8f3kLm',
        description: 'Live secret key of the payments account.',
      },
      { key: 'LOG_LEVEL', value: 'info', kind: 'recoverable' },
    ],
  })
})
