import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createService, type RunningService } from './service.js'
import { demoDeployments, startBanner } from './start-banner.js'

const config = {
  rootKeyGenerated: false,
  encryptionKeyGenerated: false,
  encryptionKeyText: 'not printed',
} as const

describe('the start banner', () => {
  let service: RunningService
  beforeAll(async () => {
    service = await createService({
      rootKey: 'ck_banner_root_key',
      port: 0,
      hostname: '127.0.0.1',
      seed: true,
    })
  })
  afterAll(() => service?.stop())

  it('names the live deployment as the database has it, not as the seed made it', async () => {
    const fresh = startBanner(service, config, await demoDeployments(service.db)).join('\n')
    expect(fresh).toContain('live d_seed_v3; ready rollback targets d_seed_v1, d_seed_v2;')

    // What a finished rollback leaves behind, and a restart reads back.
    await service.db.query("UPDATE apps SET current_deployment_id = 'd_seed_v2' WHERE id = 'app_checkout'")
    const banner = startBanner(service, config, await demoDeployments(service.db)).join('\n')
    expect(banner).toContain('live d_seed_v2; ready rollback targets d_seed_v1, d_seed_v3;')
    expect(banner).toContain('"deploymentId":"d_seed_v3"')
  })

  it('says where a key it does not print came from', () => {
    const banner = startBanner(service, config, undefined).join('\n')
    expect(banner).toContain('root key:  ck_banner_root_key   (from CONTROL_ROOT_KEY)')
    expect(banner).toContain('encryption key: set by CONTROL_ENCRYPTION_KEY (not printed)')
  })
})
