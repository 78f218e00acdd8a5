/**
 * Which operations take `Idempotency-Key`: every write, none of the reads. The spec is the one
 * source of which operations are writes: the codegen reads the header off each operation into
 * `idempotentWrites` (the routes packages; the control service's cache rules read it) and its
 * complement `READ_OPERATIONS` (the control client's `generated/meta.ts`: it sends a key on every
 * other call).
 *
 * The naming convention below (`liveness`, `keys.whoami`, `get…` and `list…` are reads) is stated
 * here and nowhere else: it only keeps the spec's declarations consistent. Nothing at run time
 * decides by operation name; do not copy `READ` into a client or service.
 */
import { deref, walkOperations } from '@apiplatform/openapi-toolkit'
import { describe, expect, it } from 'vitest'
import { type Json, loadBundle } from './bundle.js'

const doc = loadBundle()
const READ = /^(liveness|keys\.whoami|[a-z]+\.(get|list)[A-Z]\w*)$/

const keyed = (op: Json) =>
  (op.parameters ?? []).some((p: Json) => {
    const param = deref<Json>(doc, p, { strict: false })
    return param.in === 'header' && param.name === 'Idempotency-Key'
  })

describe('Idempotency-Key', () => {
  const ops = walkOperations(doc, { methods: ['post'], strict: false }).map((e): Json => e.operation)
  it('is declared, as the shared parameter, by every write and by no read', () => {
    const wrong = ops.filter((op) => keyed(op) === READ.test(op.operationId)).map((op) => op.operationId)
    expect(wrong).toEqual([])
    for (const op of ops.filter(keyed))
      expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' })
  })

  it('is 1 to 255 characters', () => {
    expect(doc.components.parameters.IdempotencyKey.schema).toMatchObject({ minLength: 1, maxLength: 255 })
  })
})
