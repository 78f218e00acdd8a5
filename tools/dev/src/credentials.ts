import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export interface Credentials {
  controlRootKey: string
  /** Encrypts recoverable API keys at rest; kept so they stay readable across restarts. */
  controlEncryptionKey: string
  webDataApiKey: string
}

/**
 * The local credentials: taken from the environment when set, otherwise generated once and kept
 * in `.data/credentials.json`, so a restart of `pnpm start` keeps the keys a developer has pasted
 * into scripts.
 */
export function loadCredentials(file: string): Credentials {
  const stored: Partial<Credentials> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
  const credentials: Credentials = {
    controlRootKey: process.env.CONTROL_ROOT_KEY ?? stored.controlRootKey ?? `root_${token()}`,
    controlEncryptionKey:
      process.env.CONTROL_ENCRYPTION_KEY ?? stored.controlEncryptionKey ?? randomBytes(32).toString('base64'),
    webDataApiKey: process.env.WEB_DATA_API_KEY ?? stored.webDataApiKey ?? `wd-${token()}`,
  }
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 })
  return credentials
}

function token(): string {
  return randomBytes(24).toString('base64url')
}
