/**
 * The SQL of analytics queries: parsed with node-sql-parser (PostgreSQL grammar), checked against
 * an allow-list, rewritten onto the workspace-confined views, and printed back. This is the first
 * line of defence and the source of helpful 400/422 answers; the database is the second and the
 * one that counts (see executor.ts and migrations/290_analytics.sql).
 */
import { createRequire } from 'node:module'
import type { Parser } from 'node-sql-parser'

// The package's main file loads the grammar of every dialect it knows (about 0.3 s, more on a busy
// machine); its PostgreSQL build alone is a fifth of that, and is loaded by the first query
// instead of at start-up, which does not need it.
const requireCjs = createRequire(import.meta.url)
let loaded: Parser | undefined
const parser = (): Parser =>
  (loaded ??= new (
    requireCjs('node-sql-parser/build/postgresql') as typeof import('node-sql-parser')
  ).Parser())
const DIALECT = { database: 'PostgresQL' } as const

/** The tables users name in queries, per operation, and the views they read. */
export const ALIASES = {
  key_verifications: 'analytics_key_verifications',
  ratelimits: 'analytics_ratelimits',
  gateway_requests: 'analytics_gateway_requests',
  runtime_logs: 'analytics_runtime_logs',
} as const
export type Alias = keyof typeof ALIASES

/** Most rows a query returns. */
export const MAX_ROWS = 10_000

/** Functions a query may call: pure, without side effects, and cheap. */
const FUNCTIONS = new Set([
  // aggregates
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'countif',
  'bool_and',
  'bool_or',
  'stddev',
  'variance',
  'percentile_cont',
  'percentile_disc',
  'array_agg',
  'string_agg',
  // time
  'now',
  'date_trunc',
  'date_part',
  'to_timestamp',
  'tostartofminute',
  'tostartofhour',
  'tostartofday',
  'tostartofmonth',
  'extract',
  // values
  'coalesce',
  'nullif',
  'greatest',
  'least',
  'lower',
  'upper',
  'length',
  'substring',
  'substr',
  'trim',
  'concat',
  'replace',
  'split_part',
  'starts_with',
  'position',
  'abs',
  'round',
  'floor',
  'ceil',
  'ceiling',
  'sqrt',
  'power',
  'mod',
  'cardinality',
  'array_length',
])

/** Types a value may be cast to. */
const CAST_TYPES = new Set([
  'INT',
  'INTEGER',
  'BIGINT',
  'SMALLINT',
  'NUMERIC',
  'DECIMAL',
  'REAL',
  'DOUBLE PRECISION',
  'FLOAT',
  'TEXT',
  'VARCHAR',
  'CHAR',
  'BOOLEAN',
  'BOOL',
  'DATE',
  'TIMESTAMP',
  'TIMESTAMPTZ',
  'INTERVAL',
])

const INTERVAL_UNITS = new Set(['second', 'minute', 'hour', 'day', 'week', 'month', 'year'])

/** Why a query was refused: `syntax` → 400, `not_allowed` → 422. */
export class QueryError extends Error {
  constructor(
    readonly kind: 'syntax' | 'not_allowed',
    message: string,
  ) {
    super(message)
    this.name = 'QueryError'
  }
}

type Node = Record<string, unknown>
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Compiles a user query: one SELECT reading only `allowed` aliases (and its own CTEs and
 * subqueries), calling only allow-listed functions. Returns PostgreSQL text over the views.
 */
export function compileQuery(text: string, allowed: readonly Alias[]): string {
  if (text.includes('\0')) throw new QueryError('syntax', 'The query contains a NUL character.')
  let ast: unknown
  try {
    ast = parser().astify(text, DIALECT)
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : 'Syntax error'
    throw new QueryError('syntax', `The query is not valid SQL: ${message}`)
  }
  const statements = Array.isArray(ast) ? ast : [ast]
  if (statements.length !== 1) {
    throw new QueryError('not_allowed', 'Exactly one SELECT statement is allowed.')
  }
  const root = statements[0] as Node
  if (root.type !== 'select') {
    throw new QueryError('not_allowed', `Only SELECT is allowed, not ${String(root.type).toUpperCase()}.`)
  }
  const ctes = new Set<string>()
  checkSelect(root, allowed, ctes)
  capLimit(root)
  return parser().sqlify(root as never, DIALECT)
}

function checkSelect(select: Node, allowed: readonly Alias[], ctes: Set<string>): void {
  if (select.into && isNode(select.into) && select.into.position) {
    throw new QueryError('not_allowed', 'SELECT … INTO is not allowed.')
  }
  if (select.locking_read || select.for_update)
    throw new QueryError('not_allowed', 'Row locks are not allowed.')
  const withs = select.with as Node[] | null | undefined
  for (const cte of withs ?? []) {
    const name = cteName(cte)
    const stmt = (cte.stmt as Node | undefined)?.ast ?? cte.stmt
    if (!isNode(stmt) || stmt.type !== 'select') {
      throw new QueryError('not_allowed', 'Only SELECT is allowed inside WITH.')
    }
    if (cte.recursive || select.recursive)
      throw new QueryError('not_allowed', 'WITH RECURSIVE is not allowed.')
    checkSelect(stmt, allowed, ctes)
    if (name) ctes.add(name.toLowerCase())
  }
  for (const item of (select.from as Node[] | null | undefined) ?? []) checkFromItem(item, allowed, ctes)
  for (const [key, value] of Object.entries(select)) {
    if (key === 'from' || key === 'with') continue
    walk(value, allowed, ctes)
  }
  // UNION / INTERSECT / EXCEPT chain
  if (isNode(select._next)) {
    if (select._next.type !== 'select') throw new QueryError('not_allowed', 'Only SELECT is allowed.')
  }
}

function cteName(cte: Node): string | undefined {
  const name = cte.name as unknown
  if (typeof name === 'string') return name
  if (isNode(name) && typeof name.value === 'string') return name.value
  return undefined
}

function checkFromItem(item: Node, allowed: readonly Alias[], ctes: Set<string>): void {
  if (typeof item.table === 'string') {
    const table = item.table.toLowerCase()
    if (item.db || item.schema) {
      throw new QueryError(
        'not_allowed',
        `Only ${describe(allowed)} can be queried; ${String(item.db ?? item.schema)}.${item.table} is not allowed.`,
      )
    }
    if (ctes.has(table) && !(allowed as readonly string[]).includes(table)) {
      // a CTE of the query itself
    } else if ((allowed as readonly string[]).includes(table)) {
      item.table = ALIASES[table as Alias]
      if (!item.as) item.as = table
    } else {
      throw new QueryError(
        'not_allowed',
        `Only ${describe(allowed)} can be queried; ${item.table} is not allowed.`,
      )
    }
  } else if (isNode(item.expr)) {
    const expr = item.expr
    if (expr.type === 'function' || expr.type === 'values') {
      throw new QueryError('not_allowed', 'Table functions and VALUES lists are not allowed in FROM.')
    }
    walk(expr, allowed, ctes)
  } else if (item.type === 'dual') {
    // SELECT without FROM
  } else {
    throw new QueryError('not_allowed', 'This FROM item is not allowed.')
  }
  if (item.on) walk(item.on, allowed, ctes)
  if (item.using) walk(item.using, allowed, ctes)
  if (item.lateral) throw new QueryError('not_allowed', 'LATERAL is not allowed.')
}

function walk(value: unknown, allowed: readonly Alias[], ctes: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) walk(v, allowed, ctes)
    return
  }
  if (!isNode(value)) return
  switch (value.type) {
    case 'select':
      checkSelect(value, allowed, ctes)
      return
    case 'insert':
    case 'update':
    case 'delete':
    case 'replace':
    case 'create':
    case 'drop':
    case 'alter':
    case 'truncate':
    case 'set':
    case 'lock':
    case 'call':
    case 'exec':
      throw new QueryError('not_allowed', `${String(value.type).toUpperCase()} is not allowed.`)
    case 'function': {
      const name = functionName(value)
      if (!FUNCTIONS.has(name)) throw new QueryError('not_allowed', `The function ${name}() is not allowed.`)
      // count() → count(*), as ClickHouse spells it
      const args = value.args as Node | undefined
      if (name === 'count' && (!args || (Array.isArray(args.value) && args.value.length === 0))) {
        for (const k of Object.keys(value)) delete value[k]
        Object.assign(value, {
          type: 'aggr_func',
          name: 'COUNT',
          args: { expr: { type: 'star', value: '*' } },
          over: null,
        })
        return
      }
      break
    }
    case 'aggr_func': {
      const name = String(value.name).toLowerCase()
      if (!FUNCTIONS.has(name)) throw new QueryError('not_allowed', `The function ${name}() is not allowed.`)
      break
    }
    case 'cast': {
      for (const target of (value.target as Node[] | undefined) ?? []) {
        const type = String(target.dataType ?? '').toUpperCase()
        if (!CAST_TYPES.has(type)) throw new QueryError('not_allowed', `Casting to ${type} is not allowed.`)
      }
      break
    }
    case 'interval': {
      // ClickHouse/MySQL `INTERVAL 7 DAY` → PostgreSQL `INTERVAL '7 day'`
      const expr = value.expr as Node | undefined
      const unit = String(value.unit ?? '').toLowerCase()
      if (expr?.type === 'number' && unit) {
        if (!INTERVAL_UNITS.has(unit)) throw new QueryError('syntax', `Unknown interval unit ${unit}.`)
        value.expr = { type: 'single_quote_string', value: `${Number(expr.value)} ${unit}` }
        value.unit = ''
      }
      break
    }
    case 'column_ref': {
      // `key_verifications.outcome` keeps working: the view is aliased to the documented name.
      break
    }
    default:
      break
  }
  // A subquery appears as { ast: { type: 'select', … } }.
  for (const [key, child] of Object.entries(value)) {
    if (key === 'tableList' || key === 'columnList') continue
    walk(child, allowed, ctes)
  }
}

function functionName(node: Node): string {
  const name = node.name as unknown
  if (typeof name === 'string') return name.toLowerCase()
  if (isNode(name) && Array.isArray(name.name)) {
    const parts = (name.name as Node[]).map((p) => String(p.value))
    if (parts.length !== 1) return parts.join('.').toLowerCase()
    return String(parts[0]).toLowerCase()
  }
  return String(name).toLowerCase()
}

function capLimit(select: Node): void {
  const limit = select.limit as Node | null | undefined
  const values = (limit?.value as Node[] | undefined) ?? []
  const first = values[0]
  if (values.length === 0 || !first) {
    select.limit = { seperator: '', value: [{ type: 'number', value: MAX_ROWS }] }
    return
  }
  const count = limit?.seperator === ',' ? values[1] : first
  if (count?.type !== 'number' || Number(count.value) > MAX_ROWS) {
    if (count) Object.assign(count, { type: 'number', value: MAX_ROWS })
  }
}

const describe = (allowed: readonly Alias[]) => allowed.join(', ')
