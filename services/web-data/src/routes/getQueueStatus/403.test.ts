import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getQueueStatus', 403)
