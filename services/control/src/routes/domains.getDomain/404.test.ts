import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { addDomain, call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.getDomain 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown domain and for a domain of another workspace', async () => {
    const other = await t.fixture({ workspaceId: await t.workspace() })
    const otherKey = await t.key(['environment.*.create_domain'], { workspaceId: other.workspaceId })
    const { domain } = await addDomain({ ...t, client: t.clientFor(otherKey) }, other)
    for (const ref of ['nothing-here.example.com', domain]) {
      const answer = await call(t, 'domains.getDomain', { domain: ref })
      expect(answer.status).toBe(404)
      expect(answer.error.error.type).toBe('https://docs.deploy-control.dev/errors/data/domain_not_found')
    }
  })
})
