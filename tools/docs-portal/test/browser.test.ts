/**
 * The portal in a real browser: headless Chromium (Debian's package) driven by playwright-core.
 * Opens the landing page, both references and the changelogs; finds every operation of both
 * bundles in its reference, with its examples and (control) its required permissions; fails on
 * console errors and on any request that leaves the site. Screenshots go to artifacts/.
 */
import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDocsServer, listen } from '../src/serve.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const portal = path.resolve(here, '..')
const dist = path.join(portal, 'dist')
const artifacts = path.join(portal, 'artifacts')
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const haveChromium = fs.existsSync(executablePath)
const onCi = !!process.env.CI && process.env.CI !== 'false'

if (!haveChromium && !onCi) {
  console.warn(
    `\n[docs-portal] SKIPPING the browser test: no Chromium at ${executablePath}.\n` +
      '  Install it with `apt-get install -y chromium` (or set CHROMIUM_PATH). On CI this test never skips.\n',
  )
}

type Json = Record<string, unknown>
interface Op {
  operationId: string
  summary: string
  tag: string
  permissions?: string[][]
  hasRequestBody: boolean
}

function operations(api: string): Op[] {
  const bundle = JSON.parse(
    fs.readFileSync(path.join(dist, 'reference', api, 'openapi.json'), 'utf8'),
  ) as Json
  const out: Op[] = []
  for (const item of Object.values(bundle.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue
      const o = op as Json
      out.push({
        operationId: String(o.operationId),
        summary: String(o.summary ?? ''),
        tag: String((o.tags as string[] | undefined)?.[0] ?? ''),
        permissions: o['x-required-permissions'] as string[][] | undefined,
        hasRequestBody: !!o.requestBody,
      })
    }
  }
  return out
}

/** The text a reader sees (hidden elements and scripts excluded), hence innerText. */
function visibleText(page: Page): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text is the point
  return page.evaluate(() => document.body.innerText)
}

// The tests are made per operation tag, so the portal must exist when they are collected.
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  const { build } = await import('../src/build.ts')
  build()
}

describe.skipIf(!haveChromium && !onCi)('docs portal in Chromium', () => {
  let server: http.Server
  let base: string
  let browser: Browser

  beforeAll(async () => {
    fs.mkdirSync(artifacts, { recursive: true })
    server = createDocsServer(dist)
    base = await listen(server, 0, '127.0.0.1')
    browser = await chromium.launch({
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    })
  })

  afterAll(async () => {
    await browser?.close()
    await new Promise((r) => server?.close(r))
  })

  /** A page that records console errors, page errors and any request leaving the site. */
  async function open(url: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } })
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console error: ${m.text()}`)
    })
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`))
    await page.route('**/*', (route) => {
      const u = route.request().url()
      if (u.startsWith(base) || u.startsWith('data:') || u.startsWith('blob:')) return route.continue()
      errors.push(`external request: ${u}`)
      return route.abort()
    })
    await page.goto(url, { waitUntil: 'load' })
    return { page, errors }
  }

  it('shows the landing page with both APIs, versions, install lines and links', async () => {
    const { page, errors } = await open(base)
    const text = await visibleText(page)
    for (const api of ['control', 'web-data']) {
      const bundle = JSON.parse(fs.readFileSync(path.join(dist, 'reference', api, 'openapi.json'), 'utf8'))
      expect(text).toContain(bundle.info.title)
      expect(text).toContain(`v${bundle.info.version}`)
      for (const kind of ['client', 'routes']) expect(text).toContain(`pnpm add @apiplatform/${api}-${kind}`)
      expect(text).toContain(`pnpm add -D @apiplatform/${api}-spec`)
      for (const href of [`reference/${api}/`, `changelog/${api}.html`, `reference/${api}/openapi.json`]) {
        expect(await page.locator(`a[href="${href}"]`).count()).toBeGreaterThan(0)
        const res = await page.request.get(new URL(href, base).toString())
        expect(res.status(), href).toBe(200)
      }
    }
    await page.screenshot({ path: path.join(artifacts, 'portal.png'), fullPage: true })
    await page
      .locator('details.ops')
      .first()
      .evaluate((d) => d.setAttribute('open', ''))
    await page.locator('details.ops').first().scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(artifacts, 'portal-operations.png') })
    expect(errors).toEqual([])
    await page.close()
  })

  // One test per tag group, so a slow machine stretches many short tests instead of one long one.
  for (const api of ['control', 'web-data']) {
    describe(`the ${api} reference`, () => {
      const ops = operations(api)
      const tags = [...new Set(ops.map((o) => o.tag))]
      // Open operation pages (the first of each group, or all of them on CI or with
      // DOCS_BROWSER_ALL=1) and check their examples and required permissions.
      const all = !!process.env.DOCS_BROWSER_ALL || onCi
      const navHrefs = new Set<string>()
      let reference: { page: Page; errors: string[] }
      let shot = false

      beforeAll(async () => {
        reference = await open(`${base}reference/${api}/`)
        await reference.page.locator('.menu-content').first().waitFor()
        await reference.page.screenshot({ path: path.join(artifacts, `reference-${api}.png`) })
      })
      afterAll(async () => {
        await reference?.page.close()
      })

      it('has operations', () => {
        expect(ops.length).toBeGreaterThan(0)
      })

      for (const tag of tags) {
        it(`lists and renders every ${tag} operation${api === 'control' ? ' with its permissions' : ''}`, async () => {
          const { page } = reference
          const missing: string[] = []
          // Opening one tag group of the sidebar may close another.
          await page.locator('.menu-content').getByText(tag, { exact: true }).first().click()
          const tagged = ops.filter((o) => o.tag === tag)
          await page
            .locator('.menu-content a[href*="#/"]', { hasText: tagged[0]?.summary ?? '' })
            .first()
            .waitFor({ timeout: 5_000 })
            .catch(() => undefined)
          const links = await page.evaluate(() =>
            [...document.querySelectorAll('.menu-content a[href*="#/"]')].map((a) => ({
              href: a.getAttribute('href') ?? '',
              // biome-ignore lint/performance/useDomNodeTextContent: the link's rendered text
              text: (a as HTMLElement).innerText,
            })),
          )
          for (const l of links) navHrefs.add(l.href)
          const found = tagged.map((op) => ({
            op,
            link:
              links.find((l) => l.href.toLowerCase().endsWith(`/${op.operationId.toLowerCase()}`)) ??
              links.find((l) => l.text.split('\n')[0]?.trim() === op.summary),
          }))
          for (const { op, link } of found) {
            if (!link) missing.push(`${op.operationId} (${op.summary}): not in the navigation of tag ${tag}`)
          }
          for (const { op, link } of all ? found : found.slice(0, 1)) {
            if (!link) continue
            await page.locator(`.menu-content a[href="${link.href}"]`).first().click()
            try {
              await page.locator('h1, h2', { hasText: op.summary }).first().waitFor({ timeout: 10_000 })
            } catch {
              missing.push(`${op.operationId} (${op.summary}): its page did not render`)
              continue
            }
            const text = await visibleText(page)
            // examples: a request payload (when there is a body) and a response sample, both JSON
            if (op.hasRequestBody && !/Payload[\s\S]*\{/.test(text))
              missing.push(`${op.operationId}: no request example`)
            if (!/Response[\s\S]*\{\s*"/.test(text)) missing.push(`${op.operationId}: no response example`)
            for (const perm of (op.permissions ?? []).flat()) {
              if (!text.includes(perm)) missing.push(`${op.operationId}: permission ${perm} not shown`)
            }
            if (!shot && op.permissions?.length) {
              await page.screenshot({ path: path.join(artifacts, `reference-${api}-operation.png`) })
              shot = true
            }
          }
          expect(missing).toEqual([])
        })
      }

      it("the portal's operation links land on operation pages of the reference", async () => {
        const portalHtml = await (await reference.page.request.get(base)).text()
        const prefix = `reference/${api}/`
        const portalLinks = [...portalHtml.matchAll(/href="([^"]+)"/g)]
          .map((m) => m[1] ?? '')
          .filter((h) => h.startsWith(`${prefix}#/`))
        expect(portalLinks.length).toBe(ops.length)
        const unmatched = portalLinks.filter((h) => !navHrefs.has(h.slice(prefix.length)))
        expect(unmatched).toEqual([])
        if (!shot)
          await reference.page.screenshot({ path: path.join(artifacts, `reference-${api}-operation.png`) })
      })

      it('logged no console error and made no request off the site', () => {
        expect(reference.errors).toEqual([])
      })
    })
  }

  it('renders the changelog pages', async () => {
    for (const api of ['control', 'web-data']) {
      const { page, errors } = await open(`${base}changelog/${api}.html`)
      const text = await visibleText(page)
      for (const kind of ['spec', 'client', 'routes']) expect(text).toContain(`@apiplatform/${api}-${kind}`)
      await page.screenshot({ path: path.join(artifacts, `changelog-${api}.png`), fullPage: true })
      expect(errors).toEqual([])
      await page.close()
    }
  })
})
