// Runs after `redocly bundle` in the spec packages' `spec:bundle`: rewrites the bundle files given
// as arguments (.json or .yaml) so that int64 bounds are exact (src/exact-integers.ts says why).
import { readFileSync, writeFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import { exactInt64Bounds } from '../dist/exact-integers.js'

for (const file of process.argv.slice(2)) {
  const parse = file.endsWith('.json') ? JSON.parse : parseYaml
  writeFileSync(file, exactInt64Bounds(readFileSync(file, 'utf8'), parse))
}
