/**
 * The slice of the Redocly CLI v2 plugin API that our rules use. The CLI ships as a bundle
 * without type declarations, so the shapes are written down here (see
 * https://redocly.com/docs/cli/custom-plugins/custom-rules).
 */

/** A position in one source file of the API description. */
export interface Location {
  source: { absoluteRef: string }
  /** JSON pointer inside `source`, e.g. `#/paths/~1v2~1scrape/post`. */
  pointer: string
  /** `source.absoluteRef` + `pointer`: unique across all files of the document. */
  absolutePointer: string
  child(key: string | number | Array<string | number>): Location
  key(): Location
}

export interface Problem {
  message: string
  location?: Location
  suggest?: string[]
}

/** The `ctx` object handed to every visitor function. */
export interface UserContext {
  report(problem: Problem): void
  location: Location
  resolve<T = unknown>(node: unknown, from?: string): { node: T | undefined; location: Location | undefined }
  key: string | number
  parent: unknown
  oasVersion: string
}

export type VisitFunction = (node: never, ctx: UserContext) => void
export type Visitor = Record<string, VisitFunction | { enter?: VisitFunction; leave?: VisitFunction }>

/** A rule factory: Redocly calls it with the rule's options from redocly.yaml. */
export type Rule = (options: RuleOptions) => Visitor
export type RuleOptions = Record<string, unknown>

export interface Plugin {
  id: string
  rules: { oas3: Record<string, Rule> }
}
