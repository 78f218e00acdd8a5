import type { ResponseValidator } from './validator.js'

/**
 * A `fetch` that checks every response against the spec before handing it back. Give it to the
 * generated client in tests and every call becomes a contract test: an off-spec response rejects
 * the call with a ContractViolation that names the operation, status and the failing fields.
 */
export function validatingFetch(validator: ResponseValidator, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const response = await inner(request)
    const contentType = response.headers.get('content-type')
    const text = await response.clone().text()
    let body: unknown = text
    if (contentType?.includes('json') && text.length > 0) {
      try {
        body = JSON.parse(text)
      } catch {
        body = text
      }
    } else if (text.length === 0) {
      body = undefined
    }
    validator.assertValid({
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      contentType,
      body,
    })
    return response
  }
}
