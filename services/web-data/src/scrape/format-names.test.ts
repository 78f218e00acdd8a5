import { describe, expect, it } from 'vitest'
import { assertFormatOptions } from './formats.js'

describe('format types named after Object.prototype keys', () => {
  it('need no text field: they are unknown formats, not a question needing a "function"', () => {
    for (const type of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      expect(() => assertFormatOptions([{ type }]), type).not.toThrow()
    }
  })

  it('a question without its text still answers 400', () => {
    expect(() => assertFormatOptions([{ type: 'question' }])).toThrow()
  })
})
