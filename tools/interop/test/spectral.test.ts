/**
 * Spectral with the OWASP API Security ruleset on both bundles (run by `interop:generate`, with
 * the exceptions of .spectral.yaml, each justified there): no error.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { APIS, generatedDir } from '../src/paths.js'
import { readResults } from '../src/results.js'

interface Finding {
  code: string
  severity: number
  path: string[]
  message: string
}

it.each(APIS)('%s: no OWASP error', (api) => {
  const run = readResults().find((r) => r.tool === 'spectral' && r.api === api)
  expect(run?.code, run?.output).toBe(0)
  const findings = JSON.parse(
    readFileSync(join(generatedDir, 'spectral', `${api}.json`), 'utf8'),
  ) as Finding[]
  const errors = findings.filter((f) => f.severity === 0)
  expect(errors.map((f) => `${f.code} ${f.path.join('.')}: ${f.message}`)).toEqual([])
})
