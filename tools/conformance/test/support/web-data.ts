import { startWebDataService, type WebDataService } from '@apiplatform/web-data-service'
import Firecrawl from '@mendable/firecrawl-js'
import { type Recorder, startRecorder } from './recorder.ts'
import { recordingSdk } from './sdk-methods.ts'
import { type Site, startSite } from './site.ts'
import { storages } from './storage.ts'

export interface WebDataTarget {
  service: WebDataService
  site: Site
  /** What every SDK request was answered. */
  recorder: Recorder
  /** The official SDK pointed at the service with the bootstrap key. */
  sdk: Firecrawl
  /** The SDK methods the cases called (on `sdk` and on clients from `sdkWith`). */
  called: Set<string>
  /** The SDK with another key. */
  sdkWith(apiKey: string): Firecrawl
  stop(): Promise<void>
}

export const webDataStorages = storages()

export async function startWebData(
  storage: (typeof webDataStorages)[number]['storage'],
  options: { credits?: number; agentStepMs?: number } = {},
): Promise<WebDataTarget> {
  const [service, site] = await Promise.all([
    startWebDataService({
      storage,
      allowPrivateUrls: true,
      credits: options.credits ?? 100_000,
      agentStepMs: options.agentStepMs ?? 0,
    }),
    startSite(),
  ])
  const recorder = await startRecorder('web-data', service.url)
  const called = new Set<string>()
  const sdkWith = (apiKey: string) => recordingSdk(new Firecrawl({ apiKey, apiUrl: recorder.url }), called)
  return {
    service,
    site,
    recorder,
    sdk: sdkWith(service.apiKey),
    called,
    sdkWith,
    stop: async () => {
      await Promise.all([service.stop(), site.close(), recorder.close()])
    },
  }
}
