import fc from 'fast-check'
import type { OpenApiDocument } from '../spec.js'
import { BODY_MUTATIONS, type Mutation } from './body-mutations.js'
import { isFreeForm, type Slot, slotsOf } from './body-slots.js'
import {
  BAD_AUTHORIZATION,
  MALFORMED_JSON,
  PATH_GARBAGE,
  QUERY_VALUE_GARBAGE,
  WRONG_CONTENT_TYPES,
} from './hostile-values.js'
import type { FuzzOperation, Parameter } from './operations.js'
import type { FuzzRequest, RequestKind } from './request.js'
import { base, partsArbitrary, validRequest } from './request-parts.js'
import type { ValuePool } from './schema-arbitrary.js'

export interface Generator {
  /** The requests of one operation and phase, `count` of them, reproducible from `seed`. */
  requests(operation: FuzzOperation, phase: 'valid' | 'invalid', count: number, seed: number): FuzzRequest[]
}

export function createGenerator(doc: OpenApiDocument, pool: ValuePool): Generator {
  const cache = new Map<string, fc.Arbitrary<FuzzRequest>>()
  const otherMethods = (op: FuzzOperation) => {
    const defined = Object.keys(doc.paths[op.template] as object).map((m) => m.toUpperCase())
    return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !defined.includes(m))
  }
  return {
    requests(operation, phase, count, seed) {
      const key = `${operation.id} ${phase}`
      let arb = cache.get(key)
      if (!arb) {
        arb =
          phase === 'valid'
            ? validRequest(doc, operation, pool)
            : invalidRequest(doc, operation, pool, otherMethods(operation))
        cache.set(key, arb)
      }
      return count > 0 ? fc.sample(arb, { seed, numRuns: count }) : []
    },
  }
}

function invalidRequest(
  doc: OpenApiDocument,
  op: FuzzOperation,
  pool: ValuePool,
  otherMethods: string[],
): fc.Arbitrary<FuzzRequest> {
  const parts = partsArbitrary(doc, op, pool)
  const pick = fc.nat({ max: 1_000_000 })
  const kinds: Array<{ arbitrary: fc.Arbitrary<FuzzRequest>; weight: number }> = []
  const json = op.body && !op.body.mediaType.startsWith('multipart/')
  if (op.body) {
    kinds.push({
      weight: 8,
      arbitrary: fc
        .tuple(parts, pick, pick, fc.integer({ min: 0, max: BODY_MUTATIONS.length - 1 }))
        .map(([p, slotPick, valuePick, m]) => {
          const body = json ? p.body : (p.body ?? {})
          const slots = slotsOf(doc, body, op.body?.schema ?? {})
          const [drawn, mutate] = BODY_MUTATIONS[m] as [RequestKind, Mutation]
          // Deep and huge values go to a free-form field (where the schema cannot refuse them) half the time.
          const freeForm = slots.filter((s) => isFreeForm(doc, s.schema))
          if (
            (drawn === 'deep-nesting' || drawn === 'huge-value') &&
            freeForm.length > 0 &&
            valuePick % 2 === 0
          ) {
            const result = mutate(body, freeForm[slotPick % freeForm.length] as Slot, valuePick >> 1)
            if (result) return base(op, { ...p, body: result.body }, result.kind, true)
          }
          // The first mutation that applies, starting from the drawn one.
          for (let i = 0; i < BODY_MUTATIONS.length; i++) {
            const [, tryMutate] = BODY_MUTATIONS[(m + i) % BODY_MUTATIONS.length] as [RequestKind, Mutation]
            const slot = slots[(slotPick + i) % slots.length] as Slot
            const result = (i === 0 ? mutate : tryMutate)(body, slot, valuePick)
            if (result) return { ...base(op, { ...p, body: result.body }, result.kind, true) }
          }
          return base(op, p, 'wrong-type', true)
        }),
    })
    kinds.push({
      weight: 2,
      arbitrary: fc.tuple(parts, fc.constantFrom(...MALFORMED_JSON)).map(([p, text]) => ({
        ...base(op, p, 'malformed-json', true),
        contentType: 'application/json',
        body: { type: 'text', text },
      })),
    })
    kinds.push({
      weight: 1,
      arbitrary: fc.tuple(parts, fc.constantFrom(...WRONG_CONTENT_TYPES)).map(([p, contentType]) => ({
        ...base(op, p, 'wrong-content-type', true),
        contentType,
      })),
    })
  }
  if (otherMethods.length > 0)
    kinds.push({
      weight: 1,
      arbitrary: fc
        .tuple(parts, fc.constantFrom(...otherMethods))
        .map(([p, method]) => ({ ...base(op, p, 'wrong-method', true), method })),
    })
  const pathParams = op.parameters.filter((p) => p.in === 'path')
  kinds.push({
    weight: pathParams.length > 0 ? 3 : 1,
    arbitrary: fc.tuple(parts, fc.constantFrom(...PATH_GARBAGE), pick).map(([p, garbage, n]) => {
      const request = base(op, p, 'path-garbage', true)
      if (pathParams.length === 0) {
        // Garbage after or inside an operation without parameters: an unknown route.
        const suffixes = [`/${garbage}`, garbage, `/../${garbage}`, '//', '/.']
        return { ...request, template: `${op.template}${suffixes[n % suffixes.length]}` }
      }
      const name = (pathParams[n % pathParams.length] as Parameter).name
      return { ...request, pathParams: { ...p.pathParams, [name]: garbage }, rawParams: [name] }
    }),
  })
  const queryParams = op.parameters.filter((p) => p.in === 'query')
  kinds.push({
    weight: queryParams.length > 0 ? 3 : 1,
    arbitrary: fc.tuple(parts, fc.constantFrom(...QUERY_VALUE_GARBAGE), pick).map(([p, garbage, n]) => {
      const request = base(op, p, 'query-garbage', queryParams.length > 0)
      const name =
        queryParams.length > 0 ? (queryParams[n % queryParams.length] as Parameter).name : 'unknownParam'
      const repeat = n % 4 === 0 ? `&${name}=${garbage}` : ''
      const rest = Object.entries(p.query)
        .filter(([k]) => k !== name)
        .map(([k, v]) => `&${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('')
      // Only a value the parameter's schema refuses makes the request invalid.
      return { ...request, query: `?${name}=${garbage}${repeat}${rest}`, invalid: false }
    }),
  })
  if (op.security.length > 0)
    kinds.push({
      weight: 2,
      arbitrary: fc.tuple(parts, fc.constantFrom(...BAD_AUTHORIZATION)).map(([p, authorization]) => ({
        ...base(op, p, 'bad-auth', true),
        authorization,
      })),
    })
  return fc.oneof(...kinds)
}
