import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { acceptFromRequest } from '../deployment-operation.js'

/** `deployments.rollbackDeployment`: see the operation's description in the spec for its preconditions. */
export const rollbackDeployment =
  (deps: Deps): ServiceHandler<'deployments.rollbackDeployment'> =>
  async (c) => {
    const { deploymentId } = c.req.valid('json')
    return c.json(await acceptFromRequest(deps, c, 'rollback', deploymentId), 202)
  }
