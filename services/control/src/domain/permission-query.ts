/**
 * The permission query of `keys.verifyKey`: permission slugs combined with `AND`, `OR` and
 * parentheses (`documents.read AND (documents.write OR admin)`). `AND` binds tighter than `OR`;
 * the operators are case-insensitive. A slug matches exactly; a held slug ending in `*`
 * (`documents.*`) matches every slug it prefixes.
 */

export type Query = { slug: string } | { and: Query[] } | { or: Query[] }

const TOKEN = /\s*(\(|\)|[A-Za-z0-9_:\-.*]+)/y

export class QueryError extends Error {}

const parsedQueries = new Map<string, Query>()
const MAX_PARSED_QUERIES = 1000

/**
 * `parsePermissionQuery`, remembered: callers send the same few queries over and over, and
 * parsing one costs more than the rest of an in-memory verification. Queries are never mutated.
 */
export function parsePermissionQueryCached(text: string): Query {
  let query = parsedQueries.get(text)
  if (query === undefined) {
    query = parsePermissionQuery(text)
    if (parsedQueries.size >= MAX_PARSED_QUERIES) parsedQueries.clear()
    parsedQueries.set(text, query)
  }
  return query
}

export function parsePermissionQuery(text: string): Query {
  const tokens: string[] = []
  TOKEN.lastIndex = 0
  let pos = 0
  while (pos < text.length) {
    if (/^\s*$/.test(text.slice(pos))) break
    TOKEN.lastIndex = pos
    const m = TOKEN.exec(text)
    if (!m?.[1]) throw new QueryError(`unexpected character at position ${pos + 1}`)
    tokens.push(m[1])
    pos = TOKEN.lastIndex
  }
  let i = 0
  const isOp = (t: string | undefined, op: string) => t !== undefined && t.toUpperCase() === op
  const primary = (): Query => {
    const t = tokens[i]
    if (t === undefined) throw new QueryError('the query ends too early')
    if (t === '(') {
      i++
      const inner = or()
      if (tokens[i] !== ')') throw new QueryError('a parenthesis is not closed')
      i++
      return inner
    }
    if (t === ')' || isOp(t, 'AND') || isOp(t, 'OR')) throw new QueryError(`unexpected "${t}"`)
    i++
    return { slug: t }
  }
  const and = (): Query => {
    const parts = [primary()]
    while (isOp(tokens[i], 'AND')) {
      i++
      parts.push(primary())
    }
    return parts.length === 1 ? (parts[0] as Query) : { and: parts }
  }
  const or = (): Query => {
    const parts = [and()]
    while (isOp(tokens[i], 'OR')) {
      i++
      parts.push(and())
    }
    return parts.length === 1 ? (parts[0] as Query) : { or: parts }
  }
  const query = or()
  if (i !== tokens.length) throw new QueryError(`unexpected "${tokens[i]}"`)
  return query
}

function holds(held: ReadonlySet<string>, slug: string): boolean {
  if (held.has(slug)) return true
  for (const h of held) if (h.endsWith('*') && slug.startsWith(h.slice(0, -1))) return true
  return false
}

export function evaluateQuery(query: Query, held: ReadonlySet<string>): boolean {
  if ('slug' in query) return holds(held, query.slug)
  if ('and' in query) return query.and.every((q) => evaluateQuery(q, held))
  return query.or.some((q) => evaluateQuery(q, held))
}
