/**
 * The standard test of one rule against its fixtures:
 * - `bad.yaml` fails under a config that enables only the rule, with problems of that rule;
 * - `bad.yaml` breaks only that rule among all the rules of its API;
 * - `good.yaml` passes both configs.
 */
import { describe, expect, it } from 'vitest'
import { lint } from './lint.js'

export function testRule(
  rule: string,
  api: 'control' | 'web-data',
  expectedMessages: Array<string | RegExp>,
) {
  const ruleId = `spec-rules/${rule}`
  const only = `fixtures/${rule}/redocly.yaml`
  const all = `fixtures/${api}.redocly.yaml`

  describe(ruleId, () => {
    it('fails bad.yaml with its own rule id and actionable messages', async () => {
      const { exitCode, problems } = await lint(`fixtures/${rule}/bad.yaml`, only)
      expect(exitCode).not.toBe(0)
      expect(problems.length).toBeGreaterThan(0)
      expect(new Set(problems.map((p) => p.ruleId))).toEqual(new Set([ruleId]))
      const messages = problems.map((p) => p.message)
      for (const expected of expectedMessages) {
        expect(
          messages.some((m) => (typeof expected === 'string' ? m.includes(expected) : expected.test(m))),
          String(expected),
        ).toBe(true)
      }
    })

    it(`bad.yaml breaks no other rule of the ${api} API`, async () => {
      const { problems } = await lint(`fixtures/${rule}/bad.yaml`, all)
      expect(problems.length).toBeGreaterThan(0)
      expect(problems.filter((p) => p.ruleId !== ruleId)).toEqual([])
    })

    it('passes good.yaml', async () => {
      expect((await lint(`fixtures/${rule}/good.yaml`, only)).problems).toEqual([])
    })

    it(`good.yaml passes every rule of the ${api} API`, async () => {
      const { exitCode, problems } = await lint(`fixtures/${rule}/good.yaml`, all)
      expect(problems).toEqual([])
      expect(exitCode).toBe(0)
    })
  })
}
