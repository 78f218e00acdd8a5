/**
 * The services' logger: pino, one JSON object per line, or pino-pretty's coloured lines when the
 * output is a terminal. The level comes from `LOG_LEVEL` unless the caller chooses one.
 */
import { createRequire } from 'node:module'
import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino'

export type { Logger } from 'pino'

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export interface CreateLoggerOptions {
  /** Default: env `LOG_LEVEL`, else `fallbackLevel`. */
  level?: string | undefined
  /** The level when neither `level` nor `LOG_LEVEL` is set (default `info`). */
  fallbackLevel?: LogLevel
  /**
   * Human-readable lines (pino-pretty), one per entry, instead of JSON; default: whether stdout is
   * a terminal (and no `destination` is given).
   */
  pretty?: boolean
  /** Where lines go (default stdout); tests pass a stream that collects them. */
  destination?: DestinationStream
  /** Fields on every line, e.g. `{ service: 'control' }`. */
  base?: Record<string, unknown>
}

/** A level name from user input; throws a one-line error naming the accepted ones. */
export function parseLogLevel(value: string, source = 'LOG_LEVEL'): LogLevel {
  const level = value.trim().toLowerCase()
  if ((LOG_LEVELS as readonly string[]).includes(level)) return level as LogLevel
  throw new Error(`${source} must be one of ${LOG_LEVELS.join(', ')}; got "${value}"`)
}

export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const requested = options.level ?? (process.env.LOG_LEVEL || undefined)
  const level = requested ? parseLogLevel(requested) : (options.fallbackLevel ?? 'info')
  const settings: LoggerOptions = {
    level,
    base: options.base ?? null,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  }
  const pretty = options.pretty ?? (!options.destination && process.stdout.isTTY === true)
  if (pretty) return pino(settings, prettyStream(options.destination))
  return pino(settings, options.destination ?? stdoutDestination())
}

/**
 * Asynchronous writes to stdout (sonic-boom, no worker thread): a synchronous write per line
 * made the request wait whenever stdout's reader was slow. What is still buffered is written
 * synchronously when the process exits, by `process.exit`, a signal handled with it, or an
 * uncaught exception (pino registers the flush on `exit`); only SIGKILL can lose lines.
 */
function stdoutDestination(): DestinationStream {
  return pino.destination({ dest: 1, sync: false })
}

/** A logger that writes nothing (tests, benchmarks). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' })
}

function prettyStream(destination?: DestinationStream): DestinationStream {
  // Loaded only for a terminal: JSON output never pays for it.
  const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => DestinationStream
  return pretty({
    colorize: destination === undefined,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    // One line per request, as with JSON: the fields follow the message instead of one per line.
    singleLine: true,
    ...(destination ? { destination } : {}),
  })
}
