/**
 * The API reference pages: Scalar's API reference (`@scalar/api-reference`, its standalone browser
 * bundle copied into our build output, so nothing loads from a CDN) over the docs edition of the
 * spec. Scalar renders the `x-codeSamples` and has the request console ("Test Request") that
 * Redocly's open-source renderer lacks.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)

/** The installed package's folder (its exports do not include package.json). */
function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name))
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json')
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === name) return dir
    dir = path.dirname(dir)
  }
  throw new Error(`cannot find the folder of ${name}`)
}

/** Where the standalone bundle goes under dist/, and the page's path to it. */
export const SCALAR_ASSET = 'assets/scalar/standalone.js'

/** Copies Scalar's standalone bundle (and its licence) into `outDir`. */
export function copyScalar(outDir: string): void {
  const pkgDir = packageDir('@scalar/api-reference')
  const bundle = path.join(pkgDir, 'dist', 'browser', 'standalone.js')
  if (!fs.existsSync(bundle)) throw new Error(`@scalar/api-reference: no standalone bundle at ${bundle}`)
  const target = path.join(outDir, SCALAR_ASSET)
  fs.mkdirSync(path.dirname(target), { recursive: true })
  // The source map comment points at a 17 MB file we do not ship.
  const js = fs.readFileSync(bundle, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n')
  fs.writeFileSync(target, js)
  const licence = path.join(pkgDir, 'LICENSE')
  if (fs.existsSync(licence)) fs.copyFileSync(licence, path.join(path.dirname(target), 'LICENSE'))
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export interface ReferencePage {
  api: string
  title: string
  /** The docs edition of the spec, relative to the page. */
  documentUrl: string
  /** The security scheme "try it" selects first. */
  securityScheme?: string
}

/** Scalar's settings: our samples only, no fonts or links off the site, no telemetry. */
export function scalarConfiguration(page: ReferencePage): Record<string, unknown> {
  return {
    url: page.documentUrl,
    // The x-codeSamples are the samples; Scalar's generated ones would show untested code.
    hiddenClients: true,
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    mcp: { disabled: true },
    // The "Ask AI" assistant talks to Scalar's servers.
    agent: { disabled: true },
    persistAuth: false,
    favicon: '../../assets/favicon.svg',
    metaData: { title: `${page.title} reference` },
    ...(page.securityScheme ? { authentication: { preferredSecurityScheme: page.securityScheme } } : {}),
  }
}

export function renderReference(page: ReferencePage): string {
  const config = JSON.stringify(scalarConfiguration(page)).replace(/</g, '\\u003c')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(page.title)} reference — API Platform</title>
<link rel="icon" href="../../assets/favicon.svg" type="image/svg+xml">
<style>
  :root { --scalar-custom-header-height: 44px; }
  body { margin: 0; }
  .portal-bar { position: sticky; top: 0; z-index: 1; height: 44px; display: flex; align-items: center; gap: 16px;
    padding: 0 16px; font: 14px/1 system-ui, sans-serif; background: #1e2a5a; color: #fff; }
  .portal-bar a { color: #fff; text-decoration: none; }
  .portal-bar a:hover { text-decoration: underline; }
  .portal-bar .here { font-weight: 600; }
</style>
</head>
<body>
<!-- The links stay on the left: the top right corner is where the try-it window puts its close button. -->
<nav class="portal-bar" aria-label="Docs">
  <a href="../../index.html">API Platform docs</a>
  <span class="here">${esc(page.title)}</span>
  <a href="../../guides/${esc(page.api)}.html">Getting started</a>
  <a href="../../changelog/${esc(page.api)}.html">Changelog</a>
</nav>
<div id="app"></div>
<script src="../../${SCALAR_ASSET}"></script>
<script>
Scalar.createApiReference('#app', ${config})
</script>
</body>
</html>
`
}
