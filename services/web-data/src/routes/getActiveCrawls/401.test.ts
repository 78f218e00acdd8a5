import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/crawl/active → 401 (%s)', (kind) => {
  const _site = useCrawlSite()
  const t = useTestService({ kind, worker: false })
  const withAuthorization = (authorization: string) =>
    fetch(`${t.url}/v2/crawl/active`, { headers: { authorization } })

  it('answers Unauthorized: Invalid token without a valid key', async () => {
    for (const key of ['', 'wd-unknown']) {
      const { error, response } = await t.clientWith(key).GET('/v2/crawl/active')
      expect(response.status).toBe(401)
      expect(error).toEqual({ success: false, error: 'Unauthorized: Invalid token' })
    }
  })

  it('takes the scheme in any case (RFC 7235)', async () => {
    for (const scheme of ['bearer', 'BEARER']) {
      expect((await withAuthorization(`${scheme} ${t.apiKey}`)).status, scheme).toBe(200)
    }
  })

  it('answers 401 when the scheme and the key are not separated by spaces', async () => {
    for (const authorization of [`Bearer\t${t.apiKey}`, `Bearer${t.apiKey}`, `Bearer ${t.apiKey} x`]) {
      const response = await withAuthorization(authorization)
      expect(response.status, JSON.stringify(authorization)).toBe(401)
      expect(await response.json()).toEqual({ success: false, error: 'Unauthorized: Invalid token' })
    }
  })
})
