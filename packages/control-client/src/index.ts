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
  type ControlClient,
  type ControlClientBase,
  type ControlClientOptions,
  type ControlFacade,
  createControlClient,
  type Deployment,
  type DeploymentStatus,
  type DeploymentWaitOptions,
  type DeploymentWaitResult,
  type OperationFn,
  type OperationId,
  type Paginated,
  type PaginatedOperationId,
  type RequestBody,
  type ResponseBody,
  type ResponseData,
} from './client.js'
export {
  ControlApiError,
  type ControlErrorFor,
  type ControlErrorStatus,
  ControlNetworkError,
  ControlTimeoutError,
  type Problem,
  type ValidationError,
} from './errors.js'
export type { components, operations, paths } from './generated/schema.js'
