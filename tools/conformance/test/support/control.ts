import { type ControlService, startControlService } from '@apiplatform/control-service'
import { Unkey } from '@unkey/api'
import { type Recorder, startRecorder } from './recorder.ts'
import type { storages } from './storage.ts'

export interface ControlTarget {
  service: ControlService
  /** What every SDK request was answered. */
  recorder: Recorder
  /** The official SDK with the bootstrap root key (every permission). */
  sdk: Unkey
  sdkWith(rootKey: string): Unkey
  stop(): Promise<void>
}

export async function startControl(
  storage: ReturnType<typeof storages>[number]['storage'],
): Promise<ControlTarget> {
  const service = await startControlService({ storage })
  const recorder = await startRecorder('control', service.url)
  // No retries: a test sees the first answer.
  const sdkWith = (rootKey: string) =>
    new Unkey({ rootKey, serverURL: recorder.url, retryConfig: { strategy: 'none' } })
  return {
    service,
    recorder,
    sdk: sdkWith(service.rootKey),
    sdkWith,
    stop: async () => {
      await Promise.all([service.stop(), recorder.close()])
    },
  }
}
