/**
 * The `interop:generate` task (cached by turbo, see turbo.json): runs every tool on both bundles
 * into generated/, type-checks the generated code with our usage programs, and writes what
 * happened to generated/results.json, which the tests read.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { generatorSteps, kubbStep, type Step, spectralStep, typecheckStep } from './generators.js'
import { APIS, generatedDir, packageRoot, resultsFile } from './paths.js'
import { run, type StepResult } from './run.js'

const runStep = async (step: Step): Promise<StepResult> => ({
  tool: step.tool,
  api: step.api,
  ...(await run(step.command, step.args, { cwd: packageRoot, env: step.env })),
})

rmSync(generatedDir, { recursive: true, force: true })
// openapi-zod-client and Spectral write into a folder they do not create.
for (const folder of ['spectral', ...APIS.map((api) => `openapi-zod-client/${api}`)]) {
  mkdirSync(`${generatedDir}/${folder}`, { recursive: true })
}

// Two at a time: most of each is Node start-up and parsing, and the machine has two cores.
const steps = [...APIS.flatMap(generatorSteps), kubbStep(), ...APIS.map(spectralStep)]
const results: StepResult[] = []
for (let i = 0; i < steps.length; i += 2) {
  results.push(...(await Promise.all(steps.slice(i, i + 2).map(runStep))))
}
results.push(await runStep(typecheckStep()))

writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`)
for (const r of results) console.log(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.tool} ${r.api}`)
