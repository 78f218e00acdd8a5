import { readFileSync } from 'node:fs'
import { resultsFile } from './paths.js'
import type { StepResult } from './run.js'

/** What `interop:generate` recorded; the tests read only this and the generated files. */
export function readResults(): StepResult[] {
  return JSON.parse(readFileSync(resultsFile, 'utf8')) as StepResult[]
}

export interface TypeError {
  file: string
  code: string
  line: string
}

/** tsc's errors (`--pretty false`: `file(line,col): error TSnnnn: message`). */
export function typeErrors(output: string): TypeError[] {
  return output.split('\n').flatMap((line) => {
    const m = /^(.+?)\(\d+,\d+\): error (TS\d+):/.exec(line)
    return m?.[1] && m[2] ? [{ file: m[1], code: m[2], line }] : []
  })
}
