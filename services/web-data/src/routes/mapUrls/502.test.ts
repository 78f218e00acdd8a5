import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('mapUrls', 502)
