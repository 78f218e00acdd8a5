import { configFromEnv } from './config.js'
import { createService } from './service.js'

const config = configFromEnv()
const service = await createService(config)
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`
console.log(`web-data service listening on ${service.url} (${where})`)
if (service.generatedKey) {
  console.log(`WEB_DATA_API_KEY was not set; generated bootstrap key: ${service.apiKey}`)
}
if (config.extractor?.kind === 'openai')
  console.log(
    `JSON extraction: ${config.extractor.model} at ${config.extractor.baseUrl} (WEB_DATA_EXTRACTOR=openai)`,
  )
if (config.allowPrivateUrls)
  console.log('WEB_DATA_ALLOW_PRIVATE_URLS=1: loopback and private addresses may be scraped')

let shuttingDown = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return
    shuttingDown = true
    console.log(`${signal}: shutting down`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    service.stop().then(
      () => process.exit(0),
      (error) => {
        console.error('shutdown failed', error)
        process.exit(1)
      },
    )
  })
}
