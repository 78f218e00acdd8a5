/**
 * Page chrome dropped by `onlyMainContent`, as a predicate rather than a selector (matched on every
 * element of every page, so it avoids compiling and running a 20-part CSS selector each time). It
 * matches what the selector `header, nav, footer, aside, [role="navigation"], [role="banner"],
 * [role="contentinfo"], [role="complementary"], .nav, .navbar, .menu, .sidebar, .footer, .header,
 * .cookie, .cookie-banner, #cookie-banner, .ad, .ads, .advert` would.
 */
const TAGS = new Set(['header', 'nav', 'footer', 'aside'])
const ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary'])
const CLASSES = new Set([
  'nav',
  'navbar',
  'menu',
  'sidebar',
  'footer',
  'header',
  'cookie',
  'cookie-banner',
  'ad',
  'ads',
  'advert',
])
const IDS = new Set(['cookie-banner'])

export function isChrome(element: Element): boolean {
  if (TAGS.has(element.localName)) return true
  const role = element.getAttribute('role')
  if (role !== null && ROLES.has(role)) return true
  const id = element.getAttribute('id')
  if (id !== null && IDS.has(id)) return true
  const classes = element.getAttribute('class')
  if (classes) for (const name of classes.split(/[\t\n\f\r ]+/)) if (CLASSES.has(name)) return true
  return false
}

/** The main content: the first `main`, `[role="main"]` or `article` in document order. */
export function isMainContent(element: Element): boolean {
  const name = element.localName
  return name === 'main' || name === 'article' || element.getAttribute('role') === 'main'
}

/** Removes every element under `root` (and `root` itself when `withRoot`) that `match` accepts. */
export function removeMatching(root: Element, match: (element: Element) => boolean, withRoot: boolean): void {
  if (withRoot && match(root)) {
    root.remove()
    return
  }
  const doomed: Element[] = []
  const stack: Element[] = []
  for (let child = root.lastElementChild; child; child = child.previousElementSibling) stack.push(child)
  while (stack.length > 0) {
    const element = stack.pop() as Element
    if (match(element)) {
      doomed.push(element)
      continue
    }
    for (let child = element.lastElementChild; child; child = child.previousElementSibling) stack.push(child)
  }
  for (const element of doomed) element.remove()
}

/** The first element under `root` in document order that `match` accepts. */
export function findFirst(root: Element, match: (element: Element) => boolean): Element | undefined {
  const stack: Element[] = [root]
  while (stack.length > 0) {
    const element = stack.pop() as Element
    if (match(element)) return element
    for (let child = element.lastElementChild; child; child = child.previousElementSibling) stack.push(child)
  }
  return undefined
}
