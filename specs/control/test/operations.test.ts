/**
 * The operation list of the bundled spec equals the reference sheet's: paths, methods,
 * operationIds, tags, security, request and response schemas, status codes and content types.
 * A method may differ only where DEVIATIONS.md says so; an operation beyond the sheet only where
 * its "Added operations" list names it.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { deref, walkOperations } from '@apiplatform/openapi-toolkit'
import { describe, expect, it } from 'vitest'
import { componentName, type Json, loadBundle, methods } from './bundle.js'
import { sheetOperations, specDir } from './reference.js'

const doc = loadBundle()
const sheetOps = sheetOperations()

/**
 * The `## Added operations` section of DEVIATIONS.md: ``- `apis.countKeys`: why`` lines, the
 * operations the spec has beyond the sheet. `malformed` holds the section's other `- ` lines
 * (no reason, not an operationId), which fail the test instead of being skipped.
 */
function addedOperations(): { ids: string[]; malformed: string[] } {
  const text = readFileSync(path.join(specDir, 'DEVIATIONS.md'), 'utf8')
  const start = text.search(/^## Added operations\s*$/m)
  if (start < 0) return { ids: [], malformed: ['no "## Added operations" section'] }
  const end = text.indexOf('\n## ', start + 1)
  const section = text.slice(start, end < 0 ? undefined : end)
  const ids: string[] = []
  const malformed: string[] = []
  for (const line of section.split('\n').filter((l) => l.startsWith('- '))) {
    const m = /^- `([a-z][A-Za-z]*(?:\.[a-z][A-Za-z]*)?)`: \S.*$/.exec(line)
    if (m) ids.push(m[1] as string)
    else malformed.push(line)
  }
  return { ids, malformed }
}

/** `- \`liveness\`: \`GET\` in the sheet, \`POST\` here.` lines of DEVIATIONS.md. */
function methodDeviations(): Map<string, { sheet: string; ours: string }> {
  const text = readFileSync(path.join(specDir, 'DEVIATIONS.md'), 'utf8')
  const out = new Map<string, { sheet: string; ours: string }>()
  for (const m of text.matchAll(/^- `([\w.]+)`: `([A-Z]+)` in the sheet, `([A-Z]+)` here/gm)) {
    out.set(m[1] as string, { sheet: m[2] as string, ours: m[3] as string })
  }
  return out
}

/** `- \`op\` \`status\`: \`type\` in the sheet, \`type\` here.` lines of DEVIATIONS.md. */
function contentTypeDeviations(): Map<string, { sheet: string; ours: string }> {
  const text = readFileSync(path.join(specDir, 'DEVIATIONS.md'), 'utf8')
  const out = new Map<string, { sheet: string; ours: string }>()
  for (const m of text.matchAll(
    /^- `([\w.]+)` `(\d{3})`: `([\w/+.-]+)` in the sheet, `([\w/+.-]+)` here/gm,
  )) {
    out.set(`${m[1]} ${m[2]}`, { sheet: m[3] as string, ours: m[4] as string })
  }
  return out
}

/**
 * The "Added statuses" lines of DEVIATIONS.md, as the operations that document each status
 * beyond the sheet: `- \`503\` on every operation except \`liveness\`: …` and
 * `- \`400\` on \`liveness\`: …`.
 */
function addedStatuses(): Array<(operationId: string) => string | undefined> {
  const text = readFileSync(path.join(specDir, 'DEVIATIONS.md'), 'utf8')
  const ids = (list: string) => new Set([...list.matchAll(/`([\w.]+)`/g)].map((e) => e[1] as string))
  const out: Array<(operationId: string) => string | undefined> = []
  for (const m of text.matchAll(/^- `(\d{3})` on (every operation except )?((?:`[\w.]+`(?:, )?)+):/gm)) {
    const [, status, except, list] = m as unknown as [string, string, string | undefined, string]
    const named = ids(list)
    out.push((operationId) => (named.has(operationId) === !except ? status : undefined))
  }
  return out
}

/**
 * The "Added security schemes" lines of DEVIATIONS.md: `- \`scheme\` also on \`op\`, \`op\`: …`,
 * as the alternatives each operation accepts beyond the sheet's.
 */
function addedSecurity(): Map<string, string[]> {
  const text = readFileSync(path.join(specDir, 'DEVIATIONS.md'), 'utf8')
  const out = new Map<string, string[]>()
  for (const m of text.matchAll(/^- `(\w+)` also on ((?:`[\w.]+`(?:, )?)+):/gm)) {
    for (const id of [...(m[2] as string).matchAll(/`([\w.]+)`/g)].map((e) => e[1] as string)) {
      out.set(id, [...(out.get(id) ?? []), m[1] as string])
    }
  }
  return out
}

interface Found {
  path: string
  method: string
  // biome-ignore lint/suspicious/noExplicitAny: untyped JSON
  operation: any
}
const ours = new Map<string, Found>()
for (const { operationId, path: p, method, operation } of walkOperations(doc, { methods, strict: false })) {
  if (operationId) ours.set(operationId, { path: p, method: method.toUpperCase(), operation })
}

describe('operation list', () => {
  const additions = addedOperations()
  const sheetIds = new Set(sheetOps.map((o) => o.operationId))

  it('has exactly the operations of the sheet, plus the "Added operations" of DEVIATIONS.md', () => {
    const listed = new Set(additions.ids)
    expect(
      {
        missingFromSpec: [...sheetIds].filter((id) => !ours.has(id)).sort(),
        notInSheetNorAdded: [...ours.keys()].filter((id) => !sheetIds.has(id) && !listed.has(id)).sort(),
      },
      'an operation the sheet lacks goes under "## Added operations" in DEVIATIONS.md',
    ).toEqual({ missingFromSpec: [], notInSheetNorAdded: [] })
  })

  it('lists in "Added operations" only well-formed lines, each an operation the sheet lacks, once', () => {
    expect(additions.malformed).toEqual([])
    expect(
      additions.ids.filter((id) => sheetIds.has(id)),
      'already in the sheet',
    ).toEqual([])
    expect(
      additions.ids.filter((id) => !ours.has(id)),
      'missing from the spec',
    ).toEqual([])
    expect(new Set(additions.ids).size, 'listed twice').toBe(additions.ids.length)
  })

  for (const id of additions.ids) {
    it(`${id} (added) follows the conventions: POST /v2/${id}, tag, default security`, () => {
      const f = ours.get(id)
      if (!f) throw new Error(`${id} is missing from the spec`)
      expect(f.path).toBe(`/v2/${id}`)
      expect(f.method).toBe('POST')
      expect(f.operation.tags).toEqual([id.split('.')[0]])
      expect(f.operation.security ?? doc.security).toEqual(doc.security)
    })
  }

  const deviations = methodDeviations()
  const contentTypes = contentTypeDeviations()
  const added = addedStatuses()
  const extraSecurity = addedSecurity()
  for (const sheet of sheetOps) {
    describe(sheet.operationId, () => {
      const found = () => {
        const f = ours.get(sheet.operationId)
        if (!f) throw new Error(`${sheet.operationId} is missing from the spec`)
        return f
      }

      it('has the same path and method (or a documented method deviation)', () => {
        const f = found()
        expect(f.path).toBe(sheet.path)
        const dev = deviations.get(sheet.operationId)
        if (dev) {
          expect(dev.sheet).toBe(sheet.method)
          expect(f.method).toBe(dev.ours)
        } else {
          expect(f.method).toBe(sheet.method)
        }
      })

      it('has the same tag, security and deprecation', () => {
        const { operation } = found()
        expect(operation.tags).toEqual([sheet.tag])
        const extra = (extraSecurity.get(sheet.operationId) ?? []).map((scheme) => ({ [scheme]: [] }))
        expect(operation.security ?? doc.security).toEqual([...(sheet.security ?? doc.security), ...extra])
        expect(Boolean(operation.deprecated)).toBe(sheet.deprecated)
      })

      it('has the same request body', () => {
        const { operation } = found()
        if (sheet.requestSchema === undefined) {
          expect(operation.requestBody).toBeUndefined()
          return
        }
        const body = deref<Json>(doc, operation.requestBody, { strict: false })
        expect(body.required).toBe(true)
        expect(Object.keys(body.content)).toEqual(['application/json'])
        expect(componentName(body.content['application/json'].schema.$ref)).toBe(sheet.requestSchema)
      })

      it('has the same responses, content types and schemas', () => {
        const { operation } = found()
        const expected = new Set(sheet.responses.map((r) => r.status))
        for (const statusFor of added) {
          const status = statusFor(sheet.operationId)
          if (status) expected.add(status)
        }
        expect(Object.keys(operation.responses).sort()).toEqual([...expected].sort())
        for (const r of sheet.responses) {
          const response = deref<Json>(doc, operation.responses[r.status], { strict: false })
          const dev = contentTypes.get(`${sheet.operationId} ${r.status}`)
          if (dev) expect(dev.sheet, `${r.status} documented deviation`).toBe(r.contentType)
          const contentType = dev ? dev.ours : r.contentType
          expect(Object.keys(response.content ?? {}), `${r.status} content type`).toEqual([contentType])
          expect(componentName(response.content[contentType].schema.$ref), `${r.status} schema`).toBe(
            r.schema,
          )
        }
      })
    })
  }
})
