import type { OpenApiDocument } from '../spec.js'
import { ResponseValidator } from '../validator.js'
import { createGenerator } from './generate.js'
import { type FuzzOperation, fuzzOperations } from './operations.js'
import { createPool } from './pool.js'
import { type FuzzRequest, requestPath } from './request.js'
import { createSender } from './send.js'

/** The credentials of the matrix; a credential an API does not have (no expiry) is left out. */
export type CredentialKind =
  | 'none'
  | 'malformed'
  | 'unknown'
  | 'revoked'
  | 'expired'
  | 'no-permission'
  | 'unrelated-permission'

/** An `Authorization` header value, or null for none. */
export type Credential = string | null

export interface AuthMatrixOptions {
  spec: OpenApiDocument
  baseUrl: string
  /** The security scheme of the credentials (e.g. `bearer`); operations of other schemes expect 401 from all of them. */
  scheme: string
  credentials: {
    none?: true
    /** Several malformed header values: each must be refused with 401. */
    malformed?: string[]
    unknown?: Credential
    revoked?: Credential
    expired?: Credential
    /** A valid credential that holds no permission. */
    'no-permission'?: Credential
    /** A valid credential that holds permissions, none of which grants `operation`. */
    'unrelated-permission'?: (operation: string) => Credential
  }
  /** Body check of each refusal beyond the spec (e.g. the catalog's message); a problem or undefined. */
  expectBody?: (status: number, body: unknown) => string | undefined
  /** Deviations known while their fix is under way: reported apart; one that no longer occurs is reported fixed. */
  known?: AuthMatrixKnown[]
  seed?: number
  concurrency?: number
  timeoutMs?: number
}

export interface AuthMatrixKnown {
  defect: string
  /** Credential kinds it concerns (a `(invalid body)` variant is matched by its own name). */
  credentials: string[]
  got: number
  /** Default: any operation. */
  operations?: string[]
}

export interface AuthMatrixFailure {
  operation: string
  credential: CredentialKind | `${CredentialKind} (${string})`
  request: string
  expected: number
  got: number | string
  detail?: string
}

export interface AuthMatrixReport {
  /** Requests sent: operations × credentials (and bodies). */
  checked: number
  failures: AuthMatrixFailure[]
  /** Failures a known entry covers. */
  known: AuthMatrixFailure[]
  /** Known entries that no request showed any more: fixed, to be taken off the list. */
  fixed: AuthMatrixKnown[]
}

/**
 * Every operation of the spec with every kind of bad credential. The rule (both seeds):
 * a missing, malformed, unknown, revoked or expired credential is 401; a valid credential
 * without the permission is 403, or 404 for an operation that documents no 403 (it hides
 * existence by design), and that before the body is validated or the resource looked up.
 * Every answer must also be documented for the operation with a valid body.
 */
export async function runAuthMatrix(options: AuthMatrixOptions): Promise<AuthMatrixReport> {
  const validator = new ResponseValidator(options.spec)
  const sender = createSender(options.baseUrl, '', {
    timeoutMs: options.timeoutMs ?? 15_000,
    concurrency: options.concurrency ?? 4,
  })
  const generator = createGenerator(options.spec, createPool())
  const cases: Array<{
    operation: FuzzOperation
    credential: AuthMatrixFailure['credential']
    request: FuzzRequest
    expected: number
  }> = []
  const c = options.credentials
  fuzzOperations(options.spec).forEach((operation, index) => {
    if (operation.security.length === 0) return
    const [valid] = generator.requests(operation, 'valid', 1, (options.seed ?? 1) + index)
    if (!valid) return
    const ownScheme = operation.security.includes(options.scheme)
    const permissionStatus = !ownScheme ? 401 : operation.statuses.includes('403') ? 403 : 404
    const add = (
      credential: AuthMatrixFailure['credential'],
      authorization: Credential,
      expected: number,
    ) => {
      cases.push({ operation, credential, request: { ...valid, authorization }, expected })
      // 403 comes before the body is read: a body that is not even valid gets it too.
      if (expected === 403 && valid.body?.type === 'json')
        cases.push({
          operation,
          credential: `${credential} (invalid body)` as AuthMatrixFailure['credential'],
          request: { ...valid, authorization, body: { type: 'json', value: { unknownField: [] } } },
          expected,
        })
    }
    if (c.none) add('none', null, 401)
    for (const header of c.malformed ?? []) add(`malformed (${header.slice(0, 40)})`, header, 401)
    if (c.unknown !== undefined) add('unknown', c.unknown, 401)
    if (c.revoked !== undefined) add('revoked', c.revoked, 401)
    if (c.expired !== undefined) add('expired', c.expired, 401)
    if (c['no-permission'] !== undefined) add('no-permission', c['no-permission'], permissionStatus)
    if (c['unrelated-permission'])
      add('unrelated-permission', c['unrelated-permission'](operation.id), permissionStatus)
  })
  const failures: AuthMatrixFailure[] = []
  let next = 0
  const worker = async () => {
    while (next < cases.length) {
      const { operation, credential, request, expected } = cases[next++] as (typeof cases)[number]
      const outcome = await sender.send(request)
      const at = {
        operation: operation.id,
        credential,
        request: `${request.method} ${requestPath(request)}`,
        expected,
      }
      if (!outcome.ok) {
        failures.push({ ...at, got: outcome.reason, detail: outcome.message })
        continue
      }
      const { answer } = outcome
      const problem =
        answer.status !== expected
          ? `answered ${answer.status}: ${JSON.stringify(answer.body)?.slice(0, 200)}`
          : (validator.check({
              method: request.method,
              path: requestPath(request),
              status: answer.status,
              contentType: answer.contentType,
              body: answer.body,
            }) ?? options.expectBody?.(answer.status, answer.body))
      if (problem) failures.push({ ...at, got: answer.status, detail: problem })
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker))
  sender.close()
  const entries = options.known ?? []
  const covering = (f: AuthMatrixFailure) =>
    entries.find(
      (k) =>
        k.credentials.includes(f.credential) &&
        k.got === f.got &&
        (k.operations === undefined || k.operations.includes(f.operation)),
    )
  const known = failures.filter((f) => covering(f))
  return {
    checked: cases.length,
    failures: failures.filter((f) => !covering(f)),
    known,
    fixed: entries.filter((k) => !known.some((f) => covering(f) === k)),
  }
}

/** One line per failure, grouped by credential and status. */
export function formatAuthMatrix(report: AuthMatrixReport): string {
  const groups = new Map<string, AuthMatrixFailure[]>()
  for (const f of report.failures) {
    const key = `${f.credential}: expected ${f.expected}, got ${f.got}`
    groups.set(key, [...(groups.get(key) ?? []), f])
  }
  const lines = [
    `${report.checked} requests, ${report.failures.length} off the rule (${report.known.length} more known)`,
    ...report.fixed.map((k) => `fixed (take it off the known list): ${k.defect}`),
  ]
  for (const [key, list] of groups) {
    lines.push(`${key} on ${list.length} operations: ${list.map((f) => f.operation).join(', ')}`)
    lines.push(`  e.g. ${list[0]?.request}: ${list[0]?.detail?.slice(0, 300)}`)
  }
  return lines.join('\n')
}
