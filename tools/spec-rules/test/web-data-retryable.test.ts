import { testRule } from './rule-fixture.js'

testRule('web-data-retryable', 'web-data', [
  'response 429: 429 is retryable with backoff; x-retryable must not be "no"',
  'response 429: document the Retry-After header',
  'response 404: add x-retryable: no',
])
