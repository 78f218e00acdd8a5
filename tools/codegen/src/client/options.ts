export interface ClientOptions {
  /** The client package's version, written into the generated `VERSION`. */
  version: string
}

export interface ClientFiles {
  /** File name → content, written into the package's `src/generated/`. */
  files: Record<string, string>
  /** How many operations the spec has (for the log line). */
  operations: number
}
