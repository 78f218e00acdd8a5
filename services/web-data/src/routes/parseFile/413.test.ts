import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/parse → 413 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses an upload larger than the body limit (WEB_DATA_MAX_BODY_BYTES)', async () => {
    const form = new FormData()
    form.append(
      'file',
      new File([new Uint8Array(t.service.port > 0 ? 1_100_000 : 0).fill(65)], 'big.txt', {
        type: 'text/plain',
      }),
    )
    const { error, response } = await t.client.POST('/v2/parse', { body: form as never })
    expect(response.status).toBe(413)
    expect(error).toEqual({ success: false, error: 'Payload Too Large' })
  })
})
