import { describe, expect, it } from 'vitest'
import { readTbs, toTsQuery } from './index.js'

describe('search helpers', () => {
  const now = new Date('2026-05-10T12:00:00Z')

  it('reads qdr and cdr time filters', () => {
    expect(readTbs('qdr:h', now)).toEqual({ since: new Date('2026-05-10T11:00:00Z') })
    expect(readTbs('qdr:d2', now)).toEqual({ since: new Date('2026-05-08T12:00:00Z') })
    expect(readTbs('cdr:1,cd_min:1/2/2026,cd_max:1/31/2026', now)).toEqual({
      since: new Date('2026-01-02T00:00:00Z'),
      until: new Date('2026-02-01T00:00:00Z'),
    })
    expect(readTbs('sbd:1', now)).toEqual({})
  })

  it('turns a query into a prefix OR tsquery without operators of its own', () => {
    expect(toTsQuery("Acme's kettle & (specs)!")).toBe('acme:* | kettle:* | specs:*')
    expect(toTsQuery('& | !')).toBeUndefined()
  })
})
