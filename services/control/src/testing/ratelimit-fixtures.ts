/** Helpers of the rate-limit override tests: a fresh namespace, created through `ratelimit.limit`. */
import { randomToken } from '@apiplatform/server-kit'
import type { TestService } from './harness.js'
import { ok } from './keys-fixtures.js'

/**
 * A window of 30 days (the longest allowed). Windows align to multiples of their duration, so a
 * test that uses a limit up within one minute-long window fails when a minute boundary falls
 * between its requests; in a 30-day window that practically never happens.
 */
export const LONG_WINDOW_MS = 2_592_000_000

export async function newNamespace(t: TestService): Promise<string> {
  const namespace = `ns_${randomToken(8)}`
  await ok(t, 'ratelimit.limit', { namespace, identifier: 'warmup', limit: 1, duration: 1000 })
  return namespace
}

/** A namespace with an override for `identifier`. */
export async function withOverride(t: TestService, identifier = 'org_acme', limit = 50) {
  const namespace = await newNamespace(t)
  const set = await ok<{ overrideId: string }>(t, 'ratelimit.setOverride', {
    namespace,
    identifier,
    limit,
    duration: 60_000,
  })
  return { namespace, identifier, overrideId: set.overrideId }
}
