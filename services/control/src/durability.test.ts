/**
 * The rollback workflow survives a crash: it is on disk before the 202 is sent, and a process
 * killed with SIGKILL in the middle of it is resumed by the next process on the same DATA_DIR,
 * which finishes it exactly once. Runs the built command (`dist/main.js`) as a child.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { builtServiceEntry, validatingFetch } from '@apiplatform/contract'
import { createControlClient } from '@apiplatform/control-client'
import { openDatabase } from '@apiplatform/server-kit'
import { afterAll, expect, it } from 'vitest'
import { SEED } from './seed.js'
import { eventually, validator } from './testing/harness.js'

const STEP_MS = 1500
const ROOT_KEY = 'ck_durability_test_key'
const dataDir = mkdtempSync(join(tmpdir(), 'control-durability-'))
const children: ChildProcess[] = []

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

/** The built command on the shared data folder; `env` adds to its settings. */
async function start(env: Record<string, string> = {}): Promise<{
  child: ChildProcess
  url: string
  /** What it printed so far. */
  output: () => string
}> {
  const serviceDir = join(import.meta.dirname, '..')
  const child = spawn(process.execPath, [builtServiceEntry(serviceDir)], {
    cwd: serviceDir,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CONTROL_ROOT_KEY: ROOT_KEY,
      CONTROL_WORKFLOW_STEP_MS: String(STEP_MS),
      CONTROL_JOB_LEASE_MS: '1000',
      CONTROL_JOB_POLL_MS: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`service exited with ${code}:\n${output}`)))
  })
  return { child, url, output: () => output }
}

const kill = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })

const clientOf = (url: string) =>
  createControlClient({ baseUrl: url, rootKey: ROOT_KEY, fetch: validatingFetch(validator), retry: false })

it('finishes a rollback exactly once across SIGKILLs, from acceptance and from mid-workflow', async () => {
  // 1. Killed right after the 202: the workflow must already be on disk.
  const a = await start()
  const accepted = await clientOf(a.url).raw.POST('/v2/deployments.rollbackDeployment', {
    body: { deploymentId: SEED.deployments.v2 },
  })
  expect(accepted.response.status).toBe(202)
  await kill(a.child)

  // 2. The next process resumes it; then a second rollback is killed between its two steps. At
  // debug level the job queue logs each committed step: the kill follows the first, whenever it comes.
  const b = await start({ LOG_LEVEL: 'debug' })
  const continued = () =>
    b
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"job continued"')).length
  const clientB = clientOf(b.url)
  await eventually(
    async () => (await clientB.deployments.getDeployment({ deploymentId: SEED.deployments.v2 })).isCurrent,
    30_000,
  )
  expect(
    (await clientB.deployments.getDeployment({ deploymentId: SEED.deployments.current })).isCurrent,
  ).toBe(false)
  const before = continued()
  await clientB.deployments.rollbackDeployment({ deploymentId: SEED.deployments.v1 })
  // Step 1 (verify) commits after STEP_MS; step 2 (switch) would commit STEP_MS later.
  await eventually(async () => continued() > before, 30_000)
  await kill(b.child)
  // Killed between the steps: the traffic had not moved.
  const between = await openDatabase({ dataDir })
  try {
    const [current] = await between.query<{ current_deployment_id: string }>(
      'SELECT current_deployment_id FROM apps WHERE id = $1',
      [SEED.appId],
    )
    expect(current?.current_deployment_id).toBe(SEED.deployments.v2)
  } finally {
    await between.close()
  }

  // 3. The third process finishes it once the dead worker's lease has run out.
  const c = await start()
  const clientC = clientOf(c.url)
  await eventually(
    async () => (await clientC.deployments.getDeployment({ deploymentId: SEED.deployments.v1 })).isCurrent,
    30_000,
  )
  const ready = await clientC.deployments.listDeployments({ app: SEED.appId, status: ['ready'] })
  expect(ready.filter((d) => d.isCurrent).map((d) => d.id)).toEqual([SEED.deployments.v1])
  await new Promise<void>((resolve) => {
    c.child.once('exit', () => resolve())
    c.child.kill('SIGTERM')
  })
  expect(c.child.exitCode).toBe(0)

  // Exactly once: one traffic switch per rollback, both succeeded, both jobs done.
  const db = await openDatabase({ dataDir })
  try {
    const ops = await db.query<{ id: string; deployment_id: string; status: string }>(
      "SELECT id, deployment_id, status FROM deployment_operations WHERE kind = 'rollback' ORDER BY created_at",
    )
    expect(ops.map((o) => [o.deployment_id, o.status])).toEqual([
      [SEED.deployments.v2, 'succeeded'],
      [SEED.deployments.v1, 'succeeded'],
    ])
    const switches = await db.query<{
      operation_id: string
      from_deployment_id: string
      to_deployment_id: string
    }>(
      "SELECT operation_id, from_deployment_id, to_deployment_id FROM traffic_switches WHERE reason = 'rollback' ORDER BY id",
    )
    expect(switches).toEqual([
      {
        operation_id: ops[0]?.id,
        from_deployment_id: SEED.deployments.current,
        to_deployment_id: SEED.deployments.v2,
      },
      {
        operation_id: ops[1]?.id,
        from_deployment_id: SEED.deployments.v2,
        to_deployment_id: SEED.deployments.v1,
      },
    ])
    const jobs = await db.query<{ status: string }>(
      "SELECT status FROM jobs WHERE queue = 'deployment-operations'",
    )
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done'])
    const [app] = await db.query<{ is_rolled_back: boolean }>(
      'SELECT is_rolled_back FROM apps WHERE id = $1',
      [SEED.appId],
    )
    expect(app?.is_rolled_back).toBe(true)
  } finally {
    await db.close()
  }
}, 150_000)
