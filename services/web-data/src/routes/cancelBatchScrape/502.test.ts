import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('cancelBatchScrape', 502)
