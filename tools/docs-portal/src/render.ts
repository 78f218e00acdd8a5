/** HTML of the portal pages. Plain template strings; every interpolated value is escaped. */

export interface Operation {
  method: string
  path: string
  operationId: string
  summary: string
  tag: string
  /** `x-required-permissions`: alternatives, each a list of permissions that must all be held. */
  permissions?: string[][]
  deprecated: boolean
}

export interface PackageInfo {
  name: string
  version: string
  description: string
  kind: PackageKind
}

export type PackageKind = 'spec' | 'client' | 'routes' | 'service'

/** What a published package of an API is, from the suffix every package name of ours ends with. */
export function packageKind(name: string): PackageKind {
  for (const kind of ['spec', 'client', 'routes', 'service'] as const) {
    if (name.endsWith(`-${kind}`)) return kind
  }
  throw new Error(`${name}: a package of an API is named …-spec, -client, -routes or -service`)
}

export interface ApiPage {
  name: string
  title: string
  version: string
  /** First paragraph of `info.description`, already HTML. */
  summary: string
  packages: PackageInfo[]
  operations: Operation[]
  servers: string[]
}

export interface ChangelogSection {
  name: string
  version: string
  /** Rendered CHANGELOG.md; `undefined` before the first release. */
  html?: string
}

/** What the next release of the API contains (tools/release `unreleasedChanges`), rendered. */
export interface UnreleasedSection {
  /** The last released version; undefined before the first release. */
  released?: string
  /** The version the next release gets; undefined when nothing changed. */
  next?: string
  /** Pending changesets and the spec diff as HTML; empty when nothing changed. */
  html: string
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const KIND_LABEL: Record<PackageInfo['kind'], string> = {
  client: 'Typed client',
  routes: 'Server routes',
  service: 'Reference service',
  spec: 'OpenAPI document',
}

function layout(title: string, body: string, root: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<link rel="icon" href="${root}assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${root}assets/site.css">
</head>
<body>
<header class="topbar">
  <div class="wrap topbar-inner">
    <a class="brand" href="${root}index.html"><span class="brand-mark" aria-hidden="true">{ }</span> API Platform <span class="brand-sub">Developer docs</span></a>
    <nav class="topnav" aria-label="APIs">
      <a href="${root}index.html#control">Control API</a>
      <a href="${root}index.html#web-data">Web-Data API</a>
      <a href="${root}guides/control.html">Guides</a>
    </nav>
  </div>
</header>
${body}
<footer class="footer"><div class="wrap">Generated from the OpenAPI documents in <code>specs/</code>. References rendered with Scalar.</div></footer>
<script>
for (const b of document.querySelectorAll('button[data-copy]')) {
  b.addEventListener('click', async () => {
    try { await navigator.clipboard.writeText(b.dataset.copy); b.textContent = 'Copied'; }
    catch { b.textContent = 'Select & copy'; }
    setTimeout(() => { b.textContent = 'Copy'; }, 1500);
  });
}
</script>
</body>
</html>
`
}

/**
 * The install command of a package with each package manager. The spec and the reference service
 * (a stand-in for tests) are dev dependencies.
 */
export function installCommands(
  p: Pick<PackageInfo, 'name' | 'kind'>,
): Record<'npm' | 'pnpm' | 'yarn', string> {
  const dev = p.kind === 'spec' || p.kind === 'service'
  return {
    npm: `npm install${dev ? ' --save-dev' : ''} ${p.name}`,
    pnpm: `pnpm add${dev ? ' -D' : ''} ${p.name}`,
    yarn: `yarn add${dev ? ' --dev' : ''} ${p.name}`,
  }
}

function installRow(p: PackageInfo): string {
  const lines = Object.entries(installCommands(p))
    .map(
      ([manager, cmd]) =>
        `<div class="install" data-manager="${manager}"><span class="pm">${manager}</span><code><span class="prompt" aria-hidden="true">$</span> ${esc(cmd)}</code><button type="button" data-copy="${esc(cmd)}">Copy</button></div>`,
    )
    .join('\n  ')
  return `<li class="pkg">
  <div class="pkg-head"><span class="pkg-kind">${KIND_LABEL[p.kind]}</span><code class="pkg-name">${esc(p.name)}</code><span class="pkg-version">${esc(p.version)}</span></div>
  <p class="pkg-desc">${esc(p.description)}</p>
  <div class="installs">
  ${lines}
  </div>
</li>`
}

function permissionsCell(op: Operation): string {
  if (!op.permissions) return ''
  if (op.permissions.length === 0) return '<span class="perm-none">none</span>'
  return op.permissions
    .map((alt) => alt.map((p) => `<code class="perm">${esc(p)}</code>`).join(' + '))
    .join('<span class="perm-or">or</span>')
}

/** Scalar routes an operation as `#tag/<tag slug>/<METHOD><path>`. */
export function operationHref(api: string, op: Operation): string {
  const slug = op.tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `reference/${api}/#tag/${slug}/${op.method.toUpperCase()}${op.path}`
}

function operationsTable(api: ApiPage): string {
  const withPerms = api.operations.some((o) => o.permissions)
  const groups = new Map<string, Operation[]>()
  for (const op of api.operations) groups.set(op.tag, [...(groups.get(op.tag) ?? []), op])
  const rows = [...groups]
    .map(
      ([tag, ops]) => `<tbody>
<tr class="group"><th colspan="${withPerms ? 3 : 2}" scope="rowgroup">${esc(tag)} <span class="count">${ops.length}</span></th></tr>
${ops
  .map(
    (op) => `<tr${op.deprecated ? ' class="deprecated"' : ''}>
  <td class="op"><span class="method m-${op.method.toLowerCase()}">${op.method}</span> <code class="path">${esc(op.path)}</code><div class="op-id">${esc(op.operationId)}</div></td>
  <td><a href="${esc(operationHref(api.name, op))}">${esc(op.summary)}</a>${op.deprecated ? ' <span class="tag-deprecated">deprecated</span>' : ''}</td>
  ${withPerms ? `<td class="perms">${permissionsCell(op)}</td>` : ''}
</tr>`,
  )
  .join('\n')}
</tbody>`,
    )
    .join('\n')
  return `<details class="ops">
<summary>All ${api.operations.length} operations</summary>
<div class="table-scroll"><table>
<thead><tr><th scope="col">Operation</th><th scope="col">Summary</th>${withPerms ? '<th scope="col">Required permissions (any one line)</th>' : ''}</tr></thead>
${rows}
</table></div>
</details>`
}

function apiSection(api: ApiPage): string {
  const tags = new Set(api.operations.map((o) => o.tag)).size
  return `<section class="api" id="${esc(api.name)}" aria-labelledby="${esc(api.name)}-title">
  <div class="api-head">
    <div>
      <h2 id="${esc(api.name)}-title">${esc(api.title)}</h2>
      <p class="meta"><span class="badge">v${esc(api.version)}</span> ${api.operations.length} operations · ${tags} groups${api.servers[0] ? ` · <code>${esc(api.servers[0])}</code>` : ''}</p>
    </div>
    <div class="actions">
      <a class="btn primary" href="reference/${esc(api.name)}/">API reference</a>
      <a class="btn" href="guides/${esc(api.name)}.html">Getting started</a>
      <a class="btn" href="changelog/${esc(api.name)}.html">Changelog</a>
      <a class="btn" href="reference/${esc(api.name)}/openapi.json" download>OpenAPI JSON</a>
    </div>
  </div>
  <p class="summary">${api.summary}</p>
  <h3>Packages</h3>
  <ul class="pkgs">${api.packages.map(installRow).join('\n')}</ul>
  ${operationsTable(api)}
</section>`
}

export function renderIndex(apis: ApiPage[]): string {
  const cards = apis
    .map(
      (a) => `<a class="card" href="#${esc(a.name)}">
  <span class="card-title">${esc(a.title)}</span>
  <span class="card-meta"><span class="badge">v${esc(a.version)}</span> ${a.operations.length} operations</span>
</a>`,
    )
    .join('\n')
  const body = `<main>
<div class="hero"><div class="wrap">
  <h1>Developer documentation</h1>
  <p class="lead">Two HTTP APIs, each described by a hand-written OpenAPI 3.1 document. The references, the typed clients, the server route packages and the changelogs below are all built from those documents.</p>
  <div class="cards">${cards}</div>
</div></div>
<div class="wrap">
${apis.map(apiSection).join('\n')}
</div>
</main>`
  return layout('API Platform — Developer docs', body, '')
}

function unreleasedSection(u: UnreleasedSection | undefined): string {
  if (!u?.released) return ''
  const title = u.next ? `Unreleased: next version ${esc(u.next)}` : 'Unreleased'
  const body = u.html.trim() ? u.html : `<p class="empty">Nothing has changed since ${esc(u.released)}.</p>`
  return `<section class="cl-pkg cl-unreleased" id="unreleased">
<h2>${title}</h2>
<p>Changes since ${esc(u.released)}, from the pending changesets and the spec compared with its last release.</p>
${body}
</section>`
}

export function renderChangelog(
  api: ApiPage,
  sections: ChangelogSection[],
  unreleased?: UnreleasedSection,
): string {
  const body = `<main class="wrap changelog">
<p class="crumbs"><a href="../index.html">Docs</a> / <a href="../index.html#${esc(api.name)}">${esc(api.title)}</a> / Changelog</p>
<h1>${esc(api.title)}: changelog</h1>
<p class="lead">The spec, client and routes packages of this API are versioned together. Each package's changes, newest first.</p>
${unreleasedSection(unreleased)}
${sections
  .map(
    (s) => `<section class="cl-pkg">
<h2><code>${esc(s.name)}</code> <span class="badge">${esc(s.version)}</span></h2>
${s.html ?? `<p class="empty">Not released yet: its first release will be ${esc(s.version)}.</p>`}
</section>`,
  )
  .join('\n')}
</main>`
  return layout(`${api.title} changelog — API Platform`, body, '../')
}

export interface GuidePage {
  api: string
  title: string
  /** The rendered guide. */
  html: string
  /** Headings (id, text) for the table of contents. */
  toc: { id: string; text: string }[]
}

export function renderGuide(page: GuidePage, apis: Pick<ApiPage, 'name' | 'title'>[]): string {
  const others = apis
    .map((a) =>
      a.name === page.api
        ? `<li aria-current="page">${esc(a.title)}</li>`
        : `<li><a href="${esc(a.name)}.html">${esc(a.title)}</a></li>`,
    )
    .join('')
  const toc = page.toc.map((h) => `<li><a href="#${esc(h.id)}">${esc(h.text)}</a></li>`).join('')
  const body = `<main class="wrap guide">
<p class="crumbs"><a href="../index.html">Docs</a> / <a href="../index.html#${esc(page.api)}">${esc(page.title)}</a> / Getting started</p>
<div class="guide-layout">
<nav class="guide-nav" aria-label="Guide">
  <h2>Guides</h2><ul>${others}</ul>
  <h2>On this page</h2><ul>${toc}</ul>
  <h2>Reference</h2><ul><li><a href="../reference/${esc(page.api)}/">API reference</a></li><li><a href="../changelog/${esc(page.api)}.html">Changelog</a></li></ul>
</nav>
<article class="guide-body">
${page.html}
</article>
</div>
</main>`
  return layout(`${page.title}: getting started — API Platform`, body, '../')
}
