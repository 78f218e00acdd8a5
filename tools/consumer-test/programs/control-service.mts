// A team starting the control service from its own code (in-process, with its typed options).
import { type ControlService, DEMO_DATA, startControlService } from '@apiplatform/control-service'

const service: ControlService = await startControlService({
  port: 0,
  storage: { dataDir: '.data' },
  logLevel: 'info',
})
const target: string = DEMO_DATA.deployments.v2
await service.stop()

export { target }
