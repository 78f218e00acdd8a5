/**
 * web-data-error-body: every 4xx/5xx response of the web-data API has a JSON body whose schema
 * is a `$ref` to the shared `ErrorResponse` (`{success: false, error, details?, code?}`). Only
 * the agent trace and snapshot operations, which relay their upstream error body unchanged, may
 * use `RelayedErrorResponse` instead.
 *
 * Option `relayed`: operationIds or path templates allowed to use `RelayedErrorResponse`;
 * default: the paths `/v2/agent/{jobId}/trace` and `/v2/agent/{jobId}/snapshots/{snapshotId}`
 * (any parameter names).
 */
import { contentOf, isErrorStatus, operationVisitor, reporter, responsesOf } from '../operations.js'
import { followChild, isRef, type JsonObject } from '../refs.js'
import type { Rule } from '../types.js'

const RELAYED_PATH = /^\/v2\/agent\/\{[^}]+\}\/(trace|snapshots\/\{[^}]+\})$/

export const webDataErrorBody: Rule = (options) => {
  const relayedOption = Array.isArray(options.relayed) ? options.relayed.map(String) : undefined
  const isRelayed = (name: string, path: string) =>
    relayedOption ? relayedOption.includes(name) || relayedOption.includes(path) : RELAYED_PATH.test(path)
  const seen = new Set<string>()
  return operationVisitor((op, ctx) => {
    const report = reporter(ctx, seen)
    const relayed = isRelayed(op.name, op.path)
    const allowed = relayed ? ['ErrorResponse', 'RelayedErrorResponse'] : ['ErrorResponse']
    const allowedText = allowed.join(' or ')
    for (const [status, response] of responsesOf(ctx, op)) {
      if (!isErrorStatus(status)) continue
      const what = `operation ${op.name}: response ${status}`
      const content = contentOf(ctx, response)
      if (content.length === 0) {
        report(
          `${what} has no body; add content application/json with schema {$ref: ErrorResponse} (every error is JSON).`,
          response.location,
        )
        continue
      }
      for (const [mediaType, media] of content) {
        const raw = media.node.schema
        const schema = isRef(raw) ? followChild<JsonObject>(ctx, media, 'schema') : undefined
        const name = schema?.name
        if (name && allowed.includes(name)) continue
        const hint =
          name === 'RelayedErrorResponse'
            ? ' (RelayedErrorResponse is only for the agent trace and snapshot operations, which relay upstream errors)'
            : ''
        report(
          `${what} (${mediaType}): the schema must be a $ref to ${allowedText}${name ? `, not ${name}` : raw === undefined ? '; it has no schema' : ', not an inline schema'}${hint}.`,
          raw === undefined ? media.location : media.location.child('schema'),
          `${relayed}\u0000${name}`,
        )
      }
    }
  })
}
