import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getHistoricalCreditUsage', 401)
