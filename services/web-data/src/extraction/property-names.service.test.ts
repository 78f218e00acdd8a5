import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { batchFinished } from '../testing/crawl.js'
import { eventually } from '../testing/harness.js'
import { useFixtureSite, useTestService } from '../testing/lifecycle.js'

// Field names that are keys of Object.prototype, beside one the product page states. Parsed from
// JSON as a request body is, so `__proto__` is an own property.
const SCHEMA = JSON.parse(
  `{"type":"object","properties":{"name":{"type":"string"},${[
    'constructor',
    'productConstructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
  ]
    .map((n) => `"${n}":{"type":"string"}`)
    .join(',')}}}`,
)
const NOT_STATED = 'constructor, productConstructor, __proto__, toString, hasOwnProperty'

describe.each(testDatabaseKinds())(
  'json schemas whose field names are Object.prototype keys (%s)',
  (kind) => {
    const site = useFixtureSite()
    const t = useTestService({ kind })

    it('POST /v2/scrape fills the json format and names the fields the page does not state', async () => {
      const { response, data } = await t.client.POST('/v2/scrape', {
        body: {
          url: site.at('/product.html'),
          maxAge: 0,
          formats: [{ type: 'json', schema: SCHEMA }] as never,
        },
      })
      expect(response.status).toBe(200)
      expect(data?.data).toMatchObject({
        json: { name: 'Acme Kettle' },
        warning: `JSON fields the page does not state: ${NOT_STATED}.`,
      })
    })

    it('a batch scrape completes its page without errors', async () => {
      const { data } = await t.client.POST('/v2/batch/scrape', {
        body: { urls: [site.at('/product.html')], formats: [{ type: 'json', schema: SCHEMA }] as never },
      })
      const status = await batchFinished(t.client, data?.id as string)
      expect(status.status).toBe('completed')
      expect(status.data?.[0]).toMatchObject({ json: { name: 'Acme Kettle' } })
      const errors = await t.client.GET('/v2/batch/scrape/{id}/errors', {
        params: { path: { id: data?.id as string } },
      })
      expect(errors.data?.errors).toEqual([])
    })

    it('POST /v2/extract completes', async () => {
      const { data } = await t.client.POST('/v2/extract', {
        body: { urls: [site.at('/product.html')], schema: SCHEMA },
      })
      const status = await eventually(async () => {
        const { data: s } = await t.client.GET('/v2/extract/{id}', {
          params: { path: { id: data?.id as string } },
        })
        return s && s.status !== 'processing' ? s : undefined
      })
      expect(status).toMatchObject({ status: 'completed', data: { name: 'Acme Kettle' } })
    })
  },
)
