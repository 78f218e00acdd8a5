import { createApi } from '../../web-data-routes/src/create-api.js'
import { operationIds } from '../../web-data-routes/src/handlers.js'
const app = createApi({ handlers: Object.fromEntries(operationIds.map((id) => [id, () => new Response()])) as never })
const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'x', version: '1' } })
const s = doc.components?.schemas as Record<string, unknown>
console.log(JSON.stringify(s.TraceError), JSON.stringify((s.TraceEventErrorOccurred as any).properties.error), JSON.stringify((s.TraceEventRunFinished as any).properties.error))
