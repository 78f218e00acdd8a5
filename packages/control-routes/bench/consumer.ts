/**
 * `pnpm bench` (second part): what a team pays to type-check a server of two handlers against
 * this package, installed from its tarball as they would install it, next to the same two
 * operations written as a bare hono app.
 *
 * Packs the package (build it first), installs it offline into a fresh project with its own hono,
 * zod and @hono/zod-openapi (`src/test-support/consumer.ts`), and runs that project's
 * `tsc --extendedDiagnostics` on each file (the fastest of three runs). Times depend on the machine and its load; types and
 * instantiations do not, and are what the budget holds.
 */
import { resolve } from 'node:path'
import {
  createOfflineProject,
  ROUTES_CONSUMER_DEPENDENCIES,
  type TypeCheckCost,
  typeCheckCost,
} from '@apiplatform/contract'
import { CONSUMER_FILES } from '../src/test-support/consumer.js'

const BUDGET_INSTANTIATIONS = 50_000
const BUDGET_MB = 512

const here = import.meta.dirname
const project = createOfflineProject({
  workspace: resolve(here, '../../..'),
  packages: [resolve(here, '..')],
  dependencies: ROUTES_CONSUMER_DEPENDENCIES,
  files: CONSUMER_FILES,
})
/** The fastest of three runs: the one least slowed by whatever else the machine is doing. */
const measure = async (tsconfig: string): Promise<TypeCheckCost> => {
  const runs: TypeCheckCost[] = []
  for (let i = 0; i < 3; i++) runs.push(await typeCheckCost(project, tsconfig))
  return runs.reduce((a, b) => (b.totalSeconds < a.totalSeconds ? b : a))
}
const rows: [string, TypeCheckCost][] = []
try {
  rows.push(['bare hono app, two routes (baseline)', await measure('tsconfig.bare.json')])
  rows.push(['two handlers + createApi', await measure('tsconfig.json')])
  rows.push([
    'bare hono app mounted with app.route() (baseline)',
    await measure('tsconfig.bare-mounted.json'),
  ])
  rows.push(['two handlers + createApi, mounted with app.route()', await measure('tsconfig.mounted.json')])
} finally {
  project.remove()
}

console.log('| consumer project | total time | check time | memory | types | instantiations |')
console.log('| --- | --- | --- | --- | --- | --- |')
for (const [name, c] of rows) {
  console.log(
    `| ${name} | ${c.totalSeconds.toFixed(2)} s | ${c.checkSeconds.toFixed(2)} s | ${c.memoryMb} MB | ${c.types} | ${c.instantiations} |`,
  )
}
const server = rows[1]?.[1] as TypeCheckCost
if (server.instantiations > BUDGET_INSTANTIATIONS || server.memoryMb > BUDGET_MB) {
  console.error(
    `bench (consumer): over budget (${BUDGET_INSTANTIATIONS} instantiations, ${BUDGET_MB} MB for two handlers)`,
  )
  process.exit(1)
}
