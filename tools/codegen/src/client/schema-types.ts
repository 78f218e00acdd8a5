import type { OpenApiDocument } from '@apiplatform/openapi-toolkit'
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript'
import ts from 'typescript'

/**
 * A free-form object of the spec (`type: object`, no properties, nothing said of additional ones:
 * an identity's `meta`, a JSON `schema`, scrape `headers`) takes any keys, as JSON Schema says;
 * openapi-typescript would type it as an object with none. (Its `emptyObjectsUnknown` would also
 * open `additionalProperties: false` objects such as `EmptyResponse`.)
 */
function freeFormObject(schema: Record<string, unknown>): ts.TypeNode | undefined {
  return schema.type === 'object' &&
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
}

/** `schema.ts` of a client: openapi-typescript's `paths`, `operations` and `components` types. */
export async function schemaTypes(doc: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(doc as unknown as OpenAPI3, {
    defaultNonNullable: false,
    transform: (schema) => freeFormObject(schema as Record<string, unknown>),
  })
  return astToString(ast)
}
