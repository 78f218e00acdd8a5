import { missingOperations, operationIds } from '@apiplatform/control-routes'
import { expect, it } from 'vitest'
import type { Deps } from './deps.js'
import { createHandlers } from './handlers.js'

/**
 * The operations of the spec this service does not implement (they would answer 501): none. Keep
 * it that way: an operation the spec gains must get a handler here.
 */
const EXPECTED_MISSING: string[] = []

it('implements every operation of the spec', () => {
  const missing = missingOperations(createHandlers({} as Deps))
  console.log(
    `control service implements ${operationIds.length - missing.length}/${operationIds.length} operations; missing:\n${missing.map((id) => `  - ${id}`).join('\n') || '  (none)'}`,
  )
  expect(missing).toEqual(EXPECTED_MISSING)
  expect(Object.keys(createHandlers({} as Deps)).sort()).toEqual([...operationIds].sort())
})

it('registers no handler for an operation the spec does not have', () => {
  const known = new Set<string>(operationIds)
  expect(Object.keys(createHandlers({} as Deps)).filter((id) => !known.has(id))).toEqual([])
})
