import type { ResponseValidator } from '../validator.js'
import { dotSegmentProblem } from './dot-segments.js'
import { leakProblem } from './leaks.js'
import { depthOf, encodeBody, type FuzzRequest, type RequestKind, requestPath } from './request.js'
import type { Outcome } from './send.js'
import type { Finding, FuzzOptions } from './types.js'

export type Verdict = Omit<Finding, 'count' | 'origin' | 'operations'>

export interface Judge {
  /** What is wrong with the answer to `request`, if anything. */
  judge(request: FuzzRequest, outcome: Outcome): Verdict | undefined
  /** Decides whether a request breaks the spec (a 2xx answer to it is then a finding). */
  settle(request: FuzzRequest): FuzzRequest
}

export function createJudge(
  validator: ResponseValidator,
  options: Pick<FuzzOptions, 'upstreamErrors' | 'environmentError'>,
  usesCredential: (operation: string) => boolean,
): Judge {
  const judge = (request: FuzzRequest, outcome: Outcome): Verdict | undefined => {
    const at = { operation: request.operation, kind: request.kind, request }
    if (!outcome.ok)
      return outcome.reason === 'timeout'
        ? { ...at, class: 'hang', message: outcome.message }
        : { ...at, class: 'no-answer', message: outcome.message }
    const { answer } = outcome
    // The path as the service sees it: dot segments resolved (`/a/b/../c` is `/a/c`).
    const sent = requestPath(request)
    const path = `${new URL(sent, 'http://fuzz.invalid').pathname}${request.query}`
    const withStatus = { ...at, status: answer.status }
    const upstream = options.upstreamErrors && (answer.status === 502 || answer.status === 504)
    if (answer.status >= 500 && !upstream && !options.environmentError?.(request.operation, answer))
      return {
        ...withStatus,
        class: 'server-error',
        message: `${request.method} ${shorten(sent)} → ${answer.status}: ${shorten(JSON.stringify(answer.body) ?? '')}`,
      }
    const leak = leakProblem(
      answer.body,
      () => `${decodeSafely(sent)}\n${encodeBody(request.body)?.toString('utf8') ?? ''}`,
    )
    if (leak) return { ...withStatus, class: 'leak', message: `${request.method} ${shorten(sent)}: ${leak}` }
    if (request.kind === 'dot-segment') {
      const problem = dotSegmentProblem(validator, request, answer)
      return problem ? { ...withStatus, class: 'dot-segment', message: problem } : undefined
    }
    if (validator.documents(request.method, path.split('?')[0] ?? '')) {
      const problem = validator.check({
        method: request.method,
        path,
        status: answer.status,
        contentType: answer.contentType,
        body: answer.body,
      })
      if (problem)
        return {
          ...withStatus,
          class: /is not documented for/.test(problem) ? 'undocumented-status' : 'invalid-body',
          message: problem,
        }
    } else {
      // 400 too: a path the service cannot decode (`%ED%A0%80`) is a bad request before it is a route.
      if (answer.status !== 404 && answer.status !== 405 && answer.status !== 400)
        return {
          ...withStatus,
          class: 'unknown-route',
          message: `${request.method} ${shorten(path)} → ${answer.status} (400, 404 or 405 expected)`,
        }
      const problem = validator.errorFormatProblem(answer.body)
      if (problem)
        return {
          ...withStatus,
          class: 'unknown-route',
          message: `${request.method} ${shorten(path)} → ${answer.status}: ${problem}`,
        }
      return undefined
    }
    if (request.kind === 'bad-auth' && answer.status !== 401)
      return {
        ...withStatus,
        class: 'auth-not-401',
        message: `Authorization ${JSON.stringify(shorten(request.authorization ?? '(none)', 60))} → ${answer.status}`,
      }
    if (
      request.kind === 'valid' &&
      request.authorization !== 'valid' &&
      answer.status === 401 &&
      usesCredential(request.operation)
    )
      return {
        ...withStatus,
        class: 'auth-refused',
        message: `Authorization ${JSON.stringify(request.authorization)} → 401`,
      }
    if (request.invalid && answer.status >= 200 && answer.status < 300)
      return {
        ...withStatus,
        class: 'accepted-invalid',
        message: `${request.kind} request answered ${answer.status}${request.problem ? ` (the body breaks the schema: ${shorten(request.problem)})` : ''}`,
      }
    return undefined
  }

  const settle = (request: FuzzRequest): FuzzRequest => {
    if (request.kind === 'nul-surrogate' || request.kind === 'invalid-utf8')
      return { ...request, invalid: hasHostileText(request) }
    // No API takes a value nested thousands of levels deep or a body over a megabyte.
    if (
      request.kind === 'deep-nesting' &&
      request.body?.type === 'json' &&
      depthOf(request.body.value, 2_000) >= 2_000
    )
      return { ...request, invalid: true }
    if (request.kind === 'huge-value' && (encodeBody(request.body)?.length ?? 0) > 1_048_576)
      return { ...request, invalid: true }
    if (
      (request.kind === 'valid' || request.kind === 'reserved-name' || isBodyMutation(request.kind)) &&
      request.body?.type === 'json' &&
      request.contentType?.includes('json')
    ) {
      const problem = validator.requestBodyProblem(
        request.method,
        request.template,
        request.contentType.split(';')[0] ?? '',
        request.body.value,
      )
      if (problem === null) return request
      return { ...request, invalid: problem !== undefined, ...(problem ? { problem } : {}) }
    }
    return request
  }

  return { judge, settle }
}

// NUL (the point of the check), the invalid-UTF-8 markers, a lone surrogate.
const HOSTILE_TEXT = new RegExp(
  `[${String.fromCharCode(0)}\uE000\uE001]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]`,
)

/** Whether a key or string of the body (or a path or query value) holds a NUL, a lone surrogate or invalid UTF-8. */
function hasHostileText(request: FuzzRequest): boolean {
  if (HOSTILE_TEXT.test(requestPath(request))) return true
  const stack: unknown[] = [
    request.body?.type === 'json'
      ? request.body.value
      : request.body?.type === 'text'
        ? request.body.text
        : request.body?.type === 'multipart'
          ? request.body.parts
          : undefined,
  ]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v === 'string' && HOSTILE_TEXT.test(v)) return true
    if (v && typeof v === 'object')
      for (const [k, child] of Object.entries(v)) {
        if (HOSTILE_TEXT.test(k)) return true
        stack.push(child)
      }
  }
  return false
}

function isBodyMutation(kind: RequestKind): boolean {
  return [
    'missing-required',
    'wrong-type',
    'out-of-range',
    'unknown-property',
    'huge-value',
    'deep-nesting',
  ].includes(kind)
}

function shorten(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text
}

function decodeSafely(path: string): string {
  try {
    return `${path}\n${decodeURIComponent(path)}`
  } catch {
    return path
  }
}
