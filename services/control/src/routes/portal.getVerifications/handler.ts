import { keyNotFound } from '../../access/key.js'
import { sessionIdentity } from '../../access/portal-session.js'
import type { Deps } from '../../deps.js'
import { invalidField } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findKey } from '../../repositories/api-keys.js'
import { verificationBuckets } from '../../repositories/portal.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** The longest range one call may ask for. */
const MAX_RANGE = 90 * DAY
/** Hourly buckets up to this range, daily beyond. */
const HOURLY_UP_TO = 7 * DAY

/**
 * `portal.getVerifications` (portal session, scope `analytics:read`): verification counts of
 * the session's end user's keys (or of one of them, `keyId`; another key is a 404) in
 * `[startTime, endTime)`, by outcome, per hour (ranges up to 7 days) or per day (up to 90 days):
 * every bucket of the range, zeros where nothing was verified.
 */
export const getVerifications =
  (deps: Deps): ServiceHandler<'portal.getVerifications'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    if (body.startTime < 0) throw invalidField('body.startTime', 'must not be negative')
    if (body.endTime <= body.startTime) {
      throw invalidField(
        'body.endTime',
        'must be after startTime',
        'Pass Unix milliseconds, endTime > startTime.',
      )
    }
    if (body.endTime - body.startTime > MAX_RANGE) {
      throw invalidField('body.endTime', 'the range may span at most 90 days')
    }
    const identity = await sessionIdentity(caller, deps)
    if (body.keyId !== undefined) {
      const key = await findKey(deps.db, identity.workspaceId, body.keyId)
      if (!key || key.identityId !== identity.id) throw keyNotFound(body.keyId)
    }
    await deps.analytics?.flush()
    const data = await verificationBuckets(deps.db, {
      workspaceId: identity.workspaceId,
      identityId: identity.id,
      keyId: body.keyId,
      startTime: body.startTime,
      endTime: body.endTime,
      bucketMs: body.endTime - body.startTime <= HOURLY_UP_TO ? HOUR : DAY,
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data }, 200)
  }
