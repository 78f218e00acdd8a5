import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectWellFormed, type TraceEventLike } from '../testing/agent.js'
import { type FixtureSite, startFixtureSite } from '../testing/fixture-site.js'
import { eventually } from '../testing/harness.js'
import { crash, serviceProcessClient, startServiceProcess } from '../testing/service-process.js'

const KEY = 'wd-durability-test-key'
// Slow agent steps, so that the crash comes mid-run.
const AGENT_STEP = { WEB_DATA_AGENT_STEP_MS: '400' }

describe('agent runs survive a crash (PGlite on disk)', () => {
  let site: FixtureSite
  let dataDir: string
  let child: ChildProcess | undefined
  beforeAll(async () => {
    site = await startFixtureSite()
    dataDir = mkdtempSync(join(tmpdir(), 'web-data-crash-'))
  })
  afterAll(async () => {
    child?.kill('SIGKILL')
    await site?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('finishes a run after SIGKILL and restart, with no event lost or doubled', async () => {
    const port = 17_000 + Math.floor(Math.random() * 2000)
    const client = serviceProcessClient(port, KEY)
    const urls = ['/product.html', '/specs.html', '/reviews.html', '/legal.html'].map((p) => site.at(p))
    child = await startServiceProcess({ dataDir, port, apiKey: KEY, env: AGENT_STEP })
    const started = await client.POST('/v2/agent', {
      body: {
        prompt: 'kettle facts',
        urls,
        schema: {
          type: 'object',
          properties: { nothingStatesThis: { type: 'string' } },
        } as never,
        strictConstrainToURLs: true,
      },
    })
    expect(started.response.status).toBe(200)
    const id = started.data?.id as string
    const events = async () =>
      ((
        await client.GET('/v2/agent/{jobId}/trace', {
          params: { path: { jobId: id } },
        })
      ).data?.events ?? []) as unknown as TraceEventLike[]

    // Mid-run: at least one tool call done, not all.
    await eventually(async () =>
      (await events()).some((e) => e.type === 'tool_call.finished') ? true : undefined,
    )
    const before = await events()
    expect(before.some((e) => e.type === 'run.finished')).toBe(false)
    await crash(child)

    child = await startServiceProcess({ dataDir, port, apiKey: KEY, env: AGENT_STEP })
    const status = await eventually(async () => {
      const { data } = await client.GET('/v2/agent/{jobId}', {
        params: { path: { jobId: id } },
      })
      return data?.status === 'completed' ? data : undefined
    }, 60_000)
    expect(status.creditsUsed).toBe(20)

    const after = await events()
    expectWellFormed(after)
    // What was recorded before the crash is still there, unchanged.
    expect(after.slice(0, before.length)).toEqual(before)
    const calls = after
      .filter((e) => e.type === 'tool_call.started')
      .map((e) => (e.parameters as { url: string }).url)
    expect(calls).toEqual(urls)
    expect(after.at(-1)).toMatchObject({
      type: 'run.finished',
      outcome: 'succeeded',
    })
    child.kill('SIGTERM')
    await new Promise((resolve) => child?.once('exit', resolve))
    child = undefined
    // Two service starts and a run: 28 s in a CI run beside a CPU-bound process on a slow 2-core machine.
  }, 180_000)
})
