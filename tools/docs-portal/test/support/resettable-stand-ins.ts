/**
 * Stand-ins of their own for a test that puts them back to their seeded state between requests
 * (the services' test controls, `POST /__controls/reset`): the other test files share the global
 * stand-ins, which a reset would pull the state from under.
 */
import { randomBytes } from 'node:crypto'
import { CONTROL_SETTINGS, WEB_DATA_SETTINGS } from './stand-in-settings.ts'
import { type StandIn, startStandIn } from './stand-ins.ts'

export interface ResettableStandIn extends StandIn {
  /** Every table back to its rows right after the start (the demo seed), caches and clock too. */
  reset(): Promise<void>
}

const SETTINGS = {
  control: { env: CONTROL_SETTINGS, token: 'CONTROL_TEST_CONTROLS_TOKEN' },
  'web-data': { env: WEB_DATA_SETTINGS, token: 'WEB_DATA_TEST_CONTROLS_TOKEN' },
} as const

export async function startResettableStandIn(name: keyof typeof SETTINGS): Promise<ResettableStandIn> {
  const token = randomBytes(16).toString('hex')
  // In memory: a restore before every sample rewrites tables, which on a data folder are file
  // writes too, for state that ends with the test.
  const standIn = await startStandIn(name, {
    ...SETTINGS[name].env,
    [SETTINGS[name].token]: token,
    DATA_DIR: 'memory://',
  })
  return {
    ...standIn,
    reset: async () => {
      const response = await fetch(`${standIn.url}/__controls/reset`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
      if (!response.ok) throw new Error(`${name} reset: ${response.status} ${await response.text()}`)
    },
  }
}
