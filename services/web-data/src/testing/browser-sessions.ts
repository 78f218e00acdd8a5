import { newId } from '@apiplatform/server-kit'
import { authenticate } from '../billing/keys.js'
import type { TestService } from './harness.js'

/** Records a session row of the bootstrap team directly (as another instance would hold it). */
export async function insertSession(t: TestService, status: 'active' | 'destroyed'): Promise<string> {
  const principal = await authenticate(t.service.db, t.apiKey)
  const id = newId('bs', 16)
  await t.service.db.query(
    `INSERT INTO browser_sessions (id, team_id, status, instance_id, ttl_seconds, expires_at, destroyed_at)
     VALUES ($1, $2, $3, 'another-instance', 300, now() + interval '5 minutes', CASE WHEN $3 = 'destroyed' THEN now() END)`,
    [id, principal?.teamId, status],
  )
  return id
}
