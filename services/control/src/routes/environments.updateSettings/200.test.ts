import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.updateSettings 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('persists the settings, shows them in getEnvironment, and the next deployment uses them', async () => {
    const fx = await t.fixture()
    const before = await t.client.environments.getEnvironment(production(fx))
    expect(before.build).toMatchObject({ rootDirectory: '.', autoDeploy: true })
    const answer = await call(t, 'environments.updateSettings', {
      ...production(fx),
      buildCommand: 'pnpm build',
      rootDirectory: 'services/api',
      watchPaths: ['services/api/**'],
      port: 3000,
      vCpus: 1,
      memoryMib: 1024,
      command: ['node', 'dist/main.js'],
      healthcheck: { method: 'GET', path: '/health', intervalSeconds: 5 },
      shutdownSignal: 'SIGINT',
      upstreamProtocol: 'h2c',
      openapiSpecPath: '/openapi.json',
      regions: [
        { name: 'eu-central-1', replicas: { min: 2, max: 4 } },
        { name: 'us-east-1', replicas: { min: 1, max: 2 } },
      ],
    })
    expect(answer.status).toBe(200)
    expect(answer.data.data).toEqual({})
    const env = await t.client.environments.getEnvironment(production(fx))
    expect(env.build).toEqual({
      dockerfile: 'Dockerfile',
      rootDirectory: 'services/api',
      buildCommand: 'pnpm build',
      watchPaths: ['services/api/**'],
      autoDeploy: true,
    })
    expect(env.runtime).toMatchObject({
      port: 3000,
      vCpus: 1,
      memoryMib: 1024,
      storageMib: 0,
      command: ['node', 'dist/main.js'],
      healthcheck: { method: 'GET', path: '/health', intervalSeconds: 5 },
      shutdownSignal: 'SIGINT',
      upstreamProtocol: 'h2c',
      openapiSpecPath: '/openapi.json',
    })
    expect(env.regions?.map((r) => r.name)).toEqual(['eu-central-1', 'us-east-1'])
    expect(env.updatedAt).toBeGreaterThan(before.createdAt)

    // null clears a nullable field; omitted fields stay.
    await call(t, 'environments.updateSettings', { ...production(fx), buildCommand: null, healthcheck: null })
    const cleared = await t.client.environments.getEnvironment(production(fx))
    expect(cleared.build?.buildCommand).toBeUndefined()
    expect(cleared.runtime?.healthcheck).toBeUndefined()
    expect(cleared.runtime?.port).toBe(3000)

    const { deploymentId } = await t.client.deployments.createDeployment({
      ...production(fx),
      image: { dockerImage: 'ghcr.io/acme/api:7' },
    })
    const d = await eventually(async () => {
      const got = await t.client.deployments.getDeployment({ deploymentId })
      return got.status === 'ready' && got
    })
    expect(d.regions).toEqual(['eu-central-1', 'us-east-1'])
    expect(d.runtime).toMatchObject({ port: 3000, vCpus: 1, upstreamProtocol: 'h2c' })
  })
})
