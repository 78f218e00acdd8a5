import type { Database, JobHandler } from '@apiplatform/server-kit'
import type { WebhookJob } from './outbox.js'
import { postSigned } from './signed-post.js'

export interface WebhookRunnerDeps {
  db: Database
  allowPrivateUrls: boolean
  /** HMAC-SHA256 secret of the `X-WebData-Signature` header (the monitors' secret). */
  secret: string
  /**
   * The documents of a crawl page an event names by id (crawl/'s page store). Handed in by
   * service.ts because crawl/ queues its events here: an import back would close a loop.
   */
  pageDocuments: (db: Database, pageId: number) => Promise<unknown[]>
}

/** A receiver's answer that is worth another attempt later. */
const retryable = (status: number) => status >= 500 || status === 408 || status === 429

/**
 * Delivers one queued event: `{ success, type, id, data, metadata, error? }`, signed, through the
 * private-address guard. Network failures, timeouts, 408, 429 and 5xx answers throw, so the
 * queue tries again with its backoff (WEBHOOK_ATTEMPTS in all); any other answer ends the job.
 * The delivery id stays the same across attempts, so receivers can drop repeats.
 */
export function webhookRunner(deps: WebhookRunnerDeps): JobHandler<WebhookJob> {
  return async (job, ctx) => {
    const { target, event } = job.payload
    const data =
      event.pageId !== undefined ? await deps.pageDocuments(deps.db, event.pageId) : (event.data ?? [])
    const payload = {
      success: event.success,
      type: event.type,
      id: event.id,
      data,
      metadata: target.metadata ?? {},
      ...(event.error !== undefined ? { error: event.error } : {}),
    }
    const status = await postSigned(
      {
        url: target.url,
        ...(target.headers ? { headers: target.headers } : {}),
        payload,
        secret: deps.secret,
        allowPrivateUrls: deps.allowPrivateUrls,
        event: event.type,
      },
      job.id,
    )
    if (retryable(status)) throw new Error(`the webhook receiver answered HTTP ${status}`)
    await ctx.complete()
  }
}
