import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getMonitor', 500)
