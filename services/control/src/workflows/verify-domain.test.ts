/**
 * The `verify_domain` checks over a whole 24-hour window, on a service whose clock the test moves
 * (test controls): misses keep the domain `verifying`, a check after the window's end makes it
 * `failed`, verifyDomain starts a new window, and published records verify it.
 */
import { validatingFetch } from '@apiplatform/contract'
import { type ControlClient, createControlClient } from '@apiplatform/control-client'
import { eventually } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StaticDnsResolver } from '../domain/dns.js'
import { VERIFICATION_WINDOW_MS } from '../domain/domain-verification.js'
import { createService, type RunningService } from '../service.js'
import { createAppFixture } from '../testing/fixtures.js'
import { validator } from '../testing/harness.js'

const RECHECK_MS = 60_000

/** Answers from a table, each lookup first waiting for the gate (closed: the check stays in flight). */
class GatedDnsResolver extends StaticDnsResolver {
  private gate: Promise<void> = Promise.resolve()
  private open: () => void = () => {}
  close() {
    this.gate = new Promise((resolve) => {
      this.open = resolve
    })
  }
  release() {
    this.open()
  }
  override async resolveTxt(name: string) {
    await this.gate
    return super.resolveTxt(name)
  }
}

let service: RunningService
let client: ControlClient
const dns = new GatedDnsResolver()
const controls = () => service.controls as NonNullable<RunningService['controls']>

beforeAll(async () => {
  service = await createService({
    rootKey: 'ck_test_domain_window',
    testControls: {},
    dnsResolver: dns,
    domainRecheckMs: RECHECK_MS,
    jobPollMs: 20,
  })
  client = createControlClient({
    baseUrl: service.url,
    rootKey: service.rootKey,
    fetch: validatingFetch(validator),
    retry: false,
  })
})
afterAll(() => service?.stop())

/** Waits until no check of the domain is due or running (the next one waits for the clock). */
const checksCaughtUp = (domain: string) =>
  eventually(async () => {
    const rows = await service.db.query(
      `SELECT 1 FROM jobs j JOIN domains d ON d.id = j.payload->>'domainId'
       WHERE d.domain = $1 AND (j.status = 'running' OR (j.status = 'pending' AND j.run_at <= now()))`,
      [domain],
    )
    return rows.length === 0
  })

describe('verify_domain over the 24-hour window', () => {
  it('stays `verifying` through misses, is `failed` after the window, retries with a new window, then verifies', async () => {
    const fx = await createAppFixture(service.db, service.seeded?.workspaceId ?? 'ws_local')
    const domain = `api-window.${fx.appSlug}.example`
    const env = { project: fx.projectId, app: fx.appId, environment: 'production' }
    const { dnsRecords } = await client.domains.createDomain({ ...env, domain })
    const status = (want: string) =>
      eventually(async () => (await client.domains.getDomain({ domain })).status === want)
    expect((await client.domains.getDomain({ domain })).status).toBe('pending')

    // The first background check misses: inside the window, the domain keeps being checked.
    await controls().advanceClock(RECHECK_MS + 1000)
    await status('verifying')
    await checksCaughtUp(domain)
    // Checks with a growing delay go on until just before the window's end: never `failed`.
    for (let i = 0; i < 6; i++) {
      await controls().advanceClock(VERIFICATION_WINDOW_MS / 8)
      await checksCaughtUp(domain)
    }
    const before = await client.domains.getDomain({ domain })
    expect(before.status).toBe('verifying')
    expect(before.verificationError).toContain(`TXT _deploy-control.${domain}`)

    // The last check, at the window's end, still misses the records: `failed`.
    await controls().advanceClock(VERIFICATION_WINDOW_MS / 4)
    await status('failed')
    const failed = await client.domains.getDomain({ domain })
    expect(failed.updatedAt).toBeGreaterThanOrEqual(failed.createdAt + VERIFICATION_WINDOW_MS)

    // The owner fixes half the records and retries: `pending` with a new window until the check
    // finishes, then `verifying` (not `failed`: the new window is open).
    dns.close()
    await client.domains.verifyDomain({ domain })
    expect((await client.domains.getDomain({ domain })).status).toBe('pending')
    dns.release()
    await status('verifying')

    // The records appear: the next background check verifies the domain.
    for (const r of dnsRecords) {
      if (r.type === 'TXT') dns.set('TXT', r.name, [r.value])
      if (r.type === 'CNAME') dns.set('CNAME', r.name, [r.value])
    }
    await controls().advanceClock(4 * RECHECK_MS)
    await status('verified')
  })
})
