import { type DerefOptions, deref } from './deref.js'
import { HTTP_METHODS, type HttpMethod, isObject, type JsonObject, type OpenApiDocument } from './document.js'

/** One operation of a document, its references resolved one level deep. */
export interface OperationEntry {
  /** The spec's operationId, if it has one. */
  operationId: string | undefined
  method: HttpMethod
  /** The path template (`/v2/crawl/{id}`). */
  path: string
  /** The operation object. */
  operation: JsonObject
  /** The path item the operation belongs to. */
  pathItem: JsonObject
  /**
   * The parameters of the path item and of the operation, resolved; an operation's parameter
   * replaces the path item's one of the same name and location, in its place.
   */
  parameters: JsonObject[]
  /** The request body, resolved. */
  requestBody: JsonObject | undefined
  /** The responses by status (`'200'`, `'4XX'`, `'default'`), resolved. */
  responses: Record<string, JsonObject>
  /** The documented statuses, in spec order. */
  statuses: string[]
}

export interface WalkOptions extends DerefOptions {
  /** The methods to read, in the order to read them within a path (default: all, in HTTP_METHODS order). */
  methods?: readonly HttpMethod[]
  /**
   * `'methods'` (the default): a path's operations in `methods` order. `'document'`: in the order the
   * path item lists them (still only the `methods`), for output that follows the spec's own order.
   */
  order?: 'methods' | 'document'
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/**
 * Every operation of the document: paths in document order, methods in `options.methods` order (or
 * the path item's, with `order: 'document'`).
 * With `strict: false`, a reference that cannot be resolved counts as absent.
 */
export function walkOperations(doc: OpenApiDocument, options: WalkOptions = {}): OperationEntry[] {
  const entries: OperationEntry[] = []
  const methods: readonly HttpMethod[] = options.methods ?? HTTP_METHODS
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const pathItem = deref<unknown>(doc, rawItem, options)
    if (!isObject(pathItem)) continue
    const order =
      options.order === 'document'
        ? Object.keys(pathItem).filter((key): key is HttpMethod => methods.includes(key as HttpMethod))
        : methods
    for (const method of order) {
      const operation = deref<unknown>(doc, pathItem[method], options)
      if (!isObject(operation)) continue
      const parameters = new Map<string, JsonObject>()
      for (const raw of [...asList(pathItem.parameters), ...asList(operation.parameters)]) {
        const parameter = deref<unknown>(doc, raw, options)
        if (isObject(parameter))
          parameters.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter)
      }
      const requestBody = deref<unknown>(doc, operation.requestBody, options)
      const responses: Record<string, JsonObject> = {}
      for (const [status, raw] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
        const response = deref<unknown>(doc, raw, options)
        responses[status] = isObject(response) ? response : {}
      }
      entries.push({
        operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
        method,
        path,
        operation,
        pathItem,
        parameters: [...parameters.values()],
        requestBody: isObject(requestBody) ? requestBody : undefined,
        responses,
        statuses: Object.keys(responses),
      })
    }
  }
  return entries
}
