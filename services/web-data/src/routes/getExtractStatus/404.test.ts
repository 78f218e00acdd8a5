import { describeJobNotFound } from '../../testing/job-not-found.js'

describeJobNotFound('GET /v2/extract/{id}', {
  start: async (client, site) => (await client.POST('/v2/extract', { body: { urls: [site.url] } })).data?.id,
  call: (client, id) => client.GET('/v2/extract/{id}', { params: { path: { id } } }),
})
