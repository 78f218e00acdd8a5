import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('interactWithScrapeBrowserSession', 500)
