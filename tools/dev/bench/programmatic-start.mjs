// One programmatic start of a service in a fresh process, as another team's tests start it
// (`startControlService({ port: 0, storage: 'memory' })`, `startWebDataService(…)`): start.bench.ts
// runs this with plain Node (no loader hooks) and reads the one JSON line it prints.
//
//   node programmatic-start.mjs control|web-data <credential> <settle ms>
//
// importMs: the import of the package; ms: from the call to the first answered request (the same
// request as the spawned service's: control `keys.verifyKey`, web-data `GET /v2/team/credit-usage`);
// rssMb: the process's RSS `settle ms` later. The process's own `fetch` is warmed up before the call,
// as the bench's is for the spawned contenders.
import { readFileSync } from 'node:fs'

const [name, credential, settle] = process.argv.slice(2)
await fetch('http://127.0.0.1:9/').catch(() => {})

const imported = performance.now()
const service =
  name === 'control'
    ? await import('@apiplatform/control-service')
    : await import('@apiplatform/web-data-service')
const called = performance.now()
const started =
  name === 'control'
    ? await service.startControlService({ port: 0, storage: 'memory', rootKey: credential })
    : await service.startWebDataService({ port: 0, storage: 'memory', apiKey: credential })
const response =
  name === 'control'
    ? await fetch(`${started.url}/v2/keys.verifyKey`, {
        method: 'POST',
        headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'sk_start_bench_unknown' }),
      })
    : await fetch(`${started.url}/v2/team/credit-usage`, {
        headers: { authorization: `Bearer ${credential}` },
      })
await response.text()
const answered = performance.now()
if (!response.ok) throw new Error(`${name}: the first request answered ${response.status}`)
await new Promise((resolve) => setTimeout(resolve, Number(settle)))
const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0)
console.log(JSON.stringify({ importMs: called - imported, ms: answered - called, rssMb: rssKb / 1024 }))
await started.stop()
