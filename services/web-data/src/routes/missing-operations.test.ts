import { missingOperations, operationIds } from '@apiplatform/web-data-routes'
import { describe, expect, it } from 'vitest'
import type { Deps } from '../http/env.js'
import { createHandlers } from './index.js'

/**
 * The operations of the spec this service does not implement yet. Keep it explicit: a new
 * operation in the spec, or a new handler, changes it on purpose.
 */
const NOT_YET_IMPLEMENTED: string[] = []

describe('operations of the spec', () => {
  it('are all implemented except the listed ones', () => {
    const handlers = createHandlers({} as Deps)
    expect(missingOperations(handlers)).toEqual(NOT_YET_IMPLEMENTED)
    expect(operationIds.length).toBeGreaterThan(0)
  })
})
