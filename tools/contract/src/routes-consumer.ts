/**
 * The consumer project of a route package (`@apiplatform/{control,web-data}-routes`): what its
 * `consumer:install` task installs and type-checks (for its consumer test to read), and what its
 * type-check bench measures.
 */
import { resolve } from 'node:path'
import { installConsumerProject, type OfflineProject, writeProjectChecks } from './offline-project.js'
import { type TypeCheckCost, typeCheckCost } from './type-check-cost.js'

/** What the consumer project brings itself: the route packages' peer dependencies and its compiler. */
export const ROUTES_CONSUMER_DEPENDENCIES = {
  hono: '4.13.19',
  zod: '4.6.7',
  '@hono/zod-openapi': '1.6.3',
  typescript: '5.9.3',
}

const tsconfig = (file: string) =>
  `${JSON.stringify(
    {
      compilerOptions: {
        strict: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        skipLibCheck: true,
        noEmit: true,
        types: [],
      },
      files: [file],
    },
    null,
    2,
  )}\n`

/**
 * The project of a team serving two operations with a route package (consumer test and the
 * type-check bench), each checked by its own tsconfig: `server.ts` exports `api` made with the
 * package, `bare.ts` exports `app`, the same two operations as a bare hono app (the baseline);
 * `mounted.ts` and `bare-mounted.ts` mount each on an app of the consumer's own hono.
 */
export function routesConsumerFiles(code: { server: string; bare: string }): Record<string, string> {
  return {
    'tsconfig.json': tsconfig('server.ts'),
    'server.ts': code.server,
    'tsconfig.mounted.json': tsconfig('mounted.ts'),
    'mounted.ts': `import { Hono } from 'hono'
import { api } from './server.js'

export const app = new Hono().route('/', api)
`,
    'tsconfig.bare.json': tsconfig('bare.ts'),
    'bare.ts': code.bare,
    'tsconfig.bare-mounted.json': tsconfig('bare-mounted.ts'),
    'bare-mounted.ts': `import { Hono } from 'hono'
import { app as bare } from './bare.js'

export const app = new Hono().route('/', bare)
`,
  }
}

/** A tsc run of the consumer project, as its `consumer:install` task recorded it. */
export type RoutesConsumerCheck =
  | { cost: TypeCheckCost; error?: undefined }
  | { error: string; cost?: undefined }

/** What `installRoutesConsumer` checked: the mounted server and the server alone (`tsconfig.json`). */
export interface RoutesConsumerChecks {
  mounted: RoutesConsumerCheck
  server: RoutesConsumerCheck
}

/**
 * The `consumer:install` task of a route package (in `packageDir`): its tarball installed offline
 * into `.consumer/` with the consumer's own hono, zod and @hono/zod-openapi and `files` (from
 * `routesConsumerFiles`), then the project's two type-checks, whose figures (or errors) it records
 * for the package's consumer test (`describeConsumerProject`). A type error fails that test, not the
 * task: the task's result is cached like any output.
 */
export async function installRoutesConsumer(
  packageDir: string,
  files: Record<string, string>,
): Promise<OfflineProject> {
  const project = installConsumerProject(packageDir, {
    workspace: resolve(packageDir, '../..'),
    packages: [packageDir],
    dependencies: ROUTES_CONSUMER_DEPENDENCIES,
    files,
  })
  const check = (tsconfig: string): Promise<RoutesConsumerCheck> =>
    typeCheckCost(project, tsconfig).then(
      (cost) => ({ cost }),
      (error: Error) => ({ error: error.message }),
    )
  const [mounted, server] = await Promise.all([check('tsconfig.mounted.json'), check('tsconfig.json')])
  writeProjectChecks(project, { mounted, server } satisfies RoutesConsumerChecks)
  return project
}
