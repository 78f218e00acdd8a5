import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getScrapeStatus', 429)
