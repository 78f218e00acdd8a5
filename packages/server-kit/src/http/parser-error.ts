import type { Socket } from 'node:net'
import type { Logger } from '../log/logger.js'
import { answerBytes, type ClientErrorHook, type ClientErrorKind } from './client-error.js'
import { logRefusal } from './refusal-log.js'

/**
 * What Node does by default with a request its parser refuses (`socketOnError`: a bare status
 * line), with the API's body and a log line instead. Node has no request object at this point.
 */
export function answerParserError(
  error: Error & { code?: string },
  socket: Socket,
  answer: ClientErrorHook,
  logger: Logger | undefined,
): void {
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (!socket.writable || pending?.headersSent || error.code === 'ECONNRESET' || error.code === 'EPIPE') {
    socket.destroy(error)
    return
  }
  const kind: ClientErrorKind =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 'timeout'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 'headers_too_large'
        : 'malformed'
  const answered = answer(kind)
  logRefusal(logger, kind, answered, undefined, error.code)
  socket.end(answerBytes(answered))
}
