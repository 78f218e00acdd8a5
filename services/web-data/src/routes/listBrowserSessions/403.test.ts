import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('listBrowserSessions', 403)
