import type { Deps } from '../../deps.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { acceptDeploymentOperation } from '../../use-cases/accept-operation.js'

/** `deployments.stopDeployment`: see the operation's description in the spec for its preconditions. */
export const stopDeployment =
  (deps: Deps): ServiceHandler<'deployments.stopDeployment'> =>
  async (c) => {
    const { deploymentId } = c.req.valid('json')
    const requestId = c.get('requestId')
    await acceptDeploymentOperation(deps, callerOf(c), { kind: 'stop', deploymentId, requestId })
    return c.json({ meta: { requestId }, data: {} }, 202)
  }
