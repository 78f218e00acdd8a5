/**
 * The portal build without a browser: structure, versions, install lines, the docs editions of the
 * specs (servers, a code sample of each kind on every operation), guides, changelogs, no external
 * assets.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type HttpMethod, type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_SETTINGS, type ApiName } from '../src/apis.ts'
import { type BuildResult, build } from '../src/build.ts'
import { ANY_URL_DESCRIPTION, LOCAL_SERVER_DESCRIPTION } from '../src/docs-document.ts'
import { marked } from '../src/markdown.ts'
import { SCALAR_ASSET } from '../src/reference.ts'
import { type ApiPage, installCommands, renderChangelog } from '../src/render.ts'
import type { CodeSample } from '../src/samples/index.ts'

const EXTERNAL = /<(script|link|img)\b[^>]*\b(src|href)=["']https?:\/\//i
const OPERATION_METHODS: HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch']

type Json = Record<string, unknown>

function operations(doc: Json): Json[] {
  return walkOperations(doc as OpenApiDocument, { methods: OPERATION_METHODS, strict: false }).map(
    (e) => e.operation,
  )
}

describe('docs portal build', () => {
  let out: string
  let result: BuildResult
  let apis: ApiPage[]
  const read = (rel: string) => fs.readFileSync(path.join(out, rel), 'utf8')
  const json = (rel: string) => JSON.parse(read(rel)) as Json

  beforeAll(() => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-portal-'))
    result = build(out)
    apis = result.apis
  }, 120_000)
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }))

  it('has a landing page with both APIs, their bundle versions and install lines for npm, pnpm and yarn', () => {
    expect(apis.map((a) => a.name).sort()).toEqual(['control', 'web-data'])
    const html = read('index.html')
    for (const api of apis) {
      const bundle = json(`reference/${api.name}/openapi.json`)
      expect(api.version).toBe((bundle.info as Json).version)
      expect(html).toContain(`v${api.version}`)
      for (const p of api.packages) {
        for (const cmd of Object.values(installCommands(p))) expect(html).toContain(cmd)
      }
      expect(html).toContain(`npm install @apiplatform/${api.name}-client`)
      expect(html).toContain(`yarn add --dev @apiplatform/${api.name}-spec`)
      expect(api.operations.length).toBe(operations(bundle).length)
      for (const href of [`reference/${api.name}/`, `guides/${api.name}.html`, `changelog/${api.name}.html`])
        expect(html).toContain(`href="${href}"`)
    }
  })

  it('keeps the published bundle as it is and gives the reference a docs edition with the local stand-in first', () => {
    for (const api of apis) {
      const published = json(`reference/${api.name}/openapi.json`)
      const docs = json(`reference/${api.name}/openapi.docs.json`)
      expect(JSON.stringify(published)).not.toContain('x-codeSamples')
      const servers = docs.servers as Json[]
      expect(servers[0]).toEqual({
        url: API_SETTINGS[api.name as ApiName].localUrl,
        description: LOCAL_SERVER_DESCRIPTION,
      })
      expect(servers.slice(1, -1)).toEqual(published.servers)
      expect(servers.at(-1)).toMatchObject({ url: '{baseUrl}', description: ANY_URL_DESCRIPTION })
    }
  })

  it('gives every operation a curl sample and a sample of our client, generated from its example', () => {
    for (const api of apis) {
      const docs = json(`reference/${api.name}/openapi.docs.json`)
      let count = 0
      for (const op of operations(docs)) {
        const samples = op['x-codeSamples'] as CodeSample[]
        const kinds = samples.map((s) => s['x-sample-kind'])
        expect(kinds.slice(0, 2), String(op.operationId)).toEqual(['curl', 'client'])
        const [curl, client] = samples as [CodeSample, CodeSample]
        expect(curl.source).toMatch(/^curl -sS /)
        expect(curl.source).toContain(API_SETTINGS[api.name as ApiName].localUrl)
        expect(client.source).toContain(`from '@apiplatform/${api.name}-client'`)
        count += samples.length
      }
      expect(count).toBe(result.samples[api.name])
    }
    const rollback = operations(json('reference/control/openapi.docs.json')).find(
      (o) => o.operationId === 'deployments.rollbackDeployment',
    )
    const sources = ((rollback?.['x-codeSamples'] ?? []) as CodeSample[]).map((s) => s.source)
    expect(sources[1]).toContain('await control.deployments.rollbackDeployment({')
    expect(sources[2]).toContain('await unkey.deployments.rollbackDeployment({')
  })

  it('serves Scalar from the build output, and loads nothing from another host', () => {
    expect(fs.statSync(path.join(out, SCALAR_ASSET)).size).toBeGreaterThan(1_000_000)
    expect(fs.existsSync(path.join(out, 'assets', 'favicon.svg'))).toBe(true)
    const pages = ['index.html', 'guides/control.html', 'guides/web-data.html', 'changelog/control.html']
    for (const api of apis) pages.push(`reference/${api.name}/index.html`)
    for (const page of pages) {
      const html = read(page)
      expect(EXTERNAL.exec(html)?.[0], page).toBeUndefined()
      expect(html, page).toContain('assets/favicon.svg')
    }
    const reference = read('reference/control/index.html')
    expect(reference).toContain(`../../${SCALAR_ASSET}`)
    expect(reference).toContain('"url":"./openapi.docs.json"')
    expect(reference).toContain('"withDefaultFonts":false')
  })

  it('renders the getting-started guides with their code', () => {
    for (const api of apis) {
      const html = read(`guides/${api.name}.html`)
      expect(html).toContain('<h2 id="authenticate">Authenticate</h2>')
      expect(html).toMatch(/<pre><code class="language-sh">curl /)
      expect(html).toContain(`import { create`)
    }
  })

  it('renders a changesets CHANGELOG with nested spec changes, and what the next release holds', () => {
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
    const html = renderChangelog(
      api,
      [
        { name: '@apiplatform/control-spec', version: '3.0.0', html: marked.parse(md, { async: false }) },
        { name: '@apiplatform/control-client', version: '3.0.0' },
      ],
      { released: '3.0.0', next: '3.1.0', html: '<ul><li>Add <code>verbose</code></li></ul>' },
    )
    expect(html).toContain('<h2>3.0.0</h2>')
    expect(html).toMatch(/<li>[\s\S]*<ul>[\s\S]*<code>deployments\.listDeployments<\/code>/)
    expect(html).toContain('Unreleased: next version 3.1.0')
    expect(html).toContain('Not released yet')
  })
})
