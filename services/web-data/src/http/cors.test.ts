import { describe, expect, it } from 'vitest'
import { configFromEnv } from '../config.js'
import { useTestService } from '../testing/lifecycle.js'

/** The docs portal's "try it" calls the service from the browser: CORS for its origin only. */
describe('CORS for the docs portal', () => {
  const t = useTestService()
  const preflight = (origin: string) =>
    fetch(`${t.url}/v2/team/credit-usage`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })

  it('answers a preflight from the docs origin with 204 and the headers a browser needs', async () => {
    const response = await preflight('http://127.0.0.1:7300')
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:7300')
    expect(response.headers.get('access-control-allow-methods')).toContain('GET')
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization')
  })

  it('lets the docs origin read answers, the documented 401 included', async () => {
    const origin = 'http://localhost:7300'
    const ok = await fetch(`${t.url}/v2/team/credit-usage`, {
      headers: { origin, authorization: `Bearer ${t.apiKey}` },
    })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('access-control-allow-origin')).toBe(origin)
    const denied = await fetch(`${t.url}/v2/team/credit-usage`, { headers: { origin } })
    expect(denied.status).toBe(401)
    expect(denied.headers.get('access-control-allow-origin')).toBe(origin)
    expect((await denied.json()).success).toBe(false)
  })

  it('gives other origins nothing: the preflight is the usual 405, without CORS headers', async () => {
    const response = await preflight('https://elsewhere.example')
    expect(response.status).toBe(405)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect((await response.json()).success).toBe(false)
  })

  it('reads CORS_ORIGINS (default: the docs portal on port 7300)', () => {
    expect(configFromEnv({}).corsOrigins).toEqual(['http://127.0.0.1:7300', 'http://localhost:7300'])
    expect(configFromEnv({ CORS_ORIGINS: 'https://docs.acme.dev' }).corsOrigins).toEqual([
      'https://docs.acme.dev',
    ])
    expect(configFromEnv({ CORS_ORIGINS: 'none' }).corsOrigins).toEqual([])
  })
})
