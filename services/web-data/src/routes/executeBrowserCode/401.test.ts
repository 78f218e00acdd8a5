import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('executeBrowserCode', 401)
