import { describeJobNotFound, startCrawl } from '../../testing/job-not-found.js'

describeJobNotFound('DELETE /v2/crawl/{id}', {
  start: startCrawl,
  call: (client, id) => client.DELETE('/v2/crawl/{id}', { params: { path: { id } } }),
})
