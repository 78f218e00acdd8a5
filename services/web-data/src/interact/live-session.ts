import type { Page } from 'playwright-core'
import type { GuardedContext } from '../browser/pool.js'
import { ApiError, Errors } from '../errors.js'
import type { CodeRunner } from './runner.js'

/** A browser session this process holds open. */
export interface LiveSession extends GuardedContext {
  key: string
  kind: 'interact' | 'scrape'
  teamId: string
  page: Page
  runner: CodeRunner
  busy: boolean
  /** Settles when the run in progress ends (undefined while idle). */
  running: Promise<unknown> | undefined
  createdAt: number
  lastActivity: number
  /** Hard end (interact `ttl`). */
  expiresAt: number
  /** Idle limit in ms (interact `activityTtl`, scrape idle time). */
  idleMs: number | undefined
  /** When billing started (scrape sessions: their first interact call). */
  billedFrom: number | undefined
  profile?: { name: string; save: boolean }
}

/** Why a session ends (recorded as its destroy reason). */
export type CloseReason = 'deleted' | 'stopped' | 'expired' | 'shutdown'

/** Waits for the session's run in progress to end; 408 when it is still running at `deadline`. */
export async function waitUntilIdle(session: LiveSession, deadline: number): Promise<void> {
  while (session.busy) {
    const left = deadline - Date.now()
    if (left <= 0) {
      throw new ApiError(408, Errors.requestTimeout, {
        code: 'SESSION_BUSY_TIMEOUT',
        details: {
          reason: 'Other code kept this browser session busy for the whole timeout; nothing was run.',
        },
      })
    }
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      session.running?.catch(() => {}),
      new Promise((resolve) => {
        timer = setTimeout(resolve, left)
      }),
    ])
    clearTimeout(timer)
  }
}
