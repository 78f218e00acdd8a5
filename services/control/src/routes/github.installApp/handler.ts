import { randomToken, sha256 } from '@apiplatform/server-kit'
import { authorize } from '../../access/authorize.js'
import type { Deps } from '../../deps.js'
import { forbidden, invalidInput } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { insertInstallation } from '../../repositories/github.js'

/** How long an install URL stays valid. */
export const INSTALL_URL_TTL_MS = 10 * 60_000
export const GITHUB_APP_INSTALL_URL = 'https://github.com/apps/deploy-control/installations/new'

/**
 * `github.installApp`: records a pending installation of the workspace with a one-time state
 * (stored hashed) and returns the GitHub URL that carries it, valid for ten minutes.
 *
 * It takes no request body. Like every other operation, which refuses properties it does not
 * accept, it answers 400 to a body that is not JSON or carries anything (`{}` and none are fine).
 */
export const installApp =
  (deps: Deps): ServiceHandler<'github.installApp'> =>
  async (c) => {
    const caller = callerOf(c)
    // Through hono's request, which keeps the body the input checks before the handler read.
    await refuseBody(await c.req.text())
    if (!authorize(caller)) throw forbidden('The root key lacks project.*.install_github_app.')
    const state = `ghs_${randomToken(32)}`
    const now = deps.now()
    const expiresAt = now + INSTALL_URL_TTL_MS
    await insertInstallation(deps.db, {
      workspaceId: caller.workspaceId,
      stateHash: sha256(state),
      expiresAt,
      requestedByKeyId: caller.keyId,
      now,
    })
    const url = `${GITHUB_APP_INSTALL_URL}?state=${encodeURIComponent(state)}`
    return c.json({ meta: { requestId: c.get('requestId') }, data: { url, expiresAt } }, 200)
  }

async function refuseBody(raw: string): Promise<void> {
  const text = raw.trim()
  if (text === '' || text === '{}') return
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw invalidInput('The request body could not be parsed as JSON.', {
      location: 'body',
      message: 'The body is not valid JSON.',
      fix: 'Send no body (or `{}`): this operation takes none.',
    })
  }
  const properties =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : []
  throw invalidInput(
    'The request body contains a property this operation does not accept.',
    ...(properties.length > 0
      ? properties.map((p) => ({
          location: `body.${p}`,
          message: `Unknown property ${JSON.stringify(p)}`,
          fix: 'Send no body (or `{}`): this operation takes none.',
        }))
      : [
          {
            location: 'body',
            message: 'Expected no body or an empty object.',
            fix: 'Send no body (or `{}`).',
          },
        ]),
  )
}
