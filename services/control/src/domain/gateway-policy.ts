/**
 * What a gateway policy is, as `gateway.setPolicies` takes it and the service stores it (JSON in
 * `gateway_policies`, each with its `pol_` id); gateway/ evaluates and edits them.
 */

export interface StringMatch {
  exact?: string
  prefix?: string
  regex?: string
  ignoreCase?: boolean
}
export interface FieldMatch {
  name: string
  present?: true
  value?: StringMatch
}
export interface MatchExpr {
  path?: { path: StringMatch }
  method?: { methods: string[] }
  header?: FieldMatch
  queryParam?: FieldMatch
}
export interface RatelimitIdentifier {
  remoteIp?: object
  header?: { name: string }
  authenticatedSubject?: object
  path?: object
  principalField?: { path: string }
}
export interface Policy {
  name: string
  enabled: boolean
  match?: MatchExpr[]
  keyauth?: {
    keyspaces: string[]
    locations?: Array<{
      bearer?: object
      header?: { name: string; stripPrefix?: string }
      queryParam?: { name: string }
    }>
    permissionQuery?: string
    ratelimits?: unknown[]
    credits?: number
  }
  ratelimit?: {
    limit: number
    windowMs: number
    identifier?: RatelimitIdentifier
    identifiers?: RatelimitIdentifier[]
  }
  firewall?: { action: 'ACTION_DENY' }
  openapi?: object
  logging?: {
    requestHeaders?: boolean
    responseHeaders?: boolean
    requestBody?: boolean
    responseBody?: boolean
    query?: boolean
  }
}

export type StoredPolicy = Policy & { id: string }

/** The environment a list of policies belongs to. */
export interface PolicyTarget {
  workspaceId: string
  projectId: string
  appId: string
  environmentId: string
}
