export { TtlCache } from './cache/ttl-cache.js'
export {
  MEMORY_DATA_DIR,
  prettyOutput,
  runServiceCli,
  type ServiceCli,
  type StartedService,
} from './cli/run-service.js'
export { readSeedFile, type SeedRequest, sendSeedRequests } from './cli/seed-requests.js'
export type { Database, DatabaseOptions, Sql } from './db/database.js'
export { classifyDatabaseFailure, type DatabaseFailure, DatabaseStalledError } from './db/failures.js'
export { type FaultyDatabase, faultyDatabase, sqlError } from './db/faulty-database.js'
export { migrate, splitStatements } from './db/migrate.js'
export { openDatabase } from './db/open.js'
export {
  DEFAULT_CALL_TIMEOUT_MS,
  openPgliteWorker,
  type PgliteWorkerOptions,
} from './db/pglite-worker.js'
export {
  loadPreparedTemplate,
  type PreparedTemplate,
  type PreparedTemplateSource,
  preparedTemplateIdentity,
  preparedTemplateMatches,
  servicePreparedTemplate,
} from './db/prepared-template.js'
export { type MakePreparedTemplateOptions, makePreparedTemplate } from './db/prepared-template-make.js'
export { parseBearer } from './http/bearer.js'
export { allowOrigins, corsOriginsFromEnv, DEFAULT_CORS_ORIGINS } from './http/cors.js'
export {
  type DependencyFailureAnswer,
  dependencyFailureAnswer,
  documentedStatuses,
  UNAVAILABLE_RETRY_AFTER_S,
} from './http/dependency-failure.js'
export {
  type ClientErrorAnswer,
  type ClientErrorHook,
  type ClientErrorKind,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type RefusedRequest,
  type RunningServer,
  type ServeOptions,
  serve,
} from './http/serve.js'
export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_LOCK_MS,
  IDEMPOTENCY_SCHEMA,
  IDEMPOTENCY_TTL_MS,
  IDEMPOTENT_REPLAYED_HEADER,
  type IdempotencyOptions,
  type IdempotencyRefusal,
  IdempotencyStore,
  type IdempotencyStoreOptions,
  idempotency,
  installIdempotency,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  type Reservation,
  requestFingerprint,
  type StoredAnswer,
} from './idempotency/index.js'
export { newId, randomToken, sha256 } from './ids.js'
export {
  type EnqueueOptions,
  type Job,
  type JobContext,
  type JobHandler,
  JobQueue,
  type JobQueueOptions,
  type JobStatus,
} from './jobs/queue.js'
export {
  type CreateLoggerOptions,
  createLogger,
  LOG_LEVELS,
  type Logger,
  type LogLevel,
  parseLogLevel,
  silentLogger,
} from './log/logger.js'
export { type RequestLog, type RequestLogOptions, requestLog } from './log/request-log.js'
export { envCredential, envInteger, envPort } from './settings/env.js'
export { prepareDataDir } from './startup/data-dir.js'
export { describeStartupError, type StartupContext } from './startup/describe.js'
export {
  type InProcessHandle,
  type InProcessService,
  type InProcessSettings,
  type InProcessStorage,
  type InProcessStorageSettings,
  inProcessStorageSettings,
  type StartInProcessOptions,
  startInProcess,
} from './startup/in-process.js'
export {
  isCopyOf,
  openServiceDatabase,
  prepareServiceDatabase,
  type ServiceDatabaseSettings,
  type ServiceListenSettings,
  serveService,
} from './startup/service-runtime.js'
export { checkCredentialOption, checkNumberOption, checkStringOption } from './startup/start-options.js'
export { StartupError, startupSettings } from './startup/startup-error.js'
export {
  CONTROLS_PREFIX,
  clockedDatabase,
  createTestControls,
  type DatabaseSnapshot,
  type FaultAnswerInput,
  type FaultOptions,
  type JournalEntry,
  type JournalQuery,
  type LatencyOptions,
  type RequestMatch,
  type Rule,
  resetToSeededState,
  type SeededState,
  snapshotDatabase,
  TestClock,
  type TestControls,
  type TestControlsOptions,
  type TestControlsRuntime,
  type TestControlsSettings,
  testControlsFromEnv,
} from './test-controls/index.js'
export { eventually, openPreparedTestDatabase, openTestDatabase, testDatabaseKinds } from './testing.js'
