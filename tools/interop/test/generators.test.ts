/**
 * Each generator ran on both bundles, and one tsc (strict) accepted its code together with our
 * usage programs (usage/): the run is the cached `interop:generate` task; this reads its record.
 */
import { describe, expect, it } from 'vitest'
import { KNOWN_TYPE_ERRORS } from '../src/known-defects.js'
import { readResults, typeErrors } from '../src/results.js'

const results = readResults()
const TOOLS = ['openapi-typescript', 'hey-api', 'openapi-zod-client', 'kubb']

describe.each(results.filter((r) => TOOLS.includes(r.tool)))('$tool on $api', (result) => {
  it('generates', () => {
    expect(result.code, result.output).toBe(0)
  })
})

describe('tsc over the generated code and the usage programs', () => {
  const tsc = results.find((r) => r.tool === 'tsc')
  const errors = typeErrors(tsc?.output ?? '')
  const known = (e: { file: string; code: string }) =>
    KNOWN_TYPE_ERRORS.some((k) => k.file === e.file && k.code === e.code)

  it('ran', () => {
    expect(tsc, 'no tsc run recorded').toBeDefined()
    expect(tsc?.output).not.toMatch(/error TS5\d{3}/)
  })

  it.each(TOOLS)('%s: no type error but the known tool defects', (tool) => {
    const own = errors.filter((e) => e.file.includes(`/${tool}/`) && !known(e))
    expect(own.map((e) => e.line)).toEqual([])
  })

  it.each(KNOWN_TYPE_ERRORS)('known defect still there: $file $code', (defect) => {
    expect(
      errors.some((e) => e.file === defect.file && e.code === defect.code),
      defect.why,
    ).toBe(true)
  })
})
