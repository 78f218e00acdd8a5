import { startWebDataService, type WebDataService } from '@apiplatform/web-data-service'
import Firecrawl from '@mendable/firecrawl-js'
import { type Site, startSite } from './site.ts'
import { storages } from './storage.ts'

export interface WebDataTarget {
  service: WebDataService
  site: Site
  /** The official SDK pointed at the service with the bootstrap key. */
  sdk: Firecrawl
  /** The SDK with another key. */
  sdkWith(apiKey: string): Firecrawl
  stop(): Promise<void>
}

export const webDataStorages = storages()

export async function startWebData(
  storage: (typeof webDataStorages)[number]['storage'],
  options: { credits?: number } = {},
): Promise<WebDataTarget> {
  const [service, site] = await Promise.all([
    startWebDataService({ storage, allowPrivateUrls: true, credits: options.credits ?? 100_000 }),
    startSite(),
  ])
  const sdkWith = (apiKey: string) => new Firecrawl({ apiKey, apiUrl: service.url })
  return {
    service,
    site,
    sdk: sdkWith(service.apiKey),
    sdkWith,
    stop: async () => {
      await Promise.all([service.stop(), site.close()])
    },
  }
}
