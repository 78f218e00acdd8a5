import type { JsonSchema } from '../extraction/json-schema.js'
import type { WebhookTarget } from '../webhooks/target.js'

/** The body of POST /v2/agent, as stored with the run. */
export interface AgentRequest {
  prompt: string
  urls?: string[]
  schema?: JsonSchema
  maxCredits?: number
  strictConstrainToURLs?: boolean
  model?: string
  effort?: string
  mode?: string
  threadId?: string
  integration?: string
  origin?: string
  /** Where the run's events are delivered (see webhooks/outbox.ts). */
  webhook?: WebhookTarget
}

/** Where a run is: saved with every step, so a restarted worker resumes at the next step. */
export interface RunState {
  phase: 'start' | 'work' | 'finalize'
  /** URLs still to visit, in order. */
  queue: string[]
  visited: string[]
  /** Tool calls made so far; names the next call (`call_<n+1>`). */
  toolCalls: number
  /** The result artifact so far. */
  result: Record<string, unknown>
  /** Pages read, for runs without a schema. */
  sources: Array<{ url: string; title?: string; description?: string }>
  /** How many pages the run may read. */
  maxPages: number
  startedAt: number
  artifactVersion: number
}
