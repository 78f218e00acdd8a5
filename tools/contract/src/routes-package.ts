/**
 * The tests both route packages (`@apiplatform/{control,web-data}-routes`) run on themselves,
 * written once: each package names only itself (its consumer server goes to its `consumer:install`
 * task, `installRoutesConsumer`). They register vitest suites, so they are a separate entry
 * (`@apiplatform/contract/routes-package`), for test files only.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { type OfflineProject, openConsumerProject, readProjectChecks } from './offline-project.js'
import {
  ROUTES_CONSUMER_DEPENDENCIES,
  type RoutesConsumerCheck,
  type RoutesConsumerChecks,
} from './routes-consumer.js'
import { installedCopies, type TypeCheckCost } from './type-check-cost.js'

/**
 * Another team's view of the package in `packageDir`: its packed tarball installed with
 * `pnpm install --offline` into a project of its own that brings its own hono, zod and
 * @hono/zod-openapi, with `files` from `routesConsumerFiles`. The package's `consumer:install` task
 * (`installRoutesConsumer`, which turbo runs before `test`) installs it into `.consumer/` and runs
 * its two type-checks; these tests read the project and the checks' figures.
 */
export function describeConsumerProject(packageDir: string): void {
  const { name } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { name: string }
  let project: OfflineProject
  let checks: RoutesConsumerChecks

  beforeAll(() => {
    project = openConsumerProject(packageDir)
    checks = readProjectChecks<RoutesConsumerChecks>(project)
  })
  /** The figures of a type-check that passed, reading nothing from outside the project; its errors otherwise. */
  const passed = (check: RoutesConsumerCheck): TypeCheckCost => {
    if (check.error !== undefined) throw new Error(check.error)
    expect(check.cost.outside).toEqual([])
    return check.cost
  }

  describe('installed from its tarball', () => {
    it('takes hono, zod and @hono/zod-openapi from the consumer (peer dependencies)', () => {
      const manifest = JSON.parse(
        readFileSync(join(project.dir, 'node_modules', name, 'package.json'), 'utf8'),
      ) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> }
      for (const peer of ['hono', 'zod', '@hono/zod-openapi']) {
        expect(manifest.dependencies?.[peer]).toBeUndefined()
        expect(manifest.peerDependencies?.[peer]).toMatch(/^\^/)
      }
    })

    it('installs exactly one copy of each', () => {
      expect(installedCopies(project, 'hono')).toEqual([ROUTES_CONSUMER_DEPENDENCIES.hono])
      expect(installedCopies(project, 'zod')).toEqual([ROUTES_CONSUMER_DEPENDENCIES.zod])
      expect(installedCopies(project, '@hono/zod-openapi')).toEqual([
        ROUTES_CONSUMER_DEPENDENCIES['@hono/zod-openapi'],
      ])
    })

    it('type-checks a server whose handlers and app line up with the consumer’s own hono', () => {
      // Fails on any type error: handlers typed by the package, createApi, and the app mounted on
      // an app of the consumer's own hono (two copies of hono would not line up there).
      expect(passed(checks.mounted).types).toBeGreaterThan(0)
    })

    it('type-checks two handlers without comparing zod classes (the declarations carry plain types)', () => {
      // Instantiations do not depend on the machine's load. A bare hono app of two routes takes about
      // 3,000; the route types inferred from zod's classes took over 120,000 (seconds of checking).
      expect(passed(checks.server).instantiations).toBeLessThan(50_000)
    })
  })
}

/** `z.string().url()`-style calls: deprecated in zod 4 in favour of `z.url()`, `z.uuid()`, `z.iso.datetime()`… */
const DEPRECATED =
  /z\.string\(\)(\.\w+\([^()]*\))*\.(email|url|uuid|guid|cuid2?|ulid|nanoid|emoji|ipv4|ipv6|ip|cidrv4|cidrv6|base64url|base64|e164|jwt|datetime|date|time|duration)\(/g

/** The package's generated code (`dir`, its `src/generated/`) as zod 4 wants it written. */
export function describeGeneratedCode(dir: URL): void {
  describe('generated code', () => {
    it('uses no zod method deprecated in zod 4', () => {
      const found: string[] = []
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
        for (const match of readFileSync(new URL(file, dir), 'utf8').matchAll(DEPRECATED)) {
          found.push(`${file}: ${match[0]}`)
        }
      }
      expect(found).toEqual([])
    })
  })
}
