import type { ApiEnv } from '@apiplatform/web-data-routes'
import type { Principal } from '../billing/keys.js'

/**
 * The Hono environment of the service: the API's variables plus the authenticated caller and the
 * team's balance as metering read it (`teamCredits`; a pre-check only, the charge decides).
 */
export type ServiceEnv = ApiEnv<{ principal: Principal; teamCredits?: number }>
