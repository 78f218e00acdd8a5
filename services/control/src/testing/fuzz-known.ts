/**
 * Failure classes the fuzzer still finds in the control service while their fixes are under way.
 * Each entry's probe is sent after the run and must still fail: a fixed defect fails the test
 * until its entry is removed, so this list only shrinks. The goal is an empty list.
 */
import type { KnownFailure } from '@apiplatform/contract'

export function controlKnownFailures(_kind: 'pglite' | 'postgres'): KnownFailure[] {
  return []
}
