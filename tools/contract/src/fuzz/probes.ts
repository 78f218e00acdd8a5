import type { FuzzOperation } from './operations.js'
import type { FuzzRequest } from './request.js'
import type { ProbeRequest } from './types.js'

const LIVENESS_NAMES = /liveness|health/i

/** A known failure's probe as a request. */
export function fromProbe(probe: ProbeRequest): FuzzRequest {
  const kind = probe.kind ?? 'valid'
  const [path, query] = probe.path.split(/(?=\?)/) as [string, string | undefined]
  return {
    operation: `${probe.method ?? 'POST'} ${path}`,
    kind,
    method: probe.method ?? 'POST',
    template: path,
    pathParams: {},
    query: query ?? '',
    authorization: probe.authorization === undefined ? 'valid' : probe.authorization,
    contentType:
      probe.contentType === undefined
        ? probe.body !== undefined || probe.raw !== undefined
          ? 'application/json'
          : null
        : probe.contentType,
    body:
      probe.raw !== undefined
        ? { type: 'text', text: probe.raw }
        : probe.body !== undefined
          ? { type: 'json', value: probe.body }
          : undefined,
    invalid: probe.invalid ?? kind !== 'valid',
  }
}

/** The request that tells whether the service still answers (its liveness operation). */
export function livenessProbe(operations: FuzzOperation[]): FuzzRequest {
  const op =
    operations.find((o) => LIVENESS_NAMES.test(o.id) || LIVENESS_NAMES.test(o.template)) ??
    operations.find((o) => o.method === 'GET' && o.parameters.every((p) => !p.required))
  if (!op)
    throw new Error('no liveness probe: the spec has no liveness operation and no GET without parameters')
  return {
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
}
