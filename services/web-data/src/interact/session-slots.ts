import type { Database } from '@apiplatform/server-kit'

/** The row of an interact session, recorded before its browser context is opened. */
export interface SessionSlot {
  id: string
  teamId: string
  instanceId: string
  ttlSeconds: number
  activityTtlSeconds: number | null
  streamWebView: boolean
  profileName: string | null
  profileSave: boolean
  createdAt: Date
  expiresAt: Date
}

/**
 * Records `slot` as an active session if the team has fewer than `limit` active ones; false when
 * it has not. Counting and inserting must not interleave with another create of the same team, in
 * this process or another one sharing the database, or concurrent requests all see room and all
 * open a browser. So the team's row is locked first (held until commit), and the count runs in a
 * statement of its own after the lock is granted: under READ COMMITTED that statement's snapshot
 * then includes every session committed by whoever held the lock before.
 */
export async function reserveSessionSlot(db: Database, slot: SessionSlot, limit: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // NO KEY UPDATE: serialises creates of the team without blocking inserts that only reference it.
    await tx.query('SELECT id FROM teams WHERE id = $1 FOR NO KEY UPDATE', [slot.teamId])
    const rows = await tx.query<{ id: string }>(
      `INSERT INTO browser_sessions (id, team_id, instance_id, ttl_seconds, activity_ttl_seconds, stream_web_view,
         profile_name, profile_save, created_at, last_activity, expires_at)
       SELECT $1, $2, $3, $4::integer, $5::integer, $6::boolean, $7, $8::boolean, $9::timestamptz, $9::timestamptz,
              $10::timestamptz
        WHERE (SELECT count(*) FROM browser_sessions
                WHERE team_id = $2 AND status = 'active' AND expires_at > now()) < $11::integer
       RETURNING id`,
      [
        slot.id,
        slot.teamId,
        slot.instanceId,
        slot.ttlSeconds,
        slot.activityTtlSeconds,
        slot.streamWebView,
        slot.profileName,
        slot.profileSave,
        slot.createdAt.toISOString(),
        slot.expiresAt.toISOString(),
        limit,
      ],
    )
    return rows.length > 0
  })
}

/** Forgets a reserved session whose browser could not be opened: it never existed for the caller. */
export async function releaseSessionSlot(db: Database, id: string): Promise<void> {
  await db.query(`DELETE FROM browser_sessions WHERE id = $1 AND status = 'active'`, [id])
}
