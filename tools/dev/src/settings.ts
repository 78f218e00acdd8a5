import { isAbsolute, join, resolve } from 'node:path'

/** What `pnpm start` runs with, from the environment (see the root README). */
export interface Settings {
  root: string
  ports: { control: number; webData: number; docs: number }
  /**
   * Where the embedded databases and `credentials.json` live (env `DATA_DIR`, default `.data`);
   * undefined for `DATA_DIR=memory://`, as the services read it: databases in memory, nothing kept.
   */
  dataDir: string | undefined
  /** PostgreSQL for both services (each in its own schema), instead of PGlite. */
  databaseUrl: string | undefined
  /** Skip the pipeline (turbo build docs): for tests, which build first. */
  skipBuild: boolean
  /** Human-readable output (a terminal), else JSON log lines from the services. */
  pretty: boolean
}

/** The variable that chooses each port, named in errors. */
export const PORT_VARIABLES = {
  control: 'CONTROL_PORT',
  webData: 'WEB_DATA_PORT',
  docs: 'DOCS_PORT',
} as const

export function readSettings(root: string, env: NodeJS.ProcessEnv = process.env): Settings {
  const port = (name: string, fallback: number) => {
    const value = env[name]
    if (value === undefined || value === '') return fallback
    const n = Number(value)
    if (!Number.isInteger(n) || n < 0 || n > 65535)
      throw new Error(`${name} must be a port number; got "${value}"`)
    return n
  }
  const dataDir = env.DATA_DIR?.startsWith('memory://')
    ? undefined
    : env.DATA_DIR
      ? isAbsolute(env.DATA_DIR)
        ? env.DATA_DIR
        : resolve(env.DATA_DIR)
      : join(root, '.data')
  return {
    root,
    ports: {
      control: port(PORT_VARIABLES.control, 7100),
      webData: port(PORT_VARIABLES.webData, 7200),
      docs: port(PORT_VARIABLES.docs, 7300),
    },
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    skipBuild: env.START_SKIP_BUILD === '1',
    pretty: env.LOG_FORMAT ? env.LOG_FORMAT === 'pretty' : process.stdout.isTTY === true,
  }
}
