import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('scrapeAndExtractFromUrls', 503)
