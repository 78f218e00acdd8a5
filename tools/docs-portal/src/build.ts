/**
 * Builds the docs portal into dist/:
 *
 *   index.html                         both APIs: version, install lines (npm, pnpm, yarn), operations, links
 *   reference/<api>/index.html         the API reference (Scalar) with code samples and "try it"
 *   reference/<api>/openapi.docs.json  the docs edition of the spec it renders (servers, x-codeSamples)
 *   reference/<api>/openapi.json       the published bundle (and openapi.yaml), for download
 *   guides/<api>.html                  getting started (src/guides/<api>.md)
 *   changelog/<api>.html               unreleased changes, then the CHANGELOG.md of each package
 *   assets/                            our stylesheet, the favicon, Scalar's standalone bundle
 *
 * Nothing loads from another host: the build fails if a page references an external script or
 * stylesheet.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type HttpMethod, type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'
import { formatChanges, unreleasedChanges } from '@apiplatform/release/changelog'
import {
  findRoot,
  loadWorkspace,
  type Workspace,
  type WorkspacePackage,
} from '@apiplatform/release/workspace'
import { isApiName } from './apis.ts'
import { docsDocument } from './docs-document.ts'
import { renderGuideMarkdown } from './guides.ts'
import { marked } from './markdown.ts'
import { copyScalar, renderReference } from './reference.ts'
import {
  type ApiPage,
  type Operation,
  packageKind,
  renderChangelog,
  renderGuide,
  renderIndex,
  type UnreleasedSection,
} from './render.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const portalDir = path.resolve(here, '..')
const METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']

type Json = Record<string, unknown>

/** Matches anything a page would fetch from another host: scripts, stylesheets, preloads, fonts. */
const EXTERNAL_ASSET =
  /<(script|link)\b[^>]*\b(src|href)=["']https?:\/\/[^"']+["'][^>]*>|@import\s+url\(["']?https?:|from\s*["']https?:\/\//i

export interface BuildResult {
  apis: ApiPage[]
  /** Code samples written into the docs editions, per API. */
  samples: Record<string, number>
}

export function build(outDir = path.join(portalDir, 'dist')): BuildResult {
  const ws = loadWorkspace(findRoot(portalDir))
  fs.rmSync(outDir, { recursive: true, force: true })
  fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true })
  fs.copyFileSync(path.join(here, 'site.css'), path.join(outDir, 'assets', 'site.css'))
  fs.copyFileSync(path.join(here, 'favicon.svg'), path.join(outDir, 'assets', 'favicon.svg'))
  copyScalar(outDir)

  const apis: ApiPage[] = []
  const samples: Record<string, number> = {}
  const pages: string[] = []
  const write = (rel: string, html: string) => {
    const file = path.join(outDir, rel)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, html)
    pages.push(file)
  }

  for (const api of ws.apis) {
    if (!isApiName(api.name)) throw new Error(`${api.name}: no docs settings (src/apis.ts)`)
    const bundle = JSON.parse(fs.readFileSync(api.bundle, 'utf8')) as Json
    const refDir = path.join(outDir, 'reference', api.name)
    fs.mkdirSync(refDir, { recursive: true })
    fs.copyFileSync(api.bundle, path.join(refDir, 'openapi.json'))
    const yaml = path.join(path.dirname(api.bundle), 'openapi.yaml')
    if (fs.existsSync(yaml)) fs.copyFileSync(yaml, path.join(refDir, 'openapi.yaml'))
    const docs = docsDocument(api.name, bundle)
    samples[api.name] = docs.samples
    fs.writeFileSync(path.join(refDir, 'openapi.docs.json'), JSON.stringify(docs.document))

    const info = (bundle.info ?? {}) as Json
    const page: ApiPage = {
      name: api.name,
      title: String(info.title ?? api.name),
      version: String(info.version ?? api.spec.version),
      summary: firstParagraph(String(info.description ?? '')),
      packages: api.packages.map((p) => ({
        name: p.name,
        version: p.version,
        description: String(p.manifest.description ?? ''),
        kind: packageKind(p.name),
      })),
      operations: operationsOf(bundle),
      servers: ((bundle.servers as Json[] | undefined) ?? []).map((s) => String(s.url)),
    }
    apis.push(page)
    const scheme = Object.keys(((bundle.components as Json | undefined)?.securitySchemes ?? {}) as Json)[0]
    write(
      path.join('reference', api.name, 'index.html'),
      renderReference({
        api: api.name,
        title: page.title,
        documentUrl: './openapi.docs.json',
        securityScheme: scheme,
      }),
    )

    const sections = api.packages.map((pkg) => {
      const markdown = readChangelog(pkg)
      return {
        name: pkg.name,
        version: pkg.version,
        html: markdown ? marked.parse(stripTitle(markdown), { async: false }) : undefined,
      }
    })
    write(
      path.join('changelog', `${api.name}.html`),
      renderChangelog(page, sections, unreleasedOf(ws, api.name)),
    )
  }

  for (const page of apis) {
    const guide = path.join(here, 'guides', `${page.name}.md`)
    if (!fs.existsSync(guide)) throw new Error(`no getting-started guide for ${page.name} (${guide})`)
    const rendered = renderGuideMarkdown(fs.readFileSync(guide, 'utf8'))
    write(
      path.join('guides', `${page.name}.html`),
      renderGuide({ api: page.name, title: page.title, ...rendered }, apis),
    )
  }
  write('index.html', renderIndex(apis))

  for (const file of pages) {
    const external = EXTERNAL_ASSET.exec(fs.readFileSync(file, 'utf8'))
    if (external) throw new Error(`${file} loads an external asset: ${external[0].slice(0, 200)}`)
  }
  return { apis, samples }
}

function unreleasedOf(ws: Workspace, name: string): UnreleasedSection | undefined {
  const api = ws.apis.find((a) => a.name === name)
  if (!api) return undefined
  const u = unreleasedChanges(ws, api)
  const parts: string[] = []
  if (u.changesets.length) {
    parts.push('### Changesets', '', ...u.changesets.map((c) => `- ${c.summary.replace(/\n/g, '\n  ')}`), '')
  }
  if (u.spec?.changes.length) parts.push(`### Spec changes since ${u.released}`, '', formatChanges(u.spec))
  return {
    released: u.released,
    next: u.next,
    html: parts.length ? marked.parse(parts.join('\n'), { async: false }) : '',
  }
}

function operationsOf(bundle: Json): Operation[] {
  return walkOperations(bundle as OpenApiDocument, { methods: METHODS, strict: false }).map(
    ({ method, path: route, operation: op }) => {
      const perms = op['x-required-permissions'] as string[][] | undefined
      return {
        method: method.toUpperCase(),
        path: route,
        operationId: String(op.operationId ?? `${method} ${route}`),
        summary: String(op.summary ?? ''),
        tag: String((op.tags as string[] | undefined)?.[0] ?? 'other'),
        permissions: perms,
        deprecated: op.deprecated === true,
      }
    },
  )
}

function readChangelog(pkg: WorkspacePackage): string | undefined {
  const file = path.join(pkg.dir, 'CHANGELOG.md')
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined
}

/** Changesets starts each CHANGELOG.md with `# <package name>`: the page has its own heading. */
function stripTitle(markdown: string): string {
  return markdown.replace(/^#\s+[^\n]*\n/, '')
}

function firstParagraph(markdown: string): string {
  const para = markdown.trim().split(/\n\s*\n/)[0] ?? ''
  return marked.parseInline(para.replace(/\n/g, ' '), { async: false })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { apis, samples } = build()
  for (const a of apis)
    console.log(
      `docs portal: ${a.name} ${a.version}, ${a.operations.length} operations, ${samples[a.name]} code samples`,
    )
  console.log(`docs portal: built ${path.relative(process.cwd(), path.join(portalDir, 'dist'))}/index.html`)
}
