import { expect, inject, it } from 'vitest'

const { url, apiKey, page } = inject('webData')
const call = (operation, body) =>
  fetch(`${url}/v2/${operation}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

it('scrapes a page to markdown through the stand-in', async () => {
  const res = await call('scrape', { url: page, formats: ['markdown'] })
  expect(res.status).toBe(200)
  expect(res.headers.get('x-request-id')).toMatch(/^req_/)
  const body = await res.json()
  expect(body.data.markdown).toContain('# Acme Kettle')
})

it('finds the seeded page with search', async () => {
  const res = await call('search', { query: 'kettle' })
  expect(res.status).toBe(200)
  const body = await res.json()
  expect(JSON.stringify(body.data)).toContain(page)
})
