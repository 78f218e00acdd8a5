/**
 * A throwaway npm registry for the end-to-end release test: Verdaccio (a devDependency, so
 * `pnpm install` brings it and the test needs no network) with a temp storage, no uplinks,
 * listening on a free loopback port.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const verdaccioBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('verdaccio/package.json')),
  'bin',
  'verdaccio',
)

export interface Registry {
  url: string
  token: string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

export async function startRegistry(): Promise<Registry> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-registry-'))
  const port = await freePort()
  const config = path.join(dir, 'config.yaml')
  fs.writeFileSync(
    config,
    [
      `storage: ${path.join(dir, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${path.join(dir, 'htpasswd')}`,
      '    max_users: 10',
      'uplinks: {}',
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      '    unpublish: $authenticated',
      'server:',
      '  keepAliveTimeout: 0',
      'log: { type: stdout, format: pretty, level: warn }',
      'publish:',
      '  allow_offline: true',
      '',
    ].join('\n'),
  )
  const url = `http://127.0.0.1:${port}/`
  const child: ChildProcess = spawn(
    process.execPath,
    [verdaccioBin, '--config', config, '--listen', `127.0.0.1:${port}`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      const res = await fetch(`${url}-/ping`)
      if (res.ok) break
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill()
      throw new Error(`verdaccio did not start:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  const res = await fetch(`${url}-/user/org.couchdb.user:release-test`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release-test', password: 'release-test-password' }),
  })
  const { token } = (await res.json()) as { token?: string }
  if (!token) throw new Error(`could not create a registry user (${res.status})`)
  return {
    url,
    token,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          fs.rmSync(dir, { recursive: true, force: true })
          resolve()
        })
        child.kill()
      }),
  }
}
