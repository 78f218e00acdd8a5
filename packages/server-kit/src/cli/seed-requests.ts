/**
 * Seeding through the API itself: a list of requests sent to a freshly started service with its
 * bootstrap credential, in order. Whatever the API can create can be seeded, and the data is as
 * valid as if a client had created it. A request answered with anything but 2xx fails the start.
 */
import { readFileSync } from 'node:fs'
import { StartupError } from '../startup/startup-error.js'

export interface SeedRequest {
  /** Default `POST`. */
  method?: string
  /** Path of the operation, e.g. `/v2/apis.createApi` or `/v2/scrape`. */
  path: string
  /** JSON body. */
  body?: unknown
}

/** Sends `requests` in order; resolves with their parsed response bodies. */
export async function sendSeedRequests(
  baseUrl: string,
  credential: string,
  requests: readonly SeedRequest[],
): Promise<unknown[]> {
  const answers: unknown[] = []
  for (const [index, request] of requests.entries()) {
    const method = (request.method ?? 'POST').toUpperCase()
    const what = `seed request ${index + 1} (${method} ${request.path})`
    if (typeof request.path !== 'string' || !request.path.startsWith('/'))
      throw new StartupError(`${what}: path must start with /`)
    const response = await fetch(new URL(request.path, baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${credential}`,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    })
    const text = await response.text()
    if (!response.ok) throw new StartupError(`${what} answered ${response.status}: ${text.slice(0, 500)}`)
    answers.push(text ? JSON.parse(text) : undefined)
  }
  return answers
}

/** Reads a seed file: a JSON array of `{ method?, path, body? }`. */
export function readSeedFile(file: string): SeedRequest[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new StartupError(`seed file ${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!Array.isArray(parsed) || parsed.some((r) => !r || typeof r !== 'object' || typeof r.path !== 'string'))
    throw new StartupError(`seed file ${file}: expected a JSON array of { "method"?, "path", "body"? }`)
  return parsed as SeedRequest[]
}
