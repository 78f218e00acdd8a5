import { problem, type ValidationError } from '@apiplatform/control-routes'

/** The 400 body with its required `errors[]`. */
export function badRequest(requestId: string, detail: string, ...errors: ValidationError[]) {
  return problem(requestId, 400, 'request/invalid_body', detail, { errors }) as {
    meta: { requestId: string }
    error: { title: string; detail: string; status: number; type: string; errors: ValidationError[] }
  }
}
