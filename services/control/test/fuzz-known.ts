/**
 * Failure classes the fuzzer still finds in the control service while their fixes are under way.
 * Each entry's probe is sent after the run and must still fail: a fixed defect fails the test
 * until its entry is removed, so this list only shrinks. The goal is an empty list.
 */
import { deepValue, type KnownFailure } from '@apiplatform/contract'

export function controlKnownFailures(kind: 'pglite' | 'postgres'): KnownFailure[] {
  const unique = () => `fuzz_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`
  const deepIdentity = () => ({ externalId: unique(), meta: deepValue(2_000) })
  const known: KnownFailure[] = [
    {
      defect: 'a NUL byte in a string field answers 500',
      class: 'server-error',
      kind: 'nul-surrogate',
      status: 500,
      probe: [{ path: '/v2/apis.createApi', body: { name: 'a\u0000b' }, kind: 'nul-surrogate' }],
    },
    {
      defect: 'a lone surrogate in a string field is accepted',
      class: 'accepted-invalid',
      kind: 'nul-surrogate',
      probe: [
        { path: '/v2/permissions.listPermissions', body: { search: 'x\ud800' }, kind: 'nul-surrogate' },
      ],
    },
    {
      defect: 'invalid UTF-8 in a JSON string is replaced and accepted',
      class: 'accepted-invalid',
      kind: 'invalid-utf8',
      // U+E000 is sent as the byte 0xFF.
      probe: [{ path: '/v2/permissions.listPermissions', body: { search: 'x\uE000' }, kind: 'invalid-utf8' }],
    },
    {
      defect: 'a request without a JSON content type answers 415, which the spec does not document',
      class: 'undocumented-status',
      kind: 'wrong-content-type',
      status: 415,
      probe: [
        {
          path: '/v2/keys.whoami',
          body: { key: 'x' },
          contentType: 'text/plain',
          kind: 'wrong-content-type',
        },
      ],
    },
    {
      defect: "'Authorization: bearer <key>' (scheme in lower case) is refused",
      class: 'auth-refused',
      kind: 'valid',
      status: 401,
      probe: [{ path: '/v2/permissions.listPermissions', body: {}, authorization: 'bearer {key}' }],
    },
    {
      defect: 'GET /v2/liveness answers 200 (only POST is documented)',
      class: 'unknown-route',
      kind: 'wrong-method',
      status: 200,
      probe: [{ method: 'GET', path: '/v2/liveness', kind: 'wrong-method' }],
    },
    {
      defect: 'a meta nested 2,000 levels deep is accepted',
      class: 'accepted-invalid',
      kind: 'deep-nesting',
      status: 200,
      probe: [
        { path: '/v2/identities.createIdentity', body: deepIdentity(), kind: 'deep-nesting', invalid: true },
      ],
    },
    // Rows that the accepted invalid requests above stored.
    { defect: 'invalid requests wrote rows', class: 'list-count' },
    { defect: 'a stored U+FFFD breaks a listed slug pattern', class: 'invalid-body' },
  ]
  if (kind === 'pglite') {
    const identity = deepIdentity()
    known.push({
      defect: 'a row with a meta 2,000 levels deep never answers through the PGlite worker',
      class: 'hang',
      // The run would stall on every later read of such a row.
      exclude: (request) => request.kind === 'deep-nesting',
      probe: [
        { path: '/v2/identities.createIdentity', body: identity },
        { path: '/v2/identities.getIdentity', body: { identity: identity.externalId } },
      ],
    })
  }
  return known
}
