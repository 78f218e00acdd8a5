import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'

const require = createRequire(import.meta.url)
const root = path.resolve(import.meta.dirname, '../../../..')

export type ApiName = 'control' | 'web-data'

export interface Operation {
  operationId: string
  method: string
  /** OpenAPI path template, e.g. `/v2/crawl/{id}`. */
  path: string
  /** Documented response statuses, e.g. `['200', '400']`. */
  statuses: string[]
}

/** The operations of an API's bundled spec (the published `@apiplatform/<api>-spec` package). */
export function operations(api: ApiName): Operation[] {
  const doc = require(`@apiplatform/${api}-spec/openapi.json`) as OpenApiDocument
  const out: Operation[] = []
  for (const entry of walkOperations(doc, { order: 'document', strict: false })) {
    const { operationId, method, statuses } = entry
    if (!operationId) continue
    out.push({
      operationId,
      method: method.toUpperCase(),
      path: entry.path,
      statuses: statuses.filter((s) => /^\d{3}$/.test(s)),
    })
  }
  return out
}

/** Status test files of the service: `services/<api>/src/routes/<operationId>/<status>.test.ts`. */
export function statusFiles(api: ApiName): Map<string, string[]> {
  const dir = path.join(root, 'services', api, 'src', 'routes')
  const out = new Map<string, string[]>()
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const statuses = fs
      .readdirSync(path.join(dir, entry.name))
      .map((f) => /^(\d{3})\.test\.ts$/.exec(f)?.[1])
      .filter((s): s is string => s !== undefined)
    if (statuses.length) out.set(entry.name, statuses.sort())
  }
  return out
}

/**
 * The module of each service whose `statusTable()` lists the (operation, status) rows that one
 * table test of the service runs, under `services/<api>/`.
 */
export const STATUS_TABLES: Record<ApiName, string> = {
  control: 'src/testing/status-table.ts',
  'web-data': 'src/testing/status-table.ts',
}

export interface StatusRow {
  operationId: string
  status: string
}

/** What a service's status table module (`STATUS_TABLES`) declares. */
interface StatusTableModule {
  /** The (operation, status) rows its table test drives. */
  statusTable(): StatusRow[]
  /** Statuses any operation may answer, each with the suite (under `services/<api>/`) that tests it. */
  CROSS_CUTTING: Readonly<Record<string, string>>
}

export function statusTableModule(api: ApiName): Promise<StatusTableModule> {
  return import(pathToFileURL(path.join(root, 'services', api, STATUS_TABLES[api])).href)
}

/** The rows of the service's status table. */
export async function statusTableRows(api: ApiName): Promise<StatusRow[]> {
  return (await statusTableModule(api)).statusTable()
}

/**
 * The tested statuses of each operation of the service: its status test files and the rows of its
 * status table (a status tested both ways counts once).
 */
export async function testedStatuses(api: ApiName): Promise<Map<string, string[]>> {
  const out = new Map([...statusFiles(api)].map(([id, statuses]) => [id, new Set(statuses)]))
  for (const { operationId, status } of await statusTableRows(api)) {
    const statuses = out.get(operationId) ?? new Set<string>()
    statuses.add(status)
    out.set(operationId, statuses)
  }
  return new Map([...out].map(([id, statuses]) => [id, [...statuses].sort()]))
}

/** Matches a request path to the operation it calls (a literal path beats a template). */
export function operationMatcher(api: ApiName): (method: string, url: string) => Operation | undefined {
  const ops = operations(api).map((op) => ({
    op,
    literal: !op.path.includes('{'),
    re: new RegExp(
      `^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, '[^/]+')}$`,
    ),
  }))
  ops.sort((a, b) => Number(b.literal) - Number(a.literal))
  return (method, url) => {
    const p = new URL(url, 'http://x').pathname
    return ops.find((o) => o.op.method === method.toUpperCase() && o.re.test(p))?.op
  }
}
