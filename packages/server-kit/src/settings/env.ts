/**
 * The run-time contract's numbers and keys, read from the environment the same way by both
 * services: a wrong value throws with the variable's name and what it takes (the start prints it
 * as one line), instead of a stack from `listen` or a key no client can send.
 */

/** A key as a client sends it (`Authorization: Bearer <key>`): visible ASCII without spaces. */
export const isBearerToken = (value: string): boolean => /^[\x21-\x7e]+$/.test(value)

/** A whole number of at least 0 from `env[name]`; `fallback` when unset or empty. */
export function envInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name]
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer; got "${value}"`)
  return n
}

/** A TCP port from `env.PORT`: 0 (a free one) to 65535. */
export function envPort(env: NodeJS.ProcessEnv, fallback: number): number {
  const port = envInteger(env, 'PORT', fallback)
  if (port > 65_535) throw new Error(`PORT must be 0 (a free port) to 65535; got "${env.PORT}"`)
  return port
}

/** A key from `env[name]`, trimmed (`isBearerToken`); undefined when unset or empty (the service generates one). */
export function envCredential(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim()
  if (!value) return undefined
  if (!isBearerToken(value))
    throw new Error(`${name} must be visible ASCII characters without spaces (a bearer token)`)
  return value
}
