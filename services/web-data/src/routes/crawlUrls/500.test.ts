import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('crawlUrls', 500)
