/**
 * The test controls' settings from a service's environment: on with a token
 * (`<SERVICE>_TEST_CONTROLS_TOKEN`), or with `TEST_CONTROLS=1` (what `--test-controls` sets) and a
 * token generated for this start, which the banner prints. Off otherwise: nothing.
 */
import { randomToken } from '../ids.js'

export interface TestControlsSettings {
  testControls?: { httpToken: string; httpTokenGenerated: boolean }
}

export function testControlsFromEnv(
  token: string | undefined,
  flag: string | undefined,
): TestControlsSettings {
  const given = token?.trim()
  if (given) return { testControls: { httpToken: given, httpTokenGenerated: false } }
  if (flag === '1' || flag === 'true')
    return { testControls: { httpToken: `tc_${randomToken(32)}`, httpTokenGenerated: true } }
  return {}
}
