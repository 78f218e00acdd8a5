/**
 * How the docs tests run the stand-ins: the bootstrap credentials, and limits raised for a suite
 * that sends a few hundred requests a minute (the samples and the guide), fast workflow steps.
 */
import { CONTROL_ROOT_KEY, WEB_DATA_API_KEY } from './keys.ts'

export const CONTROL_SETTINGS: Record<string, string> = {
  CONTROL_ROOT_KEY,
  CONTROL_REQUEST_RATE_LIMIT: '0',
  CONTROL_WORKFLOW_STEP_MS: '50',
}

export const WEB_DATA_SETTINGS: Record<string, string> = {
  WEB_DATA_API_KEY,
  WEB_DATA_ALLOW_PRIVATE_URLS: '1',
  WEB_DATA_RATE_LIMIT_PER_MIN: '100000',
  WEB_DATA_MAX_CONCURRENT_JOBS: '1000',
  WEB_DATA_AGENT_STEP_MS: '20',
  WEB_DATA_JOB_POLL_MS: '50',
}
