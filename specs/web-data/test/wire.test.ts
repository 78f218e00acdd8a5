import { describe, expect, it } from 'vitest'
import { deref, flatten, type Json, operations, sheet, sheetPathToOurs, unwrapNullable } from './helpers.js'
import type { Constraints, Node } from './reference.js'

type Mode = 'request' | 'response'
const LIMITS = [
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'format',
] as const

/**
 * Patterns we accept beyond the sheet's, each the real API's own behaviour (DEVIATIONS.md):
 * sheet pattern → ours.
 */
const LOOSENED_PATTERNS: Record<string, string> = {
  // `location.country`: the real API upper-cases the code before checking it.
  '^[A-Z]{2}$': '^[A-Za-z]{2}$',
}

/**
 * The object branch of a `oneOf` that adds short forms (a `webhook` URL string) beside the sheet's
 * object: the branch the sheet's fields are compared with. Undefined for any other schema.
 */
function objectBeside(shortForms: Json): Json | undefined {
  const branches = flatten(shortForms).branches.map(deref)
  const objects = branches.filter((b: Json) => b.type === 'object' || b.properties)
  if (objects.length !== 1 || branches.length < 2) return undefined
  return branches.every((b: Json) => b === objects[0] || (b.type && b.type !== 'object'))
    ? objects[0]
    : undefined
}

function enumOf(schema: Json): string[] | undefined {
  const s = unwrapNullable(schema)
  if (s?.const !== undefined) return [s.const]
  if (Array.isArray(s?.enum)) return s.enum.filter((x: unknown) => x !== null)
  return undefined
}

function checkConstraints(c: Constraints, schema: Json, where: string, problems: string[]) {
  const s = unwrapNullable(schema)
  if (c.enum) {
    const ours = enumOf(s)
    if (!ours || [...ours].sort().join('|') !== [...c.enum].sort().join('|'))
      problems.push(`${where}: enum ${JSON.stringify(ours)} != sheet ${JSON.stringify(c.enum)}`)
  }
  for (const k of LIMITS) {
    if (k === 'pattern' && c.pattern && LOOSENED_PATTERNS[c.pattern] === s?.pattern) continue
    if (c[k] !== undefined && s?.[k] !== c[k]) problems.push(`${where}: ${k} ${s?.[k]} != sheet ${c[k]}`)
  }
}

/** Element node of an `array<…>` sheet type, and the items schema of ours. */
function arrayElement(node: Node): Node {
  const inner = node.type.match(/^array<(.*)>$/)?.[1] ?? 'object'
  const ref = inner.match(/^→(\w+)$/)?.[1]
  return {
    type: inner,
    ref,
    fields: node.fields,
    groups: node.groups,
    constraints: {},
  }
}

function compare(node: Node, ours: Json, where: string, mode: Mode, problems: string[], depth = 0): void {
  if (depth > 12) return
  if (node.ref && !node.type.startsWith('array<')) {
    const named = sheet.schemas[node.ref]
    if (!named) {
      problems.push(`${where}: sheet schema ${node.ref} not parsed`)
      return
    }
    compare({ ...named, ref: undefined }, ours, `${where}(${node.ref})`, mode, problems, depth + 1)
    return
  }
  const s = unwrapNullable(ours)
  if (node.type.startsWith('array<')) {
    if (s?.type !== 'array' && !(Array.isArray(s?.type) && s.type.includes('array'))) {
      problems.push(`${where}: expected an array`)
      return
    }
    compare(arrayElement(node), s.items ?? {}, `${where}[]`, mode, problems, depth + 1)
    return
  }
  if (!node.fields.length && !node.groups.length) return
  const objectForm = node.fields.length ? objectBeside(s) : undefined
  if (objectForm) {
    compare(node, objectForm, where, mode, problems, depth + 1)
    return
  }
  const flat = flatten(s)
  const allBranches = (x: Json): Json[] =>
    flatten(x).branches.flatMap((b: Json) => (flatten(b).branches.length ? allBranches(b) : [b]))
  const fieldTargets = [...node.fields.map((f) => ({ f, flat }))]
  for (const g of node.groups) {
    if (g.kind === 'allOf') {
      for (const f of g.node.fields) fieldTargets.push({ f, flat })
      continue
    }
    if (!g.node.fields.length && g.node.groups.length) {
      // a nested composition: its own branches are among ours
      compare(g.node, s, where, mode, problems, depth + 1)
      continue
    }
    // oneOf: find our branch with the same property names (and the same `type` enum, if stated)
    const typeEnum = g.node.fields.find((f) => f.name === 'type')?.constraints.enum
    const candidates = allBranches(s).filter((b) => {
      const bf = flatten(b)
      if (!g.node.fields.every((f) => f.name in bf.properties)) return false
      if (!typeEnum) return true
      const e = enumOf(bf.properties.type)
      return e?.join('|') === typeEnum.join('|')
    })
    const match = candidates.find((b) => {
      const sub: string[] = []
      compare(g.node, b, where, mode, sub, depth + 1)
      return sub.length === 0
    })
    if (!match) {
      if (candidates.length)
        compare(g.node, candidates[0], `${where}{oneOf #${g.index}}`, mode, problems, depth + 1)
      else
        problems.push(
          `${where}: no branch matches sheet oneOf #${g.index} (${g.node.fields.map((f) => f.name).join(', ')})`,
        )
    }
  }
  for (const { f, flat: fl } of fieldTargets) {
    if (f.name.startsWith('<')) continue
    const at = `${where}.${f.name}`
    const prop = fl.properties[f.name]
    if (!prop) {
      problems.push(`${at}: missing`)
      continue
    }
    if (f.required && !fl.required.has(f.name)) problems.push(`${at}: required in the sheet, optional here`)
    if (mode === 'request' && !f.required && fl.required.has(f.name))
      problems.push(`${at}: optional in the sheet, required here`)
    checkConstraints(f.constraints, prop, at, problems)
    compare(f.node, prop, at, mode, problems, depth + 1)
  }
}

describe('wire compatibility with the reference sheet', () => {
  const ours = new Map(operations().map((o) => [`${o.method} ${o.path}`, o.op]))

  for (const sop of sheet.operations) {
    const key = `${sop.method} ${sheetPathToOurs(sop.path)}`
    it(`${key} (${sop.operationId})`, () => {
      const op = ours.get(key)
      expect(op, key).toBeTruthy()
      const problems: string[] = []
      // parameters
      const params = (op.parameters ?? []).map(deref)
      for (const p of sop.params) {
        const mine = params.find((x: Json) => x.name === p.name && x.in === p.in)
        if (!mine) {
          problems.push(`param ${p.in}.${p.name}: missing`)
          continue
        }
        if (Boolean(mine.required) !== p.required)
          problems.push(`param ${p.name}: required ${mine.required} != sheet ${p.required}`)
        if (mine.schema?.type !== p.type)
          problems.push(`param ${p.name}: type ${mine.schema?.type} != sheet ${p.type}`)
        checkConstraints(p.constraints, mine.schema, `param ${p.name}`, problems)
      }
      // request body
      if (sop.requestBody) {
        const rb = deref(op.requestBody)
        const media = rb?.content?.[sop.requestBody.contentType]
        if (!media) problems.push(`request body ${sop.requestBody.contentType}: missing`)
        else {
          if (Boolean(rb.required) !== sop.requestBody.required)
            problems.push('request body: requiredness differs')
          compare(sop.requestBody.schema, media.schema, 'request', 'request', problems)
        }
      } else if (op.requestBody) problems.push('request body: the sheet has none')
      // responses
      for (const r of sop.responses) {
        const mine = op.responses?.[r.status] && deref(op.responses[r.status])
        if (!mine) {
          problems.push(`response ${r.status}: missing`)
          continue
        }
        if (r.noBody || !r.schema) continue
        const media = mine.content?.[r.contentType ?? 'application/json']
        if (!media) problems.push(`response ${r.status}: no ${r.contentType} body`)
        else compare(r.schema, media.schema, `response ${r.status}`, 'response', problems)
      }
      expect(problems).toEqual([])
    })
  }
})

// ---- The sheet's "Agent runs" section (prose, so the facts are listed here) -------------------

function op(method: string, path: string): Json {
  const o = operations().find((x) => x.method === method && x.path === path)
  if (!o) throw new Error(`${method} ${path} missing`)
  return o.op
}
const body = (o: Json, status = '200') => deref(o.responses[status]).content['application/json'].schema
const requestSchema = (o: Json) => deref(o.requestBody).content['application/json'].schema
const props = (s: Json) => Object.keys(flatten(s).properties).sort()
const sorted = (xs: string[]) => [...xs].sort()

describe('agent section of the sheet', () => {
  it('POST /v2/agent request accepts the extra fields', () => {
    const f = flatten(requestSchema(op('post', '/v2/agent')))
    for (const k of [
      'effort',
      'webhook',
      'integration',
      'origin',
      'threadId',
      'mode',
      'maxCredits',
      'prompt',
      'urls',
    ])
      expect(f.properties, k).toHaveProperty(k)
    expect(enumOf(f.properties.effort)).toEqual(['low', 'medium', 'high'])
    expect(enumOf(f.properties.mode)).toEqual(['extract', 'chat'])
    const webhook = deref(f.properties.webhook)
    const kinds = webhook.oneOf.map((b: Json) => deref(b))
    expect(kinds.some((b: Json) => b.type === 'string')).toBe(true)
    expect(
      kinds.some(
        (b: Json) => sorted(Object.keys(b.properties ?? {})).join() === 'events,headers,metadata,url',
      ),
    ).toBe(true)
  })
  it('POST /v2/agent 200', () => {
    const s = body(op('post', '/v2/agent'))
    expect(props(s)).toEqual(sorted(['success', 'id', 'error', 'threadId', 'threadTurn']))
    expect(flatten(s).properties.id.format).toBe('uuid')
    expect(flatten(s).properties.threadTurn.minimum).toBe(1)
  })
  it('GET /v2/agent/{jobId} 200', () => {
    const s = body(op('get', '/v2/agent/{jobId}'))
    expect(props(s)).toEqual(
      sorted([
        'success',
        'status',
        'error',
        'data',
        'model',
        'effort',
        'expiresAt',
        'creditsUsed',
        'threadId',
        'threadTurn',
        'mode',
        'message',
      ]),
    )
    expect(enumOf(flatten(s).properties.status)).toEqual(['processing', 'completed', 'failed'])
  })
  it('GET /v2/agent lists runs with before and next', () => {
    const o = op('get', '/v2/agent')
    expect(o.parameters.map(deref).map((p: Json) => `${p.in}.${p.name}:${p.schema.type}`)).toEqual([
      'query.before:number',
    ])
    const s = flatten(body(o))
    expect(sorted(Object.keys(s.properties))).toEqual(['agents', 'next', 'success'])
    const item = flatten(deref(s.properties.agents).items)
    expect(sorted(Object.keys(item.properties))).toEqual(
      sorted(['id', 'createdAt', 'targetHint', 'origin', 'integration', 'settings', 'status', 'options']),
    )
    expect(item.required.has('integration')).toBe(false)
    expect(item.required.has('options')).toBe(false)
    const settings = flatten(item.properties.settings)
    expect(sorted(Object.keys(settings.properties))).toEqual(['hidden', 'label', 'starred'])
    expect(settings.required.has('label')).toBe(false)
    const options = flatten(item.properties.options)
    expect(sorted(Object.keys(options.properties))).toEqual(
      sorted(['urls', 'prompt', 'schema', 'model', 'effort']),
    )
  })
  it('DELETE /v2/agent/{jobId}', () => {
    const o = op('delete', '/v2/agent/{jobId}')
    expect(props(body(o))).toEqual(['success'])
    expect(o.responses['409']).toBeTruthy()
  })
  it('GET /v2/agent/{jobId}/trace', () => {
    const o = op('get', '/v2/agent/{jobId}/trace')
    expect(o.parameters.map(deref).map((p: Json) => p.name)).toEqual(['jobId', 'liveView'])
    const s = flatten(body(o))
    expect(sorted(Object.keys(s.properties))).toEqual(
      sorted(['success', 'id', 'events', 'creditsUsed', 'activeBrowserSessions']),
    )
    const session = flatten(deref(s.properties.activeBrowserSessions).items)
    expect(sorted(Object.keys(session.properties))).toEqual(['id', 'liveViewUrl', 'viewport'])
    expect(sorted(Object.keys(flatten(session.properties.viewport).properties))).toEqual(['height', 'width'])
  })
  it('GET /v2/agent/{jobId}/snapshots/{snapshotId}', () => {
    const o = op('get', '/v2/agent/{jobId}/snapshots/{snapshotId}')
    expect(props(body(o))).toEqual(sorted(['success', 'id', 'snapshotId', 'snapshot']))
    expect(flatten(body(o)).properties.snapshot.type).toBe('string')
  })
  it('GET /v2/agent/threads/{threadId}', () => {
    const o = op('get', '/v2/agent/threads/{threadId}')
    expect(o.parameters.map(deref).map((p: Json) => p.name)).toEqual(['threadId', 'includeData'])
    const s = flatten(body(o))
    expect(sorted(Object.keys(s.properties))).toEqual(['success', 'thread'])
    // The sheet's `{ id, runs[] }`, and what the real API's SDKs read besides (DEVIATIONS.md).
    expect(sorted(Object.keys(flatten(s.properties.thread).properties))).toEqual(
      sorted(['id', 'runs', 'createdAt', 'updatedAt', 'status']),
    )
  })
})

describe('trace events', () => {
  const COMMON = ['schemaVersion', 'eventId', 'runId', 'occurredAt', 'producerSequence', 'agent', 'type']
  const KINDS: Record<string, Record<string, string[] | null>> = {
    'run.started': {},
    'run.cancel_requested': { reason: ['user'] },
    'run.finished': {
      outcome: ['succeeded', 'failed', 'cancelled', 'refused', 'credit_limit_reached'],
      error: null,
    },
    'agent.started': {},
    'agent.finished': {
      outcome: ['succeeded', 'failed', 'cancelled', 'refused'],
      durationMs: null,
      error: null,
    },
    'browser.session.started': { sessionId: null },
    'browser.session.finished': { sessionId: null, durationMs: null },
    'progress.reported': {
      phase: ['planning', 'working', 'finalizing'],
      message: null,
    },
    'reasoning.summary': { text: null },
    'tool_call.started': { toolCallId: null, toolName: null, parameters: null },
    'tool_call.finished': { toolCallId: null, toolName: null, result: null },
    'artifact.updated': { artifact: null },
    'error.occurred': { error: null },
  }
  const traceEvent = () => deref({ $ref: '#/components/schemas/TraceEvent' })

  /** The oneOf variant whose constant `type` is `kind`. */
  const variantOf = (kind: string): string => {
    const ref = traceEvent()
      .oneOf.map((b: Json) => b.$ref as string)
      .find((r: string) => {
        const type = flatten({ $ref: r }).properties.type
        return JSON.stringify(enumOf(type)) === JSON.stringify([kind])
      })
    if (!ref) throw new Error(`no TraceEvent variant has type ${kind}`)
    return ref
  }

  // No OpenAPI discriminator: each variant's constant `type` tells them apart (a discriminator over
  // allOf variants breaks openapi-zod-client's module, specs/README.md "Other teams' tools").
  it('is a oneOf of one variant per kind, each with its constant type', () => {
    const te = traceEvent()
    expect(te.discriminator).toBeUndefined()
    expect(te.oneOf).toHaveLength(Object.keys(KINDS).length)
    for (const kind of Object.keys(KINDS)) {
      const f = flatten({ $ref: variantOf(kind) })
      expect(f.properties.type.type, kind).toBe('string')
      expect(sorted(Object.keys(f.properties)), kind).toEqual(
        sorted([...COMMON, ...Object.keys(KINDS[kind])]),
      )
      for (const c of COMMON) expect(f.required.has(c), `${kind}.${c}`).toBe(true)
      for (const [field, values] of Object.entries(KINDS[kind]))
        if (values) expect(enumOf(f.properties[field]), `${kind}.${field}`).toEqual(values)
    }
  })

  it('has the common fields and the agent object', () => {
    const base = flatten({ $ref: '#/components/schemas/TraceEventBase' })
    expect(base.properties.schemaVersion.const).toBe(1)
    expect(base.properties.producerSequence.type).toBe('integer')
    const agent = flatten(base.properties.agent)
    expect(sorted(Object.keys(agent.properties))).toEqual(['id', 'name', 'parentId', 'role'])
    expect(agent.required.has('parentId')).toBe(false)
    expect(enumOf(agent.properties.role)).toEqual(['orchestrator', 'subagent', 'browser', 'system'])
  })

  it('artifact.updated carries artifact.snapshotId', () => {
    const art = flatten(flatten({ $ref: variantOf('artifact.updated') }).properties.artifact)
    expect(sorted(Object.keys(art.properties))).toEqual(
      sorted([
        'kind',
        'artifactId',
        'path',
        'snapshotId',
        'change',
        'changedFields',
        'itemCount',
        'sourceToolCallId',
      ]),
    )
    expect(art.required.has('snapshotId')).toBe(true)
    expect(enumOf(art.properties.kind)).toEqual(['json', 'markdown', 'html', 'screenshot', 'text'])
    expect(enumOf(art.properties.change)).toEqual(['init', 'partial', 'append', 'modify', 'update'])
  })

  it('TraceError has code, source, retryable and message', () => {
    const e = flatten({ $ref: '#/components/schemas/TraceError' })
    expect(sorted([...e.required])).toEqual(['code', 'message', 'retryable', 'source'])
    expect(enumOf(e.properties.code)).toEqual([
      'cancelled',
      'credit_limit_reached',
      'parent_finished',
      'refused',
      'internal',
    ])
    expect(enumOf(e.properties.source)).toEqual(['agent', 'tool', 'billing', 'system'])
    expect(e.properties.retryable.type).toBe('boolean')
  })
})
