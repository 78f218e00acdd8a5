import { newRequestId, problem, type ValidationError } from '@apiplatform/control-routes'
import type { ClientErrorAnswer, ClientErrorKind, RefusedRequest } from '@apiplatform/server-kit'

type BadRequestKind = Exclude<ClientErrorKind, 'unroutable_path'>

const ANSWERS: Record<BadRequestKind, { type: string; detail: string; error: ValidationError }> = {
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
  invalid_host: {
    type: 'request/invalid_host',
    detail: 'The request needs exactly one Host header naming the server.',
    error: {
      location: 'header.host',
      message: 'Missing, repeated or empty Host header',
      fix: 'Send one Host header, e.g. Host: api.example.com.',
    },
  },
}

/**
 * The answers to requests refused before the app sees them. The API documents `400` for a
 * request it cannot accept, on every operation, so these are `400` problems like any other; a
 * path with dot segments or an encoded slash is one no operation serves, the same 404 as an
 * unknown path.
 */
export function clientErrorAnswer(kind: ClientErrorKind, request?: RefusedRequest): ClientErrorAnswer {
  const requestId = newRequestId()
  if (kind === 'unroutable_path') {
    const at = request ? `${request.method} ${request.path}` : 'this path'
    return {
      status: 404,
      body: problem(requestId, 404, 'request/route_not_found', `No operation is served at ${at}.`),
      headers: { 'X-Request-Id': requestId },
    }
  }
  const { type, detail, error } = ANSWERS[kind]
  return {
    status: 400,
    body: problem(requestId, 400, type, detail, { errors: [error] }),
    headers: { 'X-Request-Id': requestId },
  }
}
