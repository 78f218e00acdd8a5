/**
 * web-data-retryable: every 4xx/5xx response of the web-data API carries
 * `x-retryable: yes | no | sometimes`, equal to the Retryable column of the error catalog for
 * the statuses it lists (408, 429, 500, 502, 503, 504: yes; 422: sometimes; 400, 401, 402,
 * 403, 404, 409, 413: no). A 429 response documents the `Retry-After` header.
 *
 * Option `catalog`: a `{status: yes|no|sometimes}` map replacing the built-in catalog.
 */
import { isErrorStatus, operationVisitor, reporter, responsesOf } from '../operations.js'
import { isObject } from '../refs.js'
import type { Rule } from '../types.js'

const VALUES = ['yes', 'no', 'sometimes']

/** The Retryable column of the web-data error catalog (specs/web-data/reference/error-catalog.json), per status. */
export const CATALOG: Record<string, string> = {
  '400': 'no',
  '401': 'no',
  '402': 'no',
  '403': 'no',
  '404': 'no',
  '408': 'yes',
  '409': 'no',
  '413': 'no',
  '422': 'sometimes',
  '429': 'yes',
  '500': 'yes',
  '502': 'yes',
  '503': 'yes',
  '504': 'yes',
}

/** Statuses that are retryable in general: whatever the catalog says, never `no`. */
const RETRYABLE = ['408', '429', '500', '502', '503', '504']

export const webDataRetryable: Rule = (options) => {
  const catalog = isObject(options.catalog)
    ? Object.fromEntries(Object.entries(options.catalog).map(([k, v]) => [k, String(v)]))
    : CATALOG
  const seen = new Set<string>()
  return operationVisitor((op, ctx) => {
    const report = reporter(ctx, seen)
    for (const [status, response] of responsesOf(ctx, op)) {
      if (!isErrorStatus(status)) continue
      const what = `operation ${op.name}: response ${status}`
      const value = response.node['x-retryable']
      const expected = catalog[status]
      if (value === undefined) {
        report(
          `${what}: add x-retryable: ${expected ?? 'yes|no|sometimes'}${expected ? ' (the Retryable column of the error catalog)' : ''}.`,
          response.location,
          'missing',
        )
      } else if (typeof value !== 'string' || !VALUES.includes(value)) {
        report(
          `${what}: x-retryable must be one of yes|no|sometimes, not ${JSON.stringify(value)}.`,
          response.location.child('x-retryable'),
          'enum',
        )
      } else if (RETRYABLE.includes(status) && value === 'no') {
        report(
          `${what}: ${status} is retryable with backoff; x-retryable must not be "no" (the catalog says ${expected ?? 'yes'}).`,
          response.location.child('x-retryable'),
          'no',
        )
      } else if (expected !== undefined && value !== expected) {
        report(
          `${what}: x-retryable is "${value}" but the error catalog says "${expected}" for ${status}.`,
          response.location.child('x-retryable'),
          `catalog ${value}`,
        )
      }
      if (status === '429') {
        const headers = isObject(response.node.headers) ? Object.keys(response.node.headers) : []
        if (!headers.some((h) => h.toLowerCase() === 'retry-after')) {
          report(
            `${what}: document the Retry-After header (seconds to wait) under headers.`,
            response.location,
            'retry-after',
          )
        }
      }
    }
  })
}
