import type { Fact, FactKind } from './wire-facts-types.js'

export interface Deviation {
  /** `*` or `METHOD /path` (our path). */
  operation: string
  /** `any`, `request` or `response <status>`. */
  at: string
  property: string
  kind: FactKind
  reason: string
  line: string
}

export function deviationMatches(d: Deviation, f: Fact): boolean {
  return (
    (d.operation === '*' || d.operation === `${f.method.toUpperCase()} ${f.path}`) &&
    (d.at === 'any' || d.at === f.at) &&
    d.property === f.property &&
    d.kind === f.kind
  )
}

const DEVIATION_LINE =
  /^- `(\*|[A-Z]+ \/\S*)` (any|request|response \d{3}|response default) `([^`]*)` (exists|type|enum|required): (\S.*)$/

/**
 * The `## Wire fact differences` section of a DEVIATIONS.md: one line per fact we differ on on
 * purpose, ``- `POST /v2/search` request `sources[]` type: why`` (`*` for every operation, `any`
 * for every body). Returns the parsed lines and
 * the lines of the section that do not parse (a missing reason, a typo).
 */
export function parseDeviations(markdown: string): { deviations: Deviation[]; malformed: string[] } {
  const deviations: Deviation[] = []
  const malformed: string[] = []
  let inSection = false
  for (const line of markdown.split('\n')) {
    if (/^## /.test(line)) {
      inSection = /^## Wire fact differences\s*$/.test(line)
      continue
    }
    if (!inSection || !line.startsWith('- ')) continue
    const m = DEVIATION_LINE.exec(line)
    if (!m) {
      malformed.push(line)
      continue
    }
    deviations.push({
      operation: m[1] as string,
      at: m[2] as string,
      property: m[3] as string,
      kind: m[4] as FactKind,
      reason: m[5] as string,
      line,
    })
  }
  return { deviations, malformed }
}
