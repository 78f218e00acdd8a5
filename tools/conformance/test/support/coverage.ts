import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Answer } from './recorder.ts'
import { type ApiName, operations } from './specs.ts'

const require = createRequire(import.meta.url)

/** The operationIds the control SDK sends (each generated function names its own). */
function unkeyOperations(): Set<string> {
  const funcs = path.join(path.dirname(require.resolve('@unkey/api/package.json')), 'src', 'funcs')
  const ids = new Set<string>()
  for (const file of fs.readdirSync(funcs)) {
    const id = /operationID:\s*"([^"]+)"/.exec(fs.readFileSync(path.join(funcs, file), 'utf8'))?.[1]
    if (id) ids.add(id)
  }
  return ids
}

/**
 * Operations of our spec that the SDK can call but that no conformance case called, apart from
 * `listed` (known, with the list kept honest: an entry that is exercised must leave it).
 */
export function notExercised(
  api: ApiName,
  answers: readonly Answer[],
  listed: readonly string[],
  sdkOperations: ReadonlySet<string> = api === 'control' ? unkeyOperations() : new Set(),
): { missing: string[]; listedButExercised: string[] } {
  const exercised = new Set(answers.map((a) => a.operationId).filter((id): id is string => !!id))
  const expected = operations(api)
    .map((op) => op.operationId)
    .filter((id) => sdkOperations.has(id))
  return {
    missing: expected.filter((id) => !exercised.has(id) && !listed.includes(id)).sort(),
    listedButExercised: listed.filter((id) => exercised.has(id)).sort(),
  }
}
