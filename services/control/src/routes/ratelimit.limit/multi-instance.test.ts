/**
 * Two service processes on one PostgreSQL, with permit leasing on (the default): hammered at
 * once, they pass exactly `limit` requests in total, even with the limit just below the number
 * of calls (an instance refused a lease waits for the permits the other holds unused).
 * Runs only when TEST_DATABASE_URL is set (each run uses a fresh schema, dropped afterwards).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { builtServiceEntry } from '@apiplatform/contract'
import { openDatabase, randomToken } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const databaseUrl = process.env.TEST_DATABASE_URL
const serviceDir = fileURLToPath(new URL('../../..', import.meta.url))

function start(url: string, rootKey: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [builtServiceEntry(serviceDir)], {
    cwd: serviceDir,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: '0',
      CONTROL_ROOT_KEY: rootKey,
      CONTROL_JOB_POLL_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${out}`)), 45_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(out)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve({ child, baseUrl: match[1] })
      }
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.on('exit', (code) => reject(new Error(`service exited with ${code}:\n${out}`)))
  })
}

describe.skipIf(!databaseUrl)('ratelimit.limit across two service processes (postgres)', () => {
  const schema = `rl_${randomUUID().replaceAll('-', '')}`
  const rootKey = `ck_multi_${randomToken(24)}`
  const children: ChildProcess[] = []
  const urls: string[] = []

  beforeAll(async () => {
    // Creates the schema; both processes then see only it through search_path.
    const admin = await openDatabase({ databaseUrl, schema })
    await admin.close()
    const url = new URL(databaseUrl as string)
    url.searchParams.set('options', `-c search_path=${schema}`)
    const started = await Promise.all([start(url.toString(), rootKey), start(url.toString(), rootKey)])
    for (const s of started) {
      children.push(s.child)
      urls.push(s.baseUrl)
    }
  }, 90_000)

  afterAll(async () => {
    for (const child of children) if (child.pid) process.kill(child.pid, 'SIGTERM')
    await Promise.all(
      children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))),
    )
    const admin = await openDatabase({ databaseUrl })
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await admin.close()
  }, 30_000)

  it('passes exactly `limit` requests in total, round after round', async () => {
    const limit = 99
    for (let round = 0; round < 5; round++) {
      const namespace = `multi_${randomToken(6)}`
      const call = (baseUrl: string) =>
        fetch(`${baseUrl}/v2/ratelimit.limit`, {
          method: 'POST',
          headers: { authorization: `Bearer ${rootKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ namespace, identifier: 'shared', limit, duration: 2_592_000_000 }),
        }).then(async (r) => {
          expect(r.status).toBe(200)
          return ((await r.json()) as { data: { success: boolean } }).data.success
        })
      // A few calls first grow both instances' leases, as steady traffic does; then the burst.
      const results: boolean[] = []
      for (let i = 0; i < 6; i++) results.push(await call(urls[i % 2] as string))
      results.push(...(await Promise.all(Array.from({ length: 94 }, (_, i) => call(urls[i % 2] as string)))))
      expect(results.filter(Boolean).length, `round ${round}`).toBe(limit)
    }
  }, 120_000)
})
