import { describeGenericStatus } from '../../testing/generic-status.js'

describeGenericStatus('getActivity', 403)
