import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('extractData', 500)
