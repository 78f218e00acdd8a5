import { describeNoData } from '../../../test/analytics-statuses.js'

describeNoData('analytics.getRatelimits')
