import { describeNoData } from '../../../test/analytics-statuses.js'

describeNoData('analytics.getGatewayRequests')
