import { testRule } from './rule-fixture.js'

testRule('control-error-problem-schema', 'control', [
  'response 429: use content type application/problem+json instead of application/json',
  'BadRequestErrorResponse.error must be a $ref to BadRequestErrorDetails, not BaseError',
])
