/** The part of domino (turndown's own DOM, a dependency of ours too) that this service calls. */
declare module '@mixmark-io/domino' {
  /** Parses an HTML document as browsers do; `force` parses even an empty string. */
  export function createDocument(html?: string, force?: boolean): Document
}
