import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getActiveCrawls', 429)
