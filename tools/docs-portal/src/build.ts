/**
 * Builds the docs portal into dist/:
 *
 *   index.html                      both APIs: version, install lines, operations, links
 *   reference/<api>/index.html      the Redocly reference of the API (self-contained, no CDN)
 *   reference/<api>/openapi.json    the bundled spec (and openapi.yaml)
 *   changelog/<api>.html            the CHANGELOG.md of each published package of the API
 *   assets/site.css                 our stylesheet
 *
 * The references come from the spec packages' own `docs` task (`redocly build-docs`). Redocly's
 * default output loads its script from a CDN; when it does, we rebuild it here with
 * `--inlineBundle`, so the site works offline.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { findRoot, loadWorkspace, type WorkspacePackage } from '@apiplatform/release/workspace'
import { marked } from 'marked'
import { type ApiPage, type Operation, renderChangelog, renderIndex } from './render.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const portalDir = path.resolve(here, '..')
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']

type Json = Record<string, unknown>

/** Matches anything a page would fetch from another host: scripts, stylesheets, preloads, fonts. */
const EXTERNAL_ASSET =
  /<(script|link)\b[^>]*\b(src|href)=["']https?:\/\/[^"']+["'][^>]*>|@import\s+url\(["']?https?:|from\s*["']https?:\/\//i

const REDOCLY_LOGOS = [
  'https://cdn.redoc.ly/redoc/logo-mini-full.svg',
  'https://cdn.redoc.ly/redoc/logo-mini.svg',
]
const REDOCLY_BADGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16"><text x="0" y="12.5" font-family="system-ui,sans-serif" font-size="12" font-weight="600" fill="#5b6470">Redocly</text></svg>',
)}`

export function build(outDir = path.join(portalDir, 'dist')): ApiPage[] {
  const ws = loadWorkspace(findRoot(portalDir))
  fs.rmSync(outDir, { recursive: true, force: true })
  fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true })
  fs.copyFileSync(path.join(here, 'site.css'), path.join(outDir, 'assets', 'site.css'))

  const apis: ApiPage[] = []
  for (const api of ws.apis) {
    const bundle = JSON.parse(fs.readFileSync(api.bundle, 'utf8')) as Json
    const refDir = path.join(outDir, 'reference', api.name)
    fs.mkdirSync(refDir, { recursive: true })
    fs.copyFileSync(api.bundle, path.join(refDir, 'openapi.json'))
    const yaml = path.join(path.dirname(api.bundle), 'openapi.yaml')
    if (fs.existsSync(yaml)) fs.copyFileSync(yaml, path.join(refDir, 'openapi.yaml'))
    writeReference(api.spec, api.bundle, path.join(refDir, 'index.html'))

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
        kind: p.name.endsWith('-spec') ? 'spec' : p.name.endsWith('-client') ? 'client' : 'routes',
      })),
      operations: operationsOf(bundle),
      servers: ((bundle.servers as Json[] | undefined) ?? []).map((s) => String(s.url)),
    }
    apis.push(page)

    const changelogs = api.packages.map((p) => ({ pkg: p, markdown: readChangelog(p) }))
    fs.mkdirSync(path.join(outDir, 'changelog'), { recursive: true })
    fs.writeFileSync(
      path.join(outDir, 'changelog', `${api.name}.html`),
      renderChangelog(
        page,
        changelogs.map(({ pkg, markdown }) => ({
          name: pkg.name,
          version: pkg.version,
          html: markdown ? (marked.parse(stripTitle(markdown), { async: false }) as string) : undefined,
        })),
      ),
    )
  }
  fs.writeFileSync(path.join(outDir, 'index.html'), renderIndex(apis))
  return apis
}

/** Copies the spec package's reference, or rebuilds it self-contained if it loads from a CDN. */
function writeReference(spec: WorkspacePackage, bundle: string, target: string): void {
  const built = path.join(spec.dir, 'dist', 'docs', 'index.html')
  if (fs.existsSync(built) && !EXTERNAL_ASSET.test(fs.readFileSync(built, 'utf8'))) {
    fs.copyFileSync(built, target)
  } else {
    const why = fs.existsSync(built) ? 'loads Redoc from a CDN' : 'is missing'
    console.log(`${spec.name}: dist/docs/index.html ${why}; building a self-contained one (--inlineBundle)`)
    execFileSync('redocly', ['build-docs', bundle, '--inlineBundle', '-o', target], {
      cwd: portalDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    })
  }
  // The "API docs by Redocly" badge points at a logo on Redocly's CDN; keep the credit, drop the fetch.
  let html = fs.readFileSync(target, 'utf8')
  for (const logo of REDOCLY_LOGOS) html = html.split(logo).join(REDOCLY_BADGE)
  fs.writeFileSync(target, html)
  const external = EXTERNAL_ASSET.exec(html)
  if (external) throw new Error(`${target} still loads an external asset: ${external[0].slice(0, 200)}`)
}

function operationsOf(bundle: Json): Operation[] {
  const out: Operation[] = []
  for (const [route, item] of Object.entries((bundle.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined
      if (!op) continue
      const perms = op['x-required-permissions'] as string[][] | undefined
      out.push({
        method: method.toUpperCase(),
        path: route,
        operationId: String(op.operationId ?? `${method} ${route}`),
        summary: String(op.summary ?? ''),
        tag: String((op.tags as string[] | undefined)?.[0] ?? 'other'),
        permissions: perms,
        deprecated: op.deprecated === true,
      })
    }
  }
  return out
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
  return marked.parseInline(para.replace(/\n/g, ' '), { async: false }) as string
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const apis = build()
  for (const a of apis) console.log(`docs portal: ${a.name} ${a.version}, ${a.operations.length} operations`)
  console.log(`docs portal: built ${path.relative(process.cwd(), path.join(portalDir, 'dist'))}/index.html`)
}
