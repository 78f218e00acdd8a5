import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('cancelAgent', 429)
