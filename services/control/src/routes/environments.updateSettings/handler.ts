import { environmentOf } from '../../access/environment.js'
import type { Deps } from '../../deps.js'
import { applySettings } from '../../domain/environment-settings.js'
import { invalidInput } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findEnvironment, lockEnvironment, saveEnvironmentSettings } from '../../repositories/environments.js'

/**
 * `environments.updateSettings`: merges the given build and runtime settings into the stored
 * ones (omitted fields stay, `null` clears) and stores them; `getEnvironment` shows them and the
 * next deployment of the environment uses them.
 */
export const updateSettings =
  (deps: Deps): ServiceHandler<'environments.updateSettings'> =>
  async (c) => {
    const caller = callerOf(c)
    const { project, app, environment: envRef, ...update } = c.req.valid('json')
    const { environment } = await environmentOf(deps, caller, { project, app, environment: envRef })
    const names = new Set<string>()
    update.regions?.forEach((r, i) => {
      if (names.has(r.name))
        throw invalidInput(`The region ${r.name} is given twice.`, {
          location: `body.regions[${i}].name`,
          message: 'Duplicate region',
        })
      names.add(r.name)
      if (r.replicas.min > r.replicas.max)
        throw invalidInput(`The region ${r.name} has more minimum than maximum replicas.`, {
          location: `body.regions[${i}].replicas`,
          message: 'min must not exceed max',
        })
    })
    await deps.db.transaction(async (tx) => {
      // Serialises concurrent updates, so that each merges into the other's result.
      await lockEnvironment(tx, environment.id)
      const current = (await findEnvironment(tx, environment.appId, environment.id)) ?? environment
      await saveEnvironmentSettings(tx, environment.id, applySettings(current.settings, update), deps.now())
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
  }
