import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { addDomain, call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.deleteDomain 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('detaches the domain; the name can be attached again', async () => {
    const fx = await t.fixture()
    const { domain } = await addDomain(t, fx)
    const answer = await call(t, 'domains.deleteDomain', { domain })
    expect(answer.status).toBe(200)
    expect(answer.data.data).toEqual({})
    expect((await call(t, 'domains.getDomain', { domain })).status).toBe(404)
    expect((await call(t, 'domains.createDomain', { ...production(fx), domain })).status).toBe(200)
  })
})
