#!/usr/bin/env node
// Runs each benchmark file given (TypeScript, through tsx) one after the other, passing on the
// flags (`--quick`), and stops at the first that fails: `bench-run a.bench.ts b.bench.ts --quick`.
import { spawnSync } from 'node:child_process'

const args = process.argv.slice(2)
const files = args.filter((a) => !a.startsWith('--'))
const flags = args.filter((a) => a.startsWith('--'))
for (const file of files) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', file, ...flags], { stdio: 'inherit' })
  if (run.status !== 0) process.exit(run.status ?? 1)
}
