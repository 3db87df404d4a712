// Regression: the CLI called process.exit() right after writing, which cut JSON over 64 KiB short
// when stdout was a pipe (found with `cli systems | node ...`).
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

describe('cli output through a pipe', () => {
  it('prints all of a large JSON document before exiting', () => {
    // a slow reader at the other end of the pipe: the pipe buffer (64 KiB) fills before the CLI is done
    const cmd = `'${join(root, 'node_modules/.bin/tsx')}' '${join(root, 'src/cli/main.ts')}' systems | (sleep 1; cat)`
    const r = spawnSync('bash', ['-c', `set -o pipefail; ${cmd}`], { encoding: 'utf8', cwd: root, maxBuffer: 64 * 1024 * 1024 })
    expect(r.status).toBe(0)
    expect(r.stdout.length).toBeGreaterThan(65536)
    const systems = JSON.parse(r.stdout) as Array<{ id: string }>
    expect(systems.map((s) => s.id)).toContain('narrative-skirmish')
  })
})
