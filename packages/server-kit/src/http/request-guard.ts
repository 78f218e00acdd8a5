import type { IncomingMessage } from 'node:http'
import type { ClientErrorKind, RefusedRequest } from './client-error.js'
import { targetPath, unroutablePath } from './request-target.js'

export interface Refusal {
  kind: ClientErrorKind
  request: RefusedRequest
  reason: string
}

/**
 * Why a request Node parsed must not reach the app, from what the client wrote (the raw target
 * and headers, which the Request handed to the app no longer shows), or `undefined`.
 *
 * Host is checked here rather than by Node (`requireHostHeader`), whose refusal is a bare 400:
 * an HTTP/1.1 request needs exactly one (RFC 9112 §3.2); HTTP/1.0 may go without.
 */
export function refusal(
  incoming: Pick<IncomingMessage, 'url' | 'method' | 'httpVersion' | 'rawHeaders' | 'headers'>,
): Refusal | undefined {
  const target = incoming.url ?? ''
  const request = { method: incoming.method ?? 'GET', path: targetPath(target) }
  if (incoming.httpVersion !== '1.0') {
    let hosts = 0
    for (let i = 0; i < incoming.rawHeaders.length; i += 2)
      if (incoming.rawHeaders[i]?.toLowerCase() === 'host') hosts++
    // An empty one names no host either (Node refused it too).
    if (hosts !== 1 || !incoming.headers.host) {
      const reason = hosts > 1 ? 'several Host headers' : hosts ? 'empty Host header' : 'no Host header'
      return { kind: 'invalid_host', request, reason }
    }
  }
  const unroutable = unroutablePath(request.path)
  if (unroutable) return { kind: 'unroutable_path', request, reason: unroutable }
  return undefined
}
