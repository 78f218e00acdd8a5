import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getTokenUsage', 502)
