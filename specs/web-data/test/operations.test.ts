import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { operations, sheet, sheetPathToOurs } from './helpers.js'
import { specDir } from './reference.js'

/**
 * Operations we add beyond the public interface, as DEVIATIONS.md declares them: the lines
 * ``- `POST /v2/…`: why`` of its `## Added operations` section (method and path as in our spec).
 */
function declaredAdditions(): string[] {
  const text = readFileSync(path.join(specDir, 'DEVIATIONS.md'), 'utf8')
  const start = text.search(/^## Added operations$/m)
  if (start < 0) return []
  const end = text.indexOf('\n## ', start)
  const section = text.slice(start, end < 0 ? undefined : end)
  return [...section.matchAll(/^- `(GET|POST|PUT|PATCH|DELETE) (\/v2\/[^`\s]+)`/gm)].map(
    (m) => `${(m[1] as string).toLowerCase()} ${m[2]}`,
  )
}

describe('operation list', () => {
  const ours = operations()
    .map((o) => `${o.method} ${o.path}`)
    .sort()
  const fromTable = sheet.operations.map((o) => `${o.method} ${sheetPathToOurs(o.path)}`)
  const fromAgentSection = sheet.agentSectionOperations
  const expected = [...new Set([...fromTable, ...fromAgentSection])].sort()
  const added = declaredAdditions()

  it('loads the whole sheet', () => {
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

  it('matches the sheet exactly (method + path), plus the additions DEVIATIONS.md declares', () => {
    expect(ours).toEqual([...expected, ...added].sort())
  })

  it('declares as additions only operations the sheet lacks, each once', () => {
    for (const a of added) expect(expected, `${a} is in the sheet`).not.toContain(a)
    expect(new Set(added).size).toBe(added.length)
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
