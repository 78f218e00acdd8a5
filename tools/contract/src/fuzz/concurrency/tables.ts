/**
 * The invariant table of each API, besides the rules every API gets from its spec (a delete that
 * documents 404 succeeds once, a create that documents 409 creates one). One line per rule the
 * spec states in prose.
 */
import { afterwards, exactlyOneLive, type Invariant, limitHolds, succeedsAtMost, valueAt } from './rules.js'

export const controlInvariants: Invariant[] = [
  // `expiration: 0` revokes the old key at once: of calls racing on it, one successor may live.
  exactlyOneLive({
    operation: 'keys.rerollKey',
    says: 'keys.rerollKey (expiration 0): exactly one live key afterwards (the old key or one new key)',
    body: { expiration: 0 },
    idName: 'keyId',
    successor: ['data', 'keyId'],
    get: 'keys.getKey',
    live: (body) => {
      const key = valueAt(body, ['data']) as { enabled?: boolean; expires?: number } | undefined
      return !!key && key.enabled !== false && (key.expires === undefined || key.expires > Date.now())
    },
  }),
]

export const webDataInvariants: Invariant[] = [
  limitHolds({
    operation: 'createBrowserSession',
    says: 'createBrowserSession: at most 5 live browser sessions per team, the others 429',
    max: 5,
    others: [429],
    list: { operation: 'listBrowserSessions', query: '?status=active', items: ['sessions'] },
    remove: { operation: 'deleteBrowserSession', idName: 'sessionId' },
  }),
  // Its 409: "already in a terminal state, or a cancellation is already in progress".
  succeedsAtMost(
    'cancelAgent',
    1,
    [409],
    'cancelAgent: of identical cancels of a running agent one succeeds, the others answer 409',
  ),
  afterwards(
    'credits never go negative (getCreditUsage after the phase)',
    undefined,
    { operation: 'getCreditUsage' },
    (answer) => {
      const remaining = valueAt(answer.body, ['data', 'remainingCredits'])
      return typeof remaining === 'number' && remaining < 0 ? `remainingCredits is ${remaining}` : undefined
    },
  ),
]

/** The table of a bundled API by its name (`--api`), empty for another spec. */
export function invariantsFor(api: string | undefined): Invariant[] {
  return api === 'control' ? controlInvariants : api === 'web-data' ? webDataInvariants : []
}
