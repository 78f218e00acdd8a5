import { resolvePointer } from '@apiplatform/openapi-toolkit'
import type { ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { depthOf, jsonBytes } from './json-measure.js'
import type { OpenApiDocument } from './spec.js'

/**
 * The schemas of one bundled OpenAPI 3.1 document, compiled by Ajv (JSON Schema 2020-12) on first
 * use, once per schema text.
 *
 * `allErrors` reports every error of a value (what a violated response is told) at a cost that grows
 * with the square of the errors when a referenced item schema fails many times: Ajv concatenates each
 * call's errors onto the list so far. A request body of 60,000 wrong items took 15 s that way; with
 * `allErrors: false` validation stops at the first error.
 */
export class SpecSchemas {
  private readonly ajv: Ajv2020
  private readonly bySchema = new Map<string, ValidateFunction>()

  constructor(
    private readonly doc: OpenApiDocument,
    options: { allErrors: boolean },
  ) {
    this.ajv = new Ajv2020({
      strict: false,
      allErrors: options.allErrors,
      validateFormats: true,
      // A component is compiled once and called where it is referenced, not compiled again into
      // every schema that uses it: the same validation, at half the compile time of a bundle.
      inlineRefs: false,
    })
    addFormats.default(this.ajv)
    // OpenAPI keywords that are not JSON Schema keywords.
    for (const keyword of ['discriminator', 'xml', 'externalDocs', 'example']) this.ajv.addKeyword(keyword)
    // The spec's limits of free-form values: levels of objects and arrays (the value itself being
    // the first) and UTF-8 bytes of its JSON.
    this.ajv.addKeyword({
      keyword: 'x-max-depth',
      schemaType: 'number',
      validate: (max: number, data: unknown) => depthOf(data, max + 1) <= max,
    })
    this.ajv.addKeyword({
      keyword: 'x-max-bytes',
      schemaType: 'number',
      validate: (max: number, data: unknown) => jsonBytes(data) <= max,
    })
    this.ajv.addSchema({ ...doc, $id: 'spec' } as object, 'spec')
  }

  /**
   * The validator of the schema `ref` (`spec#/…`) points at. Most operations share their error
   * answers' schemas (control: 841 documented bodies, 94 different schemas), and Ajv compiles a
   * pointer afresh each time it is asked: one compilation per schema text is the same validation,
   * since every `$ref` in the bundle resolves against the one document.
   */
  compile(ref: string): ValidateFunction {
    const target = resolvePointer(this.doc, ref.slice('spec'.length), { strict: false })
    const text = target === undefined ? undefined : JSON.stringify(target)
    // A schema that sets its own base URI or anchors is kept apart: its `$ref`s may resolve elsewhere.
    const key =
      text && !/"\$(id|anchor|dynamicAnchor|dynamicRef)"/.test(text) ? `schema ${text}` : `ref ${ref}`
    let validate = this.bySchema.get(key)
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref })
      this.bySchema.set(key, validate)
    }
    return validate
  }
}
