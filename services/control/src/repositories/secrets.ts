import { randomBytes } from 'node:crypto'
import type { Sql } from '@apiplatform/server-kit'
import { VariableCipher } from '../domain/secrets.js'

const SECRET_NAME = 'environment_variables_key'

/** A new random key of environment variable values (`openVariableCipher` stores one like it). */
export function generateVariablesKey(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Stores `key` as this database's key of environment variable values, on a database that has none
 * (a copy of the prepared template): the start that copied it made the key, and stores it in the
 * transaction that writes the variables it encrypted.
 */
export async function storeVariablesKey(sql: Sql, key: string): Promise<void> {
  await sql.query('INSERT INTO control_secrets (name, value, created_at) VALUES ($1, $2, $3)', [
    SECRET_NAME,
    key,
    Date.now(),
  ])
}

/** The cipher of this database: `explicitKey` when given, else the generated key it stores. */
export async function openVariableCipher(sql: Sql, explicitKey?: string): Promise<VariableCipher> {
  if (explicitKey) return new VariableCipher(explicitKey)
  await sql.query(
    `INSERT INTO control_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
    [SECRET_NAME, generateVariablesKey(), Date.now()],
  )
  const rows = await sql.query<{ value: string }>('SELECT value FROM control_secrets WHERE name = $1', [
    SECRET_NAME,
  ])
  const value = rows[0]?.value
  if (!value) throw new Error('the variables key could not be stored')
  return new VariableCipher(value)
}
