import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export interface Credentials {
  controlRootKey: string
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
    webDataApiKey: process.env.WEB_DATA_API_KEY ?? stored.webDataApiKey ?? `wd-${token()}`,
  }
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 })
  return credentials
}

function token(): string {
  return randomBytes(24).toString('base64url')
}
