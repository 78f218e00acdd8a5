// biome-ignore lint/suspicious/noExplicitAny: parsed JSON Schema / OpenAPI documents are untyped JSON
export type Json = any

export interface WireEntry {
  /** Dotted property path; `''` is the body itself. */
  path: string
  /** Sorted JSON types; absent when the sheet does not constrain the type (`any`). */
  types?: string[]
  /** The value list, when the sheet gives one. */
  enum?: unknown[]
  /** See the module comment of wire-facts.ts for when it is stated. */
  required?: boolean
}

export interface WireBody {
  /** `request` or `response <status>`. */
  at: string
  contentType?: string
  entries: WireEntry[]
}

export interface WireOperation {
  /** Lower case, as in OpenAPI. */
  method: string
  /** As the sheet writes it. */
  path: string
  operationId?: string
  bodies: WireBody[]
}

export interface WireFactsFile {
  source: string
  extractedBy: string
  definition: string
  counts: { operations: number; entries: number; facts: number }
  operations: WireOperation[]
}

export type FactKind = 'exists' | 'type' | 'enum' | 'required'

export interface Fact {
  method: string
  /** The path as our document writes it. */
  path: string
  at: string
  property: string
  kind: FactKind
  expected: unknown
}

export interface UnmatchedFact extends Fact {
  actual: unknown
}
