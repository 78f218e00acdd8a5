import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { acceptFromRequest } from '../../use-cases/accept-from-request.js'

/** `deployments.promoteDeployment`: see the operation's description in the spec for its preconditions. */
export const promoteDeployment =
  (deps: Deps): ServiceHandler<'deployments.promoteDeployment'> =>
  async (c) => {
    const { deploymentId } = c.req.valid('json')
    return c.json(await acceptFromRequest(deps, c, 'promote', deploymentId), 202)
  }
