import { describe, expect, it } from 'vitest'
import { envCredential, envInteger, envPort } from './env.js'

describe('run-time settings from the environment', () => {
  it('reads whole numbers, and names the variable of a wrong one', () => {
    expect(envInteger({}, 'X_MS', 250)).toBe(250)
    expect(envInteger({ X_MS: '' }, 'X_MS', 250)).toBe(250)
    expect(envInteger({ X_MS: '0' }, 'X_MS', 250)).toBe(0)
    for (const wrong of ['-1', '1.5', 'abc', 'Infinity'])
      expect(() => envInteger({ X_MS: wrong }, 'X_MS', 250)).toThrow(
        `X_MS must be a non-negative integer; got "${wrong}"`,
      )
  })

  it('reads a port from 0 to 65535', () => {
    expect(envPort({}, 7100)).toBe(7100)
    expect(envPort({ PORT: '0' }, 7100)).toBe(0)
    expect(envPort({ PORT: '65535' }, 7100)).toBe(65_535)
    expect(() => envPort({ PORT: '99999' }, 7100)).toThrow(
      'PORT must be 0 (a free port) to 65535; got "99999"',
    )
    expect(() => envPort({ PORT: 'abc' }, 7100)).toThrow(/^PORT must be/)
  })

  it('reads a key a client can send as a bearer token', () => {
    expect(envCredential({}, 'KEY')).toBeUndefined()
    expect(envCredential({ KEY: '  ' }, 'KEY')).toBeUndefined()
    expect(envCredential({ KEY: ' ck_abc ' }, 'KEY')).toBe('ck_abc')
    expect(() => envCredential({ KEY: 'a b' }, 'KEY')).toThrow(/^KEY must be visible ASCII/)
    expect(() => envCredential({ KEY: 'schlüssel' }, 'KEY')).toThrow(/^KEY must be visible ASCII/)
  })
})
