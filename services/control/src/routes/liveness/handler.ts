import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { livenessAnswer } from '../../http/liveness.js'

/** `liveness` (GET, as documented; `POST` answers the same, see app.ts). No credential. */
export const liveness = (deps: Pick<Deps, 'db'>): ServiceHandler<'liveness'> =>
  livenessAnswer(deps) as unknown as ServiceHandler<'liveness'>
