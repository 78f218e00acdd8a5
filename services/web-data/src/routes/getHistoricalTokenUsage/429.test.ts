import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getHistoricalTokenUsage', 429)
