import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('apps.listApps 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'apps.listApps', [
    [{}, 'body.project'],
    [{ project: 'demo', limit: 101 }, 'body.limit'],
    [{ project: 'demo', cursor: 'not-a-cursor' }, 'body.cursor'],
  ])
})
