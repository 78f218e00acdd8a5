/**
 * A bundle's int64 bounds are exact in its text (spec-rules' exact-int64 step of spec:bundle):
 * generators that read numbers as int64 or big integers (Java, Go, Python, Kubb's bigint) would
 * otherwise see 9223372036854776000, one past int64's maximum.
 */
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { APIS, bundlePath } from '../src/paths.js'

const EXACT = new Set(['9223372036854775807', '-9223372036854775808'])

it.each(APIS)('%s: every integer beyond 2^53 is an exact int64 bound', (api) => {
  for (const file of [bundlePath(api), bundlePath(api).replace(/\.json$/, '.yaml')]) {
    const text = readFileSync(file, 'utf8')
    const unsafe = [...text.matchAll(/(?<![\w."'-])-?\d{16,}(?![\w."'])/g)]
      .map((m) => m[0])
      .filter((n) => !Number.isSafeInteger(Number(n)))
    expect(
      unsafe.filter((n) => !EXACT.has(n)),
      file,
    ).toEqual([])
  }
})

it('control keeps the int64 maximum of its credits and timestamps', () => {
  expect(readFileSync(bundlePath('control'), 'utf8')).toContain('"maximum": 9223372036854775807')
})
