import type { Sql } from '@apiplatform/server-kit'
import type { RunRow } from './runs.js'
import { appendEvent, ORCHESTRATOR, saveSnapshot } from './trace.js'

export const schemaOf = (run: RunRow) => (run.request.schema?.properties ? run.request.schema : undefined)

/** Records a new version of the run's result artifact (`result.json`), saved as `snapshotId`. */
export function resultUpdated(tx: Sql, runId: string, snapshotId: string, change: Record<string, unknown>) {
  return appendEvent(tx, runId, ORCHESTRATOR, {
    type: 'artifact.updated',
    artifact: { kind: 'json', artifactId: 'art_result', path: 'result.json', snapshotId, ...change },
  })
}

/** Saves the run's result artifact as a snapshot and records the new version. */
export async function saveResult(tx: Sql, runId: string, artifact: unknown, change: Record<string, unknown>) {
  await resultUpdated(tx, runId, await saveSnapshot(tx, runId, 'json', JSON.stringify(artifact)), change)
}
