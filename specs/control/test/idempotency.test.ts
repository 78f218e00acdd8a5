/**
 * Which operations take `Idempotency-Key`: every write, none of the reads. The clients pick the
 * operations to send a key on by the same rule (`liveness`, `keys.whoami`, `get…` and `list…` are
 * reads), and the service honours the header where this spec declares it.
 */
import { describe, expect, it } from 'vitest'
import { deref, type Json, loadBundle } from './bundle.js'

const doc = loadBundle()
const READ = /^(liveness|keys\.whoami|[a-z]+\.(get|list)[A-Z]\w*)$/

const keyed = (op: Json) =>
  (op.parameters ?? []).some((p: Json) => {
    const param = deref(doc, p)
    return param.in === 'header' && param.name === 'Idempotency-Key'
  })

describe('Idempotency-Key', () => {
  const ops = Object.values<Json>(doc.paths).flatMap((item) => (item.post ? [item.post] : []))
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
