import { describe, expect, it } from 'vitest'
import { targetPath, unroutablePath } from './request-target.js'

describe('targetPath', () => {
  it('is the undecoded path of an origin-form or absolute-form target', () => {
    expect(targetPath('/v2/crawl/%2e%2e?x=/../y')).toBe('/v2/crawl/%2e%2e')
    expect(targetPath('http://example.org:80/v2/%2E%2E/openapi.json?q')).toBe('/v2/%2E%2E/openapi.json')
    expect(targetPath('HTTPS://h')).toBe('')
    expect(targetPath('/a#frag')).toBe('/a')
  })
})

describe('unroutablePath', () => {
  it('finds a dot segment whatever its spelling', () => {
    for (const segment of ['..', '.', '%2e%2e', '%2E%2E', '%2e.', '.%2E', '%2E', '%2e'])
      expect(unroutablePath(`/v2/scrape/${segment}/interact`), segment).toBe('dot_segment')
    expect(unroutablePath('/v2/crawl/%2e%2e')).toBe('dot_segment')
    expect(unroutablePath('/..')).toBe('dot_segment')
  })

  it('finds an encoded slash in any case', () => {
    expect(unroutablePath('/v2/crawl/abc%2f..%2factive')).toBe('encoded_slash')
    expect(unroutablePath('/v2/crawl/abc%2F')).toBe('encoded_slash')
  })

  it('leaves segments that only contain dots, and the root, to routing', () => {
    for (const path of [
      '/',
      '',
      '/v2/scrape',
      '/v2/a..b',
      '/v2/...',
      '/v2/.well-known',
      '/v2/%2e%2e%2e',
      '/v2/%252e%252e',
    ])
      expect(unroutablePath(path), path).toBeUndefined()
  })
})
