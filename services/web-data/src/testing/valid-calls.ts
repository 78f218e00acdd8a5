/**
 * One valid request per operation, for the status tests whose answer does not depend on the
 * request (401, 402, 403, 429 and the database failures, `status-table.ts`): it must get past
 * validation, so that the status under test is what answers it. It is the operation's first
 * examples in the bundled spec (the request body's first example, each path and query
 * parameter's example), with two rules for every operation, so that no test reaches the network
 * or an existing job:
 * - each `url` and `urls` value of the body, at any depth, is `UNREACHABLE` (the SSRF guard may
 *   resolve a submitted host, and a job would fetch it);
 * - each path parameter of `format: uuid` (the ids of jobs, monitors and checks) is a random UUID.
 * `VALID_OVERRIDES` replaces parts of it where the example still cannot work in the tests.
 */
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import {
  deref,
  isObject,
  type JsonObject,
  type OpenApiDocument,
  walkOperations,
} from '@apiplatform/openapi-toolkit'
import type { OperationId, operations } from '@apiplatform/web-data-routes'
import { UNREACHABLE } from './requests.js'
import type { Call, Client } from './statuses.js'
import { upload } from './uploads.js'

const spec = createRequire(import.meta.url)('@apiplatform/web-data-spec/openapi.json') as OpenApiDocument

/** The value of the first of the `examples` (an object of Example objects), else `example`. */
function firstExample(holder: JsonObject): unknown {
  const first = isObject(holder.examples) ? deref(spec, Object.values(holder.examples)[0]) : undefined
  return isObject(first) ? first.value : holder.example
}

/** Every `url` and `urls` value of `value`, at any depth, replaced by `UNREACHABLE`. */
function unreachable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unreachable)
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      if (key === 'url' && typeof field === 'string') return [key, UNREACHABLE]
      if (key === 'urls' && Array.isArray(field)) return [key, field.map(() => UNREACHABLE)]
      return [key, unreachable(field)]
    }),
  )
}

export interface ValidRequest {
  method: (typeof operations)[number]['method']
  /** The path template (`/v2/crawl/{id}`). */
  path: string
  params: { path?: JsonObject; query?: JsonObject }
  /** None for an operation without a request body. */
  body?: unknown
}

/** The request of each operation from its examples and the two rules above, in spec order. */
export const SPEC_REQUESTS: Readonly<Record<OperationId, ValidRequest>> = Object.fromEntries(
  walkOperations(spec, { order: 'document' }).map(
    ({ operationId, method, path, parameters, requestBody }) => {
      const params: { path?: JsonObject; query?: JsonObject } = {}
      for (const parameter of parameters) {
        if (parameter.in !== 'path' && parameter.in !== 'query') continue
        const schema = deref(spec, parameter.schema)
        const value =
          parameter.in === 'path' && isObject(schema) && schema.format === 'uuid'
            ? randomUUID()
            : firstExample(parameter)
        if (value !== undefined)
          params[parameter.in] = { ...params[parameter.in], [String(parameter.name)]: value }
      }
      const content = isObject(requestBody?.content) ? requestBody.content : {}
      const media = deref(spec, Object.values(content)[0])
      const request: ValidRequest = { method: method as ValidRequest['method'], path, params }
      if (isObject(media)) request.body = unreachable(firstExample(media))
      return [operationId as OperationId, request]
    },
  ),
) as Record<OperationId, ValidRequest>

/**
 * The operations whose example cannot work in the tests even after the rules above, each with
 * the parts of the request sent instead and why.
 */
export const VALID_OVERRIDES: Readonly<
  Partial<Record<OperationId, { reason: string } & Partial<Pick<ValidRequest, 'params' | 'body'>>>>
> = {
  parseFile: {
    reason: "the example's file is a placeholder string, not a multipart upload",
    body: upload('# Notes', 'notes.md', 'text/markdown'),
  },
}

/** The request the status tests send for each operation: its spec request, overridden where listed. */
export const VALID_REQUESTS: Readonly<Record<OperationId, ValidRequest>> = Object.fromEntries(
  Object.entries(SPEC_REQUESTS).map(([operationId, request]) => {
    const { reason: _reason, ...override } = VALID_OVERRIDES[operationId as OperationId] ?? { reason: '' }
    return [operationId, { ...request, ...override }]
  }),
) as Record<OperationId, ValidRequest>

/** The request of `operationId` as a `Call` of the status assertions (`statuses.ts`). */
const callOf =
  ({ method, path, params, body }: ValidRequest): Call =>
  (client: Client) =>
    // The request comes from the spec, not from the typed paths: the client cannot check it.
    (client.request as (method: string, path: string, init: unknown) => ReturnType<Call>)(method, path, {
      params,
      ...(body === undefined ? {} : { body }),
    })

export const VALID_CALLS: Readonly<Record<OperationId, Call>> = Object.fromEntries(
  Object.entries(VALID_REQUESTS).map(([operationId, request]) => [operationId, callOf(request)]),
) as Record<OperationId, Call>
