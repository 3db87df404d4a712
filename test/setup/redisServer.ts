// A throwaway Debian redis-server on 127.0.0.1 and a free port, no persistence, stopped by the test.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { freePort } from './appServer.ts'

export const REDIS_PATH = '/usr/bin/redis-server'
export const haveRedis = existsSync(REDIS_PATH)

export function warnIfNoRedis(suite: string): void {
  if (!haveRedis) console.warn(`\n!! SKIPPING ${suite}: ${REDIS_PATH} is missing. Install it with: apt-get install -y redis-server   (CI does this in .ci/run)\n`)
}

export async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const child = spawn(REDIS_PATH, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], { stdio: ['ignore', 'pipe', 'pipe'] })
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
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
