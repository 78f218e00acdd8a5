/**
 * The state machine of deployments: for every DeploymentStatus (and the conditions that matter
 * for a ready one: current, shutting down, preview), `availableActions` lists exactly the actions
 * that start/stop/promote/rollback accept (202); every other action answers 412. Then every
 * status is entered through the API alone (second block).
 */
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import {
  BUILD_STEPS,
  DEFAULT_RUNTIME,
  DEPLOYMENT_STATUSES,
  type DeploymentStatus,
} from './domain/deployment.js'
import { insertDeployment } from './repositories/deployments.js'
import type { AppFixture } from './testing/fixtures.js'
import { eventually, type TestService, useTestService } from './testing/harness.js'
import { call } from './testing/platform.js'

const ACTIONS = ['promote', 'rollback', 'stop', 'start'] as const

type Case = [label: string, pick: (fx: AppFixture) => Promise<string> | string]

describe.each(testDatabaseKinds())('deployment state machine (%s)', (kind) => {
  const t = useTestService({ kind, workflowStepMs: 60_000 })
  const withStatus = (status: DeploymentStatus) => async (fx: AppFixture) => {
    const id = `${fx.v1}_${status}`
    await insertDeployment(t.service.db, {
      id,
      workspaceId: fx.workspaceId,
      projectId: fx.projectId,
      appId: fx.appId,
      environmentId: fx.productionEnvironmentId,
      status,
      regions: ['us-east-1'],
      domains: [],
      runtime: DEFAULT_RUNTIME,
      createdAt: Date.now(),
    })
    return id
  }
  const cases: Case[] = [
    ...DEPLOYMENT_STATUSES.map((s): Case => [`${s} (production, not current)`, withStatus(s)]),
    ['ready and current', (fx) => fx.current],
    ['ready and shutting down', (fx) => fx.shuttingDown],
    ['ready in preview', (fx) => fx.preview],
  ]

  it.each(cases)('%s: availableActions is what the operations accept', async (_label, pick) => {
    const expected: Record<string, number> = {}
    const actual: Record<string, number> = {}
    for (const action of ACTIONS) {
      // A fresh app per action: accepting one action must not change the next one's answer.
      const fx = await t.fixture()
      const deploymentId = await pick(fx)
      const before = await t.client.deployments.getDeployment({ deploymentId })
      expected[action] = before.availableActions.includes(action) ? 202 : 412
      const answer = await call(t, `deployments.${action}Deployment`, { deploymentId })
      actual[action] = answer.status
    }
    expect(actual).toEqual(expected)
  })

  it('covers every status of the spec', () => {
    expect(cases.length).toBe(DEPLOYMENT_STATUSES.length + 3)
  })
})

/**
 * Every DeploymentStatus entered through the API alone, as a client would: each state is seen in
 * `deploy.getDeployment`'s `steps` (one per state entered) or in `deployments.getDeployment`.
 */
describe.each(testDatabaseKinds())('every deployment state, entered through the API (%s)', (kind) => {
  const t = useTestService({ kind })
  // Workflow steps of a minute: a new deployment stays `pending` for the whole test.
  const slow = useTestService({ kind, workflowStepMs: 60_000 })
  const entered = new Set<string>()

  const create = async (ctx: TestService, fx: AppFixture) => {
    const answer = await call(ctx, 'deployments.createDeployment', {
      project: fx.projectId,
      app: fx.appId,
      environment: 'production',
      image: { dockerImage: 'ghcr.io/acme/checkout-api:2.0.0' },
    })
    expect(answer.status).toBe(201)
    return answer.data.data.deploymentId as string
  }
  const get = (ctx: TestService, deploymentId: string) =>
    ctx.client.deployments.getDeployment({ deploymentId })
  const until = (ctx: TestService, deploymentId: string, status: DeploymentStatus) =>
    eventually(async () => (await get(ctx, deploymentId)).status === status)
  /** Records the states a deployment went through, from `deploy.getDeployment`'s steps. */
  const record = async (ctx: TestService, deploymentId: string) => {
    const answer = await call(ctx, 'deploy.getDeployment', { deploymentId })
    const states = (answer.data.data.steps as Array<{ status: string }>).map((s) => s.status.toLowerCase())
    for (const s of states) entered.add(s)
    return states
  }
  const settings = (ctx: TestService, fx: AppFixture, change: Record<string, unknown>) =>
    call(ctx, 'environments.updateSettings', {
      project: fx.projectId,
      app: fx.appId,
      environment: 'production',
      ...change,
    })

  it('build: pending → building → deploying → network → finalizing → ready, taking live traffic', async () => {
    const fx = await t.fixture()
    const id = await create(t, fx)
    await until(t, id, 'ready')
    expect(await record(t, id)).toEqual(BUILD_STEPS)
    expect((await get(t, id)).isCurrent).toBe(true)
  })

  it('failed: an environment asking for more CPU than the quota fails at deploying', async () => {
    const fx = await t.fixture()
    expect((await settings(t, fx, { vCpus: 1000 })).status).toBe(200)
    const id = await create(t, fx)
    await until(t, id, 'failed')
    const d = await get(t, id)
    expect(d.error).toMatchObject({ code: 'cpu_quota_exceeded', step: 'deploying' })
    expect(d.availableActions).toEqual([])
    expect(await record(t, id)).toContain('failed')
  })

  it('stopped and starting: stop a ready deployment, then start it again', async () => {
    const fx = await t.fixture()
    const id = await create(t, fx)
    await until(t, id, 'ready')
    expect((await call(t, 'deployments.stopDeployment', { deploymentId: id })).status).toBe(202)
    await until(t, id, 'stopped')
    expect((await call(t, 'deployments.startDeployment', { deploymentId: id })).status).toBe(202)
    await until(t, id, 'ready')
    expect((await record(t, id)).slice(-3)).toEqual(['stopped', 'starting', 'ready'])
  })

  it('awaiting_approval and superseded: with autoDeploy off, builds wait; approving the newer supersedes the older', async () => {
    const fx = await t.fixture()
    expect((await settings(t, fx, { autoDeploy: false })).status).toBe(200)
    const older = await create(t, fx)
    await until(t, older, 'awaiting_approval')
    expect((await get(t, older)).availableActions).toEqual(['promote', 'stop'])
    expect(await record(t, older)).toEqual(['pending', 'building', 'awaiting_approval'])
    // Not queued any more (it was built), so the newer one does not skip it.
    const newer = await create(t, fx)
    await until(t, newer, 'awaiting_approval')
    expect((await get(t, older)).status).toBe('awaiting_approval')
    expect((await call(t, 'deployments.promoteDeployment', { deploymentId: newer })).status).toBe(202)
    await until(t, newer, 'ready')
    expect(await record(t, newer)).toEqual([
      'pending',
      'building',
      'awaiting_approval',
      'deploying',
      'network',
      'finalizing',
      'ready',
    ])
    expect((await get(t, newer)).isCurrent).toBe(true)
    await until(t, older, 'superseded')
    expect((await get(t, older)).availableActions).toEqual([])
    expect(await record(t, older)).toContain('superseded')
  })

  it('skipped: a deployment still queued when a newer one of its environment is created', async () => {
    const fx = await slow.fixture()
    const queued = await create(slow, fx)
    expect((await get(slow, queued)).availableActions).toEqual(['stop'])
    const newer = await create(slow, fx)
    const d = await get(slow, queued)
    expect(d.status).toBe('skipped')
    expect(d.availableActions).toEqual([])
    expect((await get(slow, newer)).status).toBe('pending')
    expect(await record(slow, queued)).toEqual(['pending', 'skipped'])
  })

  it('cancelled: stopping a deployment that has not served yet', async () => {
    const fx = await slow.fixture()
    const id = await create(slow, fx)
    expect((await call(slow, 'deployments.stopDeployment', { deploymentId: id })).status).toBe(202)
    const d = await get(slow, id)
    expect(d.status).toBe('cancelled')
    expect(d.availableActions).toEqual([])
    expect(await record(slow, id)).toEqual(['pending', 'cancelled'])
  })

  it('has entered every status of the spec', () => {
    expect([...entered].sort()).toEqual([...DEPLOYMENT_STATUSES].sort())
  })
})
