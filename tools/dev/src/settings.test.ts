import { join, resolve } from 'node:path'
import { expect, it } from 'vitest'
import { readSettings } from './settings.js'

it('reads DATA_DIR as the services do: a folder, or memory:// for databases kept in memory only', () => {
  expect(readSettings('/repo', {}).dataDir).toBe(join('/repo', '.data'))
  expect(readSettings('/repo', { DATA_DIR: 'local-data' }).dataDir).toBe(resolve('local-data'))
  expect(readSettings('/repo', { DATA_DIR: '/srv/data' }).dataDir).toBe('/srv/data')
  expect(readSettings('/repo', { DATA_DIR: 'memory://' }).dataDir).toBeUndefined()
})
