import type { Database, JobQueue } from '@apiplatform/server-kit'
import type { AnalyticsBuffer } from './analytics/buffer.js'
import type { ServiceCaches } from './caches.js'
import type { DnsResolver } from './domain/dns.js'
import type { VariableCipher } from './domain/secrets.js'
import type { RatelimitLeases } from './ratelimit/leases.js'

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
  /** Buffered analytics rows (`key_verifications`, `ratelimit_decisions`); createService sets it. */
  analytics?: AnalyticsBuffer
  /** Hot-path caches (key snapshots, namespaces, overrides); createService sets them. */
  caches?: ServiceCaches
  /** Rate-limit permits leased from the shared counters (`ratelimit_windows`); createService sets it. */
  ratelimits?: RatelimitLeases
  /** The same for the key and identity limits of `keys.verifyKey` (`key_ratelimit_windows`). */
  keyRatelimits?: RatelimitLeases
  /** Customer portal settings (defaults: see `portalSettings`). */
  portal?: Partial<PortalSettings>
}

/** Customer portal sessions: where the portal lives and how long codes and tokens last. */
export interface PortalSettings {
  /** Base URL of the hosted portal; a session URL is `<baseUrl>/<portal>/session?code=…`. */
  baseUrl: string
  /** Lifetime of the one-time code of a new session, in ms. */
  codeTtlMs: number
  /** Lifetime of the access token that `portal.exchangeCode` issues, in ms. */
  tokenTtlMs: number
}

/** The lifetimes are those the real API's SDK documents: a 15-minute code, a 24-hour token. */
export const DEFAULT_PORTAL_SETTINGS: PortalSettings = {
  baseUrl: 'https://portal.deploy-control.dev',
  codeTtlMs: 15 * 60_000,
  tokenTtlMs: 24 * 60 * 60_000,
}

export const portalSettings = (deps: Deps): PortalSettings => ({ ...DEFAULT_PORTAL_SETTINGS, ...deps.portal })
