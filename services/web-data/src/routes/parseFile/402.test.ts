import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { buildPdf } from '../../parse/fixtures.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/parse → 402 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses a team without credits, and a PDF with more pages than credits, charging nothing', async () => {
    for (const [credits, pages] of [
      [0, 1],
      [2, 3],
    ] as const) {
      const team = await t.newTeam(credits)
      const form = new FormData()
      form.append(
        'file',
        new File(
          [buildPdf(Array.from({ length: pages }, (_, i) => [`page ${i + 1}`]))] as BlobPart[],
          'a.pdf',
        ),
      )
      const { error, response } = await t.clientWith(team.key).POST('/v2/parse', { body: form as never })
      expect(response.status).toBe(402)
      expect(error).toEqual({ success: false, error: 'Payment Required: Insufficient credits' })
      expect(await balance(t.service.db, team.teamId)).toBe(credits)
    }
  })
})
