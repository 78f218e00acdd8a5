import { createTwoFilesPatch, structuredPatch } from 'diff'

export interface PageDiff {
  /** Unified diff of the markdown (previous → current). */
  text: string
  json: {
    additions: number
    deletions: number
    hunks: Array<{ oldStart: number; oldLines: number; newStart: number; newLines: number; lines: string[] }>
  }
}

/**
 * Line diff of two markdown snapshots with jsdiff (Myers' algorithm): a unified patch for people
 * and the structured hunks for programs.
 */
export function diffMarkdown(url: string, before: string, after: string): PageDiff {
  const patch = structuredPatch(url, url, before, after, 'previous', 'current', { context: 2 })
  let additions = 0
  let deletions = 0
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) additions++
      else if (line.startsWith('-')) deletions++
    }
  }
  return {
    text: createTwoFilesPatch(url, url, before, after, 'previous', 'current', { context: 2 }),
    json: {
      additions,
      deletions,
      hunks: patch.hunks.map((h) => ({
        oldStart: h.oldStart,
        oldLines: h.oldLines,
        newStart: h.newStart,
        newLines: h.newLines,
        lines: h.lines,
      })),
    },
  }
}
