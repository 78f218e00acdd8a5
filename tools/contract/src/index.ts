export { type ImageRecipe, readImageRecipe } from './dockerfile.js'
export { compareSpecs, type Drift, formatDrift, type OpenApiLike } from './drift.js'
export {
  type AuthMatrixFailure,
  type AuthMatrixKnown,
  type AuthMatrixOptions,
  type AuthMatrixReport,
  type CredentialKind,
  formatAuthMatrix,
  runAuthMatrix,
} from './fuzz/auth-matrix.js'
export { deepValue } from './fuzz/body-mutations.js'
export {
  afterwards,
  type ConcurrentRun,
  exactlyOneLive,
  genericInvariants,
  type Invariant,
  isWriteOperation,
  limitHolds,
  succeedsAtMost,
} from './fuzz/concurrency/rules.js'
export {
  controlInvariants,
  invariantsFor,
  webDataInvariants,
} from './fuzz/concurrency/tables.js'
export { describeRequest, formatFinding, formatReport } from './fuzz/report.js'
export type { FuzzRequest, RequestKind } from './fuzz/request.js'
export {
  type ConcurrencySummary,
  type Finding,
  type FindingClass,
  type FuzzOptions,
  type FuzzReport,
  type KnownFailure,
  type ProbeRequest,
  runFuzz,
} from './fuzz/run.js'
export {
  CONSUMER_DIR,
  createOfflineProject,
  filesOutside,
  installConsumerProject,
  installOfflineProject,
  type OfflineProject,
  type OfflineProjectOptions,
  openConsumerProject,
  openOfflineProject,
  readProjectChecks,
  type TemporaryOfflineProject,
  writeProjectChecks,
} from './offline-project.js'
export {
  installRoutesConsumer,
  ROUTES_CONSUMER_DEPENDENCIES,
  type RoutesConsumerCheck,
  type RoutesConsumerChecks,
  routesConsumerFiles,
} from './routes-consumer.js'
export {
  builtServiceEntry,
  type RunningCommand,
  resetToSeed,
  startServiceCommand,
} from './service-command.js'
export { loadSpec, type OpenApiDocument, type OperationObject } from './spec.js'
export { installedCopies, type TypeCheckCost, typeCheckCost } from './type-check-cost.js'
export { validatingFetch } from './validating-fetch.js'
export {
  ContractViolation,
  type ResponseCheck,
  ResponseValidator,
} from './validator.js'
