import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('listMonitorChecks', 503)
