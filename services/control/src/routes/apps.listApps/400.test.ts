import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('apps.listApps 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.project'],
    [{ project: 'demo', limit: 101 }, 'body.limit'],
    [{ project: 'demo', cursor: 'not-a-cursor' }, 'body.cursor'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'apps.listApps', body, location))
})
