import type { Database, JobQueue } from '@apiplatform/server-kit'
import type { ApiEnv } from '@apiplatform/web-data-routes'
import type { Principal } from '../billing/keys.js'
import type { Browsers } from '../browser/runtime.js'
import type { ServiceConfig } from '../config.js'

/** What handlers need from the running service. */
export interface Deps {
  db: Database
  queue: JobQueue
  config: ServiceConfig
  /** The shared browser and the live browser sessions (absent when the app is built without them). */
  browsers?: Browsers
}

/** The Hono environment of the service: the API's variables plus the authenticated caller. */
export type AppEnv = ApiEnv<{ principal: Principal }>
