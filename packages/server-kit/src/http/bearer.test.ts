import { describe, expect, it } from 'vitest'
import { parseBearer } from './bearer.js'

describe('parseBearer', () => {
  it('reads the token whatever the case of the scheme', () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      expect(parseBearer(`${scheme} ck_abc-1.2~x+y/z==`), scheme).toBe('ck_abc-1.2~x+y/z==')
    }
  })

  it('accepts several spaces after the scheme and whitespace around the value', () => {
    expect(parseBearer('Bearer   key')).toBe('key')
    expect(parseBearer(' \tBearer key \t')).toBe('key')
  })

  it('refuses what is not a single bearer token', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Bearer\tkey',
      'Bearer\t key',
      'Bearerkey',
      'Bearer two words',
      'Basic dXNlcjpwYXNz',
      'Bearer a=b',
      'Bearer key\u0000',
      'key',
    ]) {
      expect(parseBearer(header), JSON.stringify(header)).toBeUndefined()
    }
  })
})
