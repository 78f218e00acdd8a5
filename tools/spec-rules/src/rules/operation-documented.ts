/**
 * operation-documented: every operation is documented for people. It has a `summary`, a
 * `description` of at least one full sentence that says more than the summary, declares its
 * `security` (`[]` for a public operation), and shows at least one example (`example` or
 * `examples` on a media type) of its request body, when it has one, of each success (2xx)
 * response with a body, and of each error response with a body.
 */
import {
  contentOf,
  isErrorStatus,
  isSuccessStatus,
  operationVisitor,
  reporter,
  responsesOf,
} from '../operations.js'
import { followChild, isObject, type JsonObject, type Located } from '../refs.js'
import type { Rule, UserContext } from '../types.js'

function hasExample(ctx: UserContext, node: Located<JsonObject>): boolean {
  return contentOf(ctx, node).some(
    ([, media]) =>
      media.node.example !== undefined ||
      (isObject(media.node.examples) && Object.keys(media.node.examples).length > 0),
  )
}

const normalize = (text: string) =>
  text
    .trim()
    .replace(/[.!?\s]+$/, '')
    .toLowerCase()

/** One sentence at least: three words or more, ending with a full stop (or ! or ?). */
function isSentence(text: string): boolean {
  const words = text.trim().split(/\s+/).filter(Boolean)
  return words.length >= 3 && /[.!?]/.test(text)
}

export const operationDocumented: Rule = () => {
  const seen = new Set<string>()
  return operationVisitor((op, ctx) => {
    const report = reporter(ctx, seen)
    const at = (key?: string) => (key === undefined ? op.location.key() : op.location.child(key))
    const { summary, description, security } = op.node
    if (typeof summary !== 'string' || summary.trim() === '') {
      report(`operation ${op.name}: add a summary (a short title, e.g. "Roll back a deployment").`, at())
    }
    if (typeof description !== 'string' || description.trim() === '') {
      report(
        `operation ${op.name}: add a description: what it does, its side effects and the permissions it needs.`,
        at(),
      )
    } else if (typeof summary === 'string' && normalize(description) === normalize(summary)) {
      report(
        `operation ${op.name}: the description repeats the summary; say what the operation does and its effects.`,
        at('description'),
      )
    } else if (!isSentence(description)) {
      report(
        `operation ${op.name}: the description "${description.trim()}" is not a sentence; write at least one full sentence.`,
        at('description'),
      )
    }
    if (!Array.isArray(security)) {
      report(
        `operation ${op.name}: declare security on the operation (e.g. security: [{bearer: []}], or security: [] for a public operation).`,
        at(),
      )
    }
    const body = followChild<JsonObject>(ctx, op, 'requestBody')
    if (body && isObject(body.node) && !hasExample(ctx, body)) {
      report(`operation ${op.name}: add an example (example or examples) to the request body.`, body.location)
    }
    const responses = responsesOf(ctx, op)
    const successes = responses.filter(([status]) => isSuccessStatus(status))
    if (successes.length === 0) {
      report(`operation ${op.name}: document its success (2xx) response.`, at('responses'))
    }
    for (const [status, response] of responses) {
      const kind = isSuccessStatus(status) ? 'success' : isErrorStatus(status) ? 'error' : undefined
      if (!kind || contentOf(ctx, response).length === 0) continue
      if (!hasExample(ctx, response)) {
        report(
          `operation ${op.name}: add an example (example or examples) to the ${kind} response ${status}.`,
          response.location,
          `${kind} ${status}`,
        )
      }
    }
  })
}
