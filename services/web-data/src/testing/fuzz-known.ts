/**
 * Failure classes the fuzzer still finds in the web-data service while their fixes are under way.
 * Each entry's probe is sent after the run and must still fail: a fixed defect fails the test
 * until its entry is removed, so this list only shrinks. The goal is an empty list.
 */
import { deepValue, type KnownFailure } from '@apiplatform/contract'

export function webDataKnownFailures(): KnownFailure[] {
  return [
    {
      defect: 'a tiny `before` (valid per the spec) answers 500',
      class: 'server-error',
      kind: 'valid',
      status: 500,
      operations: ['listAgents'],
      probe: [{ method: 'GET', path: '/v2/agent?before=9e-323' }],
    },
    {
      defect: 'POST /v2/map with a negative `timeout` answers 500',
      class: 'server-error',
      status: 500,
      operations: ['mapUrls'],
      probe: [{ path: '/v2/map', body: { url: 'https://example.com', timeout: -1 } }],
    },
    {
      defect: '`before` beyond the integer range answers 500',
      class: 'server-error',
      kind: 'query-garbage',
      status: 500,
      operations: ['listAgents'],
      probe: [{ method: 'GET', path: '/v2/agent?before=99999999999999999999', kind: 'query-garbage' }],
    },
    {
      defect: 'a NUL byte in a thread id answers 500',
      class: 'server-error',
      kind: 'path-garbage',
      status: 500,
      operations: ['getAgentThread'],
      probe: [{ method: 'GET', path: '/v2/agent/threads/a%00b', kind: 'path-garbage' }],
    },
    {
      defect: 'a NUL byte or lone surrogate in a body string answers 500',
      class: 'server-error',
      kind: 'nul-surrogate',
      status: 500,
      probe: [{ path: '/v2/agent', body: { prompt: 'a\u0000b' }, kind: 'nul-surrogate' }],
    },
    {
      defect: 'a JSON schema nested 6,000 levels deep answers 500',
      class: 'server-error',
      kind: 'deep-nesting',
      status: 500,
      probe: [{ path: '/v2/agent', body: { prompt: 'x', schema: deepValue(6_000) }, kind: 'deep-nesting' }],
    },
    {
      defect: 'a body nested 2,000 levels deep is accepted',
      class: 'accepted-invalid',
      kind: 'deep-nesting',
      probe: [
        {
          path: '/v2/search',
          body: { query: 'x', a: deepValue(2_000) },
          kind: 'deep-nesting',
          invalid: true,
        },
      ],
    },
    {
      defect: 'a lone surrogate in a body string is accepted',
      class: 'accepted-invalid',
      kind: 'nul-surrogate',
      probe: [
        {
          path: '/v2/crawl/params-preview',
          body: { url: 'https://example.com', prompt: '\ud800' },
          kind: 'nul-surrogate',
        },
      ],
    },
    {
      defect: 'invalid UTF-8 in a JSON string is replaced and accepted',
      class: 'accepted-invalid',
      kind: 'invalid-utf8',
      // U+E000 is sent as the byte 0xFF.
      probe: [
        {
          path: '/v2/crawl/params-preview',
          body: { url: 'https://example.com', prompt: 'x\uE000' },
          kind: 'invalid-utf8',
        },
      ],
    },
    {
      defect: "'Authorization: Bearer<TAB><key>' is accepted",
      class: 'auth-not-401',
      kind: 'bad-auth',
      probe: [{ method: 'GET', path: '/v2/crawl/active', authorization: 'Bearer\t{key}', kind: 'bad-auth' }],
    },
    {
      defect: 'a body that is not JSON answers 415, which the spec does not document',
      class: 'undocumented-status',
      kind: 'wrong-content-type',
      status: 415,
      probe: [
        {
          path: '/v2/crawl/params-preview',
          body: {},
          contentType: 'application/yaml',
          kind: 'wrong-content-type',
        },
      ],
    },
    {
      defect: 'POST /v2/parse with a JSON content type answers 415, which the spec does not document',
      class: 'undocumented-status',
      kind: 'malformed-json',
      status: 415,
      probe: [{ path: '/v2/parse', raw: '', contentType: 'application/json', kind: 'malformed-json' }],
    },
    {
      defect: 'a URL with a NUL byte is accepted',
      class: 'accepted-invalid',
      kind: 'out-of-range',
      probe: [
        {
          path: '/v2/crawl/params-preview',
          body: { url: 'http://example.com/\u0000', prompt: 'x' },
          kind: 'out-of-range',
        },
      ],
    },
    {
      defect: 'a URL with a broken percent-encoding is accepted and echoed, failing the response schema',
      class: 'invalid-body',
      probe: [{ path: '/v2/crawl/params-preview', body: { url: 'https://example.com/a%F', prompt: 'x' } }],
    },
    // Rows that the accepted invalid requests above stored.
    { defect: 'invalid requests wrote rows', class: 'list-count' },
  ]
}
