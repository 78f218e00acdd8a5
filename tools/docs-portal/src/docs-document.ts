/**
 * The docs edition of a bundled spec: what the reference renders and its "try it" console uses.
 * The published bundle stays as the spec says; this copy adds
 *
 * - `servers`: the local stand-in first (what `pnpm start` runs), then the spec's own servers, then
 *   "any URL" (a server variable the reader types, e.g. a stand-in on another port or machine);
 * - `x-codeSamples` on every operation (./samples).
 */
import { type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'
import { API_SETTINGS, type ApiName } from './apis.ts'
import { type CodeSample, codeSamples } from './samples/index.ts'
import { HTTP_METHODS } from './samples/operations.ts'

type Json = Record<string, unknown>

export const LOCAL_SERVER_DESCRIPTION = 'Local stand-in (`pnpm start`)'
export const ANY_URL_DESCRIPTION = 'Any URL: type the base URL of a running service'

export function docsDocument(api: ApiName, bundle: Json): { document: Json; samples: number } {
  const document = structuredClone(bundle)
  const local = API_SETTINGS[api].localUrl
  const own = ((bundle.servers as Json[] | undefined) ?? []).filter((s) => s.url !== local)
  document.servers = [
    { url: local, description: LOCAL_SERVER_DESCRIPTION },
    ...own,
    {
      url: '{baseUrl}',
      description: ANY_URL_DESCRIPTION,
      variables: { baseUrl: { default: local, description: 'Base URL, without a trailing slash' } },
    },
  ]
  const generated = codeSamples(api, bundle)
  const byOperation = new Map<string, CodeSample[]>(
    generated.map((g) => [g.operation.operationId, g.samples]),
  )
  const gaps = new Map(generated.filter((g) => g.sdkGap).map((g) => [g.operation.operationId, g.sdkGap]))
  let count = 0
  // The operation objects are the copy's own: the samples are written into them.
  for (const { operation: op } of walkOperations(document as OpenApiDocument, {
    methods: HTTP_METHODS,
    strict: false,
  })) {
    const samples = byOperation.get(String(op.operationId))
    if (!samples) throw new Error(`${api}: no code samples for ${String(op.operationId)}`)
    op['x-codeSamples'] = samples
    count += samples.length
    const gap = gaps.get(String(op.operationId))
    if (gap) op.description = `${String(op.description ?? '').trimEnd()}\n\n**Official SDK:** ${gap}\n`
  }
  return { document, samples: count }
}
