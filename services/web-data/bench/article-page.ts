/**
 * A documentation article of typical size (about 50 KB of HTML, as most pages weigh): site
 * navigation, a sidebar, sections of prose with inline links, emphasis and code, lists, tables and
 * code blocks, and a footer. Deterministic, so every run converts the same page.
 */
const words =
  'request response service page crawl index token limit retry header schema cursor queue worker field value document format key team credit'.split(
    ' ',
  )
const sentence = (i: number) => {
  const out: string[] = []
  for (let w = 0; w < 14; w++) out.push(words[(i * 7 + w * 3) % words.length] as string)
  out[0] = `${out[0]?.[0]?.toUpperCase()}${out[0]?.slice(1)}`
  return `${out.join(' ')}.`
}
const paragraph = (i: number) =>
  `<p>${sentence(i)} See <a href="/guide/${i}.html">the ${words[i % words.length]} guide</a> for <strong>${sentence(i + 1)}</strong> Use <code>options.${words[(i + 3) % words.length]}</code> when ${sentence(i + 2).toLowerCase()} ${sentence(i + 3)}</p>`

export function articlePage(): string {
  const nav = Array.from({ length: 40 }, (_, i) => `<li><a href="/docs/${i}.html">Topic ${i}</a></li>`).join(
    '',
  )
  const sidebar = Array.from(
    { length: 30 },
    (_, i) => `<li><a href="#section-${i}">Section ${i}: ${words[i % words.length]}</a></li>`,
  ).join('')
  const sections = Array.from({ length: 17 }, (_, s) => {
    const list = Array.from({ length: 5 }, (_, i) => `<li>${sentence(s * 5 + i)}</li>`).join('')
    const rows = Array.from(
      { length: 4 },
      (_, i) =>
        `<tr><td><code>${words[(s + i) % words.length]}</code></td><td>integer</td><td>${sentence(s + i)}</td></tr>`,
    ).join('')
    return `<section id="section-${s}"><h2>Section ${s}: ${words[s % words.length]} handling</h2>
${paragraph(s * 3)}${paragraph(s * 3 + 1)}
<ul>${list}</ul>
<table><thead><tr><th>Field</th><th>Type</th><th>Meaning</th></tr></thead><tbody>${rows}</tbody></table>
<pre><code class="language-ts">const ${words[s % words.length]} = await client.${words[(s + 1) % words.length]}({ limit: ${s + 10} })
console.log(${words[s % words.length]}.data)</code></pre>
${paragraph(s * 3 + 2)}</section>`
  }).join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Handling requests: the complete guide</title>
<meta name="description" content="How the service handles requests, limits, retries and documents.">
<meta property="og:title" content="Handling requests"><link rel="stylesheet" href="/site.css">
<script>window.analytics = { page: 'guide' }</script></head>
<body><header><nav class="site-nav"><ul>${nav}</ul></nav></header>
<div class="layout"><aside class="sidebar"><ul>${sidebar}</ul></aside>
<main><article><h1>Handling requests: the complete guide</h1>
${sections}
</article></main></div>
<footer><p>© Example Docs. <a href="/legal.html">Legal</a> · <a href="/privacy.html">Privacy</a></p></footer>
</body></html>`
}
