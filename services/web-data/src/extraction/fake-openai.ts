import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request the fake received: its headers and parsed JSON body. */
export interface FakeRequest {
  path: string
  headers: IncomingHttpHeaders
  body: {
    model?: string
    messages?: Array<{ role: string; content: string }>
    response_format?: {
      type: string
      json_schema?: { name: string; schema: Record<string, unknown>; strict: boolean }
    }
  }
}

/** How the fake answers one request: a status and JSON (or raw text), or never (`hang`). */
export type FakeReply = { status?: number; json?: unknown; text?: string } | 'hang'

/**
 * An OpenAI-compatible chat completions endpoint on 127.0.0.1 (port 0) for the tests: it records
 * what it receives and answers with `reply`, which a test replaces to script the next answers.
 */
export interface FakeOpenAi {
  /** What OPENAI_BASE_URL would be, e.g. `http://127.0.0.1:41234/v1`. */
  baseUrl: string
  requests: FakeRequest[]
  reply: (request: FakeRequest) => FakeReply
  /**
   * Forgets the requests received so far, and any request that started before this call but
   * finishes arriving after it (a previous test's, e.g. one its client gave up on).
   */
  reset(): void
  close(): Promise<void>
}

/** A chat completion whose message is `content` (objects are sent as their JSON). */
export function completion(
  content: unknown,
  usage = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
): { json: unknown } {
  return {
    json: {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: typeof content === 'string' ? content : JSON.stringify(content),
          },
          finish_reason: 'stop',
        },
      ],
      usage,
    },
  }
}

export async function startFakeOpenAi(
  reply: FakeOpenAi['reply'] = () => completion({}),
): Promise<FakeOpenAi> {
  const fake = { requests: [] as FakeRequest[], reply } as FakeOpenAi
  let generation = 0
  fake.reset = () => {
    generation++
    fake.requests.length = 0
  }
  const server = createServer((req, res) => {
    const startedIn = generation
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', () => {
      const request: FakeRequest = {
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw || '{}'),
      }
      if (startedIn === generation) fake.requests.push(request)
      const answer = req.url === '/v1/chat/completions' ? fake.reply(request) : { status: 404, json: {} }
      if (answer === 'hang') return
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
      res.end(answer.text ?? JSON.stringify(answer.json ?? {}))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return fake
}
