import { authorize } from '../../access/authorize.js'
import { denied } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { isCurrent } from '../../domain/deployment.js'
import { deploymentNotFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { listDeploymentSteps } from '../../repositories/deployment-events.js'
import { findDeployment } from '../../repositories/deployments.js'
import { verifiedDomainNames } from '../../repositories/domains.js'

/**
 * `deploy.getDeployment` (deprecated namespace): the status in upper case, the hostnames the
 * deployment answers on (its own, plus the verified custom domains of its environment while it
 * serves live traffic) and its steps, one per state it entered. Unlike
 * `deployments.getDeployment`, a key without the permission gets 403, as documented.
 */
export const getDeployment =
  (deps: Deps): ServiceHandler<'deploy.getDeployment'> =>
  async (c) => {
    const caller = callerOf(c)
    const { deploymentId } = c.req.valid('json')
    const d = await findDeployment(deps.db, caller.workspaceId, deploymentId)
    if (!d) throw deploymentNotFound(deploymentId)
    if (!authorize(caller, { environmentId: d.environmentId }))
      throw denied(caller, { environmentId: d.environmentId })
    const custom = isCurrent(d) ? await verifiedDomainNames(deps.db, d.environmentId) : []
    const steps = await listDeploymentSteps(deps.db, d.id)
    const upper = (s: string) => s.toUpperCase() as Uppercase<typeof d.status>
    return c.json(
      {
        meta: { requestId: c.get('requestId') },
        data: {
          id: d.id,
          status: upper(d.status),
          ...(d.error ? { errorMessage: d.error.message } : {}),
          hostnames: [...d.domains, ...custom],
          steps: (steps.length > 0
            ? steps
            : [
                {
                  status: d.status,
                  message: `Deployment is ${d.status}`,
                  errorMessage: null,
                  createdAt: d.createdAt,
                },
              ]
          ).map((s) => ({
            status: s.status.toUpperCase(),
            message: s.message,
            ...(s.errorMessage ? { errorMessage: s.errorMessage } : {}),
            createdAt: s.createdAt,
          })),
        },
      },
      200,
    )
  }
