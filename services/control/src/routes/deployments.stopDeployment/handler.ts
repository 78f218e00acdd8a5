import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { acceptFromRequest } from '../deployment-operation.js'

/** `deployments.stopDeployment`: see the operation's description in the spec for its preconditions. */
export const stopDeployment =
  (deps: Deps): ServiceHandler<'deployments.stopDeployment'> =>
  async (c) => {
    const { deploymentId } = c.req.valid('json')
    return c.json(await acceptFromRequest(deps, c, 'stop', deploymentId), 202)
  }
