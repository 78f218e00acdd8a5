/**
 * Deployments: the record, how it is shown on the wire, the actions its state allows, and the
 * preconditions of the operations that move live traffic.
 */
import { preconditionFailed } from './errors.js'

export const DEPLOYMENT_STATUSES = [
  'pending',
  'starting',
  'building',
  'deploying',
  'network',
  'finalizing',
  'ready',
  'failed',
  'skipped',
  'awaiting_approval',
  'stopped',
  'superseded',
  'cancelled',
] as const

export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number]

/** The states a new deployment walks through on its way to `ready`, in order. */
export const BUILD_STEPS: readonly DeploymentStatus[] = [
  'pending',
  'building',
  'deploying',
  'network',
  'finalizing',
  'ready',
]

/** States of a deployment that is still being built and rolled out. */
export const IN_PROGRESS: readonly DeploymentStatus[] = [
  'pending',
  'building',
  'deploying',
  'network',
  'finalizing',
]

/**
 * States of a deployment on its way that has not served yet: in progress, or built and waiting
 * for approval. Stopping one cancels it (`cancelled`); a newer deployment of the environment
 * becoming ready supersedes it (`superseded`).
 */
export const UNFINISHED: readonly DeploymentStatus[] = [...IN_PROGRESS, 'awaiting_approval']

/** The states an approved deployment walks through from `awaiting_approval`, in order. */
export const APPROVED_STEPS: readonly DeploymentStatus[] = [
  'awaiting_approval',
  'deploying',
  'network',
  'finalizing',
  'ready',
]

export type DeploymentAction = 'promote' | 'rollback' | 'stop' | 'start'

export type DeploymentErrorCode =
  | 'no_schedulable_regions'
  | 'invalid_runtime_settings'
  | 'cpu_quota_exceeded'
  | 'memory_quota_exceeded'
  | 'storage_quota_exceeded'
  | 'build_failed'
  | 'unknown'

export interface Runtime {
  vCpus: number
  memoryMib: number
  storageMib: number
  port: number
  command: string[]
  shutdownSignal: 'SIGTERM' | 'SIGINT' | 'SIGQUIT' | 'SIGKILL'
  upstreamProtocol: 'http1' | 'h2c'
  healthcheck?: {
    method: 'GET' | 'POST'
    path: string
    intervalSeconds?: number
    timeoutSeconds?: number
    failureThreshold?: number
    initialDelaySeconds?: number
  }
}

/** A deployment as stored, joined with what the API shows about its app and environment. */
export interface DeploymentRecord {
  id: string
  workspaceId: string
  projectId: string
  appId: string
  environmentId: string
  environmentKind: 'production' | 'preview'
  status: DeploymentStatus
  shuttingDown: boolean
  gitCommitSha: string | null
  gitBranch: string | null
  dockerImage: string | null
  regions: string[]
  domains: string[]
  runtime: Runtime
  error: { code: DeploymentErrorCode; step: string; message: string } | null
  createdAt: number
  updatedAt: number | null
  /** Waits in `awaiting_approval` after its build (its environment's `autoDeploy` was off). */
  requiresApproval: boolean
  /** The app's current deployment (null when it has none). */
  appCurrentDeploymentId: string | null
  appIsRolledBack: boolean
}

export const isCurrent = (d: DeploymentRecord): boolean => d.appCurrentDeploymentId === d.id

/** Why the deployment cannot take live traffic through a rollback or promotion, or undefined. */
function trafficBlocker(d: DeploymentRecord): string | undefined {
  if (d.status !== 'ready')
    return `Deployment ${d.id} is ${d.status}, not ready, and cannot receive live traffic.`
  if (d.shuttingDown) return `Deployment ${d.id} is shutting down and cannot receive live traffic.`
  if (d.environmentKind !== 'production')
    return `Deployment ${d.id} is not in the production environment; only production deployments serve live traffic.`
  if (isCurrent(d)) return `Deployment ${d.id} is already the current deployment of its app.`
  return undefined
}

/** The five preconditions of `deployments.rollbackDeployment`, in the documented order. */
export function rollbackBlocker(d: DeploymentRecord): string | undefined {
  const blocker = trafficBlocker(d)
  if (blocker) return blocker
  if (!d.appCurrentDeploymentId)
    return `The app of deployment ${d.id} has no current deployment to roll back from.`
  return undefined
}

/** Promoting a deployment that awaits approval approves it: it rolls out, then takes traffic. */
export const promoteBlocker = (d: DeploymentRecord): string | undefined =>
  d.status === 'awaiting_approval' ? undefined : trafficBlocker(d)

/** Whether stopping the deployment cancels it (it has not served yet) rather than draining it. */
export const stopCancels = (d: DeploymentRecord): boolean => UNFINISHED.includes(d.status)

export function stopBlocker(d: DeploymentRecord): string | undefined {
  if (stopCancels(d)) return undefined
  if (d.shuttingDown) return `Deployment ${d.id} is already shutting down.`
  if (d.status !== 'ready')
    return `Deployment ${d.id} is ${d.status}; only a ready deployment can be stopped, and one still on its way cancelled.`
  return undefined
}

export function startBlocker(d: DeploymentRecord): string | undefined {
  if (d.status !== 'stopped')
    return `Deployment ${d.id} is ${d.status}; only a stopped deployment can be started.`
  return undefined
}

/** Throws the 412 of a blocker. */
export function assertAllowed(blocker: string | undefined): void {
  if (blocker) throw preconditionFailed(blocker)
}

/** The actions the deployment's state allows next. */
export function availableActions(d: DeploymentRecord): DeploymentAction[] {
  const actions: DeploymentAction[] = []
  if (!promoteBlocker(d)) actions.push('promote')
  if (!rollbackBlocker(d)) actions.push('rollback')
  if (!stopBlocker(d)) actions.push('stop')
  if (!startBlocker(d)) actions.push('start')
  return actions
}

/** The `Deployment` schema of the API. */
export function toApiDeployment(d: DeploymentRecord) {
  return {
    id: d.id,
    status: d.status,
    isCurrent: isCurrent(d),
    environment: d.environmentId,
    app: d.appId,
    project: d.projectId,
    ...(d.gitCommitSha
      ? { git: { commitSha: d.gitCommitSha, ...(d.gitBranch ? { branch: d.gitBranch } : {}) } }
      : {}),
    ...(d.dockerImage ? { docker: { image: d.dockerImage } } : {}),
    availableActions: availableActions(d),
    regions: d.regions,
    ...(d.error ? { error: d.error } : {}),
    domains: d.domains,
    runtime: d.runtime,
    createdAt: d.createdAt,
    ...(d.updatedAt !== null ? { updatedAt: d.updatedAt } : {}),
  }
}

export const DEFAULT_RUNTIME: Runtime = {
  vCpus: 0.5,
  memoryMib: 512,
  storageMib: 0,
  port: 8080,
  command: [],
  shutdownSignal: 'SIGTERM',
  upstreamProtocol: 'http1',
  healthcheck: {
    method: 'GET',
    path: '/healthz',
    intervalSeconds: 10,
    timeoutSeconds: 2,
    failureThreshold: 3,
  },
}
