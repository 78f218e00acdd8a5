import { createApiClient } from '../../generated/openapi-zod-client/control/client'

export async function createKey(baseUrl: string, rootKey: string): Promise<string> {
  const api = createApiClient(baseUrl, { axiosConfig: { headers: { authorization: `Bearer ${rootKey}` } } })
  const created = await api['keys.createKey']({ apiId: 'api_1234abcd', meta: { plan: 'pro' } })
  return created.data.key
}
