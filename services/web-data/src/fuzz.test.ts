/**
 * The spec-driven fuzzer (tools/contract) against the service on each storage: every answer
 * documented for its operation with a body valid against the spec, no 5xx, no hang, list counts
 * unchanged by the invalid-only phase.
 * The 5,000 requests of a run are split between the storages, each with its own seed (FUZZ_SEED,
 * then FUZZ_SEED + 1); FUZZ_SEED and FUZZ_REQUESTS (per storage) override them. Then the
 * concurrency phase: FUZZ_CONCURRENT_CALLS (20) identical calls at once per write operation.
 */
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import {
  builtServiceEntry,
  type FuzzReport,
  type FuzzRequest,
  formatReport,
  type OpenApiDocument,
  type RunningCommand,
  resetToSeed,
  runFuzz,
  startServiceCommand,
  webDataInvariants,
} from '@apiplatform/contract'
import { openDatabase, testDatabaseKinds } from '@apiplatform/server-kit'
import { spec } from '@apiplatform/web-data-routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrawlSite, startCrawlSite } from './testing/crawl-site.js'
import { webDataKnownFailures } from './testing/fuzz-known.js'

const SERVICE_DIR = fileURLToPath(new URL('..', import.meta.url))
const API_KEY = 'wd_fuzz_api_key_0123456789'
const CONTROLS_TOKEN = 'fuzz_controls_token'
/** The host of the examples' pages: the docs portal of `pnpm start`. */
const EXAMPLE_SITE = 'http://127.0.0.1:7300'
const KINDS = testDatabaseKinds()
// At least 5,000 distinct requests per API and run: shared between the storages, each with a seed of its own.
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? Math.ceil(5_000 / KINDS.length))
const seedOf = (kind: (typeof KINDS)[number]) => Number(process.env.FUZZ_SEED ?? 17) + KINDS.indexOf(kind)

for (const kind of KINDS) {
  describe(`fuzzing the web-data API on ${kind}`, () => {
    let service: RunningCommand
    let site: CrawlSite
    const schema = `fuzz_${randomUUID().replaceAll('-', '')}`
    beforeAll(async () => {
      site = await startCrawlSite()
      // The service as operators run it, in its own process: the fuzzer's work does not share its
      // event loop, and a request that wedged it cannot take other suites with it.
      service = await startServiceCommand(process.execPath, [builtServiceEntry(SERVICE_DIR)], {
        cwd: SERVICE_DIR,
        env: {
          PORT: '0',
          WEB_DATA_API_KEY: API_KEY,
          // The local site of the concurrency phase. Generated requests that name other loopback
          // ports get what those answer: a page, or the documented 502/504.
          WEB_DATA_ALLOW_PRIVATE_URLS: '1',
          // Only for the concurrency phase's resets to the seeded state (POST /__controls/reset).
          WEB_DATA_TEST_CONTROLS_TOKEN: CONTROLS_TOKEN,
          // An agent run lasts long enough for the concurrency phase's cancels to find it running.
          WEB_DATA_AGENT_STEP_MS: '200',
          // The run sends thousands of requests a minute; the plan limits would answer most with 429.
          WEB_DATA_RATE_LIMIT_PER_MIN: '1000000',
          WEB_DATA_MAX_CONCURRENT_JOBS: '1000',
          // No browser: actions, screenshots and interact answer their documented 503.
          CHROMIUM_PATH: '/nonexistent/chromium',
          LOG_LEVEL: 'error',
          ...(kind === 'pglite'
            ? { DATA_DIR: 'memory://', DATABASE_URL: '' }
            : { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema }),
        },
      })
    }, 300_000)
    afterAll(async () => {
      await service?.kill()
      await site?.close()
      if (kind === 'postgres') {
        const db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, schema })
        await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
        await db.close()
      }
    })

    it(`answers ${REQUESTS} generated requests as the spec says (seed ${seedOf(kind)})`, async () => {
      const report: FuzzReport = await runFuzz({
        spec: spec as unknown as OpenApiDocument,
        baseUrl: service.url,
        credential: API_KEY,
        seed: seedOf(kind),
        requests: REQUESTS,
        concurrency: 3,
        // Generous: the CI machine runs every suite at once; a wedged service never answers.
        timeoutMs: 30_000,
        // A run with its concurrency phase: up to 68 s (control) in an idle CI run on a slow 2-core
        // machine, half as long again with a CPU-bound process beside it.
        maxDurationMs: 360_000,
        // Generated URLs name hosts that do not resolve here: the documented 502/504 of a page
        // that cannot be fetched is the right answer.
        upstreamErrors: true,
        environmentError: (_operation, answer) =>
          answer.status === 503 &&
          (answer.body as { code?: string } | undefined)?.code === 'BROWSER_UNAVAILABLE',
        known: webDataKnownFailures(),
        // After the run, 20 identical calls at once per write operation on one resource, then the
        // invariants (FUZZ_CONCURRENT_CALLS=0 skips them).
        concurrentCalls: Number(process.env.FUZZ_CONCURRENT_CALLS ?? 20),
        reset: () => resetToSeed(service.url, CONTROLS_TOKEN),
        localize: (request) => atSite(request, site.url),
        invariants: webDataInvariants,
      })
      // A finding carries the service's own error lines (LOG_LEVEL=error: a 500's cause, by request id).
      const log = report.findings.length > 0 ? `\nservice log:\n${service.output().slice(-20_000)}` : ''
      const text = formatReport(report, `web-data on ${kind}`) + log
      console.info(text)
      expect(report.stopped, text).toBeUndefined()
      expect(report.sent, text).toBeGreaterThanOrEqual(REQUESTS)
      expect(report.findings, text).toEqual([])
      expect(
        report.fixed.map((k) => k.defect),
        text,
      ).toEqual([])
      // The write operations the concurrency phase reached on a default run (14 to 15 of 24 here;
      // those left need Chromium or a multipart upload): fewer means it lost its way to them.
      if (process.env.FUZZ_REQUESTS === undefined && process.env.FUZZ_CONCURRENT_CALLS === undefined)
        expect(report.concurrency?.reached.length, text).toBeGreaterThanOrEqual(13)
    }, 600_000)
  })
}

/** The request with the examples' site replaced by the local one, wherever a body names it. */
function atSite(request: FuzzRequest, siteUrl: string): FuzzRequest {
  if (request.body?.type !== 'json') return request
  const text = JSON.stringify(request.body.value)
  if (!text.includes(EXAMPLE_SITE)) return request
  return { ...request, body: { type: 'json', value: JSON.parse(text.split(EXAMPLE_SITE).join(siteUrl)) } }
}
