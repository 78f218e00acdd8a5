import { describe, expect, it } from 'vitest'
import { resourceName } from '../src/rules/control-required-permissions.js'
import { testRule } from './rule-fixture.js'

testRule('control-required-permissions', 'control', [
  'x-required-permissions[0][0] "project:read_deployment" is not a permission',
  'add `environment/{environmentId}#rollback_deployment`',
])

describe('resourceName', () => {
  it('turns a tuple into a resource name', () => {
    expect(resourceName('environment.*.rollback_deployment')).toBe('environment/*#rollback_deployment')
    expect(resourceName('api.{apiId}.read_api')).toBe('api/{apiId}#read_api')
    expect(resourceName('api:read')).toBeUndefined()
  })
})
