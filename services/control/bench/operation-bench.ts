/**
 * The run both control benchmarks make for one operation. Contenders, each in its own process
 * and warmed up first: bare Hono reading and parsing the JSON body (the baseline), bare Hono not
 * reading it, the framework floor, Prism on the spec bundle, and the service on its defaults, one
 * process per workload (one identifier, 10,000 identifiers, …). Every contender is loaded once
 * per round in alternating order; each of our loads is followed by the same load paced at half
 * the rate it just reached, for its p99 there. Ratios are taken round by round (same moment of
 * the machine), then reported as median and range. PGlite by default; BENCH_DATABASE_URL adds
 * every workload again on PostgreSQL; BENCH_VARIANT="NAME=value" the first workload again with
 * that setting (LOG_LEVEL=warn, say), to measure what one setting costs.
 */
import { loadavg } from 'node:os'
import {
  alternate,
  type Child,
  type Contender,
  fmt,
  fmtRatio,
  type LoadOptions,
  type LoadResult,
  load,
  machineNote,
  num,
  printNote,
  printTable,
  ratios,
  settings,
  summarize,
  warmUp,
} from '@apiplatform/bench'
import { startBareHono, startControlPrism, startControlService, startFrameworkFloor } from './harness.js'

export const ROOT_KEY = 'ck_bench_root_key'
export const auth = { authorization: `Bearer ${ROOT_KEY}` }

/** POSTs `body` to `path` of the service with the root key; the JSON answer, or throws on an error status. */
export async function post(service: Child, path: string, body: unknown) {
  const res = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { data: Record<string, unknown> }
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

/** One way of loading the service: a service process of its own. */
export interface Workload {
  name: string
  /** Settings of its service beyond the defaults. */
  env?: Record<string, string>
  /** The request bodies of a load in `round` (-1: the warm-up), from the prepared request body. */
  body(request: unknown, round: number): LoadOptions['body']
}

export interface OperationBench {
  operationId: 'keys.verifyKey' | 'ratelimit.limit'
  /** Prepares a fresh service for the operation (an API and a key, say); returns a valid request body. */
  prepare(service: Child): Promise<unknown>
  workloads: Workload[]
  /** Extra lines under the tables (the ratio of two workloads, say), from each workload's req/s by round. */
  notes?(rates: Map<string, number[]>): string[]
}

interface Measured {
  max: LoadResult
  paced?: LoadResult
}

export async function runOperationBench(bench: OperationBench): Promise<void> {
  const path = `/v2/${bench.operationId}`
  const children: Child[] = []
  const started = <T extends Child>(child: T) => {
    children.push(child)
    return child
  }
  try {
    const storages: [string, Record<string, string>][] = [['PGlite', {}]]
    if (process.env.BENCH_DATABASE_URL)
      storages.push(['PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL }])

    // Our workloads first: the first service's own 200 answer is what every baseline sends back.
    const ours: { name: string; service: Child; request: unknown; workload: Workload }[] = []
    // BENCH_VARIANT="NAME=value …": the first workload again with those settings (an A/B of one setting).
    const variant = process.env.BENCH_VARIANT?.trim()
    const [firstWorkload] = bench.workloads
    const workloads =
      variant && firstWorkload
        ? [
            ...bench.workloads,
            {
              ...firstWorkload,
              name: `${firstWorkload.name}, ${variant}`,
              env: {
                ...firstWorkload.env,
                ...Object.fromEntries(variant.split(/\s+/).map((kv) => kv.split('=', 2))),
              },
            },
          ]
        : bench.workloads
    for (const [storage, env] of storages)
      for (const workload of workloads) {
        const service = started(await startControlService(ROOT_KEY, { ...env, ...workload.env }))
        const request = await bench.prepare(service)
        const name = `ours, ${workload.name} (${storage})`
        await warmUp(`${service.url}${path}`, { body: workload.body(request, -1), headers: auth })
        ours.push({ name, service, request, workload })
      }
    const first = ours[0]
    if (!first) throw new Error('no workload')
    const canned = await post(first.service, path, first.request)
    const baselineRequest = { body: first.request, headers: auth }
    const baselines: [string, Child][] = [
      ['bare Hono', started(await startBareHono(path, canned, true))],
      ['bare Hono, no body read', started(await startBareHono(path, canned, false))],
      ['framework floor', started(await startFrameworkFloor(bench.operationId, canned))],
      ['Prism', started(await startControlPrism())],
    ]
    for (const [, child] of baselines) await warmUp(`${child.url}${path}`, baselineRequest)

    const contenders: Contender<Measured>[] = [
      ...baselines.map(([name, child]) => ({
        name,
        measure: async () => ({
          max: await load(`${child.url}${path}`, { ...baselineRequest, pid: child.pid }),
        }),
      })),
      ...ours.map(({ name, service, request, workload }) => ({
        name,
        measure: async (round: number) => {
          const url = `${service.url}${path}`
          const options = { body: workload.body(request, round), headers: auth, pid: service.pid }
          const max = await load(url, options)
          const paced = await load(url, { ...options, overallRate: max.requestsPerSecond / 2 })
          return { max, paced }
        },
      })),
    ]
    const note = machineNote()
    const results = await alternate(contenders, {
      describe: (m) =>
        `${num(m.max.requestsPerSecond)} req/s${m.paced ? `, paced p99 ${m.paced.p99Ms} ms` : ''}`,
    })
    const rates = (name: string) => (results.get(name) ?? []).map((m) => m.max.requestsPerSecond)

    printTable(
      `control \`${bench.operationId}\`, c=${settings.connections}: every contender (median (range) of the rounds)`,
      ['target', 'req/s', 'p99 at max (ms)', 'CPU µs/req, event loop / process', 'non-2xx + errors'],
      contenders.map(({ name }) => {
        const ms = results.get(name) ?? []
        const cpu = (pick: 'eventLoop' | 'process') =>
          summarize(ms.map((m) => m.max.cpuMicrosPerRequest?.[pick] ?? Number.NaN))
        return [
          name,
          fmt(summarize(rates(name))),
          fmt(summarize(ms.map((m) => m.max.p99Ms))),
          `${fmt(cpu('eventLoop'))} / ${fmt(cpu('process'))}`,
          String(ms.reduce((n, m) => n + m.max.non2xx + m.max.errors, 0)),
        ]
      }),
    )
    printTable(
      `control \`${bench.operationId}\`: ours as a ratio of each contender's req/s in the same round`,
      ['ours', ...baselines.map(([name]) => `vs ${name}`), 'p99 at ½ our max (ms)', 'offered (req/s)'],
      ours.map(({ name }) => {
        const paced = (results.get(name) ?? []).map((m) => m.paced as LoadResult)
        return [
          name,
          ...baselines.map(([base]) => fmtRatio(ratios(rates(name), rates(base)))),
          fmt(summarize(paced.map((p) => p.p99Ms))),
          fmt(summarize(paced.map((p) => p.offeredRate ?? Number.NaN))),
        ]
      }),
    )
    for (const line of bench.notes?.(new Map(ours.map(({ name }) => [name, rates(name)]))) ?? [])
      printNote(line)
    printNote(
      [
        'bare Hono: Hono on @hono/node-server reading and parsing the JSON body, answering a canned body (our own 200 answer);',
        '"no body read": the same without reading the body; framework floor: the generated route with its validation,',
        'answering the canned body; Prism: `prism mock` (@stoplight/prism-cli 5.16.0, defaults) on specs/control/dist/openapi.json.',
        `Started ${note}; load average at the end ${loadavg()
          .map((x) => x.toFixed(1))
          .join(' / ')}; ${settings.seconds} s loads, ${settings.warmUpSeconds} s warm-up per server.`,
      ].join('\n'),
    )
  } finally {
    for (const child of children.reverse()) await child.stop()
  }
}
