import type { ClientKind } from '../src/index.js'

/** A client kind of these tests: a made-up client whose errors say what failed; `overrides` per test file. */
export const testKind = (overrides: Partial<ClientKind> = {}): ClientKind => ({
  name: 'test-client',
  version: '0.0.0',
  key: 'apiKey',
  keyEnv: 'TEST_API_KEY',
  baseUrlEnv: 'TEST_BASE_URL',
  baseUrl: 'http://127.0.0.1:1',
  timeoutMs: 10_000,
  retryable: { 503: 1 },
  fail: (status) => new Error(`status ${status}`),
  network: (m) => new Error(`network: ${m}`),
  timeout: (ms) => new Error(`timeout ${ms}`),
  ...overrides,
})
