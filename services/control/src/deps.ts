import type { Database, JobQueue } from '@apiplatform/server-kit'
import type { DnsResolver } from './domain/dns.js'
import type { VariableCipher } from './domain/secrets.js'

/** What the handlers need: storage, the job queue, and the clock. */
export interface Deps {
  db: Database
  queue: JobQueue
  now: () => number
  /** AES-256-GCM key of recoverable API keys (`CONTROL_ENCRYPTION_KEY`); createService always sets it. */
  encryptionKey?: Buffer
  /** DNS lookups of domain verification (injectable; default on node:dns/promises). */
  dns?: DnsResolver
  /** Encrypts environment variable values at rest; createService always sets it. */
  variables?: VariableCipher
}
