import { describe, expect, it } from 'vitest'
import { bumpFor, diffSpecs } from '../src/diff.ts'
import { loadPair } from './helpers.ts'

const cases = [
  {
    name: 'removed-operation',
    severity: 'breaking',
    line: /deployments\.listDeployments.*operation removed/,
  },
  {
    name: 'new-required-request-field',
    severity: 'breaking',
    line: /deployments\.getDeployment.*request body: field `projectId` is now required/,
  },
  {
    name: 'narrowed-enum',
    severity: 'breaking',
    line: /deployments\.getDeployment.*request body: enum value "failed" removed from `status`/,
  },
  {
    name: 'removed-response-field',
    severity: 'breaking',
    line: /deployments\.getDeployment.*response 200: field `data\.gitBranch` removed/,
  },
  {
    name: 'new-optional-field',
    severity: 'non-breaking',
    line: /deployments\.getDeployment.*request body: field `verbose` added/,
  },
  {
    name: 'new-operation',
    severity: 'non-breaking',
    line: /deployments\.cancelDeployment.*operation added/,
  },
] as const

describe('spec diff classification', () => {
  for (const c of cases) {
    it(`${c.name} is ${c.severity}`, () => {
      const { before, after } = loadPair(c.name)
      const diff = diffSpecs(before, after)
      expect(diff.changes.length).toBeGreaterThan(0)
      if (c.severity === 'breaking') {
        expect(diff.breaking.length).toBeGreaterThan(0)
        expect(bumpFor(diff)).toBe('major')
      } else {
        expect(diff.breaking).toEqual([])
        expect(bumpFor(diff)).toBe('minor')
      }
      const lines = diff.changes.map((ch) => `${ch.severity} ${ch.operation} (${ch.endpoint}): ${ch.message}`)
      expect(lines.some((l) => l.startsWith(c.severity) && c.line.test(l))).toBe(true)
    })
  }

  it('sees no change between a document and itself', () => {
    const { before } = loadPair('new-operation')
    expect(diffSpecs(before, structuredClone(before)).changes).toEqual([])
  })

  it('lists a removed response field once per operation that returns it', () => {
    const { before, after } = loadPair('removed-response-field')
    const ops = new Set(diffSpecs(before, after).breaking.map((c) => c.operation))
    expect([...ops].sort()).toEqual(['deployments.getDeployment', 'deployments.listDeployments'])
  })
})
