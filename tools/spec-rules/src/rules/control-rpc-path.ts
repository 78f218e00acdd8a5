/**
 * control-rpc-path: the control API is RPC. Every operation is `POST /v2/{service}.{procedure}`,
 * its operationId is `{service}.{procedure}` and its only tag is `{service}`.
 *
 * Option `allow`: `METHOD /path` strings exempt from the rule, for the few operations the public
 * interface shapes differently (`GET /v2/liveness`).
 */
import { operationVisitor } from '../operations.js'
import type { Rule } from '../types.js'

const RPC_PATH = /^\/v2\/([a-z][A-Za-z0-9]*)\.([a-z][A-Za-z0-9]*)$/

export const controlRpcPath: Rule = (options) => {
  const allow = new Set(Array.isArray(options.allow) ? options.allow.map(String) : [])
  return operationVisitor((op, ctx) => {
    if (allow.has(`${op.method.toUpperCase()} ${op.path}`)) return
    const report = (message: string, key?: string) =>
      ctx.report({ message, location: key ? op.location.child(key) : op.location.key() })

    if (op.method !== 'post') {
      report(
        `operation ${op.name}: the control API is RPC; use \`post\` for ${op.path}, not \`${op.method}\` (or list "${op.method.toUpperCase()} ${op.path}" in the rule's \`allow\` option).`,
      )
    }
    const match = RPC_PATH.exec(op.path)
    if (!match) {
      report(
        `operation ${op.name}: path ${op.path} must have the form /v2/{service}.{procedure} (lower camel case, e.g. /v2/deployments.rollbackDeployment).`,
      )
      return
    }
    const [, service, procedure] = match
    const expectedId = `${service}.${procedure}`
    if (op.node.operationId !== expectedId) {
      report(
        `operation ${op.name}: set operationId to "${expectedId}" to match its path ${op.path}.`,
        op.node.operationId === undefined ? undefined : 'operationId',
      )
    }
    const tags = op.node.tags
    if (!Array.isArray(tags) || tags.length !== 1 || tags[0] !== service) {
      report(
        `operation ${op.name}: set tags to exactly ["${service}"] (the service of ${op.path}); found ${JSON.stringify(tags ?? [])}.`,
        tags === undefined ? undefined : 'tags',
      )
    }
  })
}
