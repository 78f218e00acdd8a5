import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getAgentThread', 504)
