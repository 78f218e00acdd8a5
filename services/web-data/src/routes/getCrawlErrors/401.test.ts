import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getCrawlErrors', 401)
