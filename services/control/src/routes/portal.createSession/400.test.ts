import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('portal.createSession 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ externalId: 'c_1', scopes: ['keys:read'] }, 'body.portal'],
    [{ portal: 'portal_main', scopes: ['keys:read'] }, 'body.externalId'],
    [{ portal: 'portal_main', externalId: 'c_1', scopes: [] }, 'body.scopes'],
    [
      { portal: 'portal_main', externalId: 'c_1', scopes: ['keys:read', 'delete_everything'] },
      'body.scopes[1]',
    ],
    [{ portal: 'portal main', externalId: 'c_1', scopes: ['keys:read'] }, 'body.portal'],
    [
      { portal: 'portal_main', externalId: 'c_1', scopes: ['keys:read'], returnUrl: 'not a url' },
      'body.returnUrl',
    ],
    [{ portal: 'portal_main', externalId: 'c_1', scopes: ['keys:read'], extra: 1 }, 'body.extra'],
    ...['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://example.com/', 'http://'].map(
      (returnUrl): [unknown, string] => [
        { portal: 'portal_main', externalId: 'c_1', scopes: ['keys:read'], returnUrl },
        'body.returnUrl',
      ],
    ),
  ])('rejects %j', (body, location) => expectBadRequest(t, 'portal.createSession', body, location))
})
