import { describeJobNotFound, startBatchScrape } from '../../testing/job-not-found.js'

describeJobNotFound('DELETE /v2/batch/scrape/{id}', {
  start: startBatchScrape,
  call: (client, id) => client.DELETE('/v2/batch/scrape/{id}', { params: { path: { id } } }),
})
