import { ApiError, Errors } from '../errors.js'

/** Where a job's events go, as recorded with the job (the request's `webhook`, normalised). */
export interface WebhookTarget {
  url: string
  headers?: Record<string, string>
  metadata?: Record<string, unknown>
  /** Event names to deliver (`started`, `page`, `completed`, `failed`); all when absent. */
  events?: string[]
}

/**
 * The `webhook` of a crawl, batch scrape or agent request: a URL or `{ url, headers?, metadata?,
 * events? }`. Undefined when absent; 400 when the URL is not an absolute http(s) URL (the
 * private-address guard applies when delivering, as for every fetch).
 */
export function webhookTarget(input: unknown): WebhookTarget | undefined {
  if (input === undefined || input === null) return undefined
  const config = typeof input === 'string' ? { url: input } : (input as Record<string, unknown>)
  const url = typeof config.url === 'string' ? config.url : ''
  if (!isHttpUrl(url)) {
    throw new ApiError(400, Errors.badRequest, {
      details: [
        { path: ['webhook', 'url'], message: 'The webhook URL must be an absolute http or https URL.' },
      ],
    })
  }
  const target: WebhookTarget = { url }
  if (config.headers && typeof config.headers === 'object')
    target.headers = config.headers as Record<string, string>
  if (config.metadata && typeof config.metadata === 'object')
    target.metadata = config.metadata as Record<string, unknown>
  if (Array.isArray(config.events)) target.events = config.events.map(String)
  return target
}

/** Whether `target` asked for `type` (`crawl.page` matches `page` and `crawl.page`). */
export function wantsEvent(target: WebhookTarget, type: string): boolean {
  if (!target.events) return true
  const name = type.slice(type.indexOf('.') + 1)
  return target.events.includes(name) || target.events.includes(type)
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
