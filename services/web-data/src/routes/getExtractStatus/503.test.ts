import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getExtractStatus', 503)
