/**
 * The portal in a real browser: headless Chromium (Debian's package) driven by playwright-core,
 * against the portal and the stand-ins of the global setup. It opens the landing page, every
 * operation of both references (through the portal's own links) with its code samples, sends a
 * "try it" request from each reference to the running stand-in (200 with the reader's key, the
 * documented 401 without), and opens the guides and the changelogs. Any console error, failed
 * request of the site (the favicon included) or request to another host fails it. Screenshots go
 * to artifacts/.
 */
import fs from 'node:fs'
import path from 'node:path'
import { type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { operationHref } from '../src/render.ts'
import type { CodeSample } from '../src/samples/index.ts'
import { CONTROL_ROOT_KEY, WEB_DATA_API_KEY } from './support/keys.ts'

const portal = path.resolve(import.meta.dirname, '..')
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

interface Op {
  operationId: string
  method: string
  path: string
  summary: string
  tag: string
  samples: CodeSample[]
}

function operations(api: string): Op[] {
  const doc = JSON.parse(
    fs.readFileSync(path.join(dist, 'reference', api, 'openapi.docs.json'), 'utf8'),
  ) as OpenApiDocument
  return walkOperations(doc, {
    order: 'document',
    methods: ['get', 'put', 'post', 'delete', 'patch'],
    strict: false,
  }).map(({ method, path: route, operation: o }) => ({
    operationId: String(o.operationId),
    method: method.toUpperCase(),
    path: route,
    summary: String(o.summary ?? ''),
    tag: String((o.tags as string[] | undefined)?.[0] ?? ''),
    samples: (o['x-codeSamples'] as CodeSample[] | undefined) ?? [],
  }))
}

/** What each sample's code must show: its tool, called for this operation. */
function marker(sample: CodeSample): string {
  if (sample['x-sample-kind'] === 'curl') return `curl -sS`
  const line = sample.source.split('\n').find((l) => l.startsWith('const result = await '))
  return line?.replace('const result = await ', '').split('(')[0] ?? sample.source
}

/** The text a reader sees (hidden elements and scripts excluded), hence innerText. */
function visibleText(page: Page): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text is the point
  return page.evaluate(() => document.body.innerText)
}

/** The most operations shown on one load of a reference; more are split evenly over fresh loads. */
const MOST_PER_LOAD = 50

/** The "try it" operation of each API: a read that the reader's key may call. */
const TRY_IT = {
  control: {
    operationId: 'permissions.listPermissions',
    key: CONTROL_ROOT_KEY,
    url: () => inject('controlUrl'),
  },
  'web-data': { operationId: 'getCreditUsage', key: WEB_DATA_API_KEY, url: () => inject('webDataUrl') },
} as const

describe.skipIf(!haveChromium && !onCi)('docs portal in Chromium', () => {
  let base: string
  let browser: Browser

  beforeAll(async () => {
    fs.mkdirSync(artifacts, { recursive: true })
    base = `${inject('docsUrl')}/`
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
  })

  /**
   * A page that records console errors, page errors, failed requests of the site and any request
   * to another host than the site and the stand-ins ("try it" calls those).
   */
  async function open(url: string): Promise<{ page: Page; errors: string[] }> {
    // The most common laptop width: every check below holds at it.
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } })
    // CI runs this beside the services' suites on two cores: a reference (megabytes of script and
    // spec) can take over a minute to load there. Every check below waits for what it reads.
    page.setDefaultNavigationTimeout(150_000)
    page.setDefaultTimeout(90_000)
    const errors: string[] = []
    const standIns = [inject('controlUrl'), inject('webDataUrl')]
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console error: ${m.text()} (${m.location().url})`)
    })
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`))
    page.on('response', (r) => {
      if (r.url().startsWith(base) && r.status() >= 400) errors.push(`${r.status()} ${r.url()}`)
    })
    await page.route('**/*', (route) => {
      const u = route.request().url()
      if (u.startsWith(base) || u.startsWith('data:') || u.startsWith('blob:')) return route.continue()
      if (standIns.some((s) => u.startsWith(s))) return route.continue()
      errors.push(`external request: ${u}`)
      return route.abort()
    })
    await page.goto(url, { waitUntil: 'load' })
    return { page, errors }
  }

  it('shows the landing page with both APIs, versions, install lines, guides and changelogs', async () => {
    const { page, errors } = await open(base)
    const text = await visibleText(page)
    for (const api of ['control', 'web-data']) {
      const bundle = JSON.parse(fs.readFileSync(path.join(dist, 'reference', api, 'openapi.json'), 'utf8'))
      expect(text).toContain(bundle.info.title)
      expect(text).toContain(`v${bundle.info.version}`)
      for (const kind of ['client', 'routes']) {
        expect(text).toContain(`npm install @apiplatform/${api}-${kind}`)
        expect(text).toContain(`pnpm add @apiplatform/${api}-${kind}`)
        expect(text).toContain(`yarn add @apiplatform/${api}-${kind}`)
      }
      expect(text).toContain(`pnpm add -D @apiplatform/${api}-spec`)
      expect(text).toContain(`pnpm add -D @apiplatform/${api}-service`)
      for (const href of [`reference/${api}/`, `guides/${api}.html`, `changelog/${api}.html`]) {
        expect(await page.locator(`a[href="${href}"]`).count()).toBeGreaterThan(0)
        expect((await page.request.get(new URL(href, base).toString())).status(), href).toBe(200)
      }
    }
    const kinds = await page.locator('.pkg-kind').allInnerTexts()
    expect(kinds.filter((k) => /reference service/i.test(k))).toHaveLength(2)
    const cutOff = await page
      .locator('.install code')
      .evaluateAll((codes) => codes.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent))
    expect(cutOff).toEqual([])
    await page.screenshot({ path: path.join(artifacts, 'portal.png'), fullPage: true })
    expect(errors).toEqual([])
    await page.close()
  })

  for (const api of ['control', 'web-data'] as const) {
    describe(`the ${api} reference`, () => {
      const ops = operations(api)
      const tags = [...new Set(ops.map((o) => o.tag))]
      let reference: { page: Page; errors: string[] }
      let shot = false
      // The picker is one component: opened and tried once per set of samples an operation offers
      // (each of its entries picked shows its sample), not once per operation.
      const pickerTried = new Set<string>()
      // Scalar keeps every section it has rendered: 80 operations in, the page holds over 40,000
      // elements and each further one costs Chromium about twice what it costs on a fresh page, so
      // a long run of operations is split over fresh loads of their links (about 2 CPU-seconds each).
      const all = !!process.env.DOCS_BROWSER_ALL || onCi
      const shown = all ? ops.length : tags.length
      const perLoad = Math.ceil(shown / Math.ceil(shown / MOST_PER_LOAD))
      let shownSinceLoad = 0

      beforeAll(async () => {
        reference = await open(`${base}reference/${api}/`)
        await reference.page
          .getByRole('button', { name: /Server:/ })
          .first()
          .waitFor({ timeout: 150_000 })
        await reference.page.screenshot({ path: path.join(artifacts, `reference-${api}.png`) })
      })
      afterAll(async () => {
        await reference?.page.close()
      })

      // Every operation on CI (or with DOCS_BROWSER_ALL=1), the first of each group otherwise (`all`
      // above): each shows its curl sample in the sample picker; the first with each set of
      // samples shows each.
      // One test per tag group, so a slow machine stretches many short tests instead of one long one.
      for (const tag of tags) {
        it(`shows ${all ? 'every' : 'the first'} ${tag} operation, reached by the portal's link, with its code samples`, async () => {
          const { page } = reference
          const missing: string[] = []
          const tagged = ops.filter((o) => o.tag === tag)
          for (const op of all ? tagged : tagged.slice(0, 1)) {
            const href = operationHref(api, { ...op, permissions: undefined, deprecated: false })
            const fresh = shownSinceLoad >= perLoad
            // A fresh load opens the link as a reader's click from the landing page does.
            if (fresh) await page.goto('about:blank')
            await page.goto(new URL(href, base).toString())
            shownSinceLoad = fresh ? 1 : shownSinceLoad + 1
            const section = page.locator(`section[id$="/${href.split('#')[1]}"]`).first()
            try {
              await section
                .getByRole('heading', { name: op.summary })
                .first()
                .waitFor({ timeout: fresh ? 150_000 : 45_000 })
            } catch {
              missing.push(`${op.operationId}: ${href} shows no operation "${op.summary}"`)
              continue
            }
            const code = section.locator('.code-snippet code').first()
            const shows = async (sample: CodeSample) => {
              const expected = marker(sample)
              const shown = (await code.textContent().catch(() => '')) ?? ''
              if (!shown.includes(expected))
                missing.push(`${op.operationId}: sample ${sample.label} does not show ${expected}`)
            }
            const [first] = op.samples
            if (!first) {
              missing.push(`${op.operationId}: no samples`)
              continue
            }
            await shows(first)
            const picker = section.locator('[data-testid="client-picker"]').first()
            const current = ((await picker.textContent()) ?? '').trim()
            if (current !== first.label)
              missing.push(`${op.operationId}: the picker shows ${current}, not ${first.label}`)
            // The first operation with this set of samples: the picker lists each, and each one, picked, shows.
            const offered = op.samples.map((sample) => sample.label).join('|')
            if (pickerTried.has(offered)) continue
            pickerTried.add(offered)
            await picker.click()
            const labels = await page.getByRole('option').allInnerTexts()
            const absent = op.samples.filter((s) => !labels.some((l) => l.trim() === s.label))
            if (absent.length)
              missing.push(`${op.operationId}: the picker lacks ${absent.map((s) => s.label).join(', ')}`)
            await page.keyboard.press('Escape')
            for (const sample of op.samples.slice(1)) {
              await picker.click()
              await page.getByRole('option', { name: sample.label, exact: true }).first().click()
              await shows(sample)
            }
            await picker.click()
            await page.getByRole('option', { name: first.label, exact: true }).first().click()
          }
          if (!shot) {
            await page.screenshot({ path: path.join(artifacts, `reference-${api}-operation.png`) })
            shot = true
          }
          expect(missing).toEqual([])
        })
      }

      it('sends a "try it" request to the running stand-in: 200 with the reader\'s key, 401 without', async () => {
        const { page } = reference
        const tryIt = TRY_IT[api]
        const op = ops.find((o) => o.operationId === tryIt.operationId)
        if (!op) throw new Error(`no operation ${tryIt.operationId}`)
        // The reader picks "any URL" (the test's stand-in listens on a free port) and types the key.
        await page.goto(`${base}reference/${api}/`)
        await page
          .getByRole('button', { name: /Server:/ })
          .first()
          .click()
        await page.getByRole('option', { name: '{baseUrl}' }).click()
        await page.getByLabel('baseUrl').fill(tryIt.url())
        await page.getByLabel('Bearer Token').first().fill(tryIt.key)

        const href = operationHref(api, { ...op, permissions: undefined, deprecated: false })
        await page.goto(new URL(href, base).toString())
        const section = page.locator(`section[id$="/${href.split('#')[1]}"]`).first()
        await section.getByRole('button', { name: 'Test Request' }).click()
        const close = await page.locator('.app-exit-button').boundingBox()
        if (!close) throw new Error('the try-it window has no close button')
        for (const link of await page.locator('.portal-bar a').all()) {
          const box = await link.boundingBox()
          if (!box) continue
          const apart =
            box.x + box.width <= close.x ||
            close.x + close.width <= box.x ||
            box.y + box.height <= close.y ||
            close.y + close.height <= box.y
          expect(apart, `the try-it close button covers "${await link.textContent()}"`).toBe(true)
        }
        const target = `${tryIt.url()}${op.path}`
        const send = async () => {
          const [response] = await Promise.all([
            page.waitForResponse(
              (r) => r.url().split('?')[0] === target && r.request().method() === op.method,
            ),
            page
              .getByRole('button', { name: /^Send\b/ })
              .first()
              .click(),
          ])
          return response
        }
        const ok = await send()
        expect(ok.status()).toBe(200)
        await page.getByText('200 OK').first().waitFor()
        await page.screenshot({ path: path.join(artifacts, `try-it-${api}-200.png`) })

        // Without a key: the token field of the request console, emptied.
        await page.getByLabel('Bearer Token').last().fill('')
        const denied = await send()
        expect(denied.status()).toBe(401)
        // Chromium logs every 4xx answer to a fetch as an error: this one is the answer asked for.
        const logged = () =>
          reference.errors.findIndex((e) => e.includes('status of 401') && e.includes(target))
        await expect.poll(logged, { timeout: 10_000 }).toBeGreaterThanOrEqual(0)
        reference.errors.splice(logged(), 1)
        await page
          .getByText(/^401\b/)
          .first()
          .waitFor()
        await page.screenshot({ path: path.join(artifacts, `try-it-${api}-401.png`) })
        await page.keyboard.press('Escape')
      })

      it('logged no console error and made no request off the site', () => {
        expect(reference.errors).toEqual([])
      })
    })
  }

  it('renders the getting-started guides', async () => {
    for (const api of ['control', 'web-data']) {
      const { page, errors } = await open(`${base}guides/${api}.html`)
      const text = await visibleText(page)
      for (const heading of ['Run the stand-in locally', 'Authenticate', 'Errors and retries', 'Pagination'])
        expect(text).toContain(heading)
      expect(await page.locator('pre code.language-sh').count()).toBeGreaterThan(3)
      expect(await page.locator('pre code.language-ts').count()).toBeGreaterThan(2)
      await page.screenshot({ path: path.join(artifacts, `guide-${api}.png`), fullPage: true })
      expect(errors).toEqual([])
      await page.close()
    }
  })

  it('renders the changelog pages', async () => {
    for (const api of ['control', 'web-data']) {
      const { page, errors } = await open(`${base}changelog/${api}.html`)
      const text = await visibleText(page)
      for (const kind of ['spec', 'client', 'routes']) expect(text).toContain(`@apiplatform/${api}-${kind}`)
      // The first screen (the unreleased changes and the latest release): a full-page shot of a
      // changelog (over 35,000 px tall, a 10 MB PNG) cost Chromium about 3 CPU-seconds each.
      await page.screenshot({ path: path.join(artifacts, `changelog-${api}.png`) })
      expect(errors).toEqual([])
      await page.close()
    }
  })
})
