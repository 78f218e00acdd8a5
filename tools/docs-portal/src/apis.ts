/**
 * What the docs say about calling each API that the spec does not: where the local stand-in
 * listens (`pnpm start`, the services' run-time contract) and which environment variable the
 * samples and the guide read each credential from.
 */
export type ApiName = 'control' | 'web-data'

export interface ApiDocsSettings {
  /** The reference service as `pnpm start` runs it. */
  localUrl: string
  /** Security scheme of the spec → environment variable holding that credential. */
  credentials: Record<string, string>
}

export const API_SETTINGS: Record<ApiName, ApiDocsSettings> = {
  control: {
    localUrl: 'http://127.0.0.1:7100',
    credentials: { bearer: 'CONTROL_ROOT_KEY', portalSession: 'PORTAL_SESSION_TOKEN' },
  },
  'web-data': {
    localUrl: 'http://127.0.0.1:7200',
    credentials: { bearerAuth: 'WEB_DATA_API_KEY' },
  },
}

export function isApiName(name: string): name is ApiName {
  return name in API_SETTINGS
}
