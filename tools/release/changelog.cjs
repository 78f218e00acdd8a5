// Changelog generator for @changesets/cli (.changeset/config.json → "changelog").
// One entry per changeset: its first line as the bullet (with the commit that added it, when git
// knows it), the rest of the summary — for spec changes, the list of changed operations and fields
// written by `pnpm changeset:spec` — indented under it, so the Markdown nests.
'use strict'

const MARKER = /\n?<!-- spec-diff:[^>]*-->\s*$/

/** @type {import('@changesets/types').ChangelogFunctions} */
const functions = {
  async getReleaseLine(changeset, _type, _options) {
    const summary = changeset.summary.replace(MARKER, '').trim()
    const [first = '', ...rest] = summary.split('\n')
    const commit = changeset.commit ? ` (${changeset.commit.slice(0, 7)})` : ''
    const body = rest.map((line) => (line.trim() ? `  ${line}` : '')).join('\n')
    return `\n- ${first}${commit}${body.trim() ? `\n${body}` : ''}`
  },
  async getDependencyReleaseLine(_changesets, dependenciesUpdated, _options) {
    if (dependenciesUpdated.length === 0) return ''
    const list = dependenciesUpdated.map((d) => `  - ${d.name}@${d.newVersion}`).join('\n')
    return `\n- Updated dependencies:\n${list}`
  },
}

module.exports = functions
module.exports.default = functions
