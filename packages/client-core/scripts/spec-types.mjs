// The part of each client's `generate` step that does not depend on its API: reading the bundled
// spec, writing src/generated/schema.ts with openapi-typescript, and following `$ref`s.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'

// A free-form object of the spec (`type: object`, no properties, nothing said of additional ones:
// an identity's `meta`, a JSON `schema`, scrape `headers`) takes any keys, as JSON Schema says;
// openapi-typescript would type it as an object with none. (Its `emptyObjectsUnknown` would also
// open `additionalProperties: false` objects such as `EmptyResponse`.)
const freeFormObject = (schema) =>
  schema.type === 'object' &&
  !schema.properties &&
  schema.additionalProperties === undefined &&
  !schema.patternProperties &&
  !schema.allOf &&
  !schema.anyOf &&
  !schema.oneOf
    ? ts.factory.createTypeReferenceNode('Record', [
        ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
        ts.factory.createKeywordTypeNode(ts.SyntaxKind.UnknownKeyword),
      ])
    : undefined

/**
 * Reads the bundled spec at `specPath`, writes `schema.ts` into `out` (a folder URL) under
 * `header`, and answers the spec with `deref`, which follows a `$ref` chain to its target.
 */
export async function writeSpecTypes(specPath, out, header) {
  const spec = JSON.parse(await readFile(specPath, 'utf8'))
  await mkdir(out, { recursive: true })
  const ast = await openapiTS(spec, { defaultNonNullable: false, transform: freeFormObject })
  await writeFile(new URL('schema.ts', out), `${header}${astToString(ast)}`)
  const deref = (o) => {
    let cur = o
    while (cur?.$ref)
      cur = cur.$ref
        .split('/')
        .slice(1)
        .reduce((a, k) => a?.[k], spec)
    return cur ?? {}
  }
  return { spec, deref }
}
