export { type DerefOptions, deref, pointerKeys, resolvePointer } from './deref.js'
export {
  HTTP_METHODS,
  type HttpMethod,
  isObject,
  isReference,
  type JsonObject,
  type OpenApiDocument,
  type Reference,
} from './document.js'
export { type OperationEntry, type WalkOptions, walkOperations } from './operations.js'
