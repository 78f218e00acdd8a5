/**
 * The command line both services share (their package `bin` and `pnpm start`): flags that override
 * the run-time contract's environment variables, one-line errors for a start that cannot succeed,
 * the start-up banner, optional seed requests, and a clean stop on SIGINT and SIGTERM.
 */
import { parseArgs } from 'node:util'
import { createLogger, type Logger } from '../log/logger.js'
import { describeStartupError, type StartupContext } from '../startup/describe.js'
import { readSeedFile, sendSeedRequests } from './seed-requests.js'

export interface StartedService {
  url: string
  /** The bootstrap credential seed requests are sent with. */
  credential: string
  /** Human lines printed at start; the first is `<name> listening on <url> (<storage>)`. */
  banner: string[]
  /** What the banner says, as fields of the one JSON line printed instead when output is JSON. */
  fields: Record<string, unknown>
  stop(): Promise<void>
}

export interface ServiceCli<Config> {
  /** The command, e.g. `control-service`. */
  command: string
  version: string
  /** Help on the service's own environment variables. */
  settings: string
  /** Reads the settings from the environment (flags already applied); throws the user's mistakes. */
  configure(env: NodeJS.ProcessEnv): Config
  /** The port, host and database of the settings, for one-line start errors. */
  context(config: Config): StartupContext
  start(config: Config, logger: Logger): Promise<StartedService>
}

/** `DATA_DIR=memory://` (or `--memory`): PGlite in memory, nothing kept after the process. */
export const MEMORY_DATA_DIR = 'memory://'

const FLAGS = {
  port: {
    type: 'string',
    env: 'PORT',
    help: '--port <n>            TCP port (env PORT; 0 picks a free one)',
  },
  host: {
    type: 'string',
    env: 'HOST',
    help: '--host <address>      interface to listen on (env HOST, default 127.0.0.1)',
  },
  'data-dir': {
    type: 'string',
    env: 'DATA_DIR',
    help: '--data-dir <folder>   embedded PGlite database folder (env DATA_DIR)',
  },
  memory: {
    type: 'boolean',
    env: 'DATA_DIR',
    help: '--memory              PGlite in memory: nothing is kept (DATA_DIR=memory://)',
  },
  'database-url': {
    type: 'string',
    env: 'DATABASE_URL',
    help: '--database-url <url>  PostgreSQL instead of PGlite (env DATABASE_URL; DATABASE_SCHEMA picks a schema)',
  },
  seed: {
    type: 'string',
    env: 'SEED_FILE',
    help: '--seed <file.json>    requests sent after start (env SEED_FILE; see README)',
  },
  'log-level': {
    type: 'string',
    env: 'LOG_LEVEL',
    help: '--log-level <level>   fatal|error|warn|info|debug|trace|silent (env LOG_LEVEL, default info)',
  },
  'test-controls': {
    type: 'boolean',
    env: 'TEST_CONTROLS',
    set: '1',
    help: '--test-controls       faults, journal, reset, clock under /__controls with a generated token (README)',
  },
} as const

export async function runServiceCli<Config>(
  cli: ServiceCli<Config>,
  argv: string[] = process.argv.slice(2),
  processEnv: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const fail = (line: string, code = 1): never => {
    console.error(`${cli.command}: ${line}`)
    process.exit(code)
  }
  let values: Record<string, string | boolean | undefined>
  try {
    values = parseArgs({
      args: argv,
      options: {
        ...Object.fromEntries(Object.entries(FLAGS).map(([name, f]) => [name, { type: f.type }])),
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
      strict: true,
    }).values
  } catch (error) {
    return fail(`${(error as Error).message}; see --help`, 2)
  }
  if (values.help) {
    console.log(usage(cli))
    process.exit(0)
  }
  if (values.version) {
    console.log(cli.version)
    process.exit(0)
  }
  const env: NodeJS.ProcessEnv = { ...processEnv }
  for (const [name, flag] of Object.entries(FLAGS)) {
    const value = values[name]
    if (value === undefined || value === false) continue
    env[flag.env] = value === true ? ('set' in flag ? flag.set : MEMORY_DATA_DIR) : value
  }

  let config: Config
  let logger: Logger
  try {
    config = cli.configure(env)
    logger = createLogger({ level: env.LOG_LEVEL || undefined, pretty: prettyOutput(env) })
  } catch (error) {
    return fail((error as Error).message)
  }

  let started: StartedService
  try {
    started = await cli.start(config, logger)
  } catch (error) {
    const line = describeStartupError(error, cli.context(config))
    if (line) return fail(line)
    console.error(`${cli.command}: could not start`, error)
    process.exit(1)
  }

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info(`${signal}: shutting down`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    try {
      await started.stop()
      process.exit(0)
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))

  // Always printed, whatever LOG_LEVEL: it says where the service listens (tools wait for that line).
  if (prettyOutput(env)) console.log(started.banner.join('\n'))
  else
    createLogger({ level: 'info', pretty: false }).info(
      started.fields,
      started.banner[0] ?? `${cli.command} started`,
    )

  const seedFile = env.SEED_FILE
  if (seedFile) {
    try {
      const answers = await sendSeedRequests(started.url, started.credential, readSeedFile(seedFile))
      logger.info({ seedFile, answers }, `seeded ${answers.length} request(s) from ${seedFile}`)
    } catch (error) {
      await started.stop().catch(() => {})
      return fail(describeStartupError(error) ?? String(error))
    }
  }
}

/** `LOG_FORMAT=pretty|json` decides; otherwise pretty only on a terminal. */
export function prettyOutput(env: NodeJS.ProcessEnv = process.env): boolean {
  const format = env.LOG_FORMAT?.trim().toLowerCase()
  if (format === 'pretty') return true
  if (format === 'json') return false
  if (format) throw new Error(`LOG_FORMAT must be pretty or json; got "${env.LOG_FORMAT}"`)
  return process.stdout.isTTY === true
}

function usage(cli: ServiceCli<unknown>): string {
  return [
    `Usage: ${cli.command} [options]`,
    '',
    'Options (each overrides its environment variable):',
    ...Object.values(FLAGS).map((f) => `  ${f.help}`),
    '  -h, --help            this help',
    '  -v, --version         the version',
    '',
    cli.settings.trimEnd(),
  ].join('\n')
}
