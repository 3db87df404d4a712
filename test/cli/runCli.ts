// Run the CLI in-process (same code path as `npm run cli`, without a process per call) and capture
// its stdout, its stderr and exit code the way src/cli/main.ts's entry point would produce them; or,
// where only a real process will do, spawned (spawnCli).
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { main } from '../../src/cli/main.ts'
import { SceneError } from '../../src/engine/index.ts'

export async function runCli(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const text = (chunk: string | Uint8Array) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
  const write = process.stdout.write.bind(process.stdout)
  const writeErr = process.stderr.write.bind(process.stderr)
  process.stdout.write = ((chunk: string | Uint8Array) => ((stdout += text(chunk)), true)) as typeof process.stdout.write
  process.stderr.write = ((chunk: string | Uint8Array) => ((stderr += text(chunk)), true)) as typeof process.stderr.write
  try {
    if (stdin !== undefined) throw new Error('stdin input needs the spawned CLI (see cli.test.ts)')
    const code = await main(args)
    return { code, stdout, stderr }
  } catch (e) {
    if (e instanceof SceneError) return { code: 2, stdout, stderr: stderr + `error: ${e.message.replace(/\n/g, ' ')}\n` }
    throw e
  } finally {
    process.stdout.write = write
    process.stderr.write = writeErr
  }
}

/**
 * Run the CLI as a player does, in its own process (`node --import tsx src/cli/main.ts …`): for what
 * only a real process shows, its exit code and the one line its entry point prints. stdin is `input`.
 */
export function spawnCli(args: string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args], { cwd: ROOT, encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}
const ROOT = join(import.meta.dirname, '..', '..')
