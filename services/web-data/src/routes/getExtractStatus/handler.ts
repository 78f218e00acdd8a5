import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import { ApiError, Errors } from '../../errors.js'
import { getExtract } from '../../extraction/store.js'
import type { ServiceEnv } from '../../http/env.js'

/** GET /v2/extract/{id}: state and, once completed, the extracted data. */
export const getExtractStatus =
  (deps: Deps): Handler<'getExtractStatus', ServiceEnv> =>
  async (c) => {
    const { id } = c.req.valid('param')
    const row = await getExtract(deps.db, id, c.get('principal').teamId)
    if (!row) throw new ApiError(404, Errors.notFound)
    return c.json(
      {
        success: true,
        status: row.status,
        ...(row.status === 'completed' ? { data: row.data ?? {} } : {}),
        expiresAt: new Date(row.expires_at).toISOString(),
        tokensUsed: Number(row.tokens_used),
      },
      200,
    )
  }
