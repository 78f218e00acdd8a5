import { missingOperations, operationIds } from '@apiplatform/control-routes'
import { expect, it } from 'vitest'
import type { Deps } from '../src/deps.js'
import { createHandlers } from '../src/handlers.js'

/**
 * The operations of the spec this service does not implement yet (they answer 501). Keep the list
 * exact: implementing an operation, or the spec gaining one, must show up here.
 */
const EXPECTED_MISSING: string[] = [
  'portal.createSession',
  'portal.exchangeCode',
  'portal.getVerifications',
  'portal.listKeys',
  'portal.rerollKey',
]

it('lists the operations of the spec without a handler', () => {
  const missing = missingOperations(createHandlers({} as Deps))
  console.log(
    `control service implements ${operationIds.length - missing.length}/${operationIds.length} operations; missing:\n${missing.map((id) => `  - ${id}`).join('\n') || '  (none)'}`,
  )
  expect(missing).toEqual(EXPECTED_MISSING)
})

it('registers no handler for an operation the spec does not have', () => {
  const known = new Set<string>(operationIds)
  expect(Object.keys(createHandlers({} as Deps)).filter((id) => !known.has(id))).toEqual([])
})
