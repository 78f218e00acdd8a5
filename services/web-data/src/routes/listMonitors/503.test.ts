import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('listMonitors', 503)
