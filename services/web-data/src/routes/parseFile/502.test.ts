import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('parseFile', 502)
