export { TestClock } from './clock.js'
export { clockedDatabase, shiftNow } from './clocked-database.js'
export {
  createTestControls,
  type FaultAnswerInput,
  type TestControls,
  type TestControlsOptions,
  type TestControlsRuntime,
} from './controls.js'
export { CONTROLS_PREFIX } from './http.js'
export { DEFAULT_JOURNAL_CAPACITY, type JournalEntry, type JournalQuery, RequestJournal } from './journal.js'
export { operationMatcher } from './operations.js'
export { type FaultOptions, type LatencyOptions, type RequestMatch, type Rule, RuleSet } from './rules.js'
export { resetToSeededState, type SeededState, type SeededStateOptions } from './seeded-state.js'
export { type TestControlsSettings, testControlsFromEnv } from './settings.js'
export { type DatabaseSnapshot, snapshotDatabase } from './snapshot.js'
