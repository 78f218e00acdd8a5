import { describe, expect, it } from 'vitest'
import { openTestDatabase } from '../testing.js'
import { classifyDatabaseFailure } from './failures.js'
import { sqlError } from './faulty-database.js'
import { openDatabase } from './open.js'

describe('classifyDatabaseFailure', () => {
  it.each([
    ['08006', 'unavailable'],
    ['57P01', 'unavailable'],
    ['53300', 'unavailable'],
    ['ECONNREFUSED', 'unavailable'],
    ['57014', 'timeout'],
    ['55P03', 'timeout'],
    ['08P01', 'invalid-response'],
    ['XX001', 'invalid-response'],
  ])('classifies %s as %s', (code, kind) => {
    expect(classifyDatabaseFailure(sqlError(code))).toBe(kind)
  })

  it('leaves our own bugs (syntax errors, constraint violations, plain errors) unclassified', () => {
    expect(classifyDatabaseFailure(sqlError('42601'))).toBeUndefined()
    expect(classifyDatabaseFailure(sqlError('23505'))).toBeUndefined()
    expect(classifyDatabaseFailure(new Error('boom'))).toBeUndefined()
    expect(classifyDatabaseFailure(undefined)).toBeUndefined()
  })

  it('classifies the error of a closed PGlite instance as unavailable', async () => {
    const db = await openDatabase({})
    await db.close()
    const err = await db.query('SELECT 1').catch((e: unknown) => e)
    expect(classifyDatabaseFailure(err)).toBe('unavailable')
  })

  // PGlite runs single-user and does not enforce statement_timeout; PostgreSQL does (CI).
  it.runIf(process.env.TEST_DATABASE_URL)('classifies a real statement_timeout as timeout', async () => {
    const db = await openTestDatabase('postgres')
    try {
      const err = await db
        .transaction(async (tx) => {
          await tx.query(`SET LOCAL statement_timeout = '10ms'`)
          await tx.query('SELECT pg_sleep(1)')
        })
        .catch((e: unknown) => e)
      expect(classifyDatabaseFailure(err)).toBe('timeout')
    } finally {
      await db.close()
    }
  })
})
