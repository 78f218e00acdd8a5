import { describeJobNotFound, startCrawl } from '../../testing/job-not-found.js'

describeJobNotFound('GET /v2/crawl/{id}', {
  start: startCrawl,
  call: (client, id) => client.GET('/v2/crawl/{id}', { params: { path: { id } } }),
})
