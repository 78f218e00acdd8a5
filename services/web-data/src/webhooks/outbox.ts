import type { JobQueue, Sql } from '@apiplatform/server-kit'
import { type WebhookTarget, wantsEvent } from './target.js'

export const WEBHOOK_QUEUE = 'webhook'

/** Delivery attempts of one event before it is given up (the queue's backoff between them). */
export const WEBHOOK_ATTEMPTS = 6

/** What happened to a job: `<kind>.<event>`, e.g. `crawl.page`, `batch_scrape.completed`, `agent.failed`. */
export interface WebhookEvent {
  type: string
  /** The crawl, batch scrape or agent run. */
  id: string
  success: boolean
  error?: string
  /** Inline data (an agent's result). */
  data?: unknown[]
  /** A crawl or batch page whose stored document is the event's data (read when delivering). */
  pageId?: number
}

export interface WebhookJob {
  target: WebhookTarget
  event: WebhookEvent
}

/**
 * Records the delivery of each event as a durable job in the caller's transaction (one statement
 * for all), so an event is sent exactly when the change it reports commits (and still after a
 * crash). Nothing is queued without a target or for an event the target did not ask for.
 */
export async function queueWebhooks(
  tx: Sql,
  queue: JobQueue,
  target: WebhookTarget | undefined,
  ...events: WebhookEvent[]
): Promise<void> {
  if (!target) return
  const jobs: WebhookJob[] = events
    .filter((e) => wantsEvent(target, e.type))
    .map((event) => ({ target, event }))
  await queue.enqueueMany(tx, WEBHOOK_QUEUE, jobs, { maxAttempts: WEBHOOK_ATTEMPTS })
}
