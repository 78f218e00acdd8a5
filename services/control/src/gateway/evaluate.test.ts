/**
 * The gateway applying stored policies: each request goes through gatewayHandle (the evaluation
 * the service's gateway runs), is recorded, and is then visible to analytics.getGatewayRequests.
 */
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { loadPolicies } from '../repositories/gateway.js'
import { useTestService } from '../testing/harness.js'
import { gatewayHandle, type Policy } from './evaluate.js'

describe.each(testDatabaseKinds())('gateway evaluation (%s)', (kind) => {
  const t = useTestService({ kind })

  it('enforces firewall, keyauth and ratelimit in order and records every request', async () => {
    const ws = await t.workspace()
    const fx = await t.fixture({ workspaceId: ws })
    const root = await t.key(['environment.*.update_policies', 'project.*.read_analytics'], {
      workspaceId: ws,
    })
    const c = t.clientFor(root)
    const where = { project: fx.projectId, app: fx.appId, environment: 'production' }
    // No gateway traffic yet: 412.
    const before = await c.raw.POST('/v2/analytics.getGatewayRequests', {
      body: { query: 'SELECT count(*) FROM gateway_requests' },
    })
    expect(before.response.status).toBe(412)
    const policies: Policy[] = [
      {
        name: 'block-admin',
        enabled: true,
        match: [{ path: { path: { prefix: '/admin' } } }],
        firewall: { action: 'ACTION_DENY' },
      },
      { name: 'off', enabled: false, firewall: { action: 'ACTION_DENY' } },
      {
        name: 'keys',
        enabled: true,
        match: [{ path: { path: { prefix: '/v1/' } } }, { method: { methods: ['GET', 'POST'] } }],
        keyauth: { keyspaces: ['api_1'], locations: [{ header: { name: 'x-api-key' } }] },
      },
      {
        name: 'limit',
        enabled: true,
        ratelimit: { limit: 2, windowMs: 2_592_000_000, identifiers: [{ remoteIp: {} }] },
      },
      { name: 'log', enabled: true, logging: { requestHeaders: true } },
    ]
    await c.raw.POST('/v2/gateway.setPolicies', { body: { ...where, policies: policies as never } })
    const target = {
      workspaceId: ws,
      projectId: fx.projectId,
      appId: fx.appId,
      environmentId: fx.productionEnvironmentId,
    }
    const stored = await loadPolicies(t.service.db, fx.productionEnvironmentId)
    const verifyKey = async (_keyspaces: string[], key: string) => ({
      valid: key === 'good',
      subject: 'user_1',
    })
    const send = (
      path: string,
      headers: Record<string, string> = {},
      remoteIp = '10.0.0.1',
      method = 'GET',
    ) => gatewayHandle(t.service.deps, target, stored, { method, path, headers, remoteIp }, { verifyKey })

    expect(await send('/admin/users')).toMatchObject({ status: 403, policy: 'block-admin' })
    expect(await send('/v1/orders')).toMatchObject({ status: 401, policy: 'keys' })
    expect(await send('/v1/orders', { 'x-api-key': 'bad' })).toMatchObject({ status: 401 })
    expect(await send('/v1/orders', { 'x-api-key': 'good' })).toMatchObject({
      status: 200,
      outcome: 'forwarded',
    })
    expect(await send('/v1/orders', { 'x-api-key': 'good' }, '10.0.0.1', 'DELETE')).toMatchObject({
      status: 200,
    })
    expect(await send('/v1/orders', { 'x-api-key': 'good' })).toMatchObject({ status: 429, policy: 'limit' })
    expect(await send('/public', {}, '10.0.0.2')).toMatchObject({ status: 200 })

    const { data } = await c.raw.POST('/v2/analytics.getGatewayRequests', {
      body: { query: 'SELECT status, count() AS n FROM gateway_requests GROUP BY status ORDER BY status' },
    })
    expect(data?.data).toEqual([
      { status: 200, n: 3 },
      { status: 401, n: 2 },
      { status: 403, n: 1 },
      { status: 429, n: 1 },
    ])
    const logged = await t.service.db.query<{ request_headers: unknown }>(
      "SELECT request_headers FROM gateway_requests WHERE workspace_id = $1 AND outcome = 'forwarded' AND remote_ip = '10.0.0.2'",
      [ws],
    )
    expect(logged).toEqual([{ request_headers: {} }])
  })
})
