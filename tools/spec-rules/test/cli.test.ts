/**
 * The rule tests lint in-process with Redocly's Node API (`lint` in ./lint.ts). This is the one test
 * that runs the real `redocly lint` CLI: once per API, on every fixture of that API under all of its
 * rules, and checks that the CLI loads the plugin from dist/ and reports, file by file, the problems
 * that `lint` reports, and fails exactly when `lint` has an error.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { lint, lintWithCli, packageRoot } from './lint.js'

/** The rule of each fixture folder, by the API whose config its test uses (`testRule(rule, api)`). */
const rulesByApi = {
  control: [
    'control-closed-request-body',
    'control-error-problem-schema',
    'control-list-paginated',
    'control-required-permissions',
    'control-rpc-path',
    'operation-documented',
    'free-form-object',
  ],
  'web-data': ['examples-valid', 'web-data-error-body', 'web-data-retryable'],
}

// Two CLI starts linting 18 files: about 2.7 s of CPU, 10 to 13 s of wall time on a loaded 2-core
// machine; the margin is for a CI machine several times slower than that.
const timeout = 240_000

it('the real redocly lint reports what the in-process lint reports, file by file', { timeout }, async () => {
  const folders = readdirSync(join(packageRoot, 'fixtures'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
  expect(Object.values(rulesByApi).flat().sort()).toEqual(folders.sort())

  await Promise.all(
    Object.entries(rulesByApi).map(async ([api, rules]) => {
      const config = `fixtures/${api}.redocly.yaml`
      const fixtures = rules.flatMap((rule) => [`fixtures/${rule}/bad.yaml`, `fixtures/${rule}/good.yaml`])
      const [cli, ...inProcess] = await Promise.all([
        lintWithCli(fixtures, config),
        ...fixtures.map((fixture) => lint(fixture, config)),
      ])
      expect(cli.problems.flat().length, api).toBeGreaterThan(0)
      fixtures.forEach((fixture, i) => {
        expect(cli.problems[i], fixture).toEqual(inProcess[i]?.problems)
      })
      expect(cli.exitCode, api).toBe(inProcess.some((result) => result.exitCode !== 0) ? 1 : 0)
    }),
  )
})
