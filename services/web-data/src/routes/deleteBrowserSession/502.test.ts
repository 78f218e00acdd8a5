import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('deleteBrowserSession', 502)
