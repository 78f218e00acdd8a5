import type { Handler } from '@apiplatform/web-data-routes'
import { initialState } from '../../agent/planner.js'
import { createRun } from '../../agent/runs.js'
import type { AgentRequest } from '../../agent/types.js'
import { balance } from '../../billing/credits.js'
import { nowOf } from '../../clock.js'
import type { Deps } from '../../deps.js'
import { ApiError, Errors } from '../../errors.js'
import { assertValidJsonSchema } from '../../extraction/json-schema.js'
import type { ServiceEnv } from '../../http/env.js'
import { assertPublicUrls } from '../../net/submission.js'
import { parseHttpUrl } from '../../scrape/plan.js'
import { webhookTarget } from '../../webhooks/target.js'

/**
 * POST /v2/agent: records the run and its durable job in one transaction, then answers with the
 * run's id. The worker executes it; nothing of the run lives only in memory.
 */
export const startAgent =
  (deps: Deps): Handler<'startAgent', ServiceEnv> =>
  async (c) => {
    const body = c.req.valid('json')
    // Validation fills in the schema's default model; whether the client named one is in what it sent.
    const namedModel = ((await c.req.json()) as { model?: unknown }).model !== undefined
    const { teamId } = c.get('principal')
    for (const url of body.urls ?? []) parseHttpUrl(url)
    if (body.schema !== undefined) assertValidJsonSchema(body.schema)
    if ((await balance(deps.db, teamId)) <= 0) throw new ApiError(402, Errors.paymentRequired)
    const request: AgentRequest = {
      prompt: body.prompt,
      ...(body.urls ? { urls: body.urls } : {}),
      ...(body.schema ? { schema: body.schema } : {}),
      ...(body.maxCredits !== undefined ? { maxCredits: body.maxCredits } : {}),
      ...(body.strictConstrainToURLs !== undefined
        ? { strictConstrainToURLs: body.strictConstrainToURLs }
        : {}),
      // Every effort level runs spark-2, as the real API's SDKs document it.
      model: !namedModel && body.effort ? 'spark-2' : (body.model ?? 'spark-1-pro'),
      ...(body.effort ? { effort: body.effort } : {}),
      ...(body.mode ? { mode: body.mode } : {}),
      ...(body.threadId ? { threadId: body.threadId } : {}),
      ...(body.integration ? { integration: body.integration } : {}),
      origin: body.origin ?? 'api',
    }
    const webhook = webhookTarget(body.webhook)
    if (webhook) request.webhook = webhook
    await assertPublicUrls([...(body.urls ?? []), webhook?.url], deps.config)
    const run = await deps.db.transaction((tx) =>
      createRun(tx, deps.queue, teamId, request, initialState(request, nowOf(deps))),
    )
    deps.queue.wake()
    return c.json(
      {
        success: true,
        id: run.id,
        threadId: run.threadId,
        threadTurn: run.threadTurn,
      },
      200,
    )
  }
