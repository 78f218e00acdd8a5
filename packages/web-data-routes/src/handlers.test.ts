import { describe, expect, it } from 'vitest'
import { type Handler, type Handlers, missingOperations, operationIds } from './generated/handlers.js'

const cancelAgent: Handler<'cancelAgent'> = (c) => c.json({ success: true }, 200)

// Type tests: checked by `tsc --noEmit` (typecheck). Each line after a `@ts-expect-error` must fail
// to compile (tsc reports an unused directive otherwise).

// @ts-expect-error an undocumented status
const wrongStatus: Handler<'cancelAgent'> = (c) => c.json({ success: true }, 201)

// @ts-expect-error a mis-shaped body (success is a boolean)
const wrongBody: Handler<'cancelAgent'> = (c) => c.json({ success: 'yes' }, 200)

// @ts-expect-error a full Handlers object must list every operation
const incomplete: Handlers = { cancelAgent }

describe('missingOperations', () => {
  it('lists the operations a partial service does not implement', () => {
    expect(missingOperations({ cancelAgent })).toEqual(operationIds.filter((id) => id !== 'cancelAgent'))
  })

  it('is empty for a complete service', () => {
    const all = Object.fromEntries(operationIds.map((id) => [id, cancelAgent])) as unknown as Handlers
    expect(missingOperations(all)).toEqual([])
    expect([wrongStatus, wrongBody, incomplete].length).toBe(3)
  })
})
