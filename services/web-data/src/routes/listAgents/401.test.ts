import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('listAgents', 401)
