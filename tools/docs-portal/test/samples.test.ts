/**
 * Every code sample of the built docs runs against the stand-ins: each curl sample in bash, each
 * TypeScript sample (our clients and the official SDKs) type-checked with tsc and executed. The
 * samples run as a reader copies them, with the stand-in's URL pointed at a recording proxy in
 * front of the test's service and, for web-data, the example sites pointed at a local site (tests
 * make no request beyond the machine); the credentials come from the environment variables the
 * samples name.
 *
 * Each sample runs on the stand-in's freshly seeded state (test controls: a reset before each), the
 * state `pnpm start` begins with: the examples name the demo data (control's seed) and the local
 * portal's pages (web-data, pointed at the test's local site here), so that "Test Request" works
 * with each operation's first example. The operations on a web-data job, session or monitor first
 * get one the way a reader would (support/example-prerequisites.ts).
 *
 * A sample passes when it runs to its end, its first request is its own operation, every answer is
 * documented and valid against the spec, and the last answer is a success.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type OpenApiDocument, ResponseValidator } from '@apiplatform/contract'
import { walkOperations } from '@apiplatform/openapi-toolkit'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { API_SETTINGS, type ApiName } from '../src/apis.ts'
import { FIRECRAWL_OPERATIONS } from '../src/samples/firecrawl.ts'
import type { CodeSample } from '../src/samples/index.ts'
import { unkeyMethods } from '../src/samples/installed.ts'
import { SAMPLE_UPLOAD, sampleOperations } from '../src/samples/operations.ts'
import { SDK_GAPS } from '../src/samples/sdk-gaps.ts'
import { type Call, PREREQUISITES } from './support/example-prerequisites.ts'
import { CONTROL_ROOT_KEY, WEB_DATA_API_KEY } from './support/keys.ts'
import { samplePdf } from './support/pdf.ts'
import { bash, runModule, typecheck } from './support/programs.ts'
import { type Exchange, type Recorder, startRecorder } from './support/recorder.ts'
import { type ResettableStandIn, startResettableStandIn } from './support/resettable-stand-ins.ts'

type Json = Record<string, unknown>

const portal = path.resolve(import.meta.dirname, '..')
const runDir = path.join(portal, 'artifacts', 'samples')
const APIS: ApiName[] = ['control', 'web-data']
/** The example host of web-data's first examples: the portal of `pnpm start`, the local site here. */
const PORTAL_URL = 'http://127.0.0.1:7300'
// A safety net: one sample takes well under a second on an idle machine.
const SAMPLE_TIMEOUT_MS = 120_000

interface Operation {
  operationId: string
  method: string
  path: string
  matcher: RegExp
  samples: CodeSample[]
  /** Path parameters in path order with their example values (what a prerequisite replaces). */
  pathParams: { name: string; value: string }[]
  /** Authenticates with an end user's portal session token, not the root key. */
  portalSession: boolean
}

function operationsOf(doc: Json): Operation[] {
  const params = new Map(sampleOperations(doc).map((o) => [o.operationId, o.pathParams]))
  return walkOperations(doc as OpenApiDocument, { order: 'document', strict: false })
    .filter(({ operation: o }) => o.operationId)
    .map(({ method, path: route, operation: o }) => ({
      operationId: String(o.operationId),
      method: method.toUpperCase(),
      path: route,
      matcher: new RegExp(`^${route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      samples: (o['x-codeSamples'] as CodeSample[] | undefined) ?? [],
      pathParams: params.get(String(o.operationId)) ?? [],
      portalSession: ((o.security as Json[] | undefined) ?? []).some((s) => 'portalSession' in s),
    }))
}

/** The operation an exchange called: a literal path wins over a template (`/v2/crawl/active`). */
function operationOf(ops: Operation[], exchange: Exchange): Operation | undefined {
  const pathname = exchange.path.split('?')[0] ?? ''
  return ops
    .filter((o) => o.method === exchange.method && o.matcher.test(pathname))
    .sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0))[0]
}

interface Outcome {
  api: ApiName
  operationId: string
  kind: string
  exchanges: Exchange[]
  /** How long preparing and running the sample took, in ms. */
  ms: number
  /** Why the sample did not run (curl's exit, a TypeScript exception), if it did not. */
  failure?: string
}

describe('code samples against the stand-ins', () => {
  const docs = {} as Record<ApiName, { doc: Json; ops: Operation[]; validator: ResponseValidator }>
  const recorders = {} as Record<ApiName, Recorder>
  const standIns = {} as Record<ApiName, ResettableStandIn>
  const env: Record<string, string> = {
    CONTROL_ROOT_KEY,
    WEB_DATA_API_KEY,
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-samples-'))
  const outcomes: Outcome[] = []

  /** The sample as it runs here: the stand-in's URL → the recorder, example sites → the local site. */
  function localize(api: ApiName, source: string): string {
    let out = source.split(API_SETTINGS[api].localUrl).join(recorders[api].url)
    if (api === 'web-data') {
      out = out.split(PORTAL_URL).join(inject('siteUrl'))
      out = out.replace(/https?:\/\/(?!127\.0\.0\.1[:/])[a-z0-9.-]+(?::\d+)?/gi, inject('siteUrl'))
    }
    return out
  }

  /**
   * Before a sample: the stand-in back to its seeded state, then what the sample needs beyond it
   * (a portal session token; a web-data job, session or monitor, whose ids replace the example's
   * in the returned source).
   */
  async function prepare(api: ApiName, op: Operation, source: string): Promise<string> {
    await standIns[api].reset()
    if (op.portalSession) env.PORTAL_SESSION_TOKEN = await portalSessionToken(standIns.control.url)
    const prerequisite = PREREQUISITES[op.operationId]
    if (!prerequisite) return source
    const ids = await prerequisite(webDataCall(standIns['web-data'].url), inject('siteUrl'))
    let out = source
    for (const { name, value } of op.pathParams) {
      const id = ids[name]
      if (id === undefined) throw new Error(`${op.operationId}: the prerequisite gave no ${name}`)
      out = out.split(value).join(id)
    }
    return out
  }

  beforeAll(async () => {
    for (const api of APIS) {
      const doc = JSON.parse(
        fs.readFileSync(path.join(portal, 'dist', 'reference', api, 'openapi.docs.json'), 'utf8'),
      ) as Json
      docs[api] = {
        doc,
        ops: operationsOf(doc),
        validator: new ResponseValidator(doc as unknown as OpenApiDocument),
      }
    }
    const started = await Promise.allSettled(APIS.map((api) => startResettableStandIn(api)))
    for (const [i, api] of APIS.entries()) {
      const s = started[i]
      if (s?.status === 'fulfilled') standIns[api] = s.value
    }
    const failed = started.find((s) => s.status === 'rejected')
    if (failed) throw (failed as PromiseRejectedResult).reason
    recorders.control = await startRecorder(standIns.control.url)
    recorders['web-data'] = await startRecorder(standIns['web-data'].url)
    fs.writeFileSync(path.join(workDir, SAMPLE_UPLOAD.fileName), samplePdf())
    fs.rmSync(runDir, { recursive: true, force: true })
    fs.mkdirSync(runDir, { recursive: true })
    fs.writeFileSync(path.join(runDir, SAMPLE_UPLOAD.fileName), samplePdf())
  })

  afterAll(async () => {
    await Promise.all(Object.values(recorders).map((r) => r?.close()))
    await Promise.all(Object.values(standIns).map((s) => s?.stop()))
    fs.rmSync(workDir, { recursive: true, force: true })
  })

  it('every operation has a curl sample and one of our client, and the SDK call unless the SDK lacks it or differs', () => {
    const sdkHas = {
      control: new Set(unkeyMethods().keys()),
      'web-data': new Set(FIRECRAWL_OPERATIONS),
    }
    for (const api of APIS) {
      for (const op of docs[api].ops) {
        const kinds = op.samples.map((s) => s['x-sample-kind'])
        const sdk = sdkHas[api].has(op.operationId) && !SDK_GAPS[op.operationId]
        expect(kinds, `${api} ${op.operationId}`).toEqual(
          sdk ? ['curl', 'client', 'sdk'] : ['curl', 'client'],
        )
      }
    }
    const all = APIS.flatMap((api) => docs[api].ops.map((o) => o.operationId))
    for (const id of Object.keys(SDK_GAPS)) expect(all, `SDK_GAPS names ${id}`).toContain(id)
  })

  it('type-checks every TypeScript sample with tsc', () => {
    const files: string[] = []
    for (const api of APIS) {
      for (const op of docs[api].ops) {
        for (const sample of op.samples.filter((s) => s.lang === 'typescript')) {
          const file = sampleFile(api, op.operationId, sample['x-sample-kind'])
          fs.mkdirSync(path.dirname(file), { recursive: true })
          fs.writeFileSync(file, localize(api, sample.source))
          files.push(file)
        }
      }
    }
    expect(typecheck(files, runDir)).toEqual([])
    expect(files.length).toBeGreaterThan(200)
  })

  // Each sample on the freshly seeded state, as "Test Request" against `pnpm start` finds it. One
  // test per API: each is a few minutes of work on a loaded 2-core machine, well within its timeout.
  it.each(APIS)(
    'runs every %s sample: curl in bash, our client and the SDK executed',
    async (api) => {
      for (const op of docs[api].ops) {
        for (const sample of op.samples) {
          const kind = sample['x-sample-kind']
          const started = performance.now()
          const source = await prepare(api, op, localize(api, sample.source))
          recorders[api].take()
          let failure: string | undefined
          let thrown: string | undefined
          if (kind === 'curl') {
            const run = await bash(source, workDir, env, SAMPLE_TIMEOUT_MS)
            if (run.code !== 0) failure = `curl exited with ${run.code}: ${run.stderr}`
          } else {
            // The type-checked file, with the ids of what `prepare` made.
            const file = sampleFile(api, op.operationId, kind)
            fs.writeFileSync(file, source)
            try {
              await runModule(file, {
                cwd: runDir,
                env,
                timeoutMs: SAMPLE_TIMEOUT_MS,
              })
            } catch (error) {
              thrown = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
            }
          }
          const exchanges = recorders[api].take()
          if (thrown !== undefined) failure = thrown
          outcomes.push({
            api,
            operationId: op.operationId,
            kind,
            exchanges,
            ms: Math.round(performance.now() - started),
            ...(failure ? { failure } : {}),
          })
        }
      }
      const ran = outcomes.filter((o) => o.api === api)
      expect(ran.length).toBe(docs[api].ops.reduce((m, op) => m + op.samples.length, 0))
      expect(problems(ran)).toEqual([])
    },
    600_000,
  )

  it('summarises what the samples got', () => {
    const counts = new Map<string, number>()
    for (const o of outcomes) {
      const status = o.exchanges.at(-1)?.status ?? 0
      const key = `${o.api} ${o.kind} ${status >= 200 && status < 300 ? '2xx' : status}`
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
    const slowest = [...outcomes].sort((a, b) => b.ms - a.ms).slice(0, 8)
    console.log(
      'samples run: %d\n%s\nslowest:\n%s',
      outcomes.length,
      [...counts]
        .sort()
        .map(([k, n]) => `  ${k}: ${n}`)
        .join('\n'),
      slowest.map((o) => `  ${o.ms} ms ${o.api} ${o.operationId} (${o.kind})`).join('\n'),
    )
    expect(outcomes.length).toBeGreaterThan(300)
  })

  /** What is wrong with the outcomes. */
  function problems(ran: Outcome[]): string[] {
    const out: string[] = []
    for (const o of ran) {
      const label = `${o.api} ${o.operationId} (${o.kind})`
      if (o.failure) out.push(`${label}: did not run: ${o.failure}`)
      const [first] = o.exchanges
      if (!first) {
        out.push(`${label}: sent no request`)
        continue
      }
      const called = operationOf(docs[o.api].ops, first)
      if (called?.operationId !== o.operationId)
        out.push(`${label}: called ${first.method} ${first.path} (${called?.operationId ?? 'no operation'})`)
      for (const e of o.exchanges) {
        const problem = docs[o.api].validator.check(e)
        if (problem) out.push(`${label}: ${problem}`)
      }
      const last = o.exchanges.at(-1) as Exchange
      if (!(last.status >= 200 && last.status < 300))
        out.push(`${label}: answered ${last.status} ${JSON.stringify(last.body).slice(0, 300)}`)
      // Code run in a browser session answers 200 also when the code failed (a selector not found).
      const ran = last.body as { exitCode?: unknown; killed?: unknown } | undefined
      if (ran && typeof ran === 'object' && ((ran.exitCode ?? 0) !== 0 || ran.killed === true))
        out.push(`${label}: its code failed: ${JSON.stringify(last.body).slice(0, 300)}`)
    }
    return out
  }
})

function sampleFile(api: ApiName, operationId: string, kind: string): string {
  return path.join(runDir, api, `${operationId.replace(/\W+/g, '-')}.${kind}.ts`)
}

/** A portal session token of the seeded identity (`portal.createSession`, then `portal.exchangeCode`). */
async function portalSessionToken(controlUrl: string): Promise<string> {
  const post = async (operation: string, body: Json, key?: string) => {
    const response = await fetch(`${controlUrl}/v2/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify(body),
    })
    const json = (await response.json()) as { data?: Json; error?: unknown }
    if (!response.ok) throw new Error(`${operation}: ${response.status} ${JSON.stringify(json)}`)
    return json.data as Json
  }
  const session = await post(
    'portal.createSession',
    {
      portal: 'portal_main',
      externalId: 'customer_8412',
      scopes: ['keys:read', 'keys:reroll', 'analytics:read'],
    },
    CONTROL_ROOT_KEY,
  )
  const code = new URL(String(session.url)).searchParams.get('code')
  if (!code) throw new Error(`no code in ${String(session.url)}`)
  const exchanged = await post('portal.exchangeCode', { code })
  return String(exchanged.accessToken)
}

/** Requests to the web-data stand-in itself (not through the recorder), for the prerequisites. */
function webDataCall(baseUrl: string): Call {
  return async (method, route, body) => {
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${WEB_DATA_API_KEY}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`)
    return JSON.parse(text) as Json
  }
}
