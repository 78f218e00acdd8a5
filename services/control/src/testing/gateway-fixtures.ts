/** Helpers of the gateway policy tests: an environment with two policies set through the API. */
import type { AppFixture } from './fixtures.js'
import type { TestService } from './harness.js'
import { ok } from './keys-fixtures.js'

export const TWO_POLICIES = [
  {
    name: 'require-api-key',
    enabled: true,
    match: [{ path: { path: { prefix: '/v1/' } } }],
    keyauth: { keyspaces: ['api_1'], locations: [{ bearer: {} }] },
  },
  {
    name: 'per-ip-limit',
    enabled: true,
    ratelimit: { limit: 100, windowMs: 60_000, identifiers: [{ remoteIp: {} }] },
  },
]

/** A fresh app whose production environment has `TWO_POLICIES`; `where` addresses it by slugs. */
export async function withPolicies(
  t: TestService,
): Promise<{ fx: AppFixture; where: Record<string, string> }> {
  const fx = await t.fixture()
  const where = { project: fx.projectSlug, app: fx.appSlug, environment: 'production' }
  await ok(t, 'gateway.setPolicies', { ...where, policies: TWO_POLICIES })
  return { fx, where }
}
