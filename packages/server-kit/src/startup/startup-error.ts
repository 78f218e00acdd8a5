/** A failure at start whose message is the whole story: printed as one line, without a stack. */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StartupError'
  }
}

/** `read`, with its errors (a bad setting) turned into startup errors: the message is the whole story. */
export function startupSettings<Config>(
  read: (env: NodeJS.ProcessEnv) => Config,
): (env: NodeJS.ProcessEnv) => Config {
  return (env) => {
    try {
      return read(env)
    } catch (error) {
      throw new StartupError((error as Error).message)
    }
  }
}
