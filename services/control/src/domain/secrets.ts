/**
 * Encryption at rest of environment variable values: AES-256-GCM with a random 96-bit IV per
 * value. The stored form is `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 *
 * The key is CONTROL_VARIABLES_KEY when set (any string; its SHA-256 is the AES key). Without it
 * a random key is generated once and kept in the `control_secrets` table, so a local database
 * works out of the box: values are then unreadable through the API and in dumps of the variables
 * table, but not against someone holding the whole database. Set the variable to keep the key
 * out of the database.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import type { Sql } from '@apiplatform/server-kit'

export class VariableCipher {
  private readonly key: Buffer

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret, 'utf8').digest()
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    const tag = cipher.getAuthTag()
    return ['v1', iv, tag, body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.')
  }

  /** The plaintext, or undefined when the value was not encrypted with this key. */
  decrypt(stored: string): string | undefined {
    const [version, iv, tag, body] = stored.split('.')
    if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) return undefined
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      )
    } catch {
      return undefined
    }
  }
}

const SECRET_NAME = 'environment_variables_key'

/** The cipher of this database: `explicitKey` when given, else the generated key it stores. */
export async function openVariableCipher(sql: Sql, explicitKey?: string): Promise<VariableCipher> {
  if (explicitKey) return new VariableCipher(explicitKey)
  await sql.query(
    `INSERT INTO control_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
    [SECRET_NAME, randomBytes(32).toString('base64url'), Date.now()],
  )
  const rows = await sql.query<{ value: string }>('SELECT value FROM control_secrets WHERE name = $1', [
    SECRET_NAME,
  ])
  const value = rows[0]?.value
  if (!value) throw new Error('the variables key could not be stored')
  return new VariableCipher(value)
}
