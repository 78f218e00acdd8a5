export interface NodeRelease {
  major: number
  /** The release's `node` binary. */
  path: string
}
export function nodeReleases(): { found: NodeRelease[]; missing: string[] }
