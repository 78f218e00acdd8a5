import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { buildPdf } from '../../parse/fixtures.js'
import { useTestService } from '../../testing/lifecycle.js'
import { upload } from '../../testing/uploads.js'

describe.each(testDatabaseKinds())('POST /v2/parse → 408 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('answers Request Timeout when parsing takes longer than options.timeout, and charges nothing', async () => {
    const team = await t.newTeam(100)
    const client = t.clientWith(team.key)
    // 40 pages of text: parsing them takes well over the 1 ms allowed.
    const pdf = buildPdf(
      Array.from({ length: 40 }, (_, i) => [`Page ${i + 1}`, 'Lorem ipsum dolor sit amet.']),
    )
    const { error, response } = await client.POST('/v2/parse', {
      body: upload(pdf, 'long.pdf', 'application/pdf', { timeout: 1 }) as never,
    })
    expect(response.status).toBe(408)
    expect(error).toEqual({ success: false, error: 'Request Timeout' })
    expect(await balance(t.service.db, team.teamId)).toBe(100)

    const relaxed = await client.POST('/v2/parse', {
      body: upload(pdf, 'long.pdf', 'application/pdf', { timeout: 60_000 }) as never,
    })
    expect(relaxed.response.status).toBe(200)
    expect(relaxed.data?.data?.metadata?.numPages).toBe(40)
  })
})
