/**
 * Request ids in the routes package's format (`req_` + 22 base62 characters), drawn from a pool
 * of random bytes refilled 4 KiB at a time: `crypto.randomBytes(22)` per request showed up at
 * about 5% of the CPU time of a `keys.verifyKey` request in a CPU profile of the service.
 */
import { randomFillSync } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const ID_LENGTH = 22
const pool = Buffer.alloc(4096)
let offset = pool.length

export function pooledRequestId(): string {
  if (offset + ID_LENGTH > pool.length) {
    randomFillSync(pool)
    offset = 0
  }
  let id = 'req_'
  for (let i = 0; i < ID_LENGTH; i++) id += ALPHABET[(pool[offset + i] as number) % 62]
  offset += ID_LENGTH
  return id
}
