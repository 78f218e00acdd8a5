/** The portal build without a browser: structure, versions, no external assets, changelog rendering. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { marked } from 'marked'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../src/build.ts'
import { type ApiPage, renderChangelog } from '../src/render.ts'

const EXTERNAL = /<(script|link|img)\b[^>]*\b(src|href)=["']https?:\/\//i

describe('docs portal build', () => {
  let out: string
  let apis: ApiPage[]

  beforeAll(() => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-portal-'))
    apis = build(out)
  }, 120_000)
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }))

  it('has a landing page with both APIs, their bundle versions and install lines', () => {
    expect(apis.map((a) => a.name).sort()).toEqual(['control', 'web-data'])
    const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8')
    for (const api of apis) {
      const bundle = JSON.parse(
        fs.readFileSync(path.join(out, 'reference', api.name, 'openapi.json'), 'utf8'),
      )
      expect(api.version).toBe(bundle.info.version)
      expect(html).toContain(`v${bundle.info.version}`)
      for (const p of api.packages) expect(html).toContain(p.name)
      expect(html).toContain(`pnpm add @apiplatform/${api.name}-client`)
      expect(api.operations.length).toBe(
        Object.values(bundle.paths as Record<string, object>).flatMap((item) =>
          Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch'].includes(k)),
        ).length,
      )
    }
  })

  it('loads nothing from another host', () => {
    const pages = ['index.html', 'reference/control/index.html', 'reference/web-data/index.html']
    for (const page of pages) {
      const html = fs.readFileSync(path.join(out, page), 'utf8')
      expect(EXTERNAL.exec(html)?.[0], page).toBeUndefined()
      expect(html.includes('cdn.redoc.ly/redoc/logo'), page).toBe(false)
    }
  })

  it('renders a changesets CHANGELOG with nested spec changes', () => {
    const md = [
      '## 3.0.0',
      '',
      '### Major Changes',
      '',
      '- Control API spec changes since 2.0.0 (1 breaking):',
      '',
      '  **Breaking changes**',
      '',
      '  - `deployments.listDeployments` (POST /v2/deployments.listDeployments): operation removed',
    ].join('\n')
    const [api] = apis
    if (!api) throw new Error('no API')
    const html = renderChangelog(api, [
      {
        name: '@apiplatform/control-spec',
        version: '3.0.0',
        html: marked.parse(md, { async: false }) as string,
      },
      { name: '@apiplatform/control-client', version: '3.0.0' },
    ])
    expect(html).toContain('<h2>3.0.0</h2>')
    expect(html).toMatch(/<li>[\s\S]*<ul>[\s\S]*<code>deployments\.listDeployments<\/code>/)
    expect(html).toContain('Not released yet')
  })
})
