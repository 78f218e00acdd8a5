import { expect, it } from 'vitest'
import { runBuild } from './build.js'

// Lines as turbo prints them with --output-logs=new-only (one prefix per task).
const turbo = (lines: string[], exitCode: number) => [
  process.execPath,
  '-e',
  `for (const l of ${JSON.stringify(lines)}) console.log(l); process.exit(${exitCode})`,
]

it('names each task turbo has to run and counts the cached ones', async () => {
  const said: string[] = []
  const result = await runBuild(
    process.cwd(),
    (l) => said.push(l),
    () => {},
    turbo(
      [
        '@apiplatform/server-kit:build: cache hit, replaying logs 1234',
        '@apiplatform/control-routes:generate: cache miss, executing 5678',
        '@apiplatform/control-routes:generate: > tsx ../../tools/codegen/src/cli.ts routes',
        '@apiplatform/control-service:build: cache miss, executing 9abc',
      ],
      0,
    ),
  )
  expect(result).toMatchObject({ ok: true, built: 2, cached: 1 })
  expect(said).toEqual(['  building control-routes (generate)', '  building control-service (build)'])
})

it("shows a failed task's whole output", async () => {
  const said: string[] = []
  const result = await runBuild(
    process.cwd(),
    (l) => said.push(l),
    () => {},
    turbo(
      [
        '@apiplatform/control-service:build: cache miss, executing 9abc',
        '@apiplatform/control-service:build: src/app.ts(3,1): error TS1005: ; expected',
        ' ERROR  run failed: command  exited (1)',
        '@apiplatform/control-service#build: command (/x/services/control) /usr/bin/pnpm run build exited (1)',
      ],
      1,
    ),
  )
  expect(result.ok).toBe(false)
  expect(said).toContain('  @apiplatform/control-service:build: src/app.ts(3,1): error TS1005: ; expected')
})
