import { describe, expect, it } from 'vitest'
import { startInProcess } from './in-process.js'
import { StartupError } from './startup-error.js'

const never = async () => {
  throw new Error('started despite a wrong option')
}

describe('the programmatic start options', () => {
  it.each([
    ['port', { port: 'abc' }],
    ['port', { port: -1 }],
    ['port', { port: 70_000 }],
    ['port', { port: 1.5 }],
    ['hostname', { hostname: '' }],
    ['storage', { storage: 'mem' }],
    ['storage', { storage: { data: '/tmp' } }],
    ['storage.dataDir', { storage: { dataDir: 42 } }],
    ['storage.databaseUrl', { storage: { databaseUrl: 'mysql://localhost/x' } }],
    ['storage.schema', { storage: { databaseUrl: 'postgres://localhost/x', schema: '' } }],
    ['testControls', { testControls: 'yes' }],
    ['testControls.httpToken', { testControls: { httpToken: 'with space' } }],
    ['seed', { seed: { path: '/v2/x' } }],
    ['seed[1]', { seed: [{ path: '/v2/x' }, { path: 'v2/y' }] }],
    ['seed[0].method', { seed: [{ path: '/v2/x', method: 7 }] }],
  ])('refuses a wrong %s before starting anything: %j', async (name, options) => {
    const started = startInProcess({ credential: 'k', ...(options as object) }, never)
    await expect(started).rejects.toThrow(StartupError)
    await expect(started).rejects.toThrow(new RegExp(`^${name.replace(/[.[\]]/g, '\\$&')} takes `))
  })

  it('takes every documented shape', async () => {
    const seen: string[] = []
    const start = async () => {
      seen.push('start')
      return { url: 'http://127.0.0.1:1', port: 1, stop: async () => {} }
    }
    for (const options of [
      { port: 0, hostname: '127.0.0.1', storage: 'memory' as const },
      { port: 65_535, storage: { dataDir: '.data/x' } },
      { storage: { databaseUrl: 'postgresql://u@h/db', schema: 's' }, testControls: { httpToken: 't0k' } },
      { testControls: true, seed: [] },
    ])
      await startInProcess({ credential: 'k', ...options }, start)
    expect(seen).toHaveLength(4)
  })
})
