/**
 * One walk over a freshly parsed page that finds everything read or dropped before cleaning, so
 * that no CSS selector is compiled and matched per page for the fixed parts of the pipeline.
 */

/** Elements that never carry page content. */
const NOISE = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'svg', 'canvas', 'link', 'meta'])

export interface PageSurvey {
  /** The first `<title>` that is a child of `<head>`, and the first anywhere. */
  headTitle: Element | undefined
  anyTitle: Element | undefined
  metas: Element[]
  /** `<a href>` in document order (template contents included, as the HTML spec's DOM has them aside). */
  anchors: Element[]
  images: Element[]
  /** Noise elements and comments inside elements: removed by the cleaner. */
  noise: ChildNode[]
}

export function surveyPage(document: Document): PageSurvey {
  const survey: PageSurvey = {
    headTitle: undefined,
    anyTitle: undefined,
    metas: [],
    anchors: [],
    images: [],
    noise: [],
  }
  // Iterative pre-order walk (pages nest deeper than a comfortable recursion depth).
  const stack: Node[] = []
  for (let child = document.lastChild; child; child = child.previousSibling) stack.push(child)
  while (stack.length > 0) {
    const node = stack.pop() as Node
    if (node.nodeType === 8) {
      if (node.parentNode?.nodeType === 1) survey.noise.push(node as ChildNode)
      continue
    }
    if (node.nodeType !== 1 && node.nodeType !== 11) continue
    if (node.nodeType === 1) {
      const element = node as Element
      const name = element.localName
      if (name === 'a' && element.hasAttribute('href')) survey.anchors.push(element)
      else if (name === 'img' && element.hasAttribute('src')) survey.images.push(element)
      else if (name === 'meta') survey.metas.push(element)
      else if (name === 'title') {
        survey.anyTitle ??= element
        if (!survey.headTitle && element.parentNode === document.head) survey.headTitle = element
      }
      if (NOISE.has(name)) survey.noise.push(element)
      // With scripting on (as the crawler's parse5 had it), a browser reads <noscript> as raw
      // text; domino builds elements there, which must not count as the page's links.
      if (name === 'noscript') continue
      if (name === 'template') {
        const content = (element as HTMLTemplateElement).content
        if (content) stack.push(content)
      }
    }
    for (let child = node.lastChild; child; child = child.previousSibling) stack.push(child)
  }
  return survey
}
