import { depthOf, encodeBody, type FuzzRequest, requestPath } from './request.js'
import type { Finding, FuzzReport } from './run.js'

/** The request as a reader can replay it: method, path, headers, body (long parts abbreviated). */
export function describeRequest(request: FuzzRequest): string {
  const lines = [`${request.method} ${abbreviate(requestPath(request), 300)}`]
  if (request.authorization === 'valid') lines.push('Authorization: Bearer <key>')
  else if (request.authorization === null) lines.push('(no Authorization header)')
  else
    lines.push(
      `Authorization: ${abbreviate(JSON.stringify(request.authorization.replaceAll('{key}', '<key>')), 120)}`,
    )
  if (request.contentType) lines.push(`Content-Type: ${request.contentType}`)
  else if (request.body) lines.push('(no Content-Type header)')
  if (request.body?.type === 'json') {
    const depth = depthOf(request.body.value, 100_000)
    const text =
      depth > 40
        ? `${describeDeep(request.body.value, depth)}`
        : JSON.stringify(request.body.value, abbreviateStrings)
    lines.push(text.replaceAll('\uE000', '<byte 0xFF>').replaceAll('\uE001', '<bytes ED A0 80>'))
  } else if (request.body?.type === 'text')
    lines.push(`(raw) ${abbreviate(JSON.stringify(request.body.text), 300)}`)
  else if (request.body?.type === 'multipart')
    lines.push(`(multipart) ${abbreviate(JSON.stringify(request.body.parts), 400)}`)
  return lines.join('\n')
}

/** A curl command for a request small enough to paste (undefined otherwise). */
export function curlOf(request: FuzzRequest, baseUrl = '$BASE_URL'): string | undefined {
  const body = encodeBody(request.body)
  if (
    body &&
    (body.length > 2_000 ||
      request.body?.type === 'multipart' ||
      !Buffer.from(body.toString('utf8')).equals(body))
  )
    return undefined
  const parts = [`curl -s -X ${request.method} '${baseUrl}${requestPath(request)}'`]
  if (request.authorization === 'valid') parts.push(`-H "Authorization: Bearer $KEY"`)
  else if (request.authorization)
    parts.push(`-H ${shellQuote(`Authorization: ${request.authorization.replaceAll('{key}', '$KEY')}`)}`)
  if (request.contentType) parts.push(`-H ${shellQuote(`Content-Type: ${request.contentType}`)}`)
  if (body) parts.push(`--data-binary ${shellQuote(body.toString('utf8'))}`)
  return parts.join(' ')
}

export function formatFinding(finding: Finding, seed: number): string {
  const head = `[${finding.class}] ${finding.kind}${finding.status ? ` → ${finding.status}` : ''} · ${finding.count} requests · ${Object.keys(finding.operations).length} operations`
  const origin = finding.origin
    ? `seed ${seed}, ${finding.origin.phase} phase, request #${finding.origin.index}`
    : `seed ${seed}`
  const operations = Object.entries(finding.operations)
    .map(([op, n]) => `${op} (${n})`)
    .join(', ')
  const lines = [
    head,
    `  operations: ${abbreviate(operations, 1_500)}`,
    `  ${finding.message.split('\n').join('\n  ')}`,
    `  reproduce (${origin}):`,
  ]
  if (finding.request) {
    lines.push(
      ...describeRequest(finding.request)
        .split('\n')
        .map((l) => `    ${l}`),
    )
    const curl = curlOf(finding.request)
    if (curl) lines.push(`    ${curl}`)
  }
  return lines.join('\n')
}

export function formatReport(report: FuzzReport, label = ''): string {
  const statuses = Object.entries(report.byStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${s}:${n}`)
    .join(' ')
  const lines = [
    `${label ? `${label}: ` : ''}${report.sent} requests in ${(report.durationMs / 1000).toFixed(1)} s (seed ${report.seed}); statuses ${statuses}`,
    `findings: ${report.findings.length}${report.stopped ? ` · stopped: ${report.stopped}` : ''}`,
  ]
  if (report.concurrency)
    lines.push(
      `concurrency: ${report.concurrency.sent} requests; ${report.concurrency.reached.length} write operations reached, ${report.concurrency.checked.length} invariants checked; not reached: ${report.concurrency.unreached.map((id) => `${id} (${report.concurrency?.why[id] ?? '?'})`).join(', ') || 'none'}`,
    )
  for (const finding of report.findings) lines.push(formatFinding(finding, report.seed))
  for (const finding of report.known)
    lines.push(
      `known: [${finding.class}] ${finding.kind}${finding.status ? ` → ${finding.status}` : ''} · ${finding.count} requests · ${abbreviate(Object.keys(finding.operations).join(', '), 300)} · ${finding.message.split('\n')[0]?.slice(0, 160)}`,
    )
  for (const entry of report.fixed)
    lines.push(
      `fixed (its probe no longer fails: take it off the known list): [${entry.class}] ${entry.kind ?? ''} ${entry.status ?? ''} ${entry.defect}`,
    )
  return lines.join('\n')
}

function abbreviateStrings(_key: string, value: unknown): unknown {
  return typeof value === 'string' && value.length > 120
    ? `${value.slice(0, 40)}…<${value.length} chars>`
    : Array.isArray(value) && value.length > 20
      ? [...value.slice(0, 3), `…<${value.length} items>`]
      : value
}

function describeDeep(value: unknown, depth: number): string {
  const sample = JSON.stringify(cut(value, 3)) ?? ''
  return `${sample} (the innermost value nested ${depth} levels deep)`
}

function cut(value: unknown, levels: number): unknown {
  if (!value || typeof value !== 'object') return value
  if (levels === 0) return '…'
  if (Array.isArray(value)) return value.map((v) => cut(v, levels - 1))
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cut(v, levels - 1)]))
}

function abbreviate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…<${text.length} chars>` : text
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}

/** The report with each finding's request as text (method, path, headers, abbreviated body) and curl. */
export function reportAsJson(report: FuzzReport): unknown {
  return {
    ...report,
    findings: report.findings.map(({ request, ...finding }) => ({
      ...finding,
      ...(request ? { request: describeRequest(request), curl: curlOf(request) } : {}),
    })),
  }
}
