import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('crawlParamsPreview', 403)
