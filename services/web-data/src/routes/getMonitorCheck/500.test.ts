import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getMonitorCheck', 500)
