/**
 * Scale-out: two service processes on one PostgreSQL (a fresh schema, chosen through
 * DATABASE_URL's `options=-c search_path=…`). A rollback accepted by one of them runs exactly
 * once although both workers poll the same jobs table: one traffic switch, one succeeded
 * operation, one finished job. Runs only when TEST_DATABASE_URL is set.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { builtServiceEntry, validatingFetch } from '@apiplatform/contract'
import { createControlClient } from '@apiplatform/control-client'
import { type Database, openDatabase } from '@apiplatform/server-kit'
import { afterAll, expect, it } from 'vitest'
import { SEED } from './seed.js'
import { eventually, validator } from './testing/harness.js'

const url = process.env.TEST_DATABASE_URL
const ROOT_KEY = 'ck_two_processes_test_key'
const schema = `two_proc_${randomUUID().replaceAll('-', '')}`
const children: ChildProcess[] = []
let admin: Database | undefined

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  if (admin) {
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {})
    await admin.close()
  }
})

function withSearchPath(base: string): string {
  const u = new URL(base)
  u.searchParams.set('options', `-c search_path=${schema}`)
  return u.toString()
}

async function start(name: string): Promise<string> {
  const serviceDir = join(import.meta.dirname, '..')
  const child = spawn(process.execPath, [builtServiceEntry(serviceDir)], {
    cwd: serviceDir,
    env: {
      ...process.env,
      PORT: '0',
      DATABASE_URL: withSearchPath(url as string),
      CONTROL_ROOT_KEY: ROOT_KEY,
      CONTROL_WORKFLOW_STEP_MS: '300',
      CONTROL_JOB_LEASE_MS: '3000',
      CONTROL_JOB_POLL_MS: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${output}`)))
  })
}

const clientOf = (base: string) =>
  createControlClient({ baseUrl: base, rootKey: ROOT_KEY, fetch: validatingFetch(validator), retry: false })

it.skipIf(!url)(
  'runs a rollback accepted by one of two processes exactly once',
  async () => {
    // The schema exists before the processes start; both migrate and seed it concurrently.
    admin = await openDatabase({ databaseUrl: url, schema })
    const [a, b] = await Promise.all([start('a'), start('b')])
    const clientA = clientOf(a)
    const clientB = clientOf(b)
    expect((await clientB.apps.getApp({ project: 'demo', app: 'checkout-api' })).currentDeploymentId).toBe(
      SEED.deployments.current,
    )

    const accepted = await clientA.raw.POST('/v2/deployments.rollbackDeployment', {
      body: { deploymentId: SEED.deployments.v2 },
    })
    expect(accepted.response.status).toBe(202)
    // Observed through the other process.
    await eventually(
      async () => (await clientB.deployments.getDeployment({ deploymentId: SEED.deployments.v2 })).isCurrent,
      20_000,
    )
    // Once the rollback's job is finished, no process can claim it again: a duplicate execution
    // would have happened by then.
    const database = admin
    await eventually(async () => {
      const open = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM jobs WHERE status IN ('pending', 'running')
           AND dedupe_key IN (SELECT id FROM deployment_operations WHERE kind = 'rollback')`,
      )
      return open[0]?.n === 0
    }, 20_000)

    const ops = await admin.query<{ id: string; status: string }>(
      "SELECT id, status FROM deployment_operations WHERE kind = 'rollback'",
    )
    expect(ops.map((o) => o.status)).toEqual(['succeeded'])
    const switches = await admin.query<{
      operation_id: string
      from_deployment_id: string
      to_deployment_id: string
    }>(
      "SELECT operation_id, from_deployment_id, to_deployment_id FROM traffic_switches WHERE reason = 'rollback'",
    )
    expect(switches).toEqual([
      {
        operation_id: ops[0]?.id,
        from_deployment_id: SEED.deployments.current,
        to_deployment_id: SEED.deployments.v2,
      },
    ])
    const jobs = await admin.query<{ status: string }>(
      "SELECT status FROM jobs WHERE queue = 'deployment-operations'",
    )
    expect(jobs.map((j) => j.status)).toEqual(['done'])
    const logs = await admin.query<{ message: string }>(
      'SELECT message FROM runtime_logs WHERE deployment_id = $1',
      [SEED.deployments.v2],
    )
    expect(logs.filter((l) => l.message.startsWith('Live traffic rolled back'))).toHaveLength(1)
    const [app] = await admin.query<{ is_rolled_back: boolean }>(
      'SELECT is_rolled_back FROM apps WHERE id = $1',
      [SEED.appId],
    )
    expect(app?.is_rolled_back).toBe(true)
  },
  120_000,
)
