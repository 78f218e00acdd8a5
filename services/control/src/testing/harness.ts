/**
 * One in-process service per test file (and database kind), reached over HTTP through the
 * generated client whose fetch validates every response against the bundled spec.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { ResponseValidator, validatingFetch } from '@apiplatform/contract'
import { type ControlClient, createControlClient } from '@apiplatform/control-client'
import {
  type FaultyDatabase,
  faultyDatabase,
  openPgliteWorker,
  openTestDatabase,
} from '@apiplatform/server-kit'

export { eventually } from '@apiplatform/server-kit'

import { beforeAll } from 'vitest'
import { databaseTemplate } from '../database-template.js'
import { StaticDnsResolver } from '../domain/dns.js'
import { createService, type RunningService } from '../service.js'
import { type AppFixture, createAppFixture, createRootKey, createWorkspace } from './fixtures.js'

const specFile = createRequire(import.meta.url).resolve('@apiplatform/control-spec/openapi.json')
export const bundledSpec = JSON.parse(readFileSync(specFile, 'utf8'))
export const validator = new ResponseValidator(bundledSpec)

export interface TestService {
  service: RunningService
  /** The fake DNS of domain verification: `t.dns.set('TXT', name, [value])`. */
  dns: StaticDnsResolver
  /** Client with the bootstrap root key (every permission), validating every response. */
  client: ControlClient
  /** A validating client for another credential (or none: `undefined`). */
  clientFor(rootKey: string | undefined): ControlClient
  /** A fresh app with deployments in every state, in the seeded workspace (or `workspaceId`). */
  fixture(options?: { workspaceId?: string; withCurrent?: boolean }): Promise<AppFixture>
  /** A root key of the seeded workspace (or `workspaceId`) holding exactly `permissions`. */
  key(
    permissions: string[],
    options?: { workspaceId?: string; expiresAt?: number; revokedAt?: number },
  ): Promise<string>
  workspace(): Promise<string>
  /** The service's database, to make it fail (only with `useTestService({ kind, faulty: true })`). */
  faults: FaultyDatabase
  /** The exceptions the service answered with 500 (only with `faulty: true`; not logged then). */
  unexpectedErrors: unknown[]
}

export interface TestServiceOptions {
  kind?: 'pglite' | 'postgres'
  workflowStepMs?: number
  /** Requests per workspace per hour (the API's own 429); unset: the service default. */
  requestRateLimit?: number
  /** Wrap the database with `faultyDatabase`, exposed as `t.faults`. */
  faulty?: boolean
  /** `false`: every rate-limit decision is one SQL statement (`CONTROL_RATELIMIT_LEASES=0`). */
  ratelimitLeases?: boolean
}

export const ROOT_KEY = 'ck_test_bootstrap_key'

interface Shared {
  service: RunningService
  /** The DNS answers domain verification sees (tests set records for their own names). */
  dns: StaticDnsResolver
  database: Awaited<ReturnType<typeof openTestDatabase>>
  faults: FaultyDatabase | undefined
  unexpectedErrors: unknown[]
}

/**
 * One service per database kind and test worker: test files run without isolation in a worker
 * (see vitest.config.ts), so they share it, and PGlite starts once per worker instead of once
 * per file. Tests stay independent because every test creates its own fixtures and keys.
 */
const shared = new Map<string, Promise<Shared>>()

function sharedService(options: TestServiceOptions): Promise<Shared> {
  const kind = options.kind ?? 'pglite'
  const workflowStepMs = options.workflowStepMs ?? 0
  const cacheKey = `${kind}:${workflowStepMs}:${options.requestRateLimit ?? ''}:${options.faulty ?? false}:${options.ratelimitLeases ?? true}`
  let entry = shared.get(cacheKey)
  if (!entry) {
    entry = (async () => {
      // PGlite in its worker thread, as the service opens it (src/service.ts): a copy of the
      // prepared template, which holds the migrations and the demo data, when it matches.
      const database =
        kind === 'pglite'
          ? await openPgliteWorker(undefined, { template: databaseTemplate() })
          : await openTestDatabase(kind)
      const faults = options.faulty ? faultyDatabase(database) : undefined
      const dns = new StaticDnsResolver()
      const unexpectedErrors: unknown[] = []
      const service = await createService({
        ...(faults ? { onUnexpectedError: (error: unknown) => void unexpectedErrors.push(error) } : {}),
        database: faults ?? database,
        rootKey: ROOT_KEY,
        workflowStepMs,
        jobPollMs: 20,
        dnsResolver: dns,
        ...(options.ratelimitLeases === false ? { ratelimitLeases: false } : {}),
        ...(options.requestRateLimit !== undefined
          ? { requestRateLimit: { limit: options.requestRateLimit, windowMs: 3_600_000 } }
          : {}),
      })
      return { service, database, dns, faults, unexpectedErrors }
    })()
    shared.set(cacheKey, entry)
  }
  return entry
}

/** The shared service of `options` for the describe block: `const t = useTestService({ kind })`. */
export function useTestService(options: TestServiceOptions = {}): TestService {
  const ctx = {} as TestService
  beforeAll(async () => {
    const { service, database, dns, faults, unexpectedErrors } = await sharedService(options)
    const fetch = validatingFetch(validator, globalThis.fetch)
    // Without a key the Authorization header is removed altogether.
    const withoutAuth: typeof globalThis.fetch = (input, init) => {
      const request = new Request(input, init)
      request.headers.delete('authorization')
      return fetch(request)
    }
    const clientFor = (rootKey: string | undefined) =>
      createControlClient({
        baseUrl: service.url,
        rootKey: rootKey ?? '',
        fetch: rootKey ? fetch : withoutAuth,
        retry: false,
      })
    Object.assign(ctx, {
      service,
      dns,
      client: clientFor(ROOT_KEY),
      clientFor,
      fixture: (o: { workspaceId?: string; withCurrent?: boolean } = {}) =>
        createAppFixture(database, o.workspaceId ?? service.seeded?.workspaceId ?? 'ws_local', o),
      key: (
        permissions: string[],
        o: { workspaceId?: string; expiresAt?: number; revokedAt?: number } = {},
      ) => createRootKey(database, o.workspaceId ?? 'ws_local', permissions, o),
      workspace: () => createWorkspace(database),
      faults,
      unexpectedErrors,
    })
  })
  return ctx
}

/** The `location`s of a 400 problem body's `errors`. */
export function locationsOf(body: unknown): string[] {
  const errors = (body as { error?: { errors?: Array<{ location: string }> } } | undefined)?.error?.errors
  return errors?.map((e) => e.location) ?? []
}
