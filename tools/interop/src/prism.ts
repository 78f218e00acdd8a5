import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { type Api, bins, bundlePath, packageRoot } from './paths.js'

export interface Mock {
  baseUrl: string
  stop: () => Promise<void>
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/**
 * `prism mock` on a bundle (with `dynamic`, bodies generated from the schemas instead of the
 * examples, from a fixed seed so that a run is repeatable), resolved once Prism says it listens;
 * rejected with its output if it exits first.
 */
export async function startPrism(api: Api, options: { dynamic: boolean }): Promise<Mock> {
  const port = await freePort()
  const args = [
    'mock',
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    ...(options.dynamic ? ['-d', '--seed', 'interop'] : []),
    bundlePath(api),
  ]
  const child: ChildProcess = spawn(bins.prism, args, { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Prism is listening')) resolve()
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) => reject(new Error(`prism exited with ${code} before listening:\n${output}`)))
  })
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}
