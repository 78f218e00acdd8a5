import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

export interface Credentials {
  controlRootKey: string
  /** Encrypts recoverable API keys at rest; kept so they stay readable across restarts. */
  controlEncryptionKey: string
  webDataApiKey: string
}

/**
 * The local credentials: taken from the environment when set, otherwise generated once and kept
 * in `credentials.json` of the data folder (which must exist), so a restart of `pnpm start` keeps the
 * keys a developer has pasted into scripts, and recoverable keys stay readable. Without a file
 * (databases in memory) they are generated for this start only.
 */
export function loadCredentials(file: string | undefined): Credentials {
  let stored: Partial<Credentials> = {}
  if (file && existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      throw new Error(`${file} is not valid JSON (${(error as Error).message}); fix or delete it`)
    }
  }
  const credentials: Credentials = {
    controlRootKey: process.env.CONTROL_ROOT_KEY ?? stored.controlRootKey ?? `root_${token()}`,
    controlEncryptionKey:
      process.env.CONTROL_ENCRYPTION_KEY ?? stored.controlEncryptionKey ?? randomBytes(32).toString('base64'),
    webDataApiKey: process.env.WEB_DATA_API_KEY ?? stored.webDataApiKey ?? `wd-${token()}`,
  }
  if (file) writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 })
  return credentials
}

function token(): string {
  return randomBytes(24).toString('base64url')
}
