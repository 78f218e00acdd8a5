import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { problem, type ValidationError, validationErrors } from './errors.js'
import type { ErrorResponder } from './generated/runtime/route-error.js'

const PART_NAMES: Record<string, string> = { json: 'body', form: 'body', param: 'path' }

/** How the control API answers each error the route app raises: an RFC 7807 problem with its `type`. */
export function problemResponse(docsUrl: string): ErrorResponder {
  return (c, error, requestId) => {
    const status = error.status
    const fail = (type: string, detail: string, errors?: ValidationError[]) =>
      c.json(
        problem(requestId, status, type, detail, { docsUrl, ...(errors ? { errors } : {}) }),
        status as ContentfulStatusCode,
      )
    switch (error.kind) {
      case 'invalid_request': {
        const part = PART_NAMES[error.target] ?? error.target
        return fail(
          `request/invalid_${part}`,
          `The request ${part} does not match the schema of this operation.`,
          validationErrors(error.target, error.error, error.input),
        )
      }
      case 'malformed_body': {
        const json = /json/i.test(error.message)
        return fail(
          json ? 'request/malformed_json' : 'request/invalid_body',
          json ? 'The request body could not be parsed as JSON.' : error.message,
          [
            {
              location: 'body',
              message: error.message,
              fix: 'Send a JSON object with Content-Type: application/json.',
            },
          ],
        )
      }
      case 'invalid_content_type':
        return fail(
          'request/invalid_content_type',
          error.contentType
            ? `The request body is sent as ${error.contentType}; this operation reads application/json.`
            : 'The request has a body but no Content-Type; this operation reads application/json.',
          [
            {
              location: 'header.content-type',
              message: error.contentType ? 'Unsupported media type' : 'Required header is missing',
              fix: 'Send the body as JSON with Content-Type: application/json.',
            },
          ],
        )
      case 'route_not_found':
        return fail('request/route_not_found', `No operation is served at ${c.req.method} ${c.req.path}.`)
      case 'method_not_allowed':
        return fail(
          'request/method_not_allowed',
          `${c.req.method} is not allowed on ${c.req.path}; use ${error.allowed.join(' or ')}.`,
        )
      // 413 carries no `errors` (only a 400 does): the detail says what to send instead.
      case 'payload_too_large':
        return fail(
          'request/payload_too_large',
          error.limit === undefined
            ? 'The request body is too large. Send a smaller body.'
            : `The request body exceeds ${error.limit} bytes. Send at most ${error.limit} bytes (split a batch into several calls).`,
        )
      case 'not_implemented':
        return fail(
          'application/not_implemented',
          `The operation ${error.operationId} is not implemented by this service.`,
        )
      case 'http_error':
        return fail('request/error', error.message || 'The request failed.')
      case 'unexpected_error':
        return fail(
          'application/unexpected_error',
          'An unexpected error occurred. Retry later and quote the requestId if it persists.',
        )
    }
  }
}
