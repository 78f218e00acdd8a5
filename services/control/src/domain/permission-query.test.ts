import { describe, expect, it } from 'vitest'
import {
  evaluateQuery,
  parsePermissionQuery,
  parsePermissionQueryCached,
  QueryError,
} from './permission-query.js'

describe('parsePermissionQueryCached', () => {
  it('parses like parsePermissionQuery and hands back the same parsed query for the same text', () => {
    const text = 'documents.read AND (documents.write OR admin)'
    const first = parsePermissionQueryCached(text)
    expect(first).toEqual(parsePermissionQuery(text))
    expect(parsePermissionQueryCached(text)).toBe(first)
    expect(evaluateQuery(first, new Set(['documents.read', 'admin']))).toBe(true)
    expect(evaluateQuery(first, new Set(['documents.read']))).toBe(false)
  })

  it('throws for an invalid query every time (failures are not remembered)', () => {
    expect(() => parsePermissionQueryCached('a AND')).toThrow(QueryError)
    expect(() => parsePermissionQueryCached('a AND')).toThrow(QueryError)
  })

  it('stays right past the number of queries it remembers', () => {
    for (let i = 0; i < 2500; i++)
      expect(parsePermissionQueryCached(`p${i}.read`)).toEqual({ slug: `p${i}.read` })
  })
})
