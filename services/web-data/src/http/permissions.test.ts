import { requiredScopes } from '@apiplatform/web-data-routes'
import { expect, it } from 'vitest'
import { SCOPES } from '../billing/scopes.js'
import { OPERATION_SCOPES } from './permissions.js'

it("checks the spec's x-required-scope of every operation, each a scope a key can hold", () => {
  expect(OPERATION_SCOPES).toBe(requiredScopes)
  expect(Object.keys(OPERATION_SCOPES).length).toBeGreaterThan(40)
  for (const scope of Object.values(OPERATION_SCOPES)) expect(SCOPES).toContain(scope)
})
