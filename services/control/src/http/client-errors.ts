import { newRequestId, problem, type ValidationError } from '@apiplatform/control-routes'
import type { ClientErrorAnswer, ClientErrorKind } from '@apiplatform/server-kit'

const ANSWERS: Record<ClientErrorKind, { type: string; detail: string; error: ValidationError }> = {
  timeout: {
    type: 'request/request_timeout',
    detail: 'The request was not received in time.',
    error: {
      location: 'body',
      message: 'Request not received within the time limit',
      fix: 'Send the headers and the whole body without pausing.',
    },
  },
  headers_too_large: {
    type: 'request/headers_too_large',
    detail: 'The request headers are too large.',
    error: { location: 'header', message: 'Headers too large', fix: 'Send at most 16 KiB of headers.' },
  },
  malformed: {
    type: 'request/malformed_request',
    detail: 'The request is not valid HTTP/1.1.',
    error: { location: 'header', message: 'Not an HTTP/1.1 request' },
  },
}

/**
 * The answers to requests Node refuses before the app sees them. The API documents `400` for a
 * request it cannot accept, on every operation, so these are `400` problems like any other.
 */
export function clientErrorAnswer(kind: ClientErrorKind): ClientErrorAnswer {
  const requestId = newRequestId()
  const { type, detail, error } = ANSWERS[kind]
  return {
    status: 400,
    body: problem(requestId, 400, type, detail, { errors: [error] }),
    headers: { 'X-Request-Id': requestId },
  }
}
