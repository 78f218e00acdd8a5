import type { Deps } from '../../deps.js'
import { invalidInput, notFound } from '../../domain/errors.js'
import type { Policy } from '../../domain/gateway-policy.js'
import { duplicateName } from '../../gateway/evaluate.js'
import { withNewIds } from '../../gateway/policy-ids.js'
import { resolveTarget } from '../../gateway/target.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { lockEnvironmentForChildren } from '../../repositories/environments.js'
import { savePolicies } from '../../repositories/gateway.js'

/**
 * `gateway.setPolicies`: replaces the whole ordered list, each policy with a new id. Names must be
 * unique: `gateway.updatePolicy` accepts a name in place of the id.
 */
export const setPolicies =
  (deps: Deps): ServiceHandler<'gateway.setPolicies'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const policies = body.policies as Policy[]
    const dup = duplicateName(policies)
    if (dup !== undefined) {
      throw invalidInput(`Two policies are named ${dup}.`, {
        location: 'body.policies',
        message: `Policy names must be unique; ${dup} is used twice.`,
        fix: 'Give every policy its own name: gateway.updatePolicy accepts a name in place of the id.',
      })
    }
    const target = await resolveTarget(deps, caller, body)
    await deps.db.transaction(async (tx) => {
      // An app deletion may have removed the environment since it was looked up.
      if (!(await lockEnvironmentForChildren(tx, target.environmentId)))
        throw notFound(
          'environment',
          `The environment ${body.environment} of ${body.project}/${body.app} does not exist.`,
        )
      await savePolicies(tx, target, withNewIds(policies), deps.now())
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
  }
