import type { Database } from '@apiplatform/server-kit'
import { balance, charge } from '../billing/credits.js'
import { type Now, nowOf } from '../clock.js'
import type { CloseReason, LiveSession } from './live-session.js'
import { setScrapeSessionState } from './scrape-jobs.js'
import { recordSessionEnd, saveProfile } from './session-store.js'

/** Credits per started minute of a browser session (interact sessions and scrape sessions). */
export const BROWSER_CREDITS_PER_MINUTE = 1

/**
 * Records the end of a session no longer live: saves its profile, closes its browser and bills its
 * started minutes (at most the team's balance).
 */
export async function recordClose(
  db: Database,
  options: { now?: Now | undefined },
  session: LiveSession,
  reason: CloseReason,
): Promise<{ sessionDurationMs: number; creditsBilled: number }> {
  const end = nowOf(options)
  if (session.profile?.save) {
    try {
      const state = await session.context.storageState()
      await saveProfile(db, session.teamId, session.profile.name, state)
    } catch (error) {
      console.error('saving browser profile failed', error)
    }
  }
  await session.context.close().catch(() => {})
  const billedMs = session.billedFrom === undefined ? 0 : end - session.billedFrom
  const wanted =
    session.billedFrom === undefined
      ? 0
      : Math.max(1, Math.ceil(billedMs / 60_000)) * BROWSER_CREDITS_PER_MINUTE
  const sessionDurationMs = end - session.createdAt
  const creditsBilled = await db.transaction(async (tx) => {
    const amount = Math.min(wanted, await balance(tx, session.teamId))
    const reference = session.kind === 'interact' ? session.key : session.key.slice('scrape:'.length)
    if (!(await charge(tx, session.teamId, amount, 'browser_session', reference))) return 0
    if (session.kind === 'interact') {
      await recordSessionEnd(tx, session.key, reason, sessionDurationMs, amount)
    } else {
      await setScrapeSessionState(tx, reference, reason === 'expired' ? 'expired' : 'stopped')
    }
    return amount
  })
  return { sessionDurationMs, creditsBilled }
}
