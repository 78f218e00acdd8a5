import { describe, expect, it } from 'vitest'
import { describeRequirement, fillPlaceholders, PermissionSet, parsePermission } from './permissions.js'

describe('permissions', () => {
  it('parses both notations to the same permission', () => {
    expect(parsePermission('environment.env_1.rollback_deployment')).toEqual({
      type: 'environment',
      id: 'env_1',
      action: 'rollback_deployment',
    })
    expect(parsePermission('environment/env_1#rollback_deployment')).toEqual(
      parsePermission('environment.env_1.rollback_deployment'),
    )
    expect(parsePermission('api/*#create_key')).toEqual({ type: 'api', id: '*', action: 'create_key' })
  })

  it('rejects strings in neither notation', () => {
    for (const bad of ['', 'environment', 'a.b', 'a.b.c.d', 'a/b', 'a#b', 'a/b#', 'a.b.*', 'a b.c.d']) {
      expect(parsePermission(bad), bad).toBeUndefined()
    }
  })

  it('matches wildcards only in the resource part, held side', () => {
    const set = new PermissionSet(['environment.*.read_deployment', 'api/api_1#read_api', '*/*#create_key'])
    expect(set.has('environment.env_9.read_deployment')).toBe(true)
    expect(set.has('environment.*.read_deployment')).toBe(true)
    expect(set.has('environment.env_9.rollback_deployment')).toBe(false)
    expect(set.has('api.api_1.read_api')).toBe(true)
    expect(set.has('api.api_2.read_api')).toBe(false)
    expect(set.has('api.*.read_api')).toBe(false)
    expect(set.has('ratelimit.ns_1.create_key')).toBe(true)
  })

  it('tells whether any request to an operation could be allowed, whatever resource it names', () => {
    const required = [['environment.*.read_deployment'], ['environment.{environmentId}.read_deployment']]
    expect(new PermissionSet(['environment.env_1.read_deployment']).mightSatisfy(required)).toBe(true)
    expect(new PermissionSet(['environment.*.read_deployment']).mightSatisfy(required)).toBe(true)
    expect(new PermissionSet(['*.*.read_deployment']).mightSatisfy(required)).toBe(true)
    expect(new PermissionSet(['environment.env_1.create_deployment']).mightSatisfy(required)).toBe(false)
    expect(new PermissionSet(['project.*.read_deployment']).mightSatisfy(required)).toBe(false)
    expect(new PermissionSet([]).mightSatisfy(required)).toBe(false)
    expect(new PermissionSet([]).mightSatisfy([])).toBe(true)
    // A literal wildcard in the template needs the wildcard held, not some id.
    expect(new PermissionSet(['api.api_1.create_api']).mightSatisfy([['api.*.create_api']])).toBe(false)
  })

  it('evaluates alternatives with placeholders filled from the resource', () => {
    const required = [
      ['environment.*.rollback_deployment'],
      ['environment.{environmentId}.rollback_deployment'],
    ]
    const scoped = new PermissionSet(['environment/env_1#rollback_deployment'])
    expect(scoped.satisfies(required, { environmentId: 'env_1' })).toBe(true)
    expect(scoped.satisfies(required, { environmentId: 'env_2' })).toBe(false)
    expect(scoped.satisfies(required, {})).toBe(false)
    expect(new PermissionSet(['environment.*.rollback_deployment']).satisfies(required)).toBe(true)
    expect(new PermissionSet([]).satisfies([])).toBe(true)
    // Every permission of an alternative must be held.
    const both = [['api.*.read_api', 'api.*.read_key']]
    expect(new PermissionSet(['api.*.read_api']).satisfies(both)).toBe(false)
    expect(new PermissionSet(['api.*.read_api', 'api/*#read_key']).satisfies(both)).toBe(true)
  })

  it('fills placeholders or reports a missing value', () => {
    expect(fillPlaceholders('environment.{environmentId}.x', { environmentId: 'e' })).toBe('environment.e.x')
    expect(fillPlaceholders('environment.{environmentId}.x', {})).toBeUndefined()
  })

  it('answers repeated checks the same, for every resource (answers are remembered per string)', () => {
    const set = new PermissionSet(['api.api_1.verify_key', 'ratelimit.*.limit'])
    for (let round = 0; round < 3; round++) {
      expect(set.has('api.api_1.verify_key')).toBe(true)
      expect(set.has('api.api_2.verify_key')).toBe(false)
      expect(set.satisfies([['api.{apiId}.verify_key']], { apiId: 'api_1' })).toBe(true)
      expect(set.satisfies([['api.{apiId}.verify_key']], { apiId: 'api_2' })).toBe(false)
      expect([...set.idsWith('api', 'verify_key')]).toEqual(['api_1'])
      expect([...set.idsWith('ratelimit', 'limit')]).toEqual(['*'])
      expect(set.idsWith('api', 'create_key').size).toBe(0)
    }
    // More distinct checks than it remembers: still right.
    for (let i = 0; i < 2500; i++) expect(set.has(`api.api_${i}.verify_key`)).toBe(i === 1)
  })

  it('describes a requirement template by its type and action', () => {
    expect(describeRequirement('environment.{environmentId}.read_deployment')).toEqual({
      type: 'environment',
      action: 'read_deployment',
    })
    expect(describeRequirement('environment.{environmentId}.read_deployment')).toEqual({
      type: 'environment',
      action: 'read_deployment',
    })
    expect(describeRequirement('not a permission')).toBeUndefined()
  })
})
