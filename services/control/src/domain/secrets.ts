/**
 * Encryption at rest of environment variable values: AES-256-GCM with a random 96-bit IV per
 * value. The stored form is `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 *
 * The key is CONTROL_VARIABLES_KEY when set (any string; its SHA-256 is the AES key). Without it
 * a random key is generated once and kept in the `control_secrets` table (repositories/secrets.ts),
 * so a local database works out of the box: values are then unreadable through the API and in
 * dumps of the variables table, but not against someone holding the whole database. Set the
 * variable to keep the key out of the database.
 */
import { createHash } from 'node:crypto'
import { decryptSecret, encryptSecret } from './key-secrets.js'

export class VariableCipher {
  private readonly key: Buffer

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret, 'utf8').digest()
  }

  encrypt(plaintext: string): string {
    return encryptSecret(this.key, plaintext)
  }

  /** The plaintext, or undefined when the value was not encrypted with this key. */
  decrypt(stored: string): string | undefined {
    return decryptSecret(this.key, stored)
  }
}
