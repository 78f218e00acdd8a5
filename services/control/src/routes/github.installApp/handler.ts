import { newId, randomToken, sha256 } from '@apiplatform/server-kit'
import type { Deps } from '../../deps.js'
import { forbidden } from '../../domain/errors.js'
import { authorize } from '../../http/auth.js'
import type { ServiceHandler } from '../../http/env.js'
import { handle } from '../../http/problems.js'

/** How long an install URL stays valid. */
export const INSTALL_URL_TTL_MS = 10 * 60_000
export const GITHUB_APP_INSTALL_URL = 'https://github.com/apps/deploy-control/installations/new'

/**
 * `github.installApp`: records a pending installation of the workspace with a one-time state
 * (stored hashed) and returns the GitHub URL that carries it, valid for ten minutes.
 */
export const installApp = (deps: Deps): ServiceHandler<'github.installApp'> =>
  handle(async (c) => {
    const caller = c.get('caller')
    if (!authorize(c)) throw forbidden('The root key lacks project.*.install_github_app.')
    const state = `ghs_${randomToken(32)}`
    const now = deps.now()
    const expiresAt = now + INSTALL_URL_TTL_MS
    await deps.db.query(
      `INSERT INTO github_installations (id, workspace_id, state_hash, expires_at, requested_by_key_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [newId('ghi'), caller.workspaceId, sha256(state), expiresAt, caller.keyId, now],
    )
    const url = `${GITHUB_APP_INSTALL_URL}?state=${encodeURIComponent(state)}`
    return c.json({ meta: { requestId: c.get('requestId') }, data: { url, expiresAt } }, 200)
  })
