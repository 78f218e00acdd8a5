import { environmentOf } from '../../access/environment.js'
import type { Deps } from '../../deps.js'
import { invalidInput, notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { lockEnvironmentForChildren } from '../../repositories/environments.js'
import { pruneVariables, upsertVariable } from '../../repositories/variables.js'

/**
 * `environments.setEnvironmentVariables`: creates or overwrites up to 50 variables in one
 * transaction; values are encrypted before they are stored (AES-256-GCM, see domain/secrets.ts).
 * `kind` defaults to `writeonly`. With `prune`, variables missing from the list are deleted.
 */
export const setEnvironmentVariables =
  (deps: Deps): ServiceHandler<'environments.setEnvironmentVariables'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const { environment } = await environmentOf(deps, caller, body)
    const seen = new Map<string, number>()
    body.variables.forEach((v, i) => {
      const first = seen.get(v.key)
      if (first !== undefined) {
        throw invalidInput(`The key ${v.key} is given twice.`, {
          location: `body.variables[${i}].key`,
          message: `Duplicate of body.variables[${first}].key`,
          fix: 'Give each key once.',
        })
      }
      seen.set(v.key, i)
    })
    const cipher = deps.variables
    if (!cipher) throw new Error('the variables cipher is not configured')
    await deps.db.transaction(async (tx) => {
      // An app deletion may have removed the environment since it was looked up.
      if (!(await lockEnvironmentForChildren(tx, environment.id)))
        throw notFound(
          'environment',
          `The environment ${body.environment} does not exist in app ${body.app}.`,
        )
      const now = deps.now()
      for (const v of body.variables) {
        await upsertVariable(
          tx,
          environment.id,
          {
            key: v.key,
            kind: v.kind ?? 'writeonly',
            valueCiphertext: cipher.encrypt(v.value),
            description: v.description ?? null,
          },
          now,
        )
      }
      if (body.prune) await pruneVariables(tx, environment.id, [...seen.keys()])
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
  }
