/**
 * Build and runtime settings of an environment (`environments.updateSettings`), with the defaults
 * an environment has until they are changed. New deployments copy the runtime and regions of
 * their environment when they are created; running deployments keep theirs.
 */
import { DEFAULT_RUNTIME, type Runtime } from './deployment.js'

export interface EnvironmentBuild {
  dockerfile?: string
  rootDirectory: string
  buildCommand?: string
  watchPaths: string[]
  autoDeploy: boolean
}

export interface EnvironmentRuntime extends Runtime {
  openapiSpecPath?: string
}

export interface EnvironmentRegion {
  name: string
  replicas: { min: number; max: number }
}

export interface EnvironmentSettings {
  build: EnvironmentBuild
  runtime: EnvironmentRuntime
  regions: EnvironmentRegion[]
}

export const DEFAULT_BUILD: EnvironmentBuild = {
  dockerfile: 'Dockerfile',
  rootDirectory: '.',
  watchPaths: [],
  autoDeploy: true,
}

export const DEFAULT_REGIONS: EnvironmentRegion[] = [{ name: 'us-east-1', replicas: { min: 1, max: 3 } }]

/** The settings of a stored environment; NULL columns mean the defaults. */
export function settingsOf(stored: {
  build: EnvironmentBuild | null
  runtime: EnvironmentRuntime | null
  regions: EnvironmentRegion[] | null
}): EnvironmentSettings {
  return {
    build: stored.build ?? DEFAULT_BUILD,
    runtime: stored.runtime ?? DEFAULT_RUNTIME,
    regions: stored.regions ?? DEFAULT_REGIONS,
  }
}

/** The body of `environments.updateSettings` without the environment's address. */
export interface SettingsUpdate {
  dockerfile?: string | null
  rootDirectory?: string
  buildCommand?: string | null
  watchPaths?: string[]
  autoDeploy?: boolean
  port?: number
  vCpus?: number
  memoryMib?: number
  storageMib?: number
  command?: string[]
  healthcheck?: Runtime['healthcheck'] | null
  shutdownSignal?: Runtime['shutdownSignal']
  upstreamProtocol?: Runtime['upstreamProtocol']
  openapiSpecPath?: string | null
  regions?: EnvironmentRegion[]
}

/** Sets `key` when `value` is given, removes it when `value` is null, keeps it when undefined. */
function patch<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | null | undefined): void {
  if (value === undefined) return
  if (value === null) delete target[key]
  else target[key] = value
}

/** Applies an update: omitted fields stay, `null` clears a nullable field. */
export function applySettings(current: EnvironmentSettings, u: SettingsUpdate): EnvironmentSettings {
  const build: EnvironmentBuild = { ...current.build }
  patch(build, 'dockerfile', u.dockerfile)
  patch(build, 'rootDirectory', u.rootDirectory)
  patch(build, 'buildCommand', u.buildCommand)
  patch(build, 'watchPaths', u.watchPaths)
  patch(build, 'autoDeploy', u.autoDeploy)
  const runtime: EnvironmentRuntime = { ...current.runtime, command: [...current.runtime.command] }
  patch(runtime, 'port', u.port)
  patch(runtime, 'vCpus', u.vCpus)
  patch(runtime, 'memoryMib', u.memoryMib)
  patch(runtime, 'storageMib', u.storageMib)
  patch(runtime, 'command', u.command)
  patch(runtime, 'healthcheck', u.healthcheck)
  patch(runtime, 'shutdownSignal', u.shutdownSignal)
  patch(runtime, 'upstreamProtocol', u.upstreamProtocol)
  patch(runtime, 'openapiSpecPath', u.openapiSpecPath)
  return { build, runtime, regions: u.regions ?? current.regions }
}

/** The runtime a deployment records (the Deployment schema has no `openapiSpecPath`). */
export function deploymentRuntime(settings: EnvironmentSettings): Runtime {
  const { openapiSpecPath: _ignored, ...runtime } = settings.runtime
  return runtime
}

/**
 * Quotas of the reference platform: a build whose environment asks for more fails with the
 * matching DeploymentErrorCode, so `failed` deployments can be produced through the API.
 */
export const QUOTAS = { vCpus: 16, memoryMib: 65_536, storageMib: 1_048_576 } as const

export function quotaViolation(
  runtime: Runtime,
):
  | { code: 'cpu_quota_exceeded' | 'memory_quota_exceeded' | 'storage_quota_exceeded'; message: string }
  | undefined {
  if (runtime.vCpus > QUOTAS.vCpus)
    return {
      code: 'cpu_quota_exceeded',
      message: `The environment asks for ${runtime.vCpus} vCPUs; the quota is ${QUOTAS.vCpus}.`,
    }
  if (runtime.memoryMib > QUOTAS.memoryMib)
    return {
      code: 'memory_quota_exceeded',
      message: `The environment asks for ${runtime.memoryMib} MiB of memory; the quota is ${QUOTAS.memoryMib} MiB.`,
    }
  if (runtime.storageMib > QUOTAS.storageMib)
    return {
      code: 'storage_quota_exceeded',
      message: `The environment asks for ${runtime.storageMib} MiB of storage; the quota is ${QUOTAS.storageMib} MiB.`,
    }
  return undefined
}
