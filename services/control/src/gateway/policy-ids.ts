/**
 * Policy ids: the service gives every policy it stores an id (`pol_…`), kept inside the stored
 * policy. `gateway.setPolicies` replaces the list, so every policy of it gets a new one;
 * `gateway.updatePolicy` keeps the id of the policy it changes.
 */
import { newId } from '@apiplatform/server-kit'
import type { Policy, StoredPolicy } from '../domain/gateway-policy.js'

/** The policies as given, each with a new id (in front, where `gateway.listPolicies` shows it). */
export function withNewIds(policies: readonly Policy[]): StoredPolicy[] {
  return policies.map((policy) => ({ id: newId('pol'), ...policy }))
}

/**
 * The index of the policy a request names: by id first, then by name (names are unique in an
 * environment, and callers written before policies had ids name them that way). -1 when none.
 */
export function indexOfPolicy(policies: readonly StoredPolicy[], policyId: string): number {
  const byId = policies.findIndex((p) => p.id === policyId)
  return byId >= 0 ? byId : policies.findIndex((p) => p.name === policyId)
}
