import { testRule } from './rule-fixture.js'

testRule('web-data-error-body', 'web-data', [
  'operation startAgent: response 400 (application/json): the schema must be a $ref to ErrorResponse, not an inline schema',
  /operation getAgentStatus: response 404 .*not RelayedErrorResponse \(RelayedErrorResponse is only for the agent trace and snapshot operations/,
])
