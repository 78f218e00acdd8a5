import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getAgentStatus', 403)
