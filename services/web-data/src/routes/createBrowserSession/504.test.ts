import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('createBrowserSession', 504)
