import { testRule } from './rule-fixture.js'

testRule('operation-documented', 'control', [
  'operation deployments.rollbackDeployment: the description repeats the summary',
  'operation deployments.rollbackDeployment: add an example (example or examples) to the success response 202',
])
