/**
 * Wire facts: the share of the reference sheet's body facts (`reference/wire-facts.json`, one
 * entry per property path of every request and response body: exists, JSON types, value list,
 * requiredness; see its `definition`) that the bundle keeps. At least 99 % must match; a fact we
 * differ on on purpose is listed under `## Wire fact differences` in DEVIATIONS.md, with why.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  compareWireFacts,
  describeFact,
  parseDeviations,
  type WireFactsFile,
} from '@apiplatform/spec-rules/wire-facts'
import { describe, expect, it } from 'vitest'
import { loadBundle } from './bundle.js'
import { specDir } from './reference.js'

const MIN_SHARE = 0.99

const facts: WireFactsFile = JSON.parse(readFileSync(path.join(specDir, 'reference/wire-facts.json'), 'utf8'))
const { deviations, malformed } = parseDeviations(readFileSync(path.join(specDir, 'DEVIATIONS.md'), 'utf8'))
const result = compareWireFacts(loadBundle(), facts.operations, { deviations })

describe('wire facts of the reference sheet', () => {
  it(`the bundle matches at least ${MIN_SHARE * 100} % of them`, () => {
    const unmatched = result.unmatched.map(describeFact)
    console.log(
      `control wire facts: ${result.total} facts, ${result.matched} matched, ${result.deviated.length} listed in DEVIATIONS.md, ` +
        `${unmatched.length} unmatched (${(result.share * 100).toFixed(2)} %)` +
        (unmatched.length ? `\n  ${unmatched.join('\n  ')}` : ''),
    )
    expect(result.total).toBe(facts.counts.facts)
    expect(result.share, `unmatched facts:\n${unmatched.join('\n')}`).toBeGreaterThanOrEqual(MIN_SHARE)
  })

  it('every "Wire fact differences" line of DEVIATIONS.md parses, has a reason and excuses a fact', () => {
    expect(malformed).toEqual([])
    expect(result.unusedDeviations.map((d) => d.line)).toEqual([])
  })
})
