import net from 'node:net'
import { PORT_VARIABLES, type Settings } from './settings.js'

const NAMES = { control: 'the control service', webData: 'the web-data service', docs: 'the docs portal' }

/**
 * Ports checked before anything is built or started, so a taken port fails in a second instead of
 * after the build. The services check again when they listen (another program may take it meanwhile).
 */
export async function checkPorts(settings: Settings): Promise<string[]> {
  const problems: string[] = []
  for (const key of ['control', 'webData', 'docs'] as const) {
    const port = settings.ports[key]
    if (port === 0) continue
    const error = await tryListen(port)
    if (error === 'EADDRINUSE')
      problems.push(
        `port ${port} (${NAMES[key]}) is already in use; set ${PORT_VARIABLES[key]} to a free port (0 picks one)`,
      )
    else if (error)
      problems.push(`port ${port} (${NAMES[key]}) cannot be used (${error}); set ${PORT_VARIABLES[key]}`)
  }
  return problems
}

function tryListen(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(undefined)))
  })
}
