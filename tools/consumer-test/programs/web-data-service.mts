// A team starting the web-data service from its own code (in-process, with its typed options).
import { startWebDataService, type WebDataService } from '@apiplatform/web-data-service'

const service: WebDataService = await startWebDataService({
  port: 0,
  storage: 'memory',
  credits: 10,
  logLevel: 'info',
})
const key: string = service.apiKey
await service.stop()

export { key }
