import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getBatchScrapeStatus', 429)
