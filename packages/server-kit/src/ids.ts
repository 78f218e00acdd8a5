import { createHash, randomBytes } from 'node:crypto'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** A random base58 string of `length` characters. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length)
  let out = ''
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length]
  return out
}

/** A prefixed identifier such as `d_7Hq2…`, matching `^[a-zA-Z0-9_]+$`. */
export function newId(prefix: string, length = 16): string {
  return `${prefix}_${randomToken(length)}`
}

/** The stored form of a secret: SHA-256, hex. Secrets themselves are never stored. */
export function sha256(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}
