import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('scrapeAndExtractFromUrl', 429)
