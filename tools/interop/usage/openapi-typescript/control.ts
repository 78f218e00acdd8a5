import type { paths } from '../../generated/openapi-typescript/control/schema'

type CreateKey = paths['/v2/keys.createKey']['post']
type CreateKeyBody = CreateKey['requestBody']['content']['application/json']
type CreateKeyAnswer = CreateKey['responses'][200]['content']['application/json']
type Verified = paths['/v2/keys.verifyKey']['post']['responses'][200]['content']['application/json']

export async function createKey(baseUrl: string, rootKey: string): Promise<string> {
  // Only what the caller means: byteLength, enabled and recoverable keep their defaults.
  const body: CreateKeyBody = { apiId: 'api_1234abcd', meta: { plan: 'pro' } }
  const response = await fetch(`${baseUrl}/v2/keys.createKey`, {
    method: 'POST',
    headers: { authorization: `Bearer ${rootKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as CreateKeyAnswer
  return answer.data.key
}

/** A free-form `meta` reads as values of any type, not as an object that can hold nothing. */
export function planOf(verified: Verified): unknown {
  return verified.data.meta?.plan
}
