import { ApiError, Errors } from '../errors.js'

/**
 * Waits for `work` until `timeoutMs` after `startedAt`: 408 `Request Timeout` when the deadline
 * passes first, or when the work only finished after it (CPU-bound work can hold the event loop
 * past the timer). The work is not interrupted; its result is dropped.
 */
export async function withinDeadline<T>(
  timeoutMs: number,
  startedAt: number,
  work: () => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ApiError(408, Errors.requestTimeout)),
      Math.max(0, startedAt + timeoutMs - Date.now()),
    )
  })
  try {
    const result = await Promise.race([work(), expired])
    if (Date.now() > startedAt + timeoutMs) throw new ApiError(408, Errors.requestTimeout)
    return result
  } finally {
    clearTimeout(timer)
  }
}
