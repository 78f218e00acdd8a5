/**
 * One in-process service per test file (and database kind), reached over HTTP through the
 * generated client whose fetch validates every response against the bundled spec.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { ResponseValidator, validatingFetch } from '@apiplatform/contract'
import { type ControlClient, createControlClient } from '@apiplatform/control-client'
import { openTestDatabase } from '@apiplatform/server-kit'
import { beforeAll } from 'vitest'
import { StaticDnsResolver } from '../src/domain/dns.js'
import { createService, type RunningService } from '../src/service.js'
import { type AppFixture, createAppFixture, createRootKey, createWorkspace } from './fixtures.js'

const specFile = createRequire(import.meta.url).resolve('@apiplatform/control-spec/openapi.json')
export const bundledSpec = JSON.parse(readFileSync(specFile, 'utf8'))
export const validator = new ResponseValidator(bundledSpec)

export interface TestContext {
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
}

export const ROOT_KEY = 'ck_test_bootstrap_key'

interface Shared {
  service: RunningService
  /** The DNS answers domain verification sees (tests set records for their own names). */
  dns: StaticDnsResolver
  database: Awaited<ReturnType<typeof openTestDatabase>>
}

/**
 * One service per database kind and test worker: test files run without isolation in a worker
 * (see vitest.config.ts), so they share it, and PGlite starts once per worker instead of once
 * per file. Tests stay independent because every test creates its own fixtures and keys.
 */
const shared = new Map<string, Promise<Shared>>()

function sharedService(kind: 'pglite' | 'postgres', workflowStepMs: number): Promise<Shared> {
  const cacheKey = `${kind}:${workflowStepMs}`
  let entry = shared.get(cacheKey)
  if (!entry) {
    entry = (async () => {
      const database = await openTestDatabase(kind)
      const dns = new StaticDnsResolver()
      const service = await createService({
        database,
        rootKey: ROOT_KEY,
        workflowStepMs,
        jobPollMs: 20,
        dnsResolver: dns,
      })
      return { service, database, dns }
    })()
    shared.set(cacheKey, entry)
  }
  return entry
}

export function useService(
  kind: 'pglite' | 'postgres',
  options: { workflowStepMs?: number } = {},
): TestContext {
  const ctx = {} as TestContext
  beforeAll(async () => {
    const { service, database, dns } = await sharedService(kind, options.workflowStepMs ?? 0)
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
    })
  })
  return ctx
}

/** The `location`s of a 400 problem body's `errors`. */
export function locationsOf(body: unknown): string[] {
  const errors = (body as { error?: { errors?: Array<{ location: string }> } } | undefined)?.error?.errors
  return errors?.map((e) => e.location) ?? []
}

/** Polls `check` until it returns a value other than undefined/false. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 25))
  }
}
