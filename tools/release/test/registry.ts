/**
 * A throwaway npm registry for the end-to-end release test: Verdaccio (a devDependency, so
 * `pnpm install` brings it and the test needs no network) with a temp storage, no uplinks, on a
 * loopback port the system picks (registry-server.mjs). Ready once it says it listens and a user
 * has been created: nothing polls.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface Registry {
  /** Settles once the registry listens and has a user that may publish. */
  ready: Promise<{ url: string; token: string }>
  /** Stops it (also while it starts) and removes its storage. */
  stop(): Promise<void>
}

export function startRegistry(): Registry {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-registry-'))
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
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'registry-server.mjs'), config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  let output = ''
  child.stderr.on('data', (d) => {
    output += d
  })
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      output += d
      const port = /listening on port (\d+)/.exec(output)?.[1]
      if (port) resolve(`http://127.0.0.1:${port}/`)
    })
    void exited.then(() => reject(new Error(`verdaccio exited before it listened:\n${output}`)))
  })
  const ready = listening.then(async (url) => {
    const res = await fetch(`${url}-/user/org.couchdb.user:release-test`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'release-test', password: 'release-test-password' }),
    })
    const { token } = (await res.json()) as { token?: string }
    if (!token) throw new Error(`could not create a registry user (${res.status})`)
    return { url, token }
  })
  return {
    ready,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill()
        await exited
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
