import { describe, expect, it } from 'vitest'
import { operations, sheet, sheetPathToOurs } from './helpers.js'

/** Endpoints of the sheet's "Agent runs" section, which has no table of its own. */
function agentSectionOperations(text: string): string[] {
  const section = text.slice(text.indexOf('## Agent runs'))
  const out = new Set<string>()
  for (const m of section.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/v2\/[^`?\s[]+)/g)) {
    out.add(`${m[1].toLowerCase()} ${m[2].replace(/<[^>]+>/g, '')}`)
  }
  return [...out]
}

describe('operation list', () => {
  const ours = operations()
    .map((o) => `${o.method} ${o.path}`)
    .sort()
  const fromTable = sheet.operations.map((o) => `${o.method} ${sheetPathToOurs(o.path)}`)
  const fromAgentSection = agentSectionOperations(sheet.text)
  const expected = [...new Set([...fromTable, ...fromAgentSection])].sort()

  it('parses the whole sheet', () => {
    expect(sheet.operations).toHaveLength(40)
    expect(fromAgentSection).toEqual(
      expect.arrayContaining([
        'get /v2/agent',
        'get /v2/agent/{jobId}/trace',
        'get /v2/agent/{jobId}/snapshots/{snapshotId}',
        'get /v2/agent/threads/{threadId}',
        'delete /v2/agent/{jobId}',
      ]),
    )
  })

  it('matches the sheet exactly (method + path)', () => {
    expect(ours).toEqual(expected)
  })

  it('keeps the operationIds of the sheet', () => {
    const byKey = new Map(operations().map((o) => [`${o.method} ${o.path}`, o.op.operationId]))
    for (const op of sheet.operations) {
      expect(byKey.get(`${op.method} ${sheetPathToOurs(op.path)}`), `${op.method} ${op.path}`).toBe(
        op.operationId,
      )
    }
  })

  it('gives every operation a unique operationId, summary, description, tags and bearer security', () => {
    const ids = new Set<string>()
    for (const { method, path, op } of operations()) {
      const where = `${method} ${path}`
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/)
      expect(ids.has(op.operationId), where).toBe(false)
      ids.add(op.operationId)
      expect(op.summary, where).toBeTruthy()
      expect(op.description?.length, where).toBeGreaterThan(40)
      expect(op.tags?.length, where).toBe(1)
      expect(op.security, where).toEqual([{ bearerAuth: [] }])
    }
  })
})
