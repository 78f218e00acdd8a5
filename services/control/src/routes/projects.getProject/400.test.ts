import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('projects.getProject 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([[{}], [{ project: 'x' }], [{ project: 'demo', extra: true }]])(
    'answers 400 for %j',
    async (body) => {
      expect((await call(t, 'projects.getProject', body)).status).toBe(400)
    },
  )
})
