import type { Deps } from '../../deps.js'
import { invalidInput, notFound } from '../../domain/errors.js'
import type { StoredPolicy } from '../../domain/gateway-policy.js'
import { duplicateName } from '../../gateway/evaluate.js'
import { indexOfPolicy } from '../../gateway/policy-ids.js'
import { resolveTarget } from '../../gateway/target.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { loadPolicies, lockPolicies, savePolicies } from '../../repositories/gateway.js'

const FIELDS = ['name', 'enabled', 'match', 'keyauth', 'ratelimit', 'firewall', 'openapi', 'logging'] as const

/**
 * `gateway.updatePolicy`: changes the fields given of the policy `policyId` names (its id, or its
 * name); its id and the order stay.
 */
export const updatePolicy =
  (deps: Deps): ServiceHandler<'gateway.updatePolicy'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const target = await resolveTarget(deps, caller, body)
    return deps.db.transaction(async (tx) => {
      await lockPolicies(tx, target.environmentId)
      const policies = await loadPolicies(tx, target.environmentId)
      const index = indexOfPolicy(policies, body.policyId)
      const current = policies[index]
      if (!current) {
        throw notFound('policy', `The environment has no policy with the id or name ${body.policyId}.`)
      }
      policies[index] = applyUpdate(current, body)
      const dup = duplicateName(policies)
      if (dup !== undefined) {
        throw invalidInput(`Another policy is already named ${dup}.`, {
          location: 'body.name',
          message: `Policy names must be unique; ${dup} is taken.`,
        })
      }
      await savePolicies(tx, target, policies, deps.now())
      return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 200)
    })
  }

/**
 * The policy with the given fields replaced. `null` (only `match` may be null) removes the field,
 * so the policy is stored as `gateway.setPolicies` stores one without it: it applies to every
 * request.
 */
function applyUpdate(current: StoredPolicy, body: Partial<Record<(typeof FIELDS)[number], unknown>>) {
  const next = { ...current } as Record<string, unknown>
  for (const field of FIELDS) {
    if (body[field] === null) delete next[field]
    else if (body[field] !== undefined) next[field] = body[field]
  }
  return next as unknown as StoredPolicy
}
