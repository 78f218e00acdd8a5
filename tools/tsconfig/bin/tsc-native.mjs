#!/usr/bin/env node
// The type checks run TypeScript 7, the native compiler: the same verdicts as the 5.x line at about
// a quarter of its CPU. Tools that read the compiler's JavaScript API (tsup's declaration build,
// the interop generators) keep the 5.x line that each package pins as `typescript`, hence a bin of
// another name instead of a second `tsc`.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc')
const run = spawnSync(process.execPath, [tsc, ...process.argv.slice(2)], { stdio: 'inherit' })
if (run.error) throw run.error
process.exit(run.status ?? 1)
