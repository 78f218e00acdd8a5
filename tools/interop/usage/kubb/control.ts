import type { z } from 'zod/v4'
import { V2KeysCreateKeyRequestBodySchema } from '../../generated/kubb/control/V2KeysCreateKeyRequestBodySchema'
import { V2KeysVerifyKeyResponseBodySchema } from '../../generated/kubb/control/V2KeysVerifyKeyResponseBodySchema'

/** What a caller writes (z.input): fields with a default may be left out. */
type CreateKeyBody = z.input<typeof V2KeysCreateKeyRequestBodySchema>

export async function createKey(baseUrl: string, rootKey: string): Promise<unknown> {
  const body: CreateKeyBody = { apiId: 'api_1234abcd', meta: { plan: 'pro' } }
  const response = await fetch(`${baseUrl}/v2/keys.verifyKey`, {
    method: 'POST',
    headers: { authorization: `Bearer ${rootKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(V2KeysCreateKeyRequestBodySchema.parse(body)),
  })
  const verified = V2KeysVerifyKeyResponseBodySchema.parse(await response.json())
  return verified.data.meta?.plan
}
