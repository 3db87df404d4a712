// A throwaway Debian redis-server on 127.0.0.1 (or the address given) and a free port (or the one
// given, for a restart), no persistence, stopped by the test.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { freePort } from './appServer.ts'

export const REDIS_PATH = '/usr/bin/redis-server'
export const haveRedis = existsSync(REDIS_PATH)

export function warnIfNoRedis(suite: string): void {
  if (!haveRedis) console.warn(`\n!! SKIPPING ${suite}: ${REDIS_PATH} is missing. Install it with: apt-get install -y redis-server   (CI does this in .ci/run)\n`)
}

export type RedisOptions = {
  /** A port to reuse (a restart), else a free one. */
  port?: number
  /** The address(es) to listen on (default 127.0.0.1). */
  bind?: string
  /** Wrap the command (e.g. ['ip', 'netns', 'exec', 'ns']) to run it elsewhere. */
  wrap?: readonly string[]
}

export async function startRedis(opts: RedisOptions = {}): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  const port = opts.port ?? (await freePort())
  const bind = opts.bind ?? '127.0.0.1'
  const args = ['--port', String(port), '--bind', ...bind.split(' '), '--save', '', '--appendonly', 'no', '--protected-mode', 'no']
  const wrap = opts.wrap ?? []
  const child = wrap.length > 0 ? spawn(wrap[0]!, [...wrap.slice(1), REDIS_PATH, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }) : spawn(REDIS_PATH, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 15_000)
    child.stdout!.on('data', () => {
      if (/Ready to accept connections/.test(out)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${out}`)))
  })
  return {
    url: `redis://${bind.split(' ')[0]}:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
