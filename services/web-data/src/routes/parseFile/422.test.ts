import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { authenticate } from '../../billing/keys.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/parse → 422 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('answers Unprocessable Entity for a broken PDF or DOCX and charges nothing', async () => {
    const teamId = (await authenticate(t.service.db, t.apiKey))?.teamId as string
    const before = await balance(t.service.db, teamId)
    for (const [bytes, name] of [
      ['%PDF-1.4\nthis is not really a pdf', 'broken.pdf'],
      ['PK\u0003\u0004 not a zip at all', 'broken.docx'],
    ] as const) {
      const form = new FormData()
      form.append('file', new File([bytes], name))
      const { error, response } = await t.client.POST('/v2/parse', { body: form as never })
      expect(response.status).toBe(422)
      expect(error).toMatchObject({ success: false, error: 'Unprocessable Entity', code: 'PARSE_FAILED' })
    }
    expect(await balance(t.service.db, teamId)).toBe(before)
  })
})
