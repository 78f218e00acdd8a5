import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getAgentSnapshot', 503)
