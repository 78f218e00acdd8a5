/**
 * @apiplatform/spec-rules: the Redocly plugin `spec-rules` with the conventions of our two
 * APIs (see README.md). Load it from redocly.yaml with
 * `plugins: ['./tools/spec-rules/dist/index.js']` and switch rules on per API
 * (`spec-rules/control-rpc-path: error`).
 */
import { controlClosedRequestBody } from './rules/control-closed-request-body.js'
import { controlErrorProblemSchema } from './rules/control-error-problem-schema.js'
import { controlListPaginated } from './rules/control-list-paginated.js'
import { controlRequiredPermissions } from './rules/control-required-permissions.js'
import { controlRpcPath } from './rules/control-rpc-path.js'
import { examplesValid } from './rules/examples-valid.js'
import { freeFormObject } from './rules/free-form-object.js'
import { operationDocumented } from './rules/operation-documented.js'
import { webDataErrorBody } from './rules/web-data-error-body.js'
import { webDataRetryable } from './rules/web-data-retryable.js'
import type { Plugin, Rule } from './types.js'

export const PLUGIN_ID = 'spec-rules'

/** Every rule, by the name used in redocly.yaml after `spec-rules/`. */
export const rules: Record<string, Rule> = {
  'control-rpc-path': controlRpcPath,
  'control-error-problem-schema': controlErrorProblemSchema,
  'control-required-permissions': controlRequiredPermissions,
  'control-list-paginated': controlListPaginated,
  'control-closed-request-body': controlClosedRequestBody,
  'web-data-error-body': webDataErrorBody,
  'web-data-retryable': webDataRetryable,
  'operation-documented': operationDocumented,
  'examples-valid': examplesValid,
  'free-form-object': freeFormObject,
}

/** The plugin, in the Redocly CLI v2 form: a default-exported function returning it. */
export default function specRulesPlugin(): Plugin {
  return { id: PLUGIN_ID, rules: { oas3: rules } }
}

export type { Plugin, Rule } from './types.js'
