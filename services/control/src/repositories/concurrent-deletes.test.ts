import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../testing/harness.js'
import { call, newApi, newKey, unique } from '../testing/keys-fixtures.js'
import { addDomain } from '../testing/platform.js'

const PARALLEL = 20

/** Exactly one of the answers is 200; the others are the documented 404, in the API's error format. */
function expectOneDeleted(answers: ReadonlyArray<{ status: number; error?: { status: number } }>) {
  expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(PARALLEL - 1).fill(404)])
  for (const refused of answers.filter((a) => a.status === 404)) expect(refused.error?.status).toBe(404)
}

describe.each(testDatabaseKinds())(`${PARALLEL} concurrent deletions of one resource (%s)`, (kind) => {
  const t = useTestService({ kind })

  const deleteMany = async (operationId: string, body: unknown) =>
    (await Promise.all(Array.from({ length: PARALLEL }, () => call(t, operationId, body)))).map((r) => ({
      status: r.response.status,
      error: r.error?.error,
    }))

  it('apis.deleteApi: one 200', async () => {
    expectOneDeleted(await deleteMany('apis.deleteApi', { apiId: await newApi(t) }))
  })

  it('identities.deleteIdentity: one 200', async () => {
    const externalId = unique('user')
    await newKey(t, { externalId })
    expectOneDeleted(await deleteMany('identities.deleteIdentity', { identity: externalId }))
  })

  it('permissions.deletePermission: one 200', async () => {
    const slug = `${unique('p')}.gone`
    await newKey(t, { permissions: [slug] })
    expectOneDeleted(await deleteMany('permissions.deletePermission', { permission: slug }))
  })

  it('domains.deleteDomain: one 200', async () => {
    const { domain } = await addDomain(t, await t.fixture())
    expectOneDeleted(await deleteMany('domains.deleteDomain', { domain }))
  })
})
