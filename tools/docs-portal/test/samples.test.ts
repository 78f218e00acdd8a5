/**
 * Every code sample of the built docs runs against the stand-ins: each curl sample in bash, each
 * TypeScript sample (our clients and the official SDKs) type-checked with tsc and executed. The
 * samples run as a reader copies them, with the stand-in's URL pointed at a recording proxy in
 * front of the test's service and, for web-data, the example sites pointed at a local site (tests
 * make no request beyond the machine); the credentials come from the environment variables the
 * samples name.
 *
 * A sample passes when it runs to its end (or, for TypeScript, throws the API error of the answer
 * it got), its first request is its own operation, every answer is documented and valid against
 * the spec, and the last answer is a success, or 404/409/412: the examples name ids and resources
 * that a fresh stand-in does not have. A 400, 401, 403 or 5xx means the sample is wrong.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type OpenApiDocument, ResponseValidator } from '@apiplatform/contract'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { API_SETTINGS, type ApiName } from '../src/apis.ts'
import { FIRECRAWL_OPERATIONS } from '../src/samples/firecrawl.ts'
import type { CodeSample } from '../src/samples/index.ts'
import { unkeyMethods } from '../src/samples/installed.ts'
import { SAMPLE_UPLOAD } from '../src/samples/operations.ts'
import { SDK_GAPS } from '../src/samples/sdk-gaps.ts'
import { CONTROL_ROOT_KEY, WEB_DATA_API_KEY } from './support/keys.ts'
import { samplePdf } from './support/pdf.ts'
import { bash, runModule, typecheck } from './support/programs.ts'
import { type Exchange, type Recorder, startRecorder } from './support/recorder.ts'

type Json = Record<string, unknown>

const portal = path.resolve(import.meta.dirname, '..')
const runDir = path.join(portal, 'artifacts', 'samples')
const APIS: ApiName[] = ['control', 'web-data']
/** Answers that a correct sample can get from a fresh stand-in besides 2xx. */
const EXPECTED_ERRORS = new Set([404, 409, 412])
// A safety net: one sample takes well under a second on an idle machine.
const SAMPLE_TIMEOUT_MS = 120_000

interface Operation {
  operationId: string
  method: string
  path: string
  matcher: RegExp
  samples: CodeSample[]
  /** Needs no credential (`security: []`). */
  public: boolean
}

function operationsOf(doc: Json): Operation[] {
  const out: Operation[] = []
  for (const [route, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item)) {
      const o = op as Json
      if (!o.operationId) continue
      out.push({
        operationId: String(o.operationId),
        method: method.toUpperCase(),
        path: route,
        matcher: new RegExp(`^${route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        samples: (o['x-codeSamples'] as CodeSample[] | undefined) ?? [],
        public: Array.isArray(o.security) && o.security.length === 0,
      })
    }
  }
  return out
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
  /** Why the sample did not run (curl's exit, a TypeScript exception), if it did not. */
  failure?: string
}

describe('code samples against the stand-ins', () => {
  const docs = {} as Record<ApiName, { doc: Json; ops: Operation[]; validator: ResponseValidator }>
  const recorders = {} as Record<ApiName, Recorder>
  const env: Record<string, string> = {
    CONTROL_ROOT_KEY,
    WEB_DATA_API_KEY,
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-samples-'))
  const outcomes: Outcome[] = []

  /** The sample as it runs here: the stand-in's URL → the recorder, example sites → the local site. */
  function localize(api: ApiName, source: string): string {
    let out = source.split(API_SETTINGS[api].localUrl).join(recorders[api].url)
    if (api === 'web-data')
      out = out.replace(/https?:\/\/(?!127\.0\.0\.1[:/])[a-z0-9.-]+(?::\d+)?/gi, inject('siteUrl'))
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
    recorders.control = await startRecorder(inject('controlUrl'))
    recorders['web-data'] = await startRecorder(inject('webDataUrl'))
    fs.writeFileSync(path.join(workDir, SAMPLE_UPLOAD.fileName), samplePdf())
    env.PORTAL_SESSION_TOKEN = await portalSessionToken(inject('controlUrl'))
    await exampleState(inject('controlUrl'))
    fs.rmSync(runDir, { recursive: true, force: true })
    fs.mkdirSync(runDir, { recursive: true })
    fs.writeFileSync(path.join(runDir, SAMPLE_UPLOAD.fileName), samplePdf())
  })

  afterAll(async () => {
    await Promise.all(Object.values(recorders).map((r) => r?.close()))
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

  // Operation by operation, so that each runs its samples on the state the previous ones left
  // (the examples create, then delete, the same resources).
  it('runs every sample: curl in bash, our client and the SDK executed', async () => {
    for (const api of APIS) {
      for (const op of docs[api].ops) {
        for (const sample of op.samples) {
          const kind = sample['x-sample-kind']
          recorders[api].take()
          let failure: string | undefined
          let thrown: string | undefined
          if (kind === 'curl') {
            const run = await bash(localize(api, sample.source), workDir, env, SAMPLE_TIMEOUT_MS)
            if (run.code !== 0) failure = `curl exited with ${run.code}: ${run.stderr}`
          } else {
            try {
              await runModule(sampleFile(api, op.operationId, kind), {
                cwd: runDir,
                env,
                timeoutMs: SAMPLE_TIMEOUT_MS,
              })
            } catch (error) {
              thrown = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
            }
          }
          const exchanges = recorders[api].take()
          const last = exchanges.at(-1)
          // A TypeScript sample may throw the API error of the answer it got, nothing else.
          if (thrown !== undefined && !(last && last.status >= 400)) failure = thrown
          outcomes.push({
            api,
            operationId: op.operationId,
            kind,
            exchanges,
            ...(failure ? { failure } : {}),
          })
        }
      }
    }
    const expected = APIS.reduce((n, api) => n + docs[api].ops.reduce((m, op) => m + op.samples.length, 0), 0)
    expect(outcomes.length).toBe(expected)
    expect(problems()).toEqual([])
  }, 600_000)

  it('summarises what the samples got', () => {
    const counts = new Map<string, number>()
    for (const o of outcomes) {
      const status = o.exchanges.at(-1)?.status ?? 0
      const key = `${o.api} ${o.kind} ${status >= 200 && status < 300 ? '2xx' : status}`
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
    console.log(
      'samples run: %d\n%s',
      outcomes.length,
      [...counts]
        .sort()
        .map(([k, n]) => `  ${k}: ${n}`)
        .join('\n'),
    )
    expect(outcomes.length).toBeGreaterThan(300)
  })

  /** What is wrong with the outcomes. */
  function problems(): string[] {
    const out: string[] = []
    for (const o of outcomes) {
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
      // A public operation's 401 is about the credential in its body (a portal code), not the key.
      const expected = called?.public ? [...EXPECTED_ERRORS, 401] : [...EXPECTED_ERRORS]
      if (!(last.status >= 200 && last.status < 300) && !expected.includes(last.status))
        out.push(`${label}: answered ${last.status} ${JSON.stringify(last.body).slice(0, 300)}`)
    }
    return out
  }
})

function sampleFile(api: ApiName, operationId: string, kind: string): string {
  return path.join(runDir, api, `${operationId.replace(/\W+/g, '-')}.${kind}.ts`)
}

/**
 * What the control examples take for granted beyond the seeded workspace: the role of
 * `permissions.createRole` grants `documents.read` (which the createPermission example creates)
 * and `documents.write`.
 */
async function exampleState(controlUrl: string): Promise<void> {
  const response = await fetch(`${controlUrl}/v2/permissions.createPermission`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${CONTROL_ROOT_KEY}` },
    body: JSON.stringify({ name: 'Write documents', slug: 'documents.write' }),
  })
  if (!response.ok)
    throw new Error(`permissions.createPermission: ${response.status} ${await response.text()}`)
}

/** A portal session token for an end user of the seeded workspace (identity, `portal.createSession`, `exchangeCode`). */
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
  await post('identities.createIdentity', { externalId: 'customer_8412' }, CONTROL_ROOT_KEY)
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
