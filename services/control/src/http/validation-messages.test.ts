import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../testing/harness.js'

type Problem = { error: { type: string; errors: { location: string; message: string; fix?: string }[] } }

describe.each(testDatabaseKinds())('validation messages name the fault (%s)', (kind) => {
  const t = useTestService({ kind })
  const post = async (path: string, body: unknown) => {
    const { error, response } = await t.client.raw.POST(path as never, { body: body as never } as never)
    expect(response.status).toBe(400)
    const problem = error as unknown as Problem
    expect(problem.error.type).toBe('https://docs.deploy-control.dev/errors/request/invalid_body')
    return problem.error.errors
  }
  const credits = { keyId: 'key_123', operation: 'set', value: 10 }

  it.each([
    [
      'a wrong type',
      '/v2/deployments.rollbackDeployment',
      { deploymentId: 12 },
      {
        location: 'body.deploymentId',
        message: 'Wrong type: expected string, received number 12',
        fix: 'Send body.deploymentId as a string.',
      },
    ],
    [
      'a missing property',
      '/v2/deployments.rollbackDeployment',
      {},
      {
        location: 'body.deploymentId',
        message: 'Required property is missing',
        fix: 'Provide body.deploymentId, it is required.',
      },
    ],
    [
      'a string too long',
      '/v2/deployments.rollbackDeployment',
      { deploymentId: `d_${'x'.repeat(254)}` },
      {
        location: 'body.deploymentId',
        message: 'Too long: at most 255 characters, received 256',
        fix: 'Send at most 255 characters.',
      },
    ],
    [
      'a string too short',
      '/v2/keys.updateCredits',
      { ...credits, keyId: 'k' },
      {
        location: 'body.keyId',
        message: 'Too short: at least 3 characters, received 1',
        fix: 'Send at least 3 characters.',
      },
    ],
    [
      'a pattern mismatch',
      '/v2/deployments.rollbackDeployment',
      { deploymentId: 'd_abc/../x' },
      {
        location: 'body.deploymentId',
        message: expect.stringMatching(
          /^Invalid format: must match the pattern .+, received "d_abc\/\.\.\/x"$/,
        ),
      },
    ],
    [
      'a number too small',
      '/v2/keys.updateCredits',
      { ...credits, value: -1 },
      {
        location: 'body.value',
        message: 'Too small: must be at least 0, received -1',
        fix: 'Send a value of at least 0.',
      },
    ],
    [
      'a fraction for an integer',
      '/v2/keys.updateCredits',
      { ...credits, value: 1.5 },
      {
        location: 'body.value',
        message: 'Wrong type: expected integer, received number 1.5',
        fix: 'Send body.value as an integer.',
      },
    ],
    [
      'a value outside the enum',
      '/v2/keys.updateCredits',
      { ...credits, operation: 'double' },
      {
        location: 'body.operation',
        message: 'Not one of the allowed values: "set", "increment", "decrement"; received "double"',
        fix: 'Use one of: "set", "increment", "decrement".',
      },
    ],
    [
      'a missing enum property',
      '/v2/keys.updateCredits',
      { keyId: 'key_123', value: 1 },
      {
        location: 'body.operation',
        message: 'Required property is missing',
        fix: 'Provide body.operation, it is required.',
      },
    ],
    [
      'an unknown property',
      '/v2/keys.updateCredits',
      { ...credits, amount: 5 },
      {
        location: 'body.amount',
        message: 'Unknown property "amount": this operation does not accept it',
        fix: 'Remove body.amount: this operation does not accept it (check the spelling).',
      },
    ],
  ])('%s', async (_name, path, body, expected) => {
    expect(await post(path, body)).toEqual([expected])
  })
})
