import type { Handlers } from '@apiplatform/control-routes'
import type { Deps } from './deps.js'
import type { ServiceEnv } from './http/env.js'
import { getApp } from './routes/apps.getApp/handler.js'
import { listApps } from './routes/apps.listApps/handler.js'
import { createDeployment } from './routes/deployments.createDeployment/handler.js'
import { getDeployment } from './routes/deployments.getDeployment/handler.js'
import { listDeployments } from './routes/deployments.listDeployments/handler.js'
import { promoteDeployment } from './routes/deployments.promoteDeployment/handler.js'
import { rollbackDeployment } from './routes/deployments.rollbackDeployment/handler.js'
import { startDeployment } from './routes/deployments.startDeployment/handler.js'
import { stopDeployment } from './routes/deployments.stopDeployment/handler.js'
import { getEnvironment } from './routes/environments.getEnvironment/handler.js'
import { listEnvironments } from './routes/environments.listEnvironments/handler.js'
import { liveness } from './routes/liveness/handler.js'

/**
 * The operations this service implements. Operations of the spec missing here answer 501 and are
 * listed by `missingOperations(createHandlers(…))` (see `test/missing-operations.test.ts`).
 */
export function createHandlers(deps: Deps): Partial<Handlers<ServiceEnv>> {
  return {
    liveness: liveness(),
    'apps.getApp': getApp(deps),
    'apps.listApps': listApps(deps),
    'environments.getEnvironment': getEnvironment(deps),
    'environments.listEnvironments': listEnvironments(deps),
    'deployments.createDeployment': createDeployment(deps),
    'deployments.getDeployment': getDeployment(deps),
    'deployments.listDeployments': listDeployments(deps),
    'deployments.promoteDeployment': promoteDeployment(deps),
    'deployments.rollbackDeployment': rollbackDeployment(deps),
    'deployments.startDeployment': startDeployment(deps),
    'deployments.stopDeployment': stopDeployment(deps),
  }
}
