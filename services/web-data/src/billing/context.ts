import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * The API key a request was made with, carried through the async call chain so the credit
 * ledger can attribute charges to keys (`GET /v2/team/credit-usage/historical?byApiKey=true`)
 * without every caller passing it along. Work done by the job worker has no key.
 */
const currentKey = new AsyncLocalStorage<string>()

export function withKey<T>(keyId: string, fn: () => Promise<T>): Promise<T> {
  return currentKey.run(keyId, fn)
}

export function currentKeyId(): string | null {
  return currentKey.getStore() ?? null
}
