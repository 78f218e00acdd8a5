import type { ServiceHandler } from '../../http/env.js'

/** `liveness`: answers while the process serves requests. No credential, no data read. */
export const liveness = (): ServiceHandler<'liveness'> => (c) =>
  c.json({ meta: { requestId: c.get('requestId') }, data: { message: 'OK' } }, 200)
