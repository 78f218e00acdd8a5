import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('apps.getApp 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'apps.getApp', [
    [{ project: 'demo' }, 'body.app'],
    [{ project: 'demo', app: 'x' }, 'body.app'],
  ])
})
