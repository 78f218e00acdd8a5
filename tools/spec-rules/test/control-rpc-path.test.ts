import { testRule } from './rule-fixture.js'

testRule('control-rpc-path', 'control', [
  'operation deployments.rollback: set operationId to "deployments.rollbackDeployment"',
  'set tags to exactly ["deployments"]',
])
