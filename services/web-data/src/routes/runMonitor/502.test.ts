import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('runMonitor', 502)
