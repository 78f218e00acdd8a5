import { compareSpecs, formatDrift } from '@apiplatform/contract'
import type { Database, JobQueue } from '@apiplatform/server-kit'
import { missingOperations, spec } from '@apiplatform/web-data-routes'
import { expect, it } from 'vitest'
import { buildWebDataApp } from './app.js'
import type { ServiceConfig } from './config.js'
import type { Deps } from './deps.js'
import { createHandlers } from './handlers.js'

// Building the app touches no storage, so the drift check needs no database.
const deps = {
  db: {} as Database,
  queue: {} as JobQueue,
  config: { maxBodyBytes: 1_000_000 } as ServiceConfig,
} as Deps

it('serves exactly the hand-written contract for every operation it implements', () => {
  const emitted = buildWebDataApp(deps).getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Web-Data API', version: '2.0.0' },
  })
  // Unimplemented operations answer 501 and are listed by missing-operations.test.ts.
  const missing = new Set<string>(missingOperations(createHandlers(deps)))
  const drifts = compareSpecs(emitted, spec).filter(
    (d) => !(d.where === 'operation' && d.operationId && missing.has(d.operationId)),
  )
  expect(drifts, formatDrift(drifts)).toEqual([])
})
