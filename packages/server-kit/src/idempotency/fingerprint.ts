import { createHash } from 'node:crypto'

/**
 * What makes two requests "the same request" for one idempotency key: the method, the path with
 * its query, and the body's bytes. Headers are left out: a retry may carry another trace id.
 */
export function requestFingerprint(method: string, pathWithQuery: string, body: Uint8Array): string {
  return createHash('sha256').update(`${method.toUpperCase()}\n${pathWithQuery}\n`).update(body).digest('hex')
}
