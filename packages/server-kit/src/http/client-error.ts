/**
 * Requests refused before the app sees them, and the answer each service gives them in its own
 * error format (the `clientError` hook of `serve`).
 */

/**
 * Why a request is refused before the app sees it:
 * - `timeout`: its headers or its body did not arrive within the time limit (Node's parser);
 * - `headers_too_large`: its headers are larger than Node accepts (Node's parser);
 * - `malformed`: it is not HTTP, or its request target cannot be read as a URL;
 * - `invalid_host`: an HTTP/1.1 request without a Host header, with several, or with an invalid one
 *   (RFC 9112 §3.2 asks for a 400);
 * - `unroutable_path`: its path has a `.`/`..` segment or an encoded slash (`request-target.ts`),
 *   answered as a path no operation serves (404).
 */
export type ClientErrorKind =
  | 'timeout'
  | 'headers_too_large'
  | 'malformed'
  | 'invalid_host'
  | 'unroutable_path'

/** What is known of a refused request once Node has parsed it (not for Node's own refusals). */
export interface RefusedRequest {
  method: string
  /** The path as the client wrote it, undecoded and without the query. */
  path: string
}

/** The answer to a `ClientErrorKind`, in the API's error format. */
export interface ClientErrorAnswer {
  status: number
  body: unknown
  /** More response headers (e.g. the request id). */
  headers?: Record<string, string>
}

/** A service's answer to each refusal. */
export type ClientErrorHook = (kind: ClientErrorKind, request?: RefusedRequest) => ClientErrorAnswer

/** The request id an answer carries in its `X-Request-Id` header, for the log line. */
export function answerRequestId(answer: ClientErrorAnswer): string | undefined {
  const entry = Object.entries(answer.headers ?? {}).find(([name]) => name.toLowerCase() === 'x-request-id')
  return entry?.[1]
}

/**
 * The answer as a Response. The connection is closed after it: the request's body, if any, was
 * not read, and a client that sent a malformed request is not trusted to frame the next one.
 */
export function answerResponse(answer: ClientErrorAnswer): Response {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': 'application/json', ...answer.headers, Connection: 'close' },
  })
}

/** The answer as raw bytes, for a socket Node's parser gave up on (no response object exists). */
export function answerBytes(answer: ClientErrorAnswer): string {
  const text = JSON.stringify(answer.body)
  const extra = Object.entries(answer.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  return (
    `HTTP/1.1 ${answer.status} ${REASONS[answer.status] ?? 'Error'}\r\n` +
    'Content-Type: application/json\r\n' +
    extra +
    `Content-Length: ${Buffer.byteLength(text)}\r\n` +
    'Connection: close\r\n\r\n' +
    text
  )
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
}
