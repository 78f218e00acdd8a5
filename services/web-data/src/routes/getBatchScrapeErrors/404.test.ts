import { describeJobNotFound, startBatchScrape } from '../../testing/job-not-found.js'

describeJobNotFound('GET /v2/batch/scrape/{id}/errors', {
  start: startBatchScrape,
  call: (client, id) => client.GET('/v2/batch/scrape/{id}/errors', { params: { path: { id } } }),
})
