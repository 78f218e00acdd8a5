import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('stopInteractiveScrapeBrowserSession', 401)
