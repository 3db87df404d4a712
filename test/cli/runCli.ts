// Run the CLI in-process (same code path as `npm run cli`, without a process per call) and capture
// its stdout/stderr and exit code the way src/cli/main.ts's entry point would produce them.
import { main } from '../../src/cli/main.ts'
import { SceneError } from '../../src/engine/index.ts'

export async function runCli(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    return true
  }) as typeof process.stdout.write
  try {
    if (stdin !== undefined) throw new Error('stdin input needs the spawned CLI (see cli.test.ts)')
    const code = await main(args)
    return { code, stdout, stderr: '' }
  } catch (e) {
    if (e instanceof SceneError) return { code: 2, stdout, stderr: `error: ${e.message}\n` }
    throw e
  } finally {
    process.stdout.write = write
  }
}
