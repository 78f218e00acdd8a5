import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('searchAndScrape', 500)
