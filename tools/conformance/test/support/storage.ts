import { randomUUID } from 'node:crypto'

/** Where the services keep their data: PGlite in memory, or PostgreSQL when `TEST_DATABASE_URL` is set (a fresh schema per start). */
export function storages(): Array<
  | { name: 'pglite'; storage: 'memory' }
  | { name: 'postgres'; storage: { databaseUrl: string; schema: string } }
> {
  const url = process.env.TEST_DATABASE_URL
  return [
    { name: 'pglite', storage: 'memory' },
    ...(url
      ? [
          {
            name: 'postgres' as const,
            storage: {
              databaseUrl: url,
              schema: `conformance_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
            },
          },
        ]
      : []),
  ]
}
