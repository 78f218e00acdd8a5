import { pluginZod } from '@kubb/plugin-zod'
import { defineConfig } from 'kubb'

// Kubb 5's TypeScript plugin is not published for 5.x yet; plugin-zod's `inferred` types (z.infer)
// are what a team on Kubb 5 types its calls with.
const api = (name: string) => ({
  root: '.',
  input: `../../specs/${name}/dist/openapi.json`,
  output: { path: `generated/kubb/${name}`, clean: true },
  plugins: [pluginZod({ output: { path: '.' }, inferred: true, importPath: 'zod/v4' })],
})

export default defineConfig([api('control'), api('web-data')])
