import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { FAULTY, it500 } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('deploy.createDeployment 500 (%s)', (kind) => {
  const t = useService(kind, FAULTY)
  it500(t, 'deploy.createDeployment', {
    project: 'prj_4xQm8TzL2nWcVb',
    app: 'checkout-api',
    branch: 'main',
    environmentSlug: 'production',
    dockerImage: 'ghcr.io/acme/checkout-api:1.14.2',
    gitCommit: {
      commitSha: '3f9c2a1e8b7d6f5a4c3b2a1e0f9d8c7b6a5f4e3d',
      commitMessage: 'Speed up cart totals',
      authorHandle: 'jdoe',
      authorAvatarUrl: 'https://avatars.githubusercontent.com/u/1234567',
      timestamp: 1767225500000,
    },
  })
})
