import { randomBytes } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A new request id: `req_` and 22 base62 characters (about 131 random bits). */
export function newRequestId(): string {
  const bytes = randomBytes(22)
  let id = 'req_'
  for (const byte of bytes) id += ALPHABET[byte % 62]
  return id
}
