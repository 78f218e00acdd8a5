import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { errorBody, validationDetails } from './errors.js'
import type { ErrorResponder } from './generated/runtime/route-error.js'

/** How the web-data API answers each error the route app raises: `{ success: false, error, details?, code? }`. */
export const errorResponse: ErrorResponder = (c, error, requestId) => {
  const fail = (message: string, extra: { details?: unknown; code?: string } = {}) =>
    c.json(errorBody(message, extra), error.status as ContentfulStatusCode)
  switch (error.kind) {
    case 'invalid_request':
      return fail('Bad Request', { details: validationDetails(error.target, error.error, error.input) })
    case 'malformed_body':
      return fail('Bad Request', {
        details: [
          { in: 'body', path: [], message: error.message || 'Malformed request body', code: 'invalid_json' },
        ],
      })
    case 'invalid_content_type':
      return fail('Bad Request', {
        details: [
          {
            in: 'header',
            path: ['content-type'],
            message: error.contentType
              ? `Unsupported Content-Type ${error.contentType}: send application/json (multipart/form-data for uploads)`
              : 'Content-Type is required with a request body: send application/json (multipart/form-data for uploads)',
            code: 'invalid_content_type',
          },
        ],
      })
    case 'route_not_found':
      return fail('Not Found')
    case 'method_not_allowed':
      return fail('Method Not Allowed')
    case 'payload_too_large':
      return fail('Payload Too Large')
    case 'not_implemented':
      return fail('Not Implemented', { code: 'NOT_IMPLEMENTED' })
    case 'http_error':
      return fail(error.message || 'Bad Request')
    case 'unexpected_error':
      return fail('Internal Server Error', { details: { requestId } })
  }
}
