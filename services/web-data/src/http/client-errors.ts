import type { ClientErrorAnswer, ClientErrorKind } from '@apiplatform/server-kit'
import { errorBody } from '@apiplatform/web-data-routes'

/**
 * The answers to requests Node refuses before the app sees them, in the API's format: a request
 * not received in time is the catalog's retryable 408 `Request Timeout`; headers too large and
 * what is not HTTP are a 400 `Bad Request`.
 */
export function clientErrorAnswer(kind: ClientErrorKind): ClientErrorAnswer {
  if (kind === 'timeout') return { status: 408, body: errorBody('Request Timeout') }
  const message =
    kind === 'headers_too_large' ? 'The request headers are too large' : 'The request is not valid HTTP/1.1'
  return {
    status: 400,
    body: errorBody('Bad Request', { details: [{ in: 'header', path: [], message, code: kind }] }),
  }
}
