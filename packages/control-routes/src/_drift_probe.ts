import { readFileSync } from 'node:fs'
import { compareSpecs, formatDrift } from '../../../tools/contract/src/drift.js'
import { createApi } from './create-api.js'
import { operationIds } from './handlers.js'
const api = process.argv[2] ?? 'control'
const mod = api === 'control' ? await import('./create-api.js') : await import('../../web-data-routes/src/create-api.js')
const ops = api === 'control' ? operationIds : (await import('../../web-data-routes/src/handlers.js')).operationIds
const handlers = Object.fromEntries(ops.map((id) => [id, () => new Response()]))
// biome-ignore lint: probe
const app = (mod.createApi as typeof createApi)({ handlers: handlers as never })
const emitted = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'x', version: '1' } })
const bundle = JSON.parse(readFileSync(`../../specs/${api}/dist/openapi.json`, 'utf8'))
const d = compareSpecs(emitted, bundle)
console.log(formatDrift(d).split('\n').slice(0, 60).join('\n'))
