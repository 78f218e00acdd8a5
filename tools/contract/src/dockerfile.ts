/**
 * What a service's Dockerfile does, read from it, so a test can do the same outside docker (no
 * engine here): the base images, the folders it packs, and the run stage's environment and command.
 */
import { readFileSync } from 'node:fs'

export interface ImageRecipe {
  /** `FROM` of each stage, in order. */
  bases: string[]
  /** The workspace folders whose tarballs the image installs (`for dir in …; do pnpm --dir "$dir" pack`). */
  packed: string[]
  /** `ENV` of the last stage. */
  env: Record<string, string>
  /** `CMD` of the last stage (exec form). */
  cmd: string[]
  expose: number[]
}

export function readImageRecipe(dockerfile: string): ImageRecipe {
  // continuation lines joined, comments dropped
  const text = readFileSync(dockerfile, 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
  const lines = text.split('\n').map((l) => l.trim())
  const bases = lines.filter((l) => /^FROM /i.test(l)).map((l) => l.split(/\s+/)[1] ?? '')
  const lastStage = lines.slice(lines.map((l) => /^FROM /i.test(l)).lastIndexOf(true))
  const env: Record<string, string> = {}
  for (const line of lastStage.filter((l) => /^ENV /i.test(l)))
    for (const [, key, value] of line.slice(4).matchAll(/(\w+)=("[^"]*"|\S+)/g))
      if (key && value) env[key] = value.replace(/^"|"$/g, '')
  const cmdLine = lastStage.find((l) => /^CMD /i.test(l))
  const packed = /for dir in ([^;]+); do/.exec(text)?.[1]?.trim().split(/\s+/) ?? []
  return {
    bases,
    packed,
    env,
    cmd: cmdLine ? (JSON.parse(cmdLine.slice(4)) as string[]) : [],
    expose: lastStage.filter((l) => /^EXPOSE /i.test(l)).map((l) => Number(l.split(/\s+/)[1])),
  }
}
