/**
 * examples-valid: every example validates against its schema. Covered: `example` and
 * `examples` (`value` of each Example object, refs followed) on media types (request bodies,
 * responses, parameters with `content`), on parameters and on headers. Schemas are bundled with
 * their `$ref`s resolved across files and checked with Ajv (JSON Schema 2020-12, formats from
 * ajv-formats plus the OpenAPI ones). Examples given only as `externalValue` are skipped.
 */
import { bundleSchema, compile, createAjv, describeError, type Validator } from '../ajv.js'
import { reporter } from '../operations.js'
import { follow, isObject, type JsonObject } from '../refs.js'
import type { Location, Rule, UserContext } from '../types.js'

/** The location of the value at Ajv's `instancePath` inside an example, for a precise codeframe. */
function locate(base: Location, instancePath: string): Location {
  if (instancePath === '') return base
  const segments = instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
  return base.child(segments)
}

export const examplesValid: Rule = () => {
  const ajv = createAjv()
  const validators = new Map<string, Validator | string>()
  const seen = new Set<string>()

  const check = (node: JsonObject, ctx: UserContext, what: string) => {
    if (node.schema === undefined) return
    const report = reporter(ctx, seen)
    const schemaLocation = ctx.location.child('schema')
    const examples: Array<{ label: string; value: unknown; location: Location }> = []
    if (node.example !== undefined) {
      examples.push({ label: 'example', value: node.example, location: ctx.location.child('example') })
    }
    if (isObject(node.examples)) {
      for (const [name, raw] of Object.entries(node.examples)) {
        const example = follow<JsonObject>(ctx, raw, ctx.location.child(['examples', name]))
        if (!example || !isObject(example.node) || !('value' in example.node)) continue
        examples.push({
          label: `example "${name}"`,
          value: example.node.value,
          location: example.location.child('value'),
        })
      }
    }
    if (examples.length === 0) return

    let validate = validators.get(schemaLocation.absolutePointer)
    if (validate === undefined) {
      validate = compile(ajv, bundleSchema(ctx, node.schema, schemaLocation))
      validators.set(schemaLocation.absolutePointer, validate)
    }
    if (typeof validate === 'string') {
      report(`${what}: its schema cannot be compiled to check the examples: ${validate}`, schemaLocation)
      return
    }
    for (const example of examples) {
      if (validate(example.value)) continue
      for (const error of validate.errors ?? []) {
        report(
          `${what}: ${example.label} does not match its schema: ${describeError(error)}.`,
          locate(example.location, error.instancePath),
        )
      }
    }
  }

  const describe = (ctx: UserContext, kind: string) => {
    const pointer = decodeURIComponent(ctx.location.pointer.replace(/^#/, ''))
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .filter(Boolean)
      .join(' › ')
    return `${kind} ${pointer || '(root)'}`
  }

  return {
    MediaType(node: JsonObject, ctx: UserContext) {
      check(node, ctx, describe(ctx, 'media type'))
    },
    Parameter(node: JsonObject, ctx: UserContext) {
      check(node, ctx, `parameter ${String(node.name ?? '?')} (${String(node.in ?? '?')})`)
    },
    Header(node: JsonObject, ctx: UserContext) {
      check(node, ctx, describe(ctx, 'header'))
    },
  }
}
