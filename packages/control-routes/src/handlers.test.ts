import { describe, expect, it } from 'vitest'
import { type Handler, type Handlers, missingOperations, operationIds } from './generated/handlers.js'

const liveness: Handler<'liveness'> = (c) =>
  c.json({ meta: { requestId: c.get('requestId') }, data: { message: 'OK' } }, 200)

const rollback: Handler<'deployments.rollbackDeployment'> = (c) =>
  c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 202)

// Type tests: checked by `tsc --noEmit` (typecheck). Each line after a `@ts-expect-error` must fail
// to compile (tsc reports an unused directive otherwise).

const wrongStatus: Handler<'deployments.rollbackDeployment'> = (c) =>
  // @ts-expect-error an undocumented status (rollbackDeployment answers 202, not 200)
  c.json({ meta: { requestId: 'r' }, data: {} }, 200)

// @ts-expect-error a mis-shaped body (data.message must be a string)
const wrongBody: Handler<'liveness'> = (c) => c.json({ meta: { requestId: 'r' }, data: { message: 1 } }, 200)

// @ts-expect-error a full Handlers object must list every operation
const incomplete: Handlers = { liveness, 'deployments.rollbackDeployment': rollback }

// @ts-expect-error an operation that is not in the spec
const unknown: Partial<Handlers> = { 'deployments.nope': liveness }

describe('missingOperations', () => {
  it('lists the operations a partial service does not implement', () => {
    const missing = missingOperations({ liveness, 'deployments.rollbackDeployment': rollback })
    expect(missing).not.toContain('liveness')
    expect(missing).not.toContain('deployments.rollbackDeployment')
    expect(missing).toEqual(
      operationIds.filter((id) => id !== 'liveness' && id !== 'deployments.rollbackDeployment'),
    )
  })

  it('is empty for a complete service', () => {
    const all = Object.fromEntries(operationIds.map((id) => [id, liveness])) as unknown as Handlers
    expect(missingOperations(all)).toEqual([])
  })

  it('keeps the type-test values referenced', () => {
    expect([wrongStatus, wrongBody, incomplete, unknown].length).toBe(4)
  })
})
