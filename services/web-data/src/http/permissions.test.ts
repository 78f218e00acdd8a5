import { requiredScopes } from '@apiplatform/web-data-routes'
import { expect, it } from 'vitest'
import { OPERATION_SCOPES } from './permissions.js'

it("the spec's x-required-scope table is the scope table the service checks", () => {
  expect({ ...requiredScopes }).toEqual({ ...OPERATION_SCOPES })
})
