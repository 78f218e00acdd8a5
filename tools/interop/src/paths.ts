import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const APIS = ['control', 'web-data'] as const
export type Api = (typeof APIS)[number]

export const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
export const generatedDir = join(packageRoot, 'generated')
export const resultsFile = join(generatedDir, 'results.json')
const bin = (name: string) => join(packageRoot, 'node_modules', '.bin', name)
export const bins = {
  openapiTypescript: bin('openapi-typescript'),
  heyApi: bin('openapi-ts'),
  openapiZodClient: bin('openapi-zod-client'),
  spectral: bin('spectral'),
  prism: bin('prism'),
  tsc: bin('tsc-native'),
}

/** The bundle another team downloads: the spec package's published `openapi.json`. */
export function bundlePath(api: Api): string {
  return join(packageRoot, '..', '..', 'specs', api, 'dist', 'openapi.json')
}
