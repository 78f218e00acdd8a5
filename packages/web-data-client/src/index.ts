export {
  type CallOptions,
  fetchTransport,
  type Hooks,
  type ResponseInfo,
  type RetryOptions,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from '@apiplatform/client-core'
export {
  createWebDataClient,
  type WebDataClient,
  type WebDataClientBase,
  type WebDataClientOptions,
} from './client.js'
export {
  type ErrorBody,
  type Retryability,
  WebDataApiError,
  type WebDataErrorStatus,
  WebDataNetworkError,
  WebDataTimeoutError,
} from './errors.js'
export type { Facade, FacadeNames } from './generated/facade.js'
export type { components, operations, paths } from './generated/schema.js'
export type {
  Op,
  OperationId,
  Paged,
  PathParam,
  Query,
  RequestBody,
  ResponseBody,
  TraceErrorCode,
  TraceEvents,
  TraceOptions,
  WaitFor,
  WaitOptions,
  WaitOutcome,
  WebDataCallOptions,
} from './types.js'
export { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER, type WebhookHeaders } from './webhooks.js'
