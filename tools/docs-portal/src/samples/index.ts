/**
 * The code samples of every operation of an API, generated from its bundled spec at docs build
 * time (never kept by hand): curl, our TypeScript client, and the official SDK call where the SDK
 * has one. They go into the docs edition of the spec as `x-codeSamples` (see ../docs-document.ts).
 */
import { API_SETTINGS, type ApiName } from '../apis.ts'
import { curlSample } from './curl.ts'
import { unkeyMethods, webDataFacadeNames } from './installed.ts'
import { type SampleOperation, sampleOperations } from './operations.ts'
import { SDK_GAPS } from './sdk-gaps.ts'
import { controlClientSample, firecrawlSample, unkeySample, webDataClientSample } from './typescript.ts'

export type SampleKind = 'curl' | 'client' | 'sdk'

/** One entry of `x-codeSamples` (Scalar and Redocly read `lang`, `label` and `source`). */
export interface CodeSample {
  lang: 'shell' | 'typescript'
  label: string
  source: string
  /** Ours: which form the sample is, for the tests. */
  'x-sample-kind': SampleKind
}

/** Short: Scalar's sample picker is narrow. */
export const SAMPLE_LABELS: Record<ApiName, Record<SampleKind, string>> = {
  control: { curl: 'curl', client: 'control-client', sdk: '@unkey/api' },
  'web-data': { curl: 'curl', client: 'web-data-client', sdk: 'firecrawl-js' },
}

export interface OperationSamples {
  operation: SampleOperation
  samples: CodeSample[]
  /** Why the official SDK's call is not shown (./sdk-gaps.ts). */
  sdkGap?: string
}

export function codeSamples(api: ApiName, bundle: Record<string, unknown>): OperationSamples[] {
  const settings = API_SETTINGS[api]
  const labels = SAMPLE_LABELS[api]
  const facade = api === 'web-data' ? webDataFacadeNames() : undefined
  const sdk = api === 'control' ? unkeyMethods() : undefined
  return sampleOperations(bundle).map((op) => {
    const samples: CodeSample[] = [
      { lang: 'shell', label: labels.curl, source: curlSample(op, settings), 'x-sample-kind': 'curl' },
    ]
    let client: string
    let official: string | undefined
    if (api === 'control') {
      client = controlClientSample(op, settings)
      const method = sdk?.get(op.operationId)
      official = method && unkeySample(op, settings, method)
    } else {
      const name = facade?.get(op.operationId)
      if (!name) throw new Error(`@apiplatform/web-data-client has no facade name for ${op.operationId}`)
      client = webDataClientSample(op, settings, name)
      official = firecrawlSample(op, settings)
    }
    samples.push({ lang: 'typescript', label: labels.client, source: client, 'x-sample-kind': 'client' })
    const sdkGap = SDK_GAPS[op.operationId]
    if (official && !sdkGap)
      samples.push({ lang: 'typescript', label: labels.sdk, source: official, 'x-sample-kind': 'sdk' })
    return { operation: op, samples, ...(sdkGap ? { sdkGap } : {}) }
  })
}
