/** Walking operations and their responses, and reporting without duplicates. */
import { follow, followChild, followEntries, isObject, type JsonObject, type Located } from './refs.js'
import type { Location, UserContext, Visitor } from './types.js'

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

export interface OperationRef extends Located<JsonObject> {
  path: string
  method: string
  /** `operationId`, or `METHOD /path` when it has none: the name used in messages. */
  name: string
}

/**
 * Builds a visitor that calls `check` once per operation with its path and method. Operations
 * are reached from the `Paths` node so that path templates are known; `Root` gives the
 * document-level `security` to rules that need it.
 */
export function operationVisitor(
  check: (op: OperationRef, ctx: UserContext, root: JsonObject) => void,
): Visitor {
  let root: JsonObject = {}
  return {
    Root: {
      enter(node: JsonObject) {
        root = node
      },
    },
    Paths(paths: JsonObject, ctx: UserContext) {
      for (const [path, raw] of Object.entries(paths)) {
        const item = follow<JsonObject>(ctx, raw, ctx.location.child(path))
        if (!item || !isObject(item.node)) continue
        for (const method of HTTP_METHODS) {
          if (item.node[method] === undefined) continue
          const op = followChild<JsonObject>(ctx, item, method)
          if (!op || !isObject(op.node)) continue
          const operationId = typeof op.node.operationId === 'string' ? op.node.operationId : undefined
          check({ ...op, path, method, name: operationId ?? `${method.toUpperCase()} ${path}` }, ctx, root)
        }
      }
    },
  }
}

/** Status codes of error responses: 4xx/5xx, including the `4XX`/`5XX` ranges. */
export function isErrorStatus(code: string): boolean {
  return /^[45](\d\d|XX)$/i.test(code)
}

export function isSuccessStatus(code: string): boolean {
  return /^2(\d\d|XX)$/i.test(code)
}

/** The operation's responses, each followed through its `$ref`s. */
export function responsesOf(ctx: UserContext, op: Located<JsonObject>): Array<[string, Located<JsonObject>]> {
  return followEntries(ctx, op, 'responses')
}

/** The media types of a request body or response (`content`), each followed through refs. */
export function contentOf(ctx: UserContext, node: Located<JsonObject>): Array<[string, Located<JsonObject>]> {
  return followEntries(ctx, node, 'content')
}

/**
 * Reports a problem unless the same message was already reported at the same place. Shared
 * components (a `components/responses/NotFound.yaml` used by fifty operations) would otherwise
 * produce one identical problem per use.
 */
export function reporter(ctx: UserContext, seen: Set<string>) {
  return (message: string, location: Location, dedupeKey = message) => {
    const key = `${location.absolutePointer}\u0000${dedupeKey}`
    if (seen.has(key)) return
    seen.add(key)
    ctx.report({ message, location })
  }
}
