/**
 * Every operation with every kind of bad credential (tools/contract's auth matrix): no key, a
 * malformed header, an unknown or a revoked key give 401 `Unauthorized: Invalid token`; a key
 * without the operation's scope, or with only other scopes, gives 403 `Forbidden`, before the
 * body is validated. (Keys do not expire in this API.)
 */
import { formatAuthMatrix, type OpenApiDocument, runAuthMatrix } from '@apiplatform/contract'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { spec } from '@apiplatform/web-data-routes'
import { describe, expect, it } from 'vitest'
import { revokeKey } from './billing/keys.js'
import { SCOPES, type Scope } from './billing/scopes.js'
import { OPERATION_SCOPES } from './http/permissions.js'
import { useTestService } from './testing/lifecycle.js'

const MALFORMED = ['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Token wd_x', 'Bearer a b']

describe.each(testDatabaseKinds())('auth matrix of the web-data API (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('answers every operation with the seed rule for each bad credential', async () => {
    const revoked = await t.newTeam(1_000)
    await revokeKey(t.service.db, revoked.keyId)
    const none = await t.newTeam(1_000, { scopes: [] })
    // Per scope, a key holding every other scope.
    const others = new Map<Scope, string>()
    for (const scope of SCOPES)
      others.set(scope, (await t.newTeam(1_000, { scopes: SCOPES.filter((s) => s !== scope) })).key)
    const report = await runAuthMatrix({
      spec: spec as unknown as OpenApiDocument,
      baseUrl: t.url,
      scheme: 'bearerAuth',
      credentials: {
        none: true,
        malformed: MALFORMED,
        unknown: 'Bearer wd_unknown_key_00000000000000',
        revoked: `Bearer ${revoked.key}`,
        'no-permission': `Bearer ${none.key}`,
        'unrelated-permission': (operation) =>
          `Bearer ${others.get(OPERATION_SCOPES[operation as keyof typeof OPERATION_SCOPES]) ?? ''}`,
      },
      expectBody: (status, body) => {
        const expected = status === 401 ? 'Unauthorized: Invalid token' : 'Forbidden'
        const error = (body as { error?: string } | undefined)?.error
        return error === expected
          ? undefined
          : `error ${JSON.stringify(error)}, expected ${JSON.stringify(expected)}`
      },
    })
    console.info(formatAuthMatrix(report))
    expect(report.checked).toBeGreaterThan(44 * 7)
    expect(report.failures, formatAuthMatrix(report)).toEqual([])
    expect(report.fixed.map((k) => k.defect)).toEqual([])
  }, 180_000)
})
