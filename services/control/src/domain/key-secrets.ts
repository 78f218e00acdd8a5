/**
 * Secrets of API keys: generation (prefix + base58 of `byteLength` random bytes), the stored
 * hash, and the AES-256-GCM encryption of recoverable keys. The encryption key comes from
 * `CONTROL_ENCRYPTION_KEY` (32 bytes, base64 or hex); ciphertexts are `v1.<iv>.<tag>.<data>`
 * in base64url, so a wrong key or a tampered row fails authentication instead of decrypting.
 */
import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

export function base58(bytes: Uint8Array): string {
  let n = 0n
  for (const b of bytes) n = (n << 8n) | BigInt(b)
  let out = ''
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out
    n /= 58n
  }
  for (const b of bytes) {
    if (b !== 0) break
    out = `1${out}`
  }
  return out
}

/** A new key: `<prefix>_<base58>` or just the base58 part. */
export function generateKeySecret(prefix: string | null | undefined, byteLength: number): string {
  const body = base58(randomBytes(byteLength))
  return prefix ? `${prefix}_${body}` : body
}

/** What is shown of a key after creation: the prefix and the first four characters. */
export function keyStart(secret: string, prefix: string | null | undefined): string {
  const head = prefix ? prefix.length + 1 : 0
  return secret.slice(0, Math.min(head + 4, 50))
}

export type HashAlgorithm = 'sha256' | 'sha256_base64'

/** The stored hash of a secret for an algorithm (`sha256`: hex, the service's own). */
export function hashSecret(secret: string, algorithm: HashAlgorithm = 'sha256'): string {
  // One-shot `hash` (no Hash object): it runs for every verifyKey and every authenticated request.
  return hash('sha256', secret, algorithm === 'sha256' ? 'hex' : 'base64')
}

/** Parses `CONTROL_ENCRYPTION_KEY`: 32 bytes as 64 hex characters or base64/base64url. */
export function parseEncryptionKey(text: string): Buffer {
  const trimmed = text.trim()
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64')
  if (bytes.length !== 32) {
    throw new Error('CONTROL_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64')
  }
  return bytes
}

export function generateEncryptionKey(): string {
  return randomBytes(32).toString('base64')
}

export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  const tag = cipher.getAuthTag()
  return ['v1', iv, tag, data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.')
}

/** The plaintext, or undefined when the ciphertext was made with another key or was altered. */
export function decryptSecret(key: Buffer, stored: string): string | undefined {
  const [version, iv, tag, data] = stored.split('.')
  if (version !== 'v1' || !iv || !tag || data === undefined) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}

/**
 * `hashSecret` of the secrets of found keys, so that a busy key is not hashed on every request
 * (root keys, and the keys `keys.verifyKey` checks). The owner keeps only secrets that matched a
 * key and drops them with its cached keys; at most `maxEntries` (0: none) are held.
 */
export class SecretHashes {
  private readonly hashes = new Map<string, string>()

  constructor(private readonly maxEntries = 10_000) {}

  get(secret: string): string | undefined {
    return this.hashes.get(secret)
  }

  remember(secret: string, hash: string): void {
    if (this.maxEntries <= 0) return
    if (this.hashes.size >= this.maxEntries) this.hashes.clear()
    this.hashes.set(secret, hash)
  }

  invalidate(): void {
    this.hashes.clear()
  }
}
