import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('startAgent', 503)
