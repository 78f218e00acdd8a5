import { describeEscapesRefused } from '../../../test/analytics-statuses.js'

describeEscapesRefused('analytics.getRatelimits')
