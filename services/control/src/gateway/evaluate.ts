/**
 * How the gateway applies an environment's policies to one request. Policies run in list order;
 * disabled ones and ones whose `match` does not fit are skipped. A policy applies when EVERY
 * expression of its `match` fits (no `match`: every request); inside one expression every given
 * part (path, method, header, queryParam) must fit. The first policy that refuses the request
 * decides the response:
 *
 * - `firewall` (ACTION_DENY) → 403;
 * - `keyauth` → 401 when no key is found at its `locations` (bearer by default) or the verifier
 *   rejects it;
 * - `ratelimit` → 429 once `limit` requests per `windowMs` were counted for the identifier built
 *   from `identifiers` (the remote IP by default), counted exactly like `ratelimit.limit`;
 * - `logging` never refuses; it makes the request's headers/body part of the recorded request;
 * - `openapi` never refuses here: this stand-in has no upstream spec to validate against.
 *
 * A request no policy refuses is forwarded (recorded with the upstream's status).
 */
import type { Deps } from '../deps.js'
import type { FieldMatch, MatchExpr, Policy, PolicyTarget, StringMatch } from '../domain/gateway-policy.js'
import { decide } from '../ratelimit/engine.js'
import { insertGatewayRequest } from '../repositories/gateway.js'

export type { Policy }

export interface GatewayRequest {
  method: string
  path: string
  host?: string
  query?: Record<string, string>
  headers?: Record<string, string>
  remoteIp: string
  body?: string
}

/** Checks a key found by a keyauth policy; the subject becomes `authenticatedSubject`. */
export type KeyVerifier = (keyspaces: string[], key: string) => Promise<{ valid: boolean; subject?: string }>

export interface GatewayDecision {
  status: number
  outcome: 'forwarded' | 'denied' | 'unauthorized' | 'rate_limited'
  policy?: string
}

function stringMatches(m: StringMatch, value: string): boolean {
  const v = m.ignoreCase ? value.toLowerCase() : value
  const norm = (s: string) => (m.ignoreCase ? s.toLowerCase() : s)
  if (m.exact !== undefined && v !== norm(m.exact)) return false
  if (m.prefix !== undefined && !v.startsWith(norm(m.prefix))) return false
  if (m.regex !== undefined) {
    try {
      if (!new RegExp(m.regex, m.ignoreCase ? 'i' : '').test(value)) return false
    } catch {
      return false
    }
  }
  return true
}

function fieldMatches(f: FieldMatch, values: Record<string, string>, caseInsensitiveName: boolean): boolean {
  const key = caseInsensitiveName
    ? Object.keys(values).find((k) => k.toLowerCase() === f.name.toLowerCase())
    : f.name
  const value = key === undefined ? undefined : values[key]
  if (value === undefined) return false
  return f.value ? stringMatches(f.value, value) : true
}

export function exprMatches(e: MatchExpr, r: GatewayRequest): boolean {
  if (e.path && !stringMatches(e.path.path, r.path)) return false
  if (e.method && !e.method.methods.some((m) => m.toUpperCase() === r.method.toUpperCase())) return false
  if (e.header && !fieldMatches(e.header, r.headers ?? {}, true)) return false
  if (e.queryParam && !fieldMatches(e.queryParam, r.query ?? {}, false)) return false
  return true
}

export const policyApplies = (p: Policy, r: GatewayRequest) =>
  p.enabled && (p.match ?? []).every((e) => exprMatches(e, r))

function header(r: GatewayRequest, name: string): string | undefined {
  const key = Object.keys(r.headers ?? {}).find((k) => k.toLowerCase() === name.toLowerCase())
  return key === undefined ? undefined : r.headers?.[key]
}

function findKey(policy: NonNullable<Policy['keyauth']>, r: GatewayRequest): string | undefined {
  for (const loc of policy.locations?.length ? policy.locations : [{ bearer: {} }]) {
    if (loc.bearer) {
      const m = /^Bearer (.+)$/.exec(header(r, 'authorization') ?? '')
      if (m?.[1]) return m[1]
    }
    if (loc.header) {
      const v = header(r, loc.header.name)
      if (v)
        return loc.header.stripPrefix && v.startsWith(loc.header.stripPrefix)
          ? v.slice(loc.header.stripPrefix.length)
          : v
    }
    if (loc.queryParam) {
      const v = r.query?.[loc.queryParam.name]
      if (v) return v
    }
  }
  return undefined
}

function identifierOf(
  p: NonNullable<Policy['ratelimit']>,
  r: GatewayRequest,
  subject: string | undefined,
): string {
  const ids = p.identifiers ?? (p.identifier ? [p.identifier] : [{ remoteIp: {} }])
  return ids
    .map((id) => {
      if (id.remoteIp) return `ip:${r.remoteIp}`
      if (id.header) return `h:${header(r, id.header.name) ?? ''}`
      if (id.authenticatedSubject) return `sub:${subject ?? ''}`
      if (id.path) return `path:${r.path}`
      if (id.principalField) return `pf:${id.principalField.path}:${subject ?? ''}`
      return ''
    })
    .join('|')
}

/** Applies the policies to one request. Pure apart from the rate limit counters and the verifier. */
export async function evaluatePolicies(
  deps: Pick<Deps, 'db' | 'now'>,
  environmentId: string,
  policies: Policy[],
  r: GatewayRequest,
  verifyKey?: KeyVerifier,
): Promise<GatewayDecision & { logging: NonNullable<Policy['logging']> }> {
  let subject: string | undefined
  const logging: NonNullable<Policy['logging']> = {}
  for (const p of policies) {
    if (!policyApplies(p, r)) continue
    if (p.firewall?.action === 'ACTION_DENY')
      return { status: 403, outcome: 'denied', policy: p.name, logging }
    if (p.keyauth) {
      const key = findKey(p.keyauth, r)
      const verdict = key && verifyKey ? await verifyKey(p.keyauth.keyspaces, key) : { valid: false }
      if (!key || !verdict.valid) return { status: 401, outcome: 'unauthorized', policy: p.name, logging }
      subject = verdict.subject ?? subject
    }
    if (p.ratelimit) {
      const result = await decide(deps.db, {
        namespaceId: `gw:${environmentId}:${p.name}`,
        identifier: identifierOf(p.ratelimit, r, subject),
        limit: p.ratelimit.limit,
        duration: p.ratelimit.windowMs,
        cost: 1,
        now: deps.now(),
      })
      if (!result.success) return { status: 429, outcome: 'rate_limited', policy: p.name, logging }
    }
    if (p.logging) Object.assign(logging, Object.fromEntries(Object.entries(p.logging).filter(([, v]) => v)))
  }
  return { status: 200, outcome: 'forwarded', logging }
}

/**
 * The gateway in front of an environment: loads its policies, evaluates the request, records it
 * in `gateway_requests` (what analytics.getGatewayRequests reads) and returns the decision.
 */
export async function gatewayHandle(
  deps: Pick<Deps, 'db' | 'now'>,
  target: PolicyTarget,
  policies: Policy[],
  r: GatewayRequest,
  options: { verifyKey?: KeyVerifier; upstreamStatus?: number } = {},
): Promise<GatewayDecision> {
  const started = deps.now()
  const d = await evaluatePolicies(deps, target.environmentId, policies, r, options.verifyKey)
  const status = d.outcome === 'forwarded' ? (options.upstreamStatus ?? 200) : d.status
  const query = new URLSearchParams(r.query ?? {}).toString()
  await insertGatewayRequest(deps.db, [
    target.workspaceId,
    target.projectId,
    target.appId,
    target.environmentId,
    started,
    r.method.toUpperCase(),
    r.host ?? '',
    r.path,
    d.logging.query ? query : '',
    status,
    deps.now() - started,
    d.policy ?? null,
    d.outcome,
    r.remoteIp,
    d.logging.requestHeaders ? JSON.stringify(r.headers ?? {}) : null,
    d.logging.requestBody ? (r.body ?? null) : null,
  ])
  return { status, outcome: d.outcome, ...(d.policy ? { policy: d.policy } : {}) }
}

/** The first name used twice, if any: `policyId` addresses policies by name, so names are unique. */
export function duplicateName(policies: Policy[]): string | undefined {
  const seen = new Set<string>()
  for (const p of policies) {
    if (seen.has(p.name)) return p.name
    seen.add(p.name)
  }
  return undefined
}
