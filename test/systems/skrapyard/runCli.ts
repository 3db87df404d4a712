// Runs the real CLI entry (`cli eval <file>`) in-process and returns its parsed JSON output.
import { vi } from 'vitest'
import { main } from '../../../src/cli/main.ts'

export type CliResult = { id: string; type: string; [field: string]: unknown }
export type CliDocument = { format: string; system: string; options: Record<string, unknown>; results: CliResult[] }

export async function runCliEval(file: string): Promise<CliDocument> {
  let out = ''
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    return true
  })
  try {
    const code = await main(['eval', file])
    if (code !== 0) throw new Error(`cli exited ${code}`)
  } finally {
    spy.mockRestore()
  }
  return JSON.parse(out) as CliDocument
}

export function resultOf(doc: CliDocument, id: string): CliResult {
  const r = doc.results.find((x) => x.id === id)
  if (!r) throw new Error(`no result ${id}`)
  return r
}
