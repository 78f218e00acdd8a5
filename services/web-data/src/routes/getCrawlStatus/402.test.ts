import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getCrawlStatus', 402)
