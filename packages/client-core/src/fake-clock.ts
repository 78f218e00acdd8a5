/**
 * The fake clock of the client tests: retry waits and deadlines moved to the millisecond against a
 * fault server (`./testing`), without waiting for them.
 */
import { expect, vi } from 'vitest'
import { type FaultServer, type Handler, until } from './testing.js'

/**
 * Fakes the clock of retry waits and deadlines (`setTimeout`, `clearTimeout`, `Date`) and fixes
 * `Math.random()`, so that every wait's jitter is known: `random * jitterMs`.
 */
export function fakeClock(random = 0.5): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  vi.spyOn(Math, 'random').mockReturnValue(random)
}

/**
 * A call of a client with its default retry policy, answered `failure` every time, on a
 * {@link fakeClock}: checks that each of the 5 attempts waits for 2^(attempt-1) s plus half the
 * 1 s jitter (not sent 1 ms earlier, sent then), and resolves with the error the call failed with.
 */
export async function failureAfterDefaultRetries(
  srv: FaultServer,
  failure: Handler,
  call: () => Promise<unknown>,
): Promise<unknown> {
  fakeClock()
  srv.reply(failure)
  const p = call().catch((e: unknown) => e)
  // The call's deadline timer plus a retry wait: the moment to move the fake clock.
  const waiting = () => until(() => vi.getTimerCount() === 2, 'retry wait')
  for (let i = 1; i < 5; i++) {
    await until(() => srv.seen.length === i, `attempt ${i}`)
    await waiting()
    await vi.advanceTimersByTimeAsync(2 ** (i - 1) * 1000 + 499)
    expect(srv.seen).toHaveLength(i)
    await vi.advanceTimersByTimeAsync(1)
  }
  const error = await p
  expect(srv.seen).toHaveLength(5)
  return error
}

/**
 * A call the server never answers, on a {@link fakeClock} moved to `deadlineMs` after it was
 * received: resolves with the error the call failed with.
 */
export async function failureAtDeadline(
  srv: FaultServer,
  deadlineMs: number,
  call: () => Promise<unknown>,
): Promise<unknown> {
  fakeClock()
  srv.reply(() => {})
  const p = call().catch((e: unknown) => e)
  await until(() => srv.seen.length === 1, 'request')
  await vi.advanceTimersByTimeAsync(deadlineMs - 1)
  await vi.advanceTimersByTimeAsync(1)
  return p
}
