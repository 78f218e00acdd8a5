/**
 * The getting-started guides do what they say: their `sh` blocks run in bash and their `ts` blocks
 * are type-checked and run, in the order of the guide, against the stand-ins started for the test
 * (the `sh setup` blocks, starting those and exporting the credentials, are what the test does
 * itself). The site the web-data guide scrapes, the portal on port 7300, is the test's portal.
 */
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { ApiName } from '../src/apis.ts'
import { type CodeBlock, codeBlocks } from '../src/guides.ts'
import { CONTROL_ROOT_KEY, WEB_DATA_API_KEY } from './support/keys.ts'
import { bash, runModule, typecheck } from './support/programs.ts'

const portal = path.resolve(import.meta.dirname, '..')
const runDir = path.join(portal, 'artifacts', 'guides')
const BLOCK_TIMEOUT_MS = 120_000

/** What each guide must cover, by the start of its second-level headings. */
const SECTIONS = [
  'Run the stand-in locally',
  'Authenticate',
  'Errors and retries',
  'Pagination',
  'Long-running work',
]

const runnable = (b: CodeBlock) => (b.lang === 'sh' || b.lang === 'ts') && b.flags.length === 0

describe.each(['control', 'web-data'] as ApiName[])('the %s getting-started guide', (api) => {
  const markdown = fs.readFileSync(path.join(portal, 'src', 'guides', `${api}.md`), 'utf8')
  const blocks = codeBlocks(markdown)
  const dir = path.join(runDir, api)
  let env: Record<string, string>
  /** As the reader's machine has it: the portal on 7300 is the test's portal. */
  const localize = (code: string) => code.split('http://127.0.0.1:7300').join(inject('docsUrl'))
  const fileOf = (i: number) => path.join(dir, `block-${String(i).padStart(2, '0')}.ts`)

  beforeAll(() => {
    env = {
      CONTROL_BASE_URL: inject('controlUrl'),
      CONTROL_ROOT_KEY,
      WEB_DATA_BASE_URL: inject('webDataUrl'),
      WEB_DATA_API_KEY,
    }
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir, { recursive: true })
    blocks.forEach((b, i) => {
      if (b.lang === 'ts' && runnable(b)) fs.writeFileSync(fileOf(i), localize(b.code))
    })
  })

  it('covers running the stand-in, authentication, errors and retries, pagination and long-running work, with curl and the client', () => {
    const headings = [...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1] ?? '')
    for (const section of SECTIONS) {
      const heading = headings.find((h) => h.startsWith(section))
      expect(heading, section).toBeDefined()
      const inside = blocks.filter((b) => b.section === heading)
      if (section === 'Run the stand-in locally') {
        expect(inside.some((b) => b.flags.includes('setup'))).toBe(true)
        continue
      }
      expect(
        inside.some((b) => b.lang === 'sh' && runnable(b)),
        `${section}: curl`,
      ).toBe(true)
      expect(
        inside.some((b) => b.lang === 'ts'),
        `${section}: client`,
      ).toBe(true)
    }
  })

  it('type-checks its TypeScript', () => {
    const files = blocks.map((b, i) => (b.lang === 'ts' && runnable(b) ? fileOf(i) : '')).filter(Boolean)
    expect(files.length).toBeGreaterThan(0)
    expect(typecheck(files, dir)).toEqual([])
  })

  it('runs its commands and programs, in order', async () => {
    const ran: string[] = []
    for (const [i, block] of blocks.entries()) {
      if (!runnable(block)) continue
      const label = `block ${i} (${block.lang}, under "${block.section}")`
      if (block.lang === 'sh') {
        const run = await bash(`set -eo pipefail\n${localize(block.code)}`, dir, env, BLOCK_TIMEOUT_MS)
        if (run.code !== 0)
          throw new Error(
            `${label} exited with ${run.code}\n${block.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`,
          )
        ran.push(`${label}: ${run.stdout.trim().split('\n').length} lines`)
      } else {
        const logged = await runModule(fileOf(i), { cwd: dir, env, timeoutMs: BLOCK_TIMEOUT_MS }).catch(
          (error: unknown) => {
            throw new Error(
              `${label} threw: ${error instanceof Error ? error.stack : String(error)}\n${block.code}`,
            )
          },
        )
        ran.push(`${label}: ${logged.length} lines`)
      }
    }
    expect(ran.length).toBeGreaterThanOrEqual(8)
  }, 600_000)
})
