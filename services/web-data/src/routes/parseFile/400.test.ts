import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/parse → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses a request without a file', async () => {
    const form = new FormData()
    form.append('options', '{}')
    const { error, response } = await t.client.POST('/v2/parse', { body: form as never })
    expect(response.status).toBe(400)
    expect(error?.error).toBe('Bad Request')
  })

  it('refuses a file type it cannot convert', async () => {
    const form = new FormData()
    form.append(
      'file',
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])], 'logo.png', { type: 'image/png' }),
    )
    const { error, response } = await t.client.POST('/v2/parse', { body: form as never })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({ success: false, error: 'Bad Request', code: 'UNSUPPORTED_FILE_TYPE' })
  })

  it('refuses a file name with a NUL, naming the field', async () => {
    const form = new FormData()
    form.append('file', new File(['# title'], 'notes\u0000.md', { type: 'text/markdown' }))
    const { error, response } = await t.client.POST('/v2/parse', { body: form as never })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({
      success: false,
      error: 'Bad Request',
      details: [{ in: 'body', path: ['file'] }],
    })
  })
})
