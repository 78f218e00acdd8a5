import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { validatingFetch } from '@apiplatform/contract'
import { openDatabase } from '@apiplatform/server-kit'
import { createWebDataClient } from '@apiplatform/web-data-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceConfig } from '../config.js'
import { type RunningService, startOn } from '../service.js'
import { eventually, specValidator } from '../testing/harness.js'
import { type MutableSite, page, startMutableSite } from './testing.js'

const KEY = 'wd-monitor-durability-key'

async function start(dataDir: string, worker: boolean): Promise<RunningService> {
  const db = await openDatabase({ dataDir })
  const config: ServiceConfig = {
    port: 0,
    apiKey: KEY,
    credits: 1000,
    allowPrivateUrls: true,
    agentStepMs: 0,
    jobLeaseMs: 5_000,
    jobPollMs: 25,
    maxBodyBytes: 1_000_000,
    worker,
  }
  return startOn(db, config, () => db.close())
}

const clientOf = (service: RunningService) =>
  createWebDataClient({
    baseUrl: service.url,
    apiKey: KEY,
    fetch: validatingFetch(specValidator()),
    retry: false,
  }).raw

describe('monitor schedules are durable', () => {
  let dataDir: string
  let site: MutableSite
  let service: RunningService | undefined
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wd-monitor-'))
    site = await startMutableSite({ '/p.html': page('Page', '<p>v1</p>') })
  })
  afterAll(async () => {
    await service?.stop()
    await site?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('runs the schedule recorded by one process in the next one, after a restart', async () => {
    // The first process only serves HTTP: the monitor and its schedule job are recorded, nothing runs.
    service = await start(dataDir, false)
    const created = await clientOf(service).POST('/v2/monitor', {
      body: {
        name: 'often',
        schedule: { cron: '* * * * * *' },
        targets: [{ type: 'scrape', urls: [site.at('/p.html')] }],
      } as never,
    })
    const monitorId = created.data?.data?.id as string
    await service.stop()

    service = await start(dataDir, true)
    const client = clientOf(service)
    const checks = await eventually(async () => {
      const { data } = await client.GET('/v2/monitor/{monitorId}/checks', { params: { path: { monitorId } } })
      return (data?.data?.filter((c) => c.status === 'completed').length ?? 0) >= 2 ? data?.data : undefined
    })
    await client.PATCH('/v2/monitor/{monitorId}', {
      params: { path: { monitorId } },
      body: { status: 'paused' },
    })
    expect(checks?.every((c) => c.trigger === 'scheduled')).toBe(true)
    // One scheduling job per monitor, rescheduled in place rather than a job per run.
    const jobs = await service.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM jobs WHERE queue = 'monitor-schedule' AND payload->>'monitorId' = $1`,
      [monitorId],
    )
    expect(Number(jobs[0]?.n)).toBe(1)
  })
})
