/**
 * The spec-driven fuzzer against a running service:
 *
 *   pnpm --dir tools/contract fuzz --api control --url http://127.0.0.1:7100 --key <root key> [--seed 42]
 *
 * Exits 1 when it finds something (each finding with a minimal request that reproduces it).
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { loadSpec } from '../spec.js'
import { invariantsFor } from './concurrency/tables.js'
import { formatReport, reportAsJson } from './report.js'
import { runFuzz } from './run.js'

const { values } = parseArgs({
  options: {
    api: { type: 'string' },
    spec: { type: 'string' },
    url: { type: 'string' },
    key: { type: 'string' },
    seed: { type: 'string' },
    requests: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '4' },
    timeout: { type: 'string', default: '15000' },
    'max-duration': { type: 'string', default: '240' },
    only: { type: 'string' },
    json: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    'allow-upstream-errors': { type: 'boolean', default: false },
    'environment-code': { type: 'string', multiple: true },
    'concurrent-calls': { type: 'string', default: '20' },
  },
})

const specFile =
  values.spec ??
  (values.api
    ? fileURLToPath(new URL(`../../../../specs/${values.api}/dist/openapi.json`, import.meta.url))
    : undefined)
if (!specFile || !values.url || !values.key) {
  console.error(
    'usage: fuzz (--api control|web-data | --spec openapi.json) --url <base url> --key <credential> [--seed N] [--requests 5000] [--concurrency 4] [--timeout ms] [--max-duration s] [--only opId,…] [--allow-upstream-errors] [--environment-code CODE] [--concurrent-calls 20] [--json report.json]',
  )
  process.exit(2)
}
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31)
const report = await runFuzz({
  spec: loadSpec(specFile),
  baseUrl: values.url,
  credential: values.key,
  seed,
  requests: Number(values.requests),
  concurrency: Number(values.concurrency),
  timeoutMs: Number(values.timeout),
  maxDurationMs: Number(values['max-duration']) * 1000,
  upstreamErrors: values['allow-upstream-errors'],
  concurrentCalls: Number(values['concurrent-calls']),
  invariants: invariantsFor(values.api),
  // A 5xx whose body names one of these codes is the environment's (e.g. BROWSER_UNAVAILABLE).
  environmentError: (_operation, answer) =>
    (values['environment-code'] ?? []).includes(
      String((answer.body as { code?: unknown } | undefined)?.code),
    ),
  ...(values.only ? { operations: values.only.split(',') } : {}),
  ...(values.quiet ? {} : { log: (line: string) => console.error(line) }),
})
console.log(formatReport(report, values.api ?? specFile))
if (values.json) writeFileSync(values.json, JSON.stringify(reportAsJson(report), null, 2))
process.exit(report.findings.length > 0 || report.stopped ? 1 : 0)
