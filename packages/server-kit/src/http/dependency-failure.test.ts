import { describe, expect, it } from 'vitest'
import { sqlError } from '../db/faulty-database.js'
import { dependencyFailureAnswer, documentedStatuses } from './dependency-failure.js'

const spec = {
  paths: {
    '/a': { post: { operationId: 'a', responses: { '200': {}, '502': {}, '503': {}, '504': {} } } },
    '/b': { get: { operationId: 'b', responses: { '200': {}, '500': {} } }, parameters: [] },
  },
}

describe('dependencyFailureAnswer', () => {
  const documented = documentedStatuses(spec)

  it('reads each operation’s documented statuses', () => {
    expect([...(documented.get('a') ?? [])]).toEqual([200, 502, 503, 504])
    expect([...(documented.get('b') ?? [])]).toEqual([200, 500])
  })

  it('answers 503 with Retry-After, 504 and 502 where the operation documents them', () => {
    expect(dependencyFailureAnswer(sqlError('08006'), documented.get('a'))).toEqual({
      failure: 'unavailable',
      status: 503,
      retryAfterSeconds: 5,
    })
    expect(dependencyFailureAnswer(sqlError('57014'), documented.get('a'))).toEqual({
      failure: 'timeout',
      status: 504,
    })
    expect(dependencyFailureAnswer(sqlError('08P01'), documented.get('a'))).toEqual({
      failure: 'invalid-response',
      status: 502,
    })
  })

  it('leaves undocumented statuses, unknown operations and our own bugs to the 500', () => {
    expect(dependencyFailureAnswer(sqlError('08006'), documented.get('b'))).toBeUndefined()
    expect(dependencyFailureAnswer(sqlError('08006'), undefined)).toBeUndefined()
    expect(dependencyFailureAnswer(sqlError('XX000'), documented.get('a'))).toBeUndefined()
  })
})
