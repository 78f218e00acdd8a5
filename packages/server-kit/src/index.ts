export type { Database, DatabaseOptions, Sql } from './db/database.js'
export { migrate, splitStatements } from './db/migrate.js'
export { openDatabase } from './db/open.js'
export { type RunningServer, serve } from './http/serve.js'
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
export { openTestDatabase, testDatabaseKinds } from './testing.js'
