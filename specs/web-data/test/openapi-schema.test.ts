import { readFileSync } from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import { expect, it } from 'vitest'

// A second opinion on the bundle from a validator independent of Redocly: the official
// OpenAPI 3.1 JSON Schemas, applied by @seriousme/openapi-schema-validator.
it('the bundle is a valid OpenAPI 3.1 document', async () => {
  const bundle = JSON.parse(readFileSync(new URL('../dist/openapi.json', import.meta.url), 'utf8'))
  const result = await new Validator().validate(bundle)
  expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([])
  expect(result.valid).toBe(true)
})
