import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('updateMonitor', 500)
