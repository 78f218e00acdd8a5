import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getBatchScrapeErrors', 402)
