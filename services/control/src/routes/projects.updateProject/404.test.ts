import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('projects.updateProject 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown project', async () => {
    expect((await call(t, 'projects.updateProject', { project: 'no-such-project', name: 'x' })).status).toBe(
      404,
    )
  })
})
