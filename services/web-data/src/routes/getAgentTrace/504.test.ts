import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getAgentTrace', 504)
