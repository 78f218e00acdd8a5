import { authorize } from '../../access/authorize.js'
import type { Deps } from '../../deps.js'
import { toApiDeployment } from '../../domain/deployment.js'
import { deploymentNotFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findDeployment } from '../../repositories/deployments.js'

/** `deployments.getDeployment`: one deployment; unknown and unreadable give the same 404. */
export const getDeployment =
  (deps: Deps): ServiceHandler<'deployments.getDeployment'> =>
  async (c) => {
    const caller = callerOf(c)
    const { deploymentId } = c.req.valid('json')
    const d = await findDeployment(deps.db, caller.workspaceId, deploymentId)
    if (!d || !authorize(caller, { environmentId: d.environmentId })) throw deploymentNotFound(deploymentId)
    return c.json({ meta: { requestId: c.get('requestId') }, data: toApiDeployment(d) }, 200)
  }
