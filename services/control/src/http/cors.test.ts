import { describe, expect, it } from 'vitest'
import { configFromEnv } from '../config.js'
import { ROOT_KEY, useTestService } from '../testing/harness.js'

/** The docs portal's "try it" calls the service from the browser: CORS for its origin only. */
describe('CORS for the docs portal', () => {
  const t = useTestService({ kind: 'pglite' })
  const url = () => `${t.service.url}/v2/deployments.listDeployments`
  const preflight = (origin: string) =>
    fetch(url(), {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    })

  it('answers a preflight from the docs origin with 204 and the headers a browser needs', async () => {
    const response = await preflight('http://127.0.0.1:7300')
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:7300')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization,content-type')
  })

  it('lets the docs origin read answers, the documented 401 included', async () => {
    const ok = await fetch(url(), {
      method: 'POST',
      headers: {
        origin: 'http://localhost:7300',
        authorization: `Bearer ${ROOT_KEY}`,
        'content-type': 'application/json',
      },
      body: '{}',
    })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:7300')
    const denied = await fetch(url(), {
      method: 'POST',
      headers: { origin: 'http://localhost:7300', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(denied.status).toBe(401)
    expect(denied.headers.get('access-control-allow-origin')).toBe('http://localhost:7300')
    expect(denied.headers.get('access-control-expose-headers')).toContain('X-Request-Id')
  })

  it('gives other origins nothing: the preflight is the usual 405 problem, without CORS headers', async () => {
    const response = await preflight('https://elsewhere.example')
    expect(response.status).toBe(405)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect((await response.json()).error.status).toBe(405)
  })

  it('reads CORS_ORIGINS (default: the docs portal on port 7300)', () => {
    expect(configFromEnv({}).corsOrigins).toEqual(['http://127.0.0.1:7300', 'http://localhost:7300'])
    expect(configFromEnv({ CORS_ORIGINS: 'https://docs.acme.dev' }).corsOrigins).toEqual([
      'https://docs.acme.dev',
    ])
    expect(configFromEnv({ CORS_ORIGINS: '' }).corsOrigins).toEqual([])
  })
})
