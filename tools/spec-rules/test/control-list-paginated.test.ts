import { testRule } from './rule-fixture.js'

testRule('control-list-paginated', 'control', [
  'operation deployments.listDeployments: the 200 body (ListDeploymentsResponseBody) must have a property pagination: {$ref: Pagination}',
])
