import { walkOperations } from '@apiplatform/openapi-toolkit'
import type { ValidateFunction } from 'ajv'
import type { OpenApiDocument, ResponseObject } from './spec.js'
import { SpecSchemas } from './spec-schemas.js'

export interface ResponseCheck {
  method: string
  /** The concrete request path, e.g. `/v2/agent/2f0c…`; matched against the spec's templates. */
  path: string
  status: number
  contentType: string | null
  body: unknown
}

export class ContractViolation extends Error {
  constructor(
    message: string,
    readonly check: ResponseCheck,
  ) {
    super(message)
    this.name = 'ContractViolation'
  }
}

interface CompiledOperation {
  method: string
  template: string
  matcher: RegExp
  responses: Map<string, ResponseObject>
}

/**
 * Validates responses against a bundled OpenAPI 3.1 document with Ajv (JSON Schema 2020-12), an
 * implementation independent from the zod schemas the services validate with, so a bug in code
 * generation cannot hide itself.
 */
export class ResponseValidator {
  /** Every error of a response, for the report. */
  private readonly responseSchemas: SpecSchemas
  /** The first error of a request body (only the fuzzer asks), made on first use. */
  private requestSchemas: SpecSchemas | undefined
  private readonly operations: CompiledOperation[]
  private readonly compiled = new Map<string, ValidateFunction>()

  constructor(private readonly doc: OpenApiDocument) {
    this.responseSchemas = new SpecSchemas(doc, { allErrors: true })
    this.operations = walkOperations(doc).map(({ method, path, responses }) => ({
      method,
      template: path,
      matcher: new RegExp(
        `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}/g, '[^/]+')}$`,
      ),
      responses: new Map(Object.entries(responses as Record<string, ResponseObject>)),
    }))
  }

  /** Whether a response matches a documented operation (method and path). */
  documents(method: string, path: string): boolean {
    const bare = path.split('?')[0] ?? ''
    return this.operations.some((o) => o.method === method.toLowerCase() && o.matcher.test(bare))
  }

  /**
   * What is wrong with `value` as the operation's request body (its first error): `undefined` when
   * it is valid, `null` when the operation has no such schema or Ajv cannot decide (a value too deep for it).
   */
  requestBodyProblem(
    method: string,
    template: string,
    mediaType: string,
    value: unknown,
  ): string | null | undefined {
    const operation = (
      this.doc.paths[template] as Record<string, { requestBody?: { content?: Record<string, unknown> } }>
    )?.[method.toLowerCase()]
    if (!operation?.requestBody?.content?.[mediaType]) return null
    const key = `request ${method.toLowerCase()} ${template} ${mediaType}`
    let validate = this.compiled.get(key)
    if (!validate) {
      const pointer = ['paths', template, method.toLowerCase(), 'requestBody', 'content', mediaType, 'schema']
      this.requestSchemas ??= new SpecSchemas(this.doc, { allErrors: false })
      validate = this.requestSchemas.compile(`spec#/${pointer.map(pointerSegment).join('/')}`)
      this.compiled.set(key, validate)
    }
    try {
      if (validate(value)) return undefined
      return (
        (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join('; ') ||
        'invalid'
      )
    } catch {
      return null
    }
  }

  /**
   * For an answer outside the documented surface (an unknown route or method): a description of
   * the problem unless the body is one of the API's documented error bodies.
   */
  errorFormatProblem(body: unknown): string | undefined {
    if (!this.errorSchemas) {
      const refs = new Set<string>()
      for (const { template, method, responses } of this.operations)
        for (const [status, response] of responses)
          if (status.startsWith('4'))
            for (const mediaType of Object.keys(response.content ?? {})) {
              const responseRef = (
                (
                  this.doc.paths[template] as Record<string, { responses: Record<string, { $ref?: string }> }>
                )[method]?.responses[status] as { $ref?: string } | undefined
              )?.$ref
              const schema = response.content?.[mediaType]?.schema as { $ref?: string } | undefined
              refs.add(
                schema?.$ref
                  ? `spec${schema.$ref}`
                  : responseRef
                    ? `spec${responseRef}/content/${pointerSegment(mediaType)}/schema`
                    : `spec#/${['paths', template, method, 'responses', status, 'content', mediaType, 'schema'].map(pointerSegment).join('/')}`,
              )
            }
      this.errorSchemas = [...new Set([...refs].map((ref) => this.responseSchemas.compile(ref)))]
    }
    if (this.errorSchemas.some((validate) => validate(body))) return undefined
    return `the body is none of the API's error bodies: ${JSON.stringify(body)?.slice(0, 300)}`
  }

  private errorSchemas: ValidateFunction[] | undefined

  /** Throws a ContractViolation that says what is off when the response is not documented. */
  assertValid(check: ResponseCheck): void {
    const problem = this.check(check)
    if (problem) throw new ContractViolation(problem, check)
  }

  /** Returns a description of the problem, or undefined when the response matches the spec. */
  check(check: ResponseCheck): string | undefined {
    const method = check.method.toLowerCase()
    const path = check.path.split('?')[0] ?? ''
    const label = `${check.method.toUpperCase()} ${path} → ${check.status}`
    const candidates = this.operations.filter((o) => o.matcher.test(path))
    // Prefer a literal path (`/v2/agent/threads/…` over `/v2/agent/{jobId}`).
    const operation = candidates
      .filter((o) => o.method === method)
      .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0))[0]
    // Unknown routes and methods are outside the documented surface; the services' own tests
    // check that those answer in the API's error format.
    if (!operation) return undefined
    const response =
      operation.responses.get(String(check.status)) ??
      operation.responses.get(`${String(check.status)[0]}XX`) ??
      operation.responses.get('default')
    if (!response) return `${label}: status ${check.status} is not documented for ${operation.template}`
    const content = response.content
    if (!content || Object.keys(content).length === 0) {
      return check.body === undefined || check.body === null || check.body === ''
        ? undefined
        : `${label}: the spec documents no body, got one`
    }
    const mediaType = (check.contentType ?? '').split(';')[0]?.trim() ?? ''
    const media = content[mediaType]
    if (!media) {
      return `${label}: content type ${mediaType || '(none)'} is not documented (expected ${Object.keys(content).join(', ')})`
    }
    if (media.schema === undefined) return undefined
    const key = `${operation.method} ${operation.template} ${check.status} ${mediaType}`
    let validate = this.compiled.get(key)
    if (!validate) {
      const pointer = [
        'paths',
        operation.template,
        operation.method,
        'responses',
        String(check.status),
        'content',
        mediaType,
        'schema',
      ]
      const responseRef = (
        (this.doc.paths[operation.template] as Record<string, { responses: Record<string, unknown> }>)[
          operation.method
        ]?.responses[String(check.status)] as { $ref?: string } | undefined
      )?.$ref
      const ref = responseRef
        ? `spec${responseRef}/content/${pointerSegment(mediaType)}/schema`
        : `spec#/${pointer.map(pointerSegment).join('/')}`
      validate = this.responseSchemas.compile(ref)
      this.compiled.set(key, validate)
    }
    const run: ValidateFunction = validate
    if (run(check.body)) return undefined
    const errors = (run.errors ?? [])
      .slice(0, 8)
      .map(
        (e) =>
          `  ${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
      )
      .join('\n')
    return `${label}: body does not match the spec\n${errors}\nbody: ${JSON.stringify(check.body).slice(0, 500)}`
  }
}

function pointerSegment(segment: string): string {
  return encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1')).replaceAll('%24', '$')
}
