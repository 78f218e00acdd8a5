/**
 * The state machine of deployments: for every DeploymentStatus (and the conditions that matter
 * for a ready one: current, shutting down, preview), `availableActions` lists exactly the actions
 * that start/stop/promote/rollback accept (202); every other action answers 412.
 */
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { DEFAULT_RUNTIME, DEPLOYMENT_STATUSES, type DeploymentStatus } from '../src/domain/deployment.js'
import { insertDeployment } from '../src/repositories/deployments.js'
import type { AppFixture } from './fixtures.js'
import { useService } from './harness.js'
import { call } from './platform.js'

const ACTIONS = ['promote', 'rollback', 'stop', 'start'] as const

type Case = [label: string, pick: (fx: AppFixture) => Promise<string> | string]

describe.each(testDatabaseKinds())('deployment state machine (%s)', (kind) => {
  const t = useService(kind, { workflowStepMs: 60_000 })
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
