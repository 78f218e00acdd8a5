// A team's vitest global set-up: both services started in the test run through their programmatic
// APIs (in memory, seeded through their own API), and the page its code under test would scrape.
import http from 'node:http'
import { startControlService } from '@apiplatform/control-service'
import { startWebDataService } from '@apiplatform/web-data-service'

export default async function ({ provide }) {
  const site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end(
      '<html><head><title>Kettle</title></head><body><h1>Acme Kettle</h1><p>Price: 49.90 EUR</p></body></html>',
    )
  })
  await new Promise((listening) => site.listen(0, '127.0.0.1', listening))
  const page = `http://127.0.0.1:${site.address().port}/kettle`
  const [control, webData] = await Promise.all([
    startControlService({
      port: 0,
      storage: 'memory',
      seed: [{ path: '/v2/apis.createApi', body: { name: 'payments-test' } }],
    }),
    startWebDataService({
      port: 0,
      storage: 'memory',
      allowPrivateUrls: true,
      seed: [{ path: '/v2/scrape', body: { url: page } }],
    }),
  ])
  provide('control', { url: control.url, rootKey: control.rootKey, apiId: control.seeded[0].data.apiId })
  provide('webData', { url: webData.url, apiKey: webData.apiKey, page })
  return async () => {
    await Promise.all([control.stop(), webData.stop()])
    site.close()
  }
}
