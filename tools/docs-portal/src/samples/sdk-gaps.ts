/**
 * Operations whose official SDK call does not work against our API as specified, and why. Their
 * reference page says so instead of showing a sample that fails; each is a difference between our
 * spec and the real API's client, to be resolved in the spec and the stand-in (where they disagree,
 * the real clients win), after which the entry goes and the SDK sample is generated and tested.
 */
const UNKEY_PORTAL_COOKIE =
  '`@unkey/api` sends the portal session as a cookie (`portal_session`); this API takes it as a bearer token (`Authorization: Bearer`), so the SDK call is answered 401.'
const FIRECRAWL_BROWSER =
  '`@mendable/firecrawl-js` manages browser sessions under `/v2/browser`; this API serves them under `/v2/interact`, so the SDK call is answered 404.'

export const SDK_GAPS: Record<string, string> = {
  'portal.getVerifications': UNKEY_PORTAL_COOKIE,
  'portal.listKeys': UNKEY_PORTAL_COOKIE,
  'portal.rerollKey': UNKEY_PORTAL_COOKIE,
  listBrowserSessions: FIRECRAWL_BROWSER,
  createBrowserSession: FIRECRAWL_BROWSER,
  executeBrowserCode: FIRECRAWL_BROWSER,
  deleteBrowserSession: FIRECRAWL_BROWSER,
}
