/**
 * The programmatic start's options, checked before any work: another team's test that passes a
 * wrong one (a port as text, `storage: 'mem'`, a key with a space) gets one line naming the option
 * and what it takes, not a service listening on `http://127.0.0.1:undefined` or a TypeError from
 * deep inside the start.
 */

import { isObject } from '@apiplatform/openapi-toolkit'
import { isBearerToken } from '../settings/env.js'
import type { StartInProcessOptions } from './in-process.js'
import { StartupError } from './startup-error.js'

function fail(name: string, takes: string, value: unknown): never {
  throw new StartupError(`${name} takes ${takes}; got ${describe(value)}`)
}

const describe = (value: unknown): string => {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value)
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`
}

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0

/** A credential a client can send as `Authorization: Bearer <it>`: visible ASCII, no spaces. */
export function checkCredentialOption(name: string, value: unknown): void {
  if (value === undefined) return
  if (typeof value !== 'string' || !isBearerToken(value))
    fail(name, 'a non-empty string of visible ASCII characters without spaces (a bearer token)', value)
}

/** A number option: finite, at least `min`, and whole when `integer`. */
export function checkNumberOption(
  name: string,
  value: unknown,
  { min = 0, integer = false }: { min?: number; integer?: boolean } = {},
): void {
  if (value === undefined) return
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < min ||
    (integer && !Number.isInteger(value))
  )
    fail(name, `${integer ? 'a whole number' : 'a number'} of at least ${min}`, value)
}

/** A string option that names something (a path, a host). */
export function checkStringOption(name: string, value: unknown): void {
  if (value !== undefined && !nonEmptyString(value)) fail(name, 'a non-empty string', value)
}

/** The options every service shares. */
export function checkStartOptions(options: StartInProcessOptions): void {
  if (
    options.port !== undefined &&
    !(Number.isInteger(options.port) && options.port >= 0 && options.port <= 65535)
  )
    fail('port', 'a whole number from 0 (a free port) to 65535', options.port)
  checkStringOption('hostname', options.hostname)
  checkStorageOption(options.storage)
  checkStringOption('logLevel', options.logLevel)
  const controls = options.testControls
  if (controls !== undefined && typeof controls !== 'boolean') {
    if (!isObject(controls)) fail('testControls', 'true, false or { httpToken }', controls)
    else checkCredentialOption('testControls.httpToken', controls.httpToken)
  }
  if (options.seed !== undefined) {
    if (!Array.isArray(options.seed)) fail('seed', 'an array of { method?, path, body? }', options.seed)
    options.seed.forEach((request: unknown, i) => {
      if (!isObject(request) || typeof request.path !== 'string' || !request.path.startsWith('/'))
        fail(`seed[${i}]`, '{ method?, path, body? } with a path that starts with /', request)
      else checkStringOption(`seed[${i}].method`, request.method)
    })
  }
}

function checkStorageOption(storage: unknown): void {
  if (storage === undefined || storage === 'memory') return
  const takes = "'memory', { dataDir }, or { databaseUrl, schema? }"
  if (!isObject(storage)) fail('storage', takes, storage)
  if ('dataDir' in storage) {
    if (!nonEmptyString(storage.dataDir))
      fail('storage.dataDir', 'a non-empty string (a folder)', storage.dataDir)
    return
  }
  if (!('databaseUrl' in storage)) fail('storage', takes, storage)
  if (!nonEmptyString(storage.databaseUrl) || !/^postgres(ql)?:\/\//.test(storage.databaseUrl))
    fail('storage.databaseUrl', 'a postgres:// or postgresql:// URL', storage.databaseUrl)
  checkStringOption('storage.schema', storage.schema)
}
