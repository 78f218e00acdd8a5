/** A failure at start whose message is the whole story: printed as one line, without a stack. */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StartupError'
  }
}
