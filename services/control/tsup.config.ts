import { serviceBuild } from '../../packages/server-kit/tsup.service.ts'

export default serviceBuild()
