import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../testing/lifecycle.js'

const url = 'https://example.org/'

describe.each(testDatabaseKinds())('validation messages name the fault (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([
    [
      'a wrong type',
      { timeout: 'fast' },
      {
        path: ['timeout'],
        code: 'invalid_type',
        expected: 'number',
        received: 'string',
        message: 'Wrong type: expected number, received string "fast"',
      },
    ],
    [
      'a fraction for an integer',
      { timeout: 1500.5 },
      {
        path: ['timeout'],
        code: 'invalid_type',
        expected: 'integer',
        received: 'number',
        message: 'Wrong type: expected integer, received number 1500.5',
      },
    ],
    [
      'a string for a boolean',
      { mobile: 'yes' },
      {
        path: ['mobile'],
        code: 'invalid_type',
        expected: 'boolean',
        received: 'string',
        message: 'Wrong type: expected boolean, received string "yes"',
      },
    ],
    [
      'a number too small',
      { timeout: 10 },
      { path: ['timeout'], code: 'too_small', message: 'Too small: must be at least 1000, received 10' },
    ],
    [
      'a number too large',
      { timeout: 300001 },
      { path: ['timeout'], code: 'too_big', message: 'Too large: must be at most 300000, received 300001' },
    ],
    [
      'a string too long',
      { profile: { name: 'p'.repeat(129) } },
      {
        path: ['profile', 'name'],
        code: 'too_big',
        message: 'Too long: at most 128 characters, received 129',
      },
    ],
    [
      'a string too short',
      { profile: { name: '' } },
      {
        path: ['profile', 'name'],
        code: 'too_small',
        message: 'Too short: at least 1 characters, received 0',
      },
    ],
    [
      'a value outside the enum',
      { proxy: 'turbo' },
      {
        path: ['proxy'],
        code: 'invalid_value',
        received: 'string',
        values: ['basic', 'enhanced', 'auto'],
        message: 'Not one of the allowed values: "basic", "enhanced", "auto"; received "turbo"',
      },
    ],
    [
      'a missing property',
      { profile: { saveChanges: true } },
      {
        path: ['profile', 'name'],
        code: 'missing',
        expected: 'string',
        message: 'Required property is missing',
      },
    ],
    [
      'an unknown property',
      { redactPII: { mode: 'fast', colour: 'red' } },
      {
        path: ['redactPII', 'colour'],
        code: 'unrecognized_keys',
        message: 'Unknown property "colour": this operation does not accept it',
      },
    ],
  ])('%s', async (_name, change, detail) => {
    const { error, response } = await t.client.POST('/v2/scrape', { body: { url, ...change } as never })
    expect(response.status).toBe(400)
    expect(error).toEqual({ success: false, error: 'Bad Request', details: [{ in: 'body', ...detail }] })
  })

  // JSON has no Infinity, but `1e400` parses as one: it is a number out of range, not a wrong type.
  it('says a number too large for a double must be finite', async () => {
    const response = await fetch(`${t.url}/v2/scrape`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.apiKey}`, 'content-type': 'application/json' },
      body: `{"url":"${url}","timeout":1e400}`,
    })
    expect(response.status).toBe(400)
    expect((await response.json()).details).toEqual([
      expect.objectContaining({
        in: 'body',
        path: ['timeout'],
        message: 'Out of range: must be a finite number',
      }),
    ])
  })

  it.each([
    [
      'a wrong type',
      { limit: 'many' },
      { path: ['limit'], message: 'Wrong type: expected number, received string "many"' },
    ],
    [
      'a number too large',
      { limit: 500 },
      { path: ['limit'], message: 'Too large: must be at most 100, received 500' },
    ],
    [
      'a value outside the enum',
      { endpoint: 'ftp' },
      {
        path: ['endpoint'],
        message: expect.stringMatching(
          /^Not one of the allowed values: "scrape", "crawl", .*; received "ftp"$/,
        ),
      },
    ],
  ])('names %s in a query parameter', async (_name, query, detail) => {
    const { error, response } = await t.client.GET('/v2/team/activity', { params: { query: query as never } })
    expect(response.status).toBe(400)
    expect(error?.details).toEqual([expect.objectContaining({ in: 'query', ...detail })])
  })
})
