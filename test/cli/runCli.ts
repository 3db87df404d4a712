// Run the CLI in-process (same code path as `npm run cli`, without a process per call) and capture
// its stdout, its stderr and exit code the way src/cli/main.ts's entry point would produce them.
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
