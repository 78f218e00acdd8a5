import { randomUUID } from 'node:crypto'
import { ApiError, Errors } from '../errors.js'
import type { MonitorTarget } from './rows.js'

export function withIds(targets: MonitorTarget[]): Array<MonitorTarget & { id: string }> {
  return targets.map((t) => ({ ...t, id: t.id ?? randomUUID() }))
}

export function checkTargets(targets: MonitorTarget[]): void {
  for (const [i, target] of targets.entries()) {
    const urls = target.type === 'scrape' ? target.urls : target.type === 'crawl' ? [target.url] : []
    for (const [j, url] of urls.entries()) {
      let ok = false
      try {
        const u = new URL(url)
        ok = (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
      } catch {}
      if (!ok) {
        throw new ApiError(400, Errors.invalidUrl, {
          details: [
            {
              in: 'body',
              path: ['targets', i, ...(target.type === 'scrape' ? ['urls', j] : ['url'])],
              message: 'Expected an absolute http or https URL',
              code: 'invalid_url',
            },
          ],
        })
      }
    }
  }
}
