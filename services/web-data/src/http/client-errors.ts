import type { ClientErrorAnswer, ClientErrorKind } from '@apiplatform/server-kit'
import { errorBody, newRequestId } from '@apiplatform/web-data-routes'

const MESSAGES: Record<Exclude<ClientErrorKind, 'timeout' | 'unroutable_path'>, string> = {
  headers_too_large: 'The request headers are too large',
  malformed: 'The request is not valid HTTP/1.1',
  invalid_host: 'The request needs exactly one Host header naming the server',
}

/**
 * The answers to requests refused before the app sees them, in the API's format and with the
 * request id every response carries: a request not received in time is the catalog's retryable
 * 408 `Request Timeout`; a path with dot segments or an encoded slash is one no operation serves,
 * the same 404 as an unknown path; the others are a 400 `Bad Request`.
 */
export function clientErrorAnswer(kind: ClientErrorKind): ClientErrorAnswer {
  const headers = { 'X-Request-Id': newRequestId() }
  if (kind === 'timeout') return { status: 408, body: errorBody('Request Timeout'), headers }
  if (kind === 'unroutable_path') return { status: 404, body: errorBody('Not Found'), headers }
  return {
    status: 400,
    body: errorBody('Bad Request', {
      details: [{ in: 'header', path: [], message: MESSAGES[kind], code: kind }],
    }),
    headers,
  }
}
