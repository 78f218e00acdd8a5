import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('projects.updateProject 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([[{ name: 'x' }], [{ project: 'demo', name: '' }], [{ project: 'demo', deleteProtection: 'yes' }]])(
    'answers 400 for %j',
    async (body) => {
      expect((await call(t, 'projects.updateProject', body)).status).toBe(400)
    },
  )
})
