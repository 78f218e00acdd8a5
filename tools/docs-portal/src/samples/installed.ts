/**
 * Read from the installed packages, not restated here: the web-data client's facade names (its
 * exported `FacadeNames` type) and the official control SDK's methods (`@unkey/api`: which method of
 * which namespace sends which operation, and whether it takes a security argument first).
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import ts from 'typescript'

const require = createRequire(import.meta.url)

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`))
}

function files(dir: string, suffix: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(suffix))
        .map((f) => path.join(dir, f))
    : []
}

/** operationId → `group.name` (or `group`) of `createWebDataClient()`, from its `FacadeNames` type. */
export function webDataFacadeNames(): Map<string, string> {
  const dist = path.join(packageDir('@apiplatform/web-data-client'), 'dist')
  for (const file of files(dist, '.d.ts')) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
    for (const statement of source.statements) {
      if (!ts.isTypeAliasDeclaration(statement) || statement.name.text !== 'FacadeNames') continue
      if (!ts.isTypeLiteralNode(statement.type)) continue
      const names = new Map<string, string>()
      for (const member of statement.type.members) {
        if (!ts.isPropertySignature(member) || !member.type || !ts.isLiteralTypeNode(member.type)) continue
        const literal = member.type.literal
        if (ts.isStringLiteral(literal)) names.set(member.name.getText(source), literal.text)
      }
      return names
    }
  }
  throw new Error(`@apiplatform/web-data-client: no FacadeNames type in ${dist} (is it built?)`)
}

export interface SdkMethod {
  /** `unkey.<namespace>.<method>` */
  namespace: string
  method: string
  /** The method's parameters, in order: `security`, `request`, `options`. */
  parameters: string[]
}

/**
 * operationId → method of `new Unkey()`. The SDK is generated: each namespace getter of `Unkey`
 * returns a class whose methods each call one function of `funcs/`, which names its operationId.
 */
export function unkeyMethods(): Map<string, SdkMethod> {
  const src = path.join(packageDir('@unkey/api'), 'src')
  const read = (file: string) => fs.readFileSync(path.join(src, file), 'utf8')
  const operationOf = new Map<string, string>()
  for (const file of files(path.join(src, 'funcs'), '.ts')) {
    const id = /operationID:\s*"([^"]+)"/.exec(fs.readFileSync(file, 'utf8'))?.[1]
    if (id) operationOf.set(path.basename(file, '.ts'), id)
  }
  const out = new Map<string, SdkMethod>()
  const root = read('sdk/sdk.ts')
  const classFile = new Map(
    [...root.matchAll(/import \{ (\w+) \} from "\.\/(\w+)\.js";/g)].map(([, cls = '', f = '']) => [cls, f]),
  )
  for (const [, namespace = '', cls = ''] of root.matchAll(/get (\w+)\(\): (\w+) \{/g)) {
    const file = classFile.get(cls)
    if (!file) continue
    const text = read(`sdk/${file}.ts`)
    for (const m of text.matchAll(/\n {2}async (\w+)\(([\s\S]*?)\): Promise/g)) {
      const call = /return unwrap\w*\((\w+)\(/.exec(text.slice(m.index))?.[1]
      const id = call && operationOf.get(call)
      if (!id) continue
      const parameters = (m[2] ?? '')
        .split(',')
        .map((p) => /^\s*(\w+)\??:/.exec(p)?.[1])
        .filter((p): p is string => !!p)
      out.set(id, { namespace, method: m[1] ?? '', parameters })
    }
  }
  if (out.size === 0) throw new Error(`@unkey/api: found no SDK methods under ${src}`)
  return out
}
