/** Builds the plugin once before the tests: the fixtures' redocly.yaml load dist/index.js. */
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { packageRoot } from './lint.js'

export default function setup() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: packageRoot, stdio: 'inherit' })
}
