import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type ApiName, operationMatcher } from './specs.ts'

export interface Answer {
  method: string
  path: string
  status: number
  /** The operation of the spec the request matched, if any. */
  operationId?: string
  /** Whether the spec documents `status` for that operation. */
  documented: boolean
}

export interface Recorder {
  /** Point the SDK here: every request is forwarded to the service, every answer recorded. */
  url: string
  answers: Answer[]
  close(): Promise<void>
}

/** A pass-through proxy in front of a service that notes what each SDK request was answered. */
export async function startRecorder(api: ApiName, target: string): Promise<Recorder> {
  const match = operationMatcher(api)
  const answers: Answer[] = []
  const upstream = new URL(target)
  const server = createServer((req, res) => {
    const forward = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        const method = req.method ?? 'GET'
        const op = match(method, req.url ?? '/')
        const status = answer.statusCode ?? 0
        answers.push({
          method,
          path: new URL(req.url ?? '/', 'http://x').pathname,
          status,
          ...(op ? { operationId: op.operationId } : {}),
          documented: op?.statuses.includes(String(status)) ?? false,
        })
        res.writeHead(status, answer.headers)
        answer.pipe(res)
      },
    )
    forward.on('error', (error) => res.destroy(error))
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answers,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The answers the spec does not document, as `METHOD path → status` lines. */
export function undocumented(answers: readonly Answer[]): string[] {
  return answers
    .filter((a) => !a.documented)
    .map(
      (a) =>
        `${a.method} ${a.path} → ${a.status}${a.operationId ? ` (${a.operationId})` : ' (no operation)'}`,
    )
}
