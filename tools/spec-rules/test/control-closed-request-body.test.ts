import { testRule } from './rule-fixture.js'

testRule('control-closed-request-body', 'control', [
  'operation deployments.listDeployments: ListDeploymentsRequestBody accepts unknown properties; add additionalProperties: false',
])
