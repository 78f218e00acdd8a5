import { missingOperations, operationIds } from '@apiplatform/web-data-routes'
import { describe, expect, it } from 'vitest'
import type { Deps } from './deps.js'
import { createHandlers } from './handlers.js'

describe('operations of the spec', () => {
  // `createHandlers` returns the exhaustive `Handlers` type, so this also holds at compile time.
  it('are all implemented', () => {
    const handlers = createHandlers({} as Deps)
    expect(missingOperations(handlers)).toEqual([])
    expect(Object.keys(handlers).sort()).toEqual([...operationIds].sort())
  })
})
