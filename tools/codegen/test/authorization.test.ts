import { describe, expect, it } from 'vitest'
import { emitAuthorization } from '../src/authorization.js'

const header = '// header\n'

describe('emitAuthorization', () => {
  it('writes a typed permission table when the spec uses x-required-permissions', () => {
    const source = emitAuthorization(header, [
      { operationId: 'liveness', operation: { 'x-required-permissions': [] } },
      {
        operationId: 'keys.getKey',
        operation: { 'x-required-permissions': [['api.*.read_key'], ['api.{apiId}.read_key']] },
      },
    ])
    expect(source).toContain("import type { OperationId } from './routes.js'")
    expect(source).toContain(
      'export const requiredPermissions: { readonly [K in OperationId]: readonly (readonly string[])[] } = {',
    )
    expect(source).toContain('  "keys.getKey": [["api.*.read_key"],["api.{apiId}.read_key"]],')
    expect(source).not.toContain('requiredScopes')
  })

  it('writes the scope table with the union of the scopes the spec names', () => {
    const source = emitAuthorization(header, [
      { operationId: 'mapUrls', operation: { 'x-required-scope': 'map' } },
      { operationId: 'crawlUrls', operation: { 'x-required-scope': 'crawl' } },
    ])
    expect(source).toContain('export type RequiredScope = "crawl" | "map"')
    expect(source).toContain(
      'export const requiredScopes: { readonly [K in OperationId]: RequiredScope } = {',
    )
    expect(source).toContain('  "mapUrls": "map",')
  })

  it('refuses a spec where some operation lacks the extension or carries a malformed one', () => {
    expect(() =>
      emitAuthorization(header, [
        { operationId: 'mapUrls', operation: { 'x-required-scope': 'map' } },
        { operationId: 'crawlUrls', operation: {} },
      ]),
    ).toThrow('operation crawlUrls has no x-required-scope')
    expect(() =>
      emitAuthorization(header, [{ operationId: 'a', operation: { 'x-required-permissions': ['api.*.x'] } }]),
    ).toThrow(/must be an array of arrays/)
  })

  it('writes the security of every operation: its own, else the document default', () => {
    const source = emitAuthorization(
      header,
      [
        { operationId: 'liveness', operation: { security: [] } },
        { operationId: 'keys.getKey', operation: {} },
        { operationId: 'portal.whoami', operation: { security: [{ portalSession: [] }] } },
      ],
      [{ rootKey: [] }],
    )
    expect(source).toContain(
      'export const securitySchemes: { readonly [K in OperationId]: readonly (readonly string[])[] } = {',
    )
    expect(source).toContain('  "liveness": [],')
    expect(source).toContain('  "keys.getKey": [["rootKey"]],')
    expect(source).toContain('  "portal.whoami": [["portalSession"]],')
  })

  it('writes an empty module for a spec without authorization extensions', () => {
    expect(emitAuthorization(header, [{ operationId: 'a', operation: {} }])).toBe(`${header}\nexport {}\n`)
  })
})
