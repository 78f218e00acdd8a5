import { randomBytes } from 'node:crypto'
import type { Sql } from '@apiplatform/server-kit'
import { VariableCipher } from '../domain/secrets.js'

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
