import type { FuzzOperation } from './operations.js'
import type { FuzzRequest } from './request.js'
import type { Sender } from './send.js'

export type ListCounts = Record<string, number>

/** Operations that list something and need no input: their counts must not move while only invalid requests are sent. */
export function listOperations(operations: FuzzOperation[]): FuzzOperation[] {
  return operations.filter(
    (o) =>
      /list|^GET /i.test(o.id) &&
      o.parameters.every((p) => !p.required) &&
      !o.template.includes('{') &&
      (!o.body || (o.body.mediaType.includes('json') && requiredFields(o).length === 0)),
  )
}

function requiredFields(o: FuzzOperation): string[] {
  return ((o.body?.schema.required as string[] | undefined) ?? []).filter(Boolean)
}

/**
 * The length of the first array of each list's answer (operations that do not answer 2xx are left
 * out; `stalled` are those that did not answer at all).
 */
export async function countLists(
  sender: Sender,
  operations: FuzzOperation[],
): Promise<{ counts: ListCounts; stalled: FuzzRequest[] }> {
  const counts: ListCounts = {}
  const stalled: FuzzRequest[] = []
  for (const op of operations) {
    const request: FuzzRequest = {
      operation: op.id,
      kind: 'valid',
      method: op.method,
      template: op.template,
      pathParams: {},
      query: '',
      authorization: op.security.length > 0 ? 'valid' : null,
      contentType: op.body ? 'application/json' : null,
      body: op.body ? { type: 'json', value: {} } : undefined,
      invalid: false,
    }
    const outcome = await sender.send(request)
    if (!outcome.ok && outcome.reason === 'timeout') stalled.push(request)
    if (!outcome.ok || outcome.answer.status >= 300) continue
    const body = outcome.answer.body as Record<string, unknown> | undefined
    const list = body && Object.values(body).find(Array.isArray)
    if (Array.isArray(list)) counts[op.id] = list.length
  }
  return { counts, stalled }
}
