import { describe, expect, it } from 'vitest'
import { parsePage } from './document.js'

describe('page metadata named after Object.prototype keys', () => {
  it('is kept as the page states it', () => {
    const html = `<html><head><title>T</title>
      <meta name="constructor" content="Acme Works">
      <meta name="toString" content="plain">
      <meta name="hasOwnProperty" content="a"><meta name="hasOwnProperty" content="b">
      </head><body><p>x</p></body></html>`
    const { metadata } = parsePage(html, 'http://fixture.test/')
    expect(JSON.parse(JSON.stringify(metadata))).toMatchObject({
      constructor: 'Acme Works',
      toString: 'plain',
      hasOwnProperty: ['a', 'b'],
    })
  })
})
