import type { Logger } from '../log/logger.js'
import {
  answerRequestId,
  type ClientErrorAnswer,
  type ClientErrorKind,
  type RefusedRequest,
} from './client-error.js'

/**
 * The one log line of a request refused before the app sees it, shaped like the app's request
 * lines (`requestLog`) so both read alike, with `refused` saying why and, when known, `reason`
 * (the parser's error code or message).
 */
export function logRefusal(
  logger: Logger | undefined,
  kind: ClientErrorKind,
  answer: ClientErrorAnswer,
  request?: RefusedRequest,
  reason?: string,
): void {
  if (!logger?.isLevelEnabled('info')) return
  const line = {
    reqId: answerRequestId(answer),
    method: request?.method,
    path: request?.path,
    status: answer.status,
    refused: kind,
    ...(reason ? { reason } : {}),
  }
  logger.info(
    line,
    request ? `${request.method} ${request.path} ${answer.status}` : `refused ${answer.status}`,
  )
}
