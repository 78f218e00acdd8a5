// The `consumer:install` task (see project.ts).
import { installProject } from './project.js'

const t0 = performance.now()
const project = await installProject()
console.log(`installed and type-checked ${project.dir} in ${Math.round(performance.now() - t0)} ms`)
