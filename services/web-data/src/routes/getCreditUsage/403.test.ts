import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getCreditUsage', 403)
