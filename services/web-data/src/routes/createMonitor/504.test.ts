import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('createMonitor', 504)
