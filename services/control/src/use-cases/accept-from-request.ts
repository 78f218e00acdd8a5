import type { Context } from 'hono'
import type { Deps } from '../deps.js'
import { authorize } from '../http/auth.js'
import type { ServiceEnv } from '../http/env.js'
import { acceptDeploymentOperation } from './accept-operation.js'

/**
 * The shared body of rollback, promote, start and stop: accept the operation on the deployment
 * named by `deploymentId` and answer `202 { meta, data: {} }` once it is recorded.
 */
export async function acceptFromRequest(
  deps: Deps,
  c: Context<ServiceEnv>,
  kind: 'rollback' | 'promote' | 'stop' | 'start',
  deploymentId: string,
): Promise<{ meta: { requestId: string }; data: Record<string, never> }> {
  const caller = c.get('caller')
  await acceptDeploymentOperation(deps, {
    kind,
    workspaceId: caller.workspaceId,
    deploymentId,
    mayActOn: (d) => authorize(c, { environmentId: d.environmentId }),
    requestId: c.get('requestId'),
  })
  return { meta: { requestId: c.get('requestId') }, data: {} }
}
