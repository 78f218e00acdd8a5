/**
 * The controls over HTTP, for a service started as a command: under their own path prefix, with
 * their own bearer token (an API key opens nothing here, and this token opens nothing of the API).
 * Plain JSON, not the API's format: the controls are a test facility, not part of the API.
 *
 *   GET    /__controls/rules               the fault and latency rules in force
 *   POST   /__controls/faults              { operationId?, method?, path?, status, times?, message?, headers? }
 *   POST   /__controls/latency             { operationId?, method?, path?, delayMs, times? }
 *   DELETE /__controls/rules[/{id}]        remove every rule, or one
 *   GET    /__controls/journal             ?operationId=&since=&afterSeq=&limit=
 *   DELETE /__controls/journal
 *   POST   /__controls/reset               back to the seeded state
 *   GET    /__controls/clock               { now, offsetMs }
 *   POST   /__controls/clock/advance       { ms }
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { parseBearer } from '../http/bearer.js'
import type { TestControls } from './controls.js'
import type { JournalQuery } from './journal.js'
import type { FaultOptions, LatencyOptions } from './rules.js'

export const CONTROLS_PREFIX = '/__controls'

const json = (status: number, body: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  })

const digest = (text: string) => createHash('sha256').update(text).digest()

export function isControlsPath(path: string): boolean {
  return path === CONTROLS_PREFIX || path.startsWith(`${CONTROLS_PREFIX}/`)
}

/** Answers a request under the prefix; `token` is the bearer token it needs. */
export function controlsHttpHandler(controls: TestControls, token: string) {
  const expected = digest(token)
  return async (request: Request): Promise<Response> => {
    const given = parseBearer(request.headers.get('authorization'))
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return new Response(JSON.stringify({ error: 'the test controls need their bearer token' }), {
        status: 401,
        headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="test-controls"' },
      })
    }
    const url = new URL(request.url)
    const route = `${request.method} ${url.pathname.slice(CONTROLS_PREFIX.length) || '/'}`
    try {
      return await answer(controls, route, url, request)
    } catch (error) {
      if (error instanceof RangeError || error instanceof SyntaxError || error instanceof TypeError)
        return json(400, { error: error.message })
      throw error
    }
  }
}

async function answer(controls: TestControls, route: string, url: URL, request: Request): Promise<Response> {
  const body = async <T>(): Promise<T> => {
    const value: unknown = JSON.parse((await request.text()) || '{}')
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new TypeError('the body is a JSON object')
    return value as T
  }
  switch (route) {
    case 'GET /rules':
      return json(200, { rules: controls.rules() })
    case 'POST /faults':
      return json(201, controls.fault(await body<FaultOptions>()))
    case 'POST /latency':
      return json(201, controls.latency(await body<LatencyOptions>()))
    case 'DELETE /rules':
      controls.clearRules()
      return json(204, undefined)
    case 'GET /journal':
      return json(200, { entries: controls.journal(journalQuery(url.searchParams)) })
    case 'DELETE /journal':
      controls.clearJournal()
      return json(204, undefined)
    case 'POST /reset':
      await controls.reset()
      return json(204, undefined)
    case 'GET /clock':
      return json(200, clockState(controls))
    case 'POST /clock/advance': {
      const { ms } = await body<{ ms?: unknown }>()
      if (typeof ms !== 'number') throw new TypeError('advance takes { "ms": <number> }')
      await controls.advanceClock(ms)
      return json(200, clockState(controls))
    }
  }
  const rule = /^DELETE \/rules\/([^/]+)$/.exec(route)
  if (rule)
    return controls.removeRule(decodedOrItself(rule[1] as string))
      ? json(204, undefined)
      : json(404, { error: 'no such rule' })
  return json(404, { error: `no test control at ${route}` })
}

/** A rule id from the path; a malformed escape (`%zz`) names no rule rather than failing. */
function decodedOrItself(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const clockState = (controls: TestControls) => ({
  now: new Date(controls.now()).toISOString(),
  offsetMs: controls.clockOffsetMs(),
})

function journalQuery(params: URLSearchParams): JournalQuery {
  const number = (name: string): number | undefined => {
    const value = params.get(name)
    if (value === null) return undefined
    const n = Number(value)
    if (!Number.isFinite(n)) throw new RangeError(`${name} is a number`)
    return n
  }
  const since = params.get('since')
  const operationId = params.get('operationId')
  const afterSeq = number('afterSeq')
  const limit = number('limit')
  return {
    ...(operationId ? { operationId } : {}),
    ...(since ? { since: /^\d+$/.test(since) ? Number(since) : since } : {}),
    ...(afterSeq !== undefined ? { afterSeq } : {}),
    ...(limit !== undefined ? { limit } : {}),
  }
}
