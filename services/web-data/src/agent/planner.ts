import type { AgentRequest, RunState } from './types.js'

const URL_IN_TEXT = /https?:\/\/[^\s"'<>)\]]+/g

/** Pages a run may read, by effort. */
export function pageBudget(effort: string | undefined): number {
  return effort === 'low' ? 3 : effort === 'high' ? 10 : 5
}

/** The starting state at `now` (business time): the given URLs (or those named in the prompt), in order. */
export function initialState(request: AgentRequest, now: number): RunState {
  const fromPrompt = request.prompt.match(URL_IN_TEXT) ?? []
  const queue = [...new Set([...(request.urls ?? []), ...fromPrompt].map((u) => u.replace(/[.,;]+$/, '')))]
  return {
    phase: 'start',
    queue,
    visited: [],
    toolCalls: 0,
    result: {},
    sources: [],
    maxPages: pageBudget(request.effort),
    startedAt: now,
    artifactVersion: 0,
  }
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2),
  )

/**
 * Links worth following next: same site, not seen, ranked by how many words they share with the
 * prompt and the fields still missing. Deterministic: ties keep page order.
 */
export function rankLinks(links: string[], from: string, seen: Set<string>, hints: string[]): string[] {
  const origin = new URL(from).origin
  const wanted = words(hints.join(' ').replace(/([a-z])([A-Z])/g, '$1 $2'))
  return links
    .filter((link) => {
      try {
        return new URL(link).origin === origin && !seen.has(link)
      } catch {
        return false
      }
    })
    .map((link, index) => {
      const path = new URL(link).pathname
      const score = [...words(path)].filter((w) => wanted.has(w)).length
      return { link, score, index }
    })
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((c) => c.link)
}

/** Search terms of a prompt for the page index (when no URL is given). */
export function searchTerms(prompt: string): string {
  return [...words(prompt)].slice(0, 12).join(' ')
}
