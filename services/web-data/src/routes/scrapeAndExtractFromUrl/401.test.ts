import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { revokeKey } from '../../billing/keys.js'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/scrape → 401 (%s)', (kind) => {
  const t = useTestService({ kind })

  const body = { url: 'https://example.org/' }

  it('refuses a request without a key', async () => {
    const { error, response } = await t.clientWith('').POST('/v2/scrape', { body })
    expect(response.status).toBe(401)
    expect(error).toEqual({
      success: false,
      error: 'Unauthorized: Invalid token',
    })
  })

  it('refuses a malformed Authorization header', async () => {
    const { error, response } = await t.client.POST('/v2/scrape', {
      body,
      headers: {
        authorization: `Basic ${Buffer.from('user:pass').toString('base64')}`,
      },
    })
    expect(response.status).toBe(401)
    expect(error?.error).toBe('Unauthorized: Invalid token')
  })

  it('refuses an unknown key', async () => {
    const { error, response } = await t.clientWith('wd-unknown').POST('/v2/scrape', { body })
    expect(response.status).toBe(401)
    expect(error?.error).toBe('Unauthorized: Invalid token')
  })

  it('refuses a revoked key', async () => {
    const team = await t.newTeam(100)
    await revokeKey(t.service.db, team.keyId)
    const { error, response } = await t.clientWith(team.key).POST('/v2/scrape', { body })
    expect(response.status).toBe(401)
    expect(error?.error).toBe('Unauthorized: Invalid token')
  })
})
