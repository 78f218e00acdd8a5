import { testRule } from './rule-fixture.js'

testRule('examples-valid', 'web-data', [
  'parameter jobId (path): example does not match its schema: the example must match format "uuid"',
  /example "processing" does not match its schema: \/status must be equal to one of the allowed values/,
  /example does not match its schema: \/maxCredits must be >= 1/,
])
