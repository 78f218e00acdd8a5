import { fixtureWorkspace, loadPair } from './test/helpers.ts'
import { spawnSync } from 'node:child_process'
const root = fixtureWorkspace(loadPair('new-operation').before)
const r = spawnSync(process.execPath, ['/work/main/node_modules/@changesets/cli/bin.js', 'version'], { cwd: root, encoding: 'utf8' })
console.log(r.status, r.stdout, r.stderr)
