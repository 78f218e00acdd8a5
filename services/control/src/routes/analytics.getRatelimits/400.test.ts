import { describeInvalidQuery } from '../../../test/analytics-statuses.js'

describeInvalidQuery('analytics.getRatelimits')
