import type { Deps } from '../../deps.js'
import type { ServiceHandler } from '../../http/env.js'
import { livenessAnswer } from '../../http/liveness.js'

/** `liveness` (GET, as documented; another method answers 405). No credential. */
export const liveness = (deps: Pick<Deps, 'db'>): ServiceHandler<'liveness'> =>
  livenessAnswer(deps) as unknown as ServiceHandler<'liveness'>
