import { client } from '../../generated/hey-api/control/client.gen'
import { keysCreateKey, keysVerifyKey } from '../../generated/hey-api/control/sdk.gen'

export async function createKey(baseUrl: string, rootKey: string): Promise<string | undefined> {
  client.setConfig({ baseUrl, auth: () => rootKey })
  const { data } = await keysCreateKey({ body: { apiId: 'api_1234abcd', meta: { plan: 'pro' } } })
  if (!data) return undefined
  const verified = await keysVerifyKey({ body: { key: data.data.key } })
  const plan: unknown = verified.data?.data.meta?.plan
  return typeof plan === 'string' ? data.data.keyId : undefined
}
