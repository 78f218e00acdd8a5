/**
 * A caller without the permission learns nothing from the status: 403 before the request is
 * validated (no 400) and before anything is looked up (no 404 or 410 for what does not exist).
 */
import { type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'
import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { bundledSpec, useTestService } from './testing/harness.js'
import { call } from './testing/keys-fixtures.js'
import { newNamespace } from './testing/ratelimit-fixtures.js'

interface Operation {
  operationId?: string
  security?: Array<Record<string, unknown>>
  responses?: Record<string, unknown>
  'x-required-permissions'?: string[][]
}
const operations = walkOperations(bundledSpec as OpenApiDocument)
  .map(({ operation }) => operation as Operation)
  .filter(
    (op) =>
      op.responses?.['403'] !== undefined &&
      (op['x-required-permissions']?.length ?? 0) > 0 &&
      // Portal operations take a portal session, not a root key (their 403 tests cover them).
      !op.security?.some((s) => 'portalSession' in s),
  )
  .map((op) => op.operationId as string)

/** A permission no operation requires. */
const UNRELATED = 'project.proj_unrelated.read_nothing'

describe.each(testDatabaseKinds())('permission before anything else (%s)', (kind) => {
  const t = useTestService({ kind })

  it('covers the root-key operations that document 403', () => {
    expect(operations.length).toBeGreaterThan(60)
    expect(operations).toContain('deploy.getDeployment')
  })

  it.each(operations)('%s answers 403, not 400, to an invalid request without the permission', async (op) => {
    const key = await t.key([UNRELATED])
    const invalid = op === 'ratelimit.multiLimit' ? [{ unknownField: true }] : { unknownField: true }
    const { response, error } = await call(t, op, invalid, key)
    expect(response.status).toBe(403)
    expect(error?.error.type).toBe(
      'https://docs.deploy-control.dev/errors/authorization/insufficient_permissions',
    )
  })

  it('deploy.getDeployment: 403 for a malformed id as for an unknown one', async () => {
    const key = await t.key([UNRELATED])
    for (const deploymentId of ['', 'd_unknown000000', 'a'.repeat(300)])
      expect((await call(t, 'deploy.getDeployment', { deploymentId }, key)).response.status).toBe(403)
  })

  const RATELIMIT: Array<[string, string, (namespace: string) => unknown]> = [
    ['ratelimit.limit', 'limit', (namespace) => ({ namespace, identifier: 'a', limit: 1, duration: 1000 })],
    ['ratelimit.getOverride', 'read_override', (namespace) => ({ namespace, identifier: 'a' })],
    ['ratelimit.listOverrides', 'read_override', (namespace) => ({ namespace })],
    [
      'ratelimit.setOverride',
      'set_override',
      (namespace) => ({ namespace, identifier: 'a', limit: 1, duration: 1000 }),
    ],
    ['ratelimit.deleteOverride', 'delete_override', (namespace) => ({ namespace, identifier: 'a' })],
  ]

  it.each(RATELIMIT)(
    '%s answers 403 whether the namespace exists, is deleted or is missing',
    async (op, action, body) => {
      // The operation's own permission, on another namespace, and namespace creation.
      const key = await t.key([`ratelimit.rlns_other.${action}`, 'ratelimit.*.create_namespace'])
      const existing = await newNamespace(t)
      const deleted = await newNamespace(t)
      await t.service.db.query('UPDATE ratelimit_namespaces SET deleted_at = $2 WHERE name = $1', [
        deleted,
        Date.now(),
      ])
      for (const namespace of [existing, deleted, `ns_missing_${randomToken(8)}`]) {
        const { response, error } = await call(t, op, body(namespace), key)
        expect(response.status, namespace).toBe(403)
        expect(error?.error.type).toBe(
          'https://docs.deploy-control.dev/errors/authorization/insufficient_permissions',
        )
      }
    },
  )
})
