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
  kind: 'spec' | 'client' | 'routes'
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

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const KIND_LABEL: Record<PackageInfo['kind'], string> = {
  client: 'Typed client',
  routes: 'Server routes',
  spec: 'OpenAPI document',
}

function layout(title: string, body: string, root: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<link rel="stylesheet" href="${root}assets/site.css">
</head>
<body>
<header class="topbar">
  <div class="wrap topbar-inner">
    <a class="brand" href="${root}index.html"><span class="brand-mark" aria-hidden="true">{ }</span> API Platform <span class="brand-sub">Developer docs</span></a>
    <nav class="topnav" aria-label="APIs">
      <a href="${root}index.html#control">Control API</a>
      <a href="${root}index.html#web-data">Web-Data API</a>
    </nav>
  </div>
</header>
${body}
<footer class="footer"><div class="wrap">Generated from the OpenAPI documents in <code>specs/</code>. References rendered with Redocly.</div></footer>
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

function installRow(p: PackageInfo): string {
  const cmd = p.kind === 'spec' ? `pnpm add -D ${p.name}` : `pnpm add ${p.name}`
  return `<li class="pkg">
  <div class="pkg-head"><span class="pkg-kind">${KIND_LABEL[p.kind]}</span><code class="pkg-name">${esc(p.name)}</code><span class="pkg-version">${esc(p.version)}</span></div>
  <p class="pkg-desc">${esc(p.description)}</p>
  <div class="install"><code><span class="prompt" aria-hidden="true">$</span> ${esc(cmd)}</code><button type="button" data-copy="${esc(cmd)}">Copy</button></div>
</li>`
}

function permissionsCell(op: Operation): string {
  if (!op.permissions) return ''
  if (op.permissions.length === 0) return '<span class="perm-none">none</span>'
  return op.permissions
    .map((alt) => alt.map((p) => `<code class="perm">${esc(p)}</code>`).join(' + '))
    .join('<span class="perm-or">or</span>')
}

/** Redoc 3 routes an operation as `#/<tag>/<operationid>`, both lower-cased. */
export function operationHref(api: string, op: Operation): string {
  const slug = (s: string) => s.toLowerCase().replace(/\s+/g, '-')
  return `reference/${api}/#/${slug(op.tag)}/${op.operationId.toLowerCase()}`
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

export function renderChangelog(api: ApiPage, sections: ChangelogSection[]): string {
  const body = `<main class="wrap changelog">
<p class="crumbs"><a href="../index.html">Docs</a> / <a href="../index.html#${esc(api.name)}">${esc(api.title)}</a> / Changelog</p>
<h1>${esc(api.title)}: changelog</h1>
<p class="lead">The spec, client and routes packages of this API are versioned together. Each package's changes, newest first.</p>
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
