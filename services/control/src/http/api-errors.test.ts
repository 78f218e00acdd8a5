import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sqlError } from '@apiplatform/server-kit'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { ApiError, forbidden, invalidField, invalidInput } from '../domain/errors.js'
import { errorMapper } from './api-errors.js'

/** What the mapper answers for `error` thrown while serving `operationId`, and what it logged. */
async function mapped(error: unknown, operationId = 'apis.getApi') {
  const logged: unknown[] = []
  const map = errorMapper((e) => void logged.push(e))
  const app = new Hono()
  app.get('/', (c) => {
    c.set('operationId' as never, operationId as never)
    c.set('requestId' as never, 'req_test' as never)
    return map(error, c) ?? c.text('not mapped', 599 as never)
  })
  const response = await app.request('/')
  const body = response.status === 599 ? undefined : await response.json()
  return { status: response.status, body, logged, headers: response.headers }
}

describe('the error model', () => {
  it('answers an InvalidInput with the documented 400 and its errors', async () => {
    const { status, body } = await mapped(
      invalidInput('Two policies are named a.', {
        location: 'body.policies',
        message: 'duplicate',
        fix: 'rename',
      }),
    )
    expect(status).toBe(400)
    expect(body).toEqual({
      meta: { requestId: 'req_test' },
      error: {
        title: 'Bad Request',
        detail: 'Two policies are named a.',
        status: 400,
        type: 'https://docs.deploy-control.dev/errors/request/invalid_body',
        errors: [{ location: 'body.policies', message: 'duplicate', fix: 'rename' }],
      },
    })
    expect((await mapped(invalidField('body.limit', 'must be at most 10'))).body.error.errors).toEqual([
      { location: 'body.limit', message: 'must be at most 10' },
    ])
  })

  it('answers any other ApiError with its documented status, without logging it', async () => {
    const { status, body, logged } = await mapped(forbidden('The root key lacks api.*.read_api.'))
    expect(status).toBe(403)
    expect(body.error).toMatchObject({ status: 403, detail: 'The root key lacks api.*.read_api.' })
    expect(logged).toEqual([])
  })

  it('leaves an ApiError whose status the operation does not document to the 500 handler', async () => {
    // apis.getApi documents no 409 (and no 422): throwing one is a bug, not an answer.
    expect((await mapped(new ApiError(409, 'data/conflict', 'x'))).status).toBe(599)
    expect((await mapped(new ApiError(422, 'request/unprocessable', 'x'))).status).toBe(599)
  })

  it('answers a database failure with the documented 503 and logs it; a bug is left to the 500 handler', async () => {
    const down = sqlError('08006')
    const unavailable = await mapped(down)
    expect(unavailable.status).toBe(503)
    expect(unavailable.headers.get('retry-after')).toBe('5')
    expect(unavailable.logged).toEqual([down])
    expect((await mapped(new TypeError('x is undefined'))).status).toBe(599)
  })

  it('is the only way handlers answer an error: no wrappers, no hand-built error bodies', () => {
    const routes = fileURLToPath(new URL('../routes', import.meta.url))
    const offenders: string[] = []
    for (const dir of readdirSync(routes, { withFileTypes: true })) {
      const files = dir.isDirectory()
        ? readdirSync(join(routes, dir.name)).map((f) => join(routes, dir.name, f))
        : [join(routes, dir.name)]
      for (const file of files.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
        const text = readFileSync(file, 'utf8')
        if (
          /\bhandle(Input)?\(|badRequest\(|c\.json\([^;]*,\s*4\d\d\s*\)|docs\.deploy-control\.dev\/errors|title: 'Bad Request'/s.test(
            text,
          )
        )
          offenders.push(file.slice(routes.length + 1))
      }
    }
    expect(offenders).toEqual([])
  })
})
