// Runs the real CLI entry (`cli eval <file>`) in-process (test/cli/runCli.ts) and returns its parsed JSON output.
import { runCli } from '../../cli/runCli.ts'

export type CliResult = { id: string; type: string; [field: string]: unknown }
export type CliDocument = { format: string; system: string; options: Record<string, unknown>; results: CliResult[] }

export async function runCliEval(file: string): Promise<CliDocument> {
  const r = await runCli(['eval', file])
  if (r.code !== 0) throw new Error(`cli exited ${r.code}: ${r.stderr}`)
  return JSON.parse(r.stdout) as CliDocument
}

export function resultOf(doc: CliDocument, id: string): CliResult {
  const r = doc.results.find((x) => x.id === id)
  if (!r) throw new Error(`no result ${id}`)
  return r
}
