/**
 * The one-line explanation of a failed start: a port in use, a database that cannot be reached or
 * does not exist, an unusable data folder. `undefined` for anything else, which is a bug of ours
 * and deserves its stack.
 */
import { StartupError } from './startup-error.js'

export interface StartupContext {
  /** The port the service tried to listen on, and the setting that chooses it (`PORT`). */
  port?: number
  host?: string
  portVariable?: string
  /** The PostgreSQL URL, if the service uses one (named `DATABASE_URL`; shown without password). */
  databaseUrl?: string | undefined
  databaseVariable?: string
}

export function describeStartupError(error: unknown, context: StartupContext = {}): string | undefined {
  if (error instanceof StartupError) return error.message
  const e = firstCause(error)
  const code = typeof e?.code === 'string' ? e.code : undefined
  const syscall = typeof e?.syscall === 'string' ? e.syscall : undefined
  const portVariable = context.portVariable ?? 'PORT'
  if (syscall === 'listen' || code === 'EADDRINUSE') {
    const where = `port ${context.port ?? e?.port ?? '?'}${context.host ? ` on ${context.host}` : ''}`
    if (code === 'EADDRINUSE')
      return `${where} is already in use; set ${portVariable} to a free port (0 picks one)`
    if (code === 'EACCES') return `${where} needs privileges to listen on; set ${portVariable} above 1023`
    if (code === 'EADDRNOTAVAIL') return `${context.host ?? 'HOST'} is not an address of this machine`
  }
  if (context.databaseUrl) {
    const variable = context.databaseVariable ?? 'DATABASE_URL'
    const db = describeUrl(context.databaseUrl)
    const at = `PostgreSQL at ${db.server} (${variable})`
    switch (code) {
      case 'ECONNREFUSED':
        return `cannot reach ${at}: connection refused`
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return `cannot reach ${at}: unknown host ${db.host}`
      case 'ETIMEDOUT':
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return `cannot reach ${at}: ${code === 'ETIMEDOUT' ? 'no answer' : 'no route to the host'}`
      case 'ECONNRESET':
        return `${at} closed the connection`
      case '3D000':
        return `database "${db.database}" does not exist on ${at}; create it (createdb ${db.database}) or fix the URL`
      case '28P01':
      case '28000':
        return `${at} refused user "${db.user}": ${e?.message}`
      case '42501':
        return `${at}: user "${db.user}" lacks a privilege the service needs: ${e?.message}`
    }
    if (/timeout/i.test(String(e?.message ?? ''))) return `cannot reach ${at}: no answer in time`
    if (code && /^[0-9A-Z]{5}$/.test(code)) return `${at} failed: ${e?.message} (SQLSTATE ${code})`
  }
  return undefined
}

interface ErrorFields {
  code?: unknown
  syscall?: unknown
  port?: unknown
  message?: unknown
}

/** Node reports a failed connection to a name with several addresses as an AggregateError. */
function firstCause(error: unknown): ErrorFields | undefined {
  if (!error || typeof error !== 'object') return undefined
  const e = error as ErrorFields & { errors?: unknown[] }
  if (e.code === undefined && Array.isArray(e.errors) && e.errors.length) return firstCause(e.errors[0])
  return e
}

function describeUrl(url: string): { server: string; host: string; database: string; user: string } {
  try {
    const u = new URL(url)
    const host = u.hostname || 'localhost'
    return {
      server: `${host}:${u.port || '5432'}`,
      host,
      database:
        decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username) || 'postgres',
      user: decodeURIComponent(u.username) || 'postgres',
    }
  } catch {
    return { server: 'the configured server', host: '?', database: '?', user: '?' }
  }
}
