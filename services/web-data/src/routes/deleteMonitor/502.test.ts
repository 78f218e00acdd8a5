import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('deleteMonitor', 502)
