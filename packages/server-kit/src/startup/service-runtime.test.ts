import { mkdtempSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { JobQueue } from '../jobs/queue.js'
import { openServiceDatabase, prepareServiceDatabase, serveService } from './service-runtime.js'

describe('service start-up', () => {
  it('opens PGlite in memory when no database is named, and prepares the queue before the migrations', async () => {
    const migrations = mkdtempSync(join(tmpdir(), 'service-migrations-'))
    // Refers to the jobs table: it exists only if the queue was installed first.
    writeFileSync(
      join(migrations, '001_jobs_view.sql'),
      'CREATE VIEW job_count AS SELECT count(*)::int AS n FROM jobs;',
    )
    const db = await openServiceDatabase({ pgliteWorker: false })
    try {
      expect(db.kind).toBe('pglite')
      const queue = new JobQueue(db)
      await prepareServiceDatabase(db, queue, migrations)
      await prepareServiceDatabase(db, queue, migrations)
      expect(await db.query('SELECT n FROM job_count')).toEqual([{ n: 0 }])
    } finally {
      await db.close()
    }
  })

  it('serves on the port and host of the settings and answers refused requests with clientError', async () => {
    const server = await serveService(
      { fetch: () => new Response('ok') },
      { port: 0, hostname: '127.0.0.1' },
      (kind) => ({ status: 400, body: { kind } }),
    )
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
      expect(await (await fetch(server.url)).text()).toBe('ok')
      const socket = connect(server.port, '127.0.0.1')
      socket.end('HELLO\r\n\r\n')
      let received = ''
      for await (const chunk of socket) received += String(chunk)
      expect(received).toMatch(/^HTTP\/1\.1 400 /)
      expect(received.endsWith('{"kind":"malformed"}')).toBe(true)
    } finally {
      await server.close()
    }
  })
})
