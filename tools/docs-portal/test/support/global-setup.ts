/**
 * What the docs tests share, started once per run: the built portal on a free port, the two
 * stand-ins (allowing the portal's origin by CORS, as `pnpm start` does for port 7300) and a
 * local site for the web-data samples to scrape.
 */
import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { createDocsServer, listen } from '../../src/serve.ts'
import { startSite } from './site.ts'
import { CONTROL_SETTINGS, WEB_DATA_SETTINGS } from './stand-in-settings.ts'
import { startStandIn } from './stand-ins.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    docsUrl: string
    controlUrl: string
    webDataUrl: string
    siteUrl: string
  }
}

export default async function setup(project: TestProject) {
  const dist = path.resolve(import.meta.dirname, '../../dist')
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    const { build } = await import('../../src/build.ts')
    build()
  }
  const docs: http.Server = createDocsServer(dist)
  const docsUrl = (await listen(docs, 0, '127.0.0.1')).replace(/\/$/, '')
  const site = await startSite()
  const started = await Promise.allSettled([
    startStandIn('control', { ...CONTROL_SETTINGS, CORS_ORIGINS: docsUrl }),
    startStandIn('web-data', { ...WEB_DATA_SETTINGS, CORS_ORIGINS: docsUrl }),
  ])
  const [control, webData] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined))
  if (!control || !webData) {
    await Promise.all([control?.stop(), webData?.stop(), site.close()])
    await new Promise((r) => docs.close(r))
    throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason
  }
  project.provide('docsUrl', docsUrl)
  project.provide('controlUrl', control.url)
  project.provide('webDataUrl', webData.url)
  project.provide('siteUrl', site.url)
  return async () => {
    await Promise.all([control.stop(), webData.stop(), site.close()])
    await new Promise((r) => docs.close(r))
  }
}
