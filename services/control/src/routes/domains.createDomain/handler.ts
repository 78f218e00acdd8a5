import { newId, randomToken } from '@apiplatform/server-kit'
import { environmentOf } from '../../access/environment.js'
import type { Deps } from '../../deps.js'
import { dnsRecordsFor, normalizeDomain } from '../../domain/custom-domain.js'
import { ApiError, invalidInput, notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { insertDomain } from '../../repositories/domains.js'
import { lockEnvironmentForChildren } from '../../repositories/environments.js'
import { TASKS_QUEUE, type TaskJob } from '../../workflows/tasks.js'

const taken = (domain: string) =>
  new ApiError(
    409,
    'data/domain_already_exists',
    `The domain ${domain} is already attached to an environment.`,
  )

/**
 * `domains.createDomain`: attaches the domain (`pending`) and answers with the DNS records to
 * create: a CNAME (an ALIAS for an apex domain) to the edge, and a TXT record with a random
 * verification token. Background checks are queued for the domain's 24-hour verification window,
 * which starts now; `domains.verifyDomain` checks right away and starts the window again.
 */
export const createDomain =
  (deps: Deps): ServiceHandler<'domains.createDomain'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const { environment } = await environmentOf(deps, caller, body)
    const domain = normalizeDomain(body.domain)
    if (!domain) {
      throw invalidInput(`${body.domain} is not a valid domain name.`, {
        location: 'body.domain',
        message: 'Expected a fully qualified domain name such as api.example.com',
        fix: 'Use letters, digits and hyphens in dot-separated labels of up to 63 characters.',
      })
    }
    const id = newId('dom')
    const verificationToken = randomToken(24)
    const dnsRecords = dnsRecordsFor(domain, verificationToken)
    await deps.db.transaction(async (tx) => {
      // An app deletion may have removed the environment since it was looked up.
      if (!(await lockEnvironmentForChildren(tx, environment.id)))
        throw notFound(
          'environment',
          `The environment ${body.environment} does not exist in app ${body.app}.`,
        )
      const inserted = await insertDomain(tx, {
        id,
        workspaceId: environment.workspaceId,
        projectId: environment.projectId,
        appId: environment.appId,
        environmentId: environment.id,
        domain,
        verificationToken,
        dnsRecords,
        createdAt: deps.now(),
      })
      if (!inserted) throw taken(domain)
      const job: TaskJob = { kind: 'verify_domain', domainId: id, seq: 1, attempt: 0 }
      await deps.queue.enqueue(tx, TASKS_QUEUE, job, { dedupeKey: `verify_domain:${id}:1` })
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: { domainId: id, dnsRecords } }, 200)
  }
