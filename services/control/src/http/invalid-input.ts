/**
 * 400 answers decided by a handler (rules the schema cannot express: one deployment source,
 * duplicate keys, an invalid domain name, a cursor this service did not issue). Throw
 * `invalidInput(...)`; `handleInput` turns it into the documented BadRequest body.
 */
import type { Context } from 'hono'
import { handle } from './problems.js'

export interface ValidationProblem {
  location: string
  message: string
  fix?: string
}

export class InvalidInput extends Error {
  constructor(
    readonly detail: string,
    readonly errors: ValidationProblem[],
  ) {
    super(detail)
    this.name = 'InvalidInput'
  }
}

export const invalidInput = (detail: string, ...errors: ValidationProblem[]) =>
  new InvalidInput(detail, errors)

export function invalidInputResponse(c: Context, e: InvalidInput): Response {
  return c.json(
    {
      meta: { requestId: c.get('requestId') as string },
      error: {
        title: 'Bad Request',
        detail: e.detail,
        status: 400,
        type: 'https://docs.deploy-control.dev/errors/request/invalid_body',
        errors: e.errors,
      },
    },
    400,
  )
}

/** `handle` (ApiError → problem response) plus InvalidInput → 400. */
export function handleInput<H extends (c: never, next: never) => unknown>(fn: H): H {
  return handle((async (c: Context, next: () => Promise<void>) => {
    try {
      return await (fn as unknown as (c: Context, next: () => Promise<void>) => Promise<unknown>)(c, next)
    } catch (error) {
      if (error instanceof InvalidInput) return invalidInputResponse(c, error)
      throw error
    }
  }) as unknown as H)
}
