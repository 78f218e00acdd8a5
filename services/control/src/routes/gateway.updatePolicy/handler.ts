import type { Deps } from '../../deps.js'
import { invalidField, invalidInput, notFound } from '../../domain/errors.js'
import type { StoredPolicy } from '../../domain/gateway-policy.js'
import { duplicateName } from '../../gateway/evaluate.js'
import { indexOfPolicy } from '../../gateway/policy-ids.js'
import { resolveTarget } from '../../gateway/target.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { loadPolicies, lockPolicies, savePolicies } from '../../repositories/gateway.js'

const FIELDS = ['name', 'enabled', 'match', 'keyauth', 'ratelimit', 'firewall', 'openapi', 'logging'] as const
/** The rule kinds: a policy has one, and an update that gives one replaces it, whatever its kind. */
const RULES = ['keyauth', 'ratelimit', 'firewall', 'openapi'] as const

type Update = Partial<Record<(typeof FIELDS)[number], unknown>>

/**
 * `gateway.updatePolicy`: changes the fields given of the policy `policyId` names (its id, or its
 * name); its id and the order stay.
 */
export const updatePolicy =
  (deps: Deps): ServiceHandler<'gateway.updatePolicy'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    checkUpdate(body)
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
 * What the official SDK documents of an update: at least one field to change, and at most one rule
 * (`keyauth`, `ratelimit`, `firewall` or `openapi`). Either mistake is a 400, not a silent no-op or
 * a policy with two rules.
 */
function checkUpdate(body: Update): void {
  if (!FIELDS.some((field) => body[field] !== undefined)) {
    throw invalidInput('Give at least one field of the policy to change.', {
      location: 'body',
      message: `None of ${FIELDS.join(', ')} is given.`,
    })
  }
  const rules = RULES.filter((rule) => body[rule] !== undefined)
  if (rules.length > 1) {
    throw invalidField(
      `body.${rules[1]}`,
      `A policy has one rule: give one of ${RULES.join(', ')}, not ${rules.join(' and ')}.`,
    )
  }
}

/**
 * The policy with the given fields replaced. `null` (only `match` may be null) removes the field,
 * so the policy is stored as `gateway.setPolicies` stores one without it: it applies to every
 * request. A rule given replaces the policy's rule, switching its kind if it differs.
 */
function applyUpdate(current: StoredPolicy, body: Update) {
  const next = { ...current } as Record<string, unknown>
  if (RULES.some((rule) => body[rule] !== undefined)) for (const rule of RULES) delete next[rule]
  for (const field of FIELDS) {
    if (body[field] === null) delete next[field]
    else if (body[field] !== undefined) next[field] = body[field]
  }
  return next as unknown as StoredPolicy
}
