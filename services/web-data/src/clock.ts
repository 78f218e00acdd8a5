/**
 * The service's "now" for business time (schedules, expirations, idle limits, cache lifetimes):
 * the test controls' clock when they are on, so a test advances time instead of waiting; real
 * time otherwise. Durations of I/O (latency, request and fetch timeouts) stay on real time.
 */
export type Now = () => number

/** Milliseconds since the epoch on `source`'s clock, or on real time when it has none. */
export function nowOf(source: { now?: Now | undefined }): number {
  return source.now ? source.now() : Date.now()
}
