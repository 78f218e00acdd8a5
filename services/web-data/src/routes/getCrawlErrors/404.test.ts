import { describeJobNotFound, startCrawl } from '../../testing/job-not-found.js'

describeJobNotFound('GET /v2/crawl/{id}/errors', {
  start: startCrawl,
  call: (client, id) => client.GET('/v2/crawl/{id}/errors', { params: { path: { id } } }),
})
