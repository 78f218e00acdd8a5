/**
 * Helpers of the apps, environments, domains and deploy tests: a POST by operationId through the
 * validating client, and unique names.
 */
import { randomToken } from '@apiplatform/server-kit'
import type { AppFixture } from './fixtures.js'
import type { TestService } from './harness.js'

export interface Answer {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read loosely; the validator checked them
  data: any
  // biome-ignore lint/suspicious/noExplicitAny: as above
  error: any
}

/** POST /v2/<operationId> with the bootstrap key, or with `key` (null: no Authorization header). */
export async function call(
  t: TestService,
  operationId: string,
  body: unknown,
  key?: string | null,
): Promise<Answer> {
  const client = key === undefined ? t.client : t.clientFor(key ?? undefined)
  const post = client.raw.POST as unknown as (
    path: string,
    init: { body: unknown },
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>
  const { data, error, response } = await post(`/v2/${operationId}`, { body })
  return { status: response.status, data, error }
}

/** A domain name no other test uses. */
export const uniqueDomain = (apex = false) =>
  apex ? `acme-${randomToken(10).toLowerCase()}.com` : `api-${randomToken(10).toLowerCase()}.acme-shop.com`

/** The environment address of a fixture's production environment. */
export const production = (fx: AppFixture) => ({
  project: fx.projectId,
  app: fx.appId,
  environment: 'production',
})

/** Attaches a fresh domain to the fixture's production environment. */
export async function addDomain(t: TestService, fx: AppFixture, domain = uniqueDomain()) {
  const created = await call(t, 'domains.createDomain', { ...production(fx), domain })
  if (created.status !== 200) throw new Error(`createDomain answered ${created.status}`)
  return {
    domain,
    domainId: created.data.data.domainId as string,
    records: created.data.data.dnsRecords as Array<{ type: string; name: string; value: string }>,
  }
}

/** Publishes the records of a domain in the fake DNS, as its owner would. */
export function publish(t: TestService, records: Array<{ type: string; name: string; value: string }>) {
  for (const r of records) {
    if (r.type === 'TXT') t.dns.set('TXT', r.name, [r.value])
    if (r.type === 'CNAME') t.dns.set('CNAME', r.name, [`${r.value}.`])
    if (r.type === 'ALIAS') {
      t.dns.set('A', r.value, ['203.0.113.10'])
      t.dns.set('A', r.name, ['203.0.113.10'])
    }
  }
}
