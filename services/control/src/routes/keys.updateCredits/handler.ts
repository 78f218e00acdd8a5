import { keyForOperation } from '../../access/key.js'
import type { Deps } from '../../deps.js'
import { lastRefillTime } from '../../domain/credits.js'
import { invalidField } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { creditsData } from '../../keys/api-form.js'
import { applyRefill, changeCredits, updateKey } from '../../repositories/api-keys.js'

/**
 * `keys.updateCredits`: set (null: unlimited, refill removed), increment or decrement (not below
 * 0) the remaining credits, each in one statement, so concurrent verifications never lose a change.
 */
export const updateCredits =
  (deps: Deps): ServiceHandler<'keys.updateCredits'> =>
  async (c) => {
    const caller = callerOf(c)
    const { keyId, operation, value } = c.req.valid('json')
    if (operation !== 'set' && (value === undefined || value === null)) {
      throw invalidField('body.value', `${operation} needs a value`, 'Send a non-negative integer value.')
    }
    const updated = await deps.db.transaction(async (tx) => {
      // Locked: a concurrent deletion then comes before (a 404) or after, never between the lookup and the change.
      const key = await keyForOperation(caller, tx, keyId, { forUpdate: true })
      const now = deps.now()
      if (operation !== 'set' && key.creditsRemaining === null && !key.refill) {
        throw invalidField(
          'body.operation',
          `The key ${key.id} has unlimited credits; it cannot be ${operation}ed.`,
          'Use operation set to give it a number of credits first.',
        )
      }
      if (key.refill) await applyRefill(tx, key.id, lastRefillTime(key.refill, now), now)
      if (operation === 'set' && (value === null || value === undefined)) {
        await updateKey(tx, key.id, { creditsRemaining: null, refill: null }, now)
      }
      return changeCredits(tx, key.id, operation, value ?? null, now)
    })
    if (!updated) throw new Error('the key vanished while its credits were updated')
    return c.json({ meta: { requestId: c.get('requestId') }, data: creditsData(updated, deps.now()) }, 200)
  }
