import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('cancelCrawl', 403)
