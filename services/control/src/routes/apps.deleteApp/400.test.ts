import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('apps.deleteApp 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'apps.deleteApp', [
    [{ project: 'demo' }, 'body.app'],
    [{ project: 'demo', app: 'no spaces here' }, 'body.app'],
    [{ project: 'demo', app: 'checkout-api', force: true }, 'body.force'],
  ])
})
