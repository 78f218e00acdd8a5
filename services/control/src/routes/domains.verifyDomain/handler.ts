import { domainNotFound, domainOf } from '../../access/domain.js'
import type { Deps } from '../../deps.js'
import { preconditionFailed } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { beginDomainCheck, findDomain } from '../../repositories/domains.js'
import { TASKS_QUEUE, type TaskJob } from '../../workflows/tasks.js'

/**
 * `domains.verifyDomain`: 412 when already verified; otherwise (`pending`, `verifying` or
 * `failed`, after the owner fixed the records) the domain is `pending` again with a new 24-hour
 * window, and a check is queued in the same transaction (202). The check looks the records up
 * through the service's DnsResolver: `verified`, or `verifying` with background checks until the
 * window ends, then `failed`.
 */
export const verifyDomain =
  (deps: Deps): ServiceHandler<'domains.verifyDomain'> =>
  async (c) => {
    const caller = callerOf(c)
    const found = await domainOf(deps, caller, c.req.valid('json').domain)
    await deps.db.transaction(async (tx) => {
      const d = await findDomain(tx, found.workspaceId, found.id, { forUpdate: true })
      if (!d) throw domainNotFound(found.domain)
      if (d.status === 'verified') throw preconditionFailed(`The domain ${d.domain} is already verified.`)
      const seq = await beginDomainCheck(tx, d.id, deps.now())
      const job: TaskJob = { kind: 'verify_domain', domainId: d.id, seq, attempt: 1 }
      await deps.queue.enqueue(tx, TASKS_QUEUE, job, { dedupeKey: `verify_domain:${d.id}:${seq}` })
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 202)
  }
