/**
 * Where the time of one operation goes (not a test): the service (`node --cpu-prof dist/main.js`)
 * under the same load as the benchmark, then the profiles of its threads (event loop, PGlite's
 * worker) cut to the measured window and summed by function and by package: CPU µs per request.
 *
 *   pnpm --dir services/control exec tsx bench/profile.ts verifyKey|limit|limit-many [seconds]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { load, spawnServer, warmUp } from '@apiplatform/bench'
import { auth, post, ROOT_KEY } from './operation-bench.js'

const which = process.argv[2] ?? 'verifyKey'
const seconds = Number(process.argv[3] ?? 10)
const SERVICE_DIR = fileURLToPath(new URL('..', import.meta.url))
const profiles = mkdtempSync(join(tmpdir(), 'control-profile-'))
const dataDir = mkdtempSync(join(tmpdir(), 'control-profile-data-'))

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: Node[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

// BENCH_SQL_COUNT=1: PGlite on the event loop, every statement of the measured window counted (bench/sql-count.ts).
const countSql = process.env.BENCH_SQL_COUNT === '1'
const since = join(profiles, 'measuring')
const service = await spawnServer(
  process.execPath,
  [
    ...(countSql ? ['--import', 'tsx', '--import', './bench/sql-count.ts'] : []),
    '--cpu-prof',
    `--cpu-prof-dir=${profiles}`,
    'dist/main.js',
  ],
  {
    cwd: SERVICE_DIR,
    env: {
      PORT: '0',
      DATA_DIR: dataDir,
      CONTROL_ROOT_KEY: ROOT_KEY,
      ...(countSql ? { CONTROL_PGLITE_WORKER: '0', BENCH_SQL_SINCE: since } : {}),
    },
  },
)
let body: unknown
if (which === 'verifyKey') {
  const { data: api } = await post(service, '/v2/apis.createApi', { name: 'profile-api' })
  const { data: key } = await post(service, '/v2/keys.createKey', {
    apiId: api.apiId,
    externalId: 'profile_customer',
    meta: { plan: 'pro' },
    permissions: ['documents.read'],
  })
  body = { key: key.key, permissions: 'documents.read' }
} else {
  const base = { namespace: 'bench.requests', limit: 1_000_000_000, duration: 60_000 }
  body =
    which === 'limit'
      ? { ...base, identifier: 'hot' }
      : (i: number) => ({ ...base, identifier: `id_${i % 10_000}` })
}
const path = which === 'verifyKey' ? '/v2/keys.verifyKey' : '/v2/ratelimit.limit'
await warmUp(`${service.url}${path}`, {
  body:
    typeof body === 'function'
      ? { namespace: 'bench.requests', limit: 10, duration: 1000, identifier: 'w' }
      : body,
  headers: auth,
})
const from = performance.timeOrigin + performance.now()
writeFileSync(since, '')
const result = await load(`${service.url}${path}`, { body, headers: auth, pid: service.pid, seconds })
const to = performance.timeOrigin + performance.now()
await service.stop()
rmSync(dataDir, { recursive: true, force: true })

const requests = result.requestsPerSecond * seconds
console.log(
  `${which}: ${Math.round(result.requestsPerSecond)} req/s over ${seconds} s, CPU µs/req event loop ${result.cpuMicrosPerRequest?.eventLoop} / process ${result.cpuMicrosPerRequest?.process}`,
)

/** Where a function lives: a package of node_modules, node's own code, or the service's bundle. */
function owner(url: string): string {
  const m = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (m?.[1]) return m[1]
  if (url.startsWith('node:')) return 'node (internal)'
  if (url.includes('/dist/')) return 'service code (dist)'
  if (url.includes('/src/')) return 'workspace source'
  return url ? url : '(native, GC, idle)'
}

for (const file of readdirSync(profiles)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort()) {
  const profile = JSON.parse(readFileSync(join(profiles, file), 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  /** The callers of a node, nearest first, as `fn file:line` (skipping anonymous frames). */
  const chain = (id: number, depth: number) => {
    const out: string[] = []
    for (let p = parent.get(id); p !== undefined && out.length < depth; p = parent.get(p)) {
      const f = byId.get(p)?.callFrame
      if (f?.functionName) out.push(`${f.functionName} ${f.url.split('/').at(-1)}:${f.lineNumber + 1}`)
    }
    return out.join(' < ')
  }
  const self = new Map<number, number>()
  // Sample timestamps are in µs since an arbitrary origin; align them to wall time by the last one.
  let t = profile.startTime
  const stamps = profile.timeDeltas.map((d) => (t += d))
  const offset = Date.now() * 1000 - (stamps.at(-1) ?? 0)
  profile.samples.forEach((id, i) => {
    const at = ((stamps[i] ?? 0) + offset) / 1000
    if (at < from || at > to) return
    const dt = profile.timeDeltas[i + 1] ?? 0
    self.set(id, (self.get(id) ?? 0) + dt)
  })
  const byFunction = new Map<string, number>()
  const byOwner = new Map<string, number>()
  const byChain = new Map<string, number>()
  /** Inclusive time of the service's own functions (its bundle): what each step costs with all it calls. */
  const inclusive = new Map<string, number>()
  let busy = 0
  let total = 0
  for (const [id, us] of self) {
    const node = byId.get(id)
    if (!node) continue
    total += us
    const { functionName, url, lineNumber } = node.callFrame
    if (functionName === '(idle)') continue
    busy += us
    const name = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + us)
    const path = `${name} < ${chain(id, 5)}`
    byChain.set(path, (byChain.get(path) ?? 0) + us)
    const seen = new Set<string>()
    for (let p: number | undefined = id; p !== undefined; p = parent.get(p)) {
      const f = byId.get(p)?.callFrame
      if (!f?.functionName || !f.url.includes('/dist/') || f.url.includes('node_modules')) continue
      const key = `${f.functionName} ${f.url.split('/').at(-1)}:${f.lineNumber + 1}`
      if (seen.has(key)) continue
      seen.add(key)
      inclusive.set(key, (inclusive.get(key) ?? 0) + us)
    }
    const o = functionName.startsWith('(') ? functionName : owner(url)
    byOwner.set(o, (byOwner.get(o) ?? 0) + us)
  }
  const per = (us: number) => (us / requests).toFixed(1).padStart(7)
  const share = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`
  console.log(
    `\n${file}: busy ${per(busy)} µs/req of ${per(total)} sampled (${((100 * busy) / total).toFixed(0)} % busy)`,
  )
  console.log('  by package (self time):')
  for (const [k, v] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 14))
    console.log(`  ${per(v)} µs/req ${share(v)}  ${k}`)
  console.log('  by function (self time):')
  for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${per(v)} µs/req ${share(v)}  ${k}`)
  console.log("  the service's own functions, inclusive of what they call:")
  for (const [k, v] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${per(v)} µs/req ${share(v)}  ${k}`)
  console.log('  by function and its callers (self time):')
  for (const [k, v] of [...byChain].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${per(v)} µs/req ${share(v)}  ${k}`)
}
rmSync(profiles, { recursive: true, force: true })
