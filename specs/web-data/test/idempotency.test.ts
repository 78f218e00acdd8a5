/**
 * Which operations take `Idempotency-Key`: every POST, PATCH and DELETE, no GET. The client sends
 * a key on every call but a GET, and the service honours the header where this spec declares it,
 * also under `x-idempotency-key`, the name the real API's SDKs send it under.
 */
import { describe, expect, it } from 'vitest'
import { deref, type Json, operations, spec } from './helpers.js'

const takesHeader = (op: Json, name: string) =>
  (op.parameters ?? []).some((p: Json) => {
    const param = deref(p)
    return param.in === 'header' && param.name === name
  })
const keyed = (op: Json) => takesHeader(op, 'Idempotency-Key')

describe('Idempotency-Key', () => {
  it('is declared, as the shared parameter, by every write and by no read', () => {
    const wrong = operations()
      .filter(({ method, op }) => keyed(op) === (method === 'get'))
      .map(({ method, path }) => `${method} ${path}`)
    expect(wrong).toEqual([])
    for (const { op } of operations().filter(({ op }) => keyed(op)))
      expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' })
  })

  it('is 1 to 255 characters, under either name', () => {
    for (const name of ['IdempotencyKey', 'XIdempotencyKey'])
      expect(spec.components.parameters[name].schema).toMatchObject({ minLength: 1, maxLength: 255 })
  })

  it('is declared under the SDKs’ name `x-idempotency-key` wherever it is declared', () => {
    const wrong = operations()
      .filter(({ op }) => keyed(op) !== takesHeader(op, 'x-idempotency-key'))
      .map(({ method, path }) => `${method} ${path}`)
    expect(wrong).toEqual([])
    for (const { op } of operations().filter(({ op }) => keyed(op)))
      expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/XIdempotencyKey' })
  })
})
