import type { Deps } from '../deps.js'
import type { DomainRecord } from '../domain/custom-domain.js'
import { notFound } from '../domain/errors.js'
import { findDomain } from '../repositories/domains.js'
import { authorize } from './authorize.js'
import type { Caller } from './caller.js'
import { denied } from './permission.js'

export const domainNotFound = (domain: string) =>
  notFound('domain', `The domain ${domain} is not attached to any environment of this workspace.`)

/** A domain of the caller's workspace by name (or id): 404 when unknown, 403 without the permission. */
export async function domainOf(deps: Deps, caller: Caller, domain: string): Promise<DomainRecord> {
  const d = await findDomain(deps.db, caller.workspaceId, domain.trim())
  if (!d) throw domainNotFound(domain)
  if (!authorize(caller, { environmentId: d.environmentId }))
    throw denied(caller, { environmentId: d.environmentId })
  return d
}
