/**
 * What a consumer project pays to type-check, and how many copies of a package it installed:
 * the figures a route package's consumer test and type-check bench are judged by.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { filesOutside, type OfflineProject } from './offline-project.js'

export interface TypeCheckCost {
  /** `Total time` of `tsc --extendedDiagnostics`, seconds. */
  totalSeconds: number
  /** `Check time`, seconds. */
  checkSeconds: number
  memoryMb: number
  types: number
  instantiations: number
  /** Files the compile read from outside the project (see `filesOutside`): none, for a project that installed all it needs. */
  outside: string[]
}

/** Runs the project's `tsc -p <tsconfig> --extendedDiagnostics --listFiles` (failing on any type error) and reads its figures. */
export async function typeCheckCost(
  project: OfflineProject,
  tsconfig = 'tsconfig.json',
): Promise<TypeCheckCost> {
  const output = await project.run(process.execPath, [
    'node_modules/typescript/bin/tsc',
    '-p',
    tsconfig,
    '--extendedDiagnostics',
    '--listFiles',
  ])
  const read = (label: string) => {
    const value = output.match(new RegExp(`^${label}:\\s+([\\d.]+)`, 'm'))?.[1]
    if (value === undefined) throw new Error(`tsc printed no "${label}":\n${output}`)
    return Number.parseFloat(value)
  }
  return {
    totalSeconds: read('Total time'),
    checkSeconds: read('Check time'),
    memoryMb: Math.round(read('Memory used') / 1024),
    types: read('Types'),
    instantiations: read('Instantiations'),
    outside: filesOutside(project, output),
  }
}

/** The versions of package `name` installed in the project's pnpm virtual store (one entry per copy). */
export function installedCopies(project: OfflineProject, name: string): string[] {
  const prefix = `${name.replace('/', '+')}@`
  return readdirSync(join(project.dir, 'node_modules/.pnpm'))
    .filter((entry) => entry.startsWith(prefix))
    .map((entry) => entry.slice(prefix.length).split('_')[0] as string)
}
