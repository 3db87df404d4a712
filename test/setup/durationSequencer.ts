// The order the unit files start in (issue 35: `npm run test:unit` under 4 min on 2 cores). With
// several workers the run ends when the last file does, so the long files must start first: one
// that starts near the end runs alone while the other core waits (handheldFusion, ~80 s of renders,
// is a small file, and a fresh clone has no record of the last run, so vitest, which then starts
// the largest files first, started it near the end: test:unit 291 s, against 264 s in the order of
// a recorded run). So a file's length is vitest's record of its last run on this machine where
// there is one, else the committed figure of `fileDurations.json` (a fresh clone, CI), and a file
// in neither (a new test) starts first, as vitest starts unknown files. Refresh the committed
// figures after a run with `node test/setup/saveFileDurations.mjs`.
// Only the unit project is reordered: the browser files run one at a time, so their order does
// not change the run's length.
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Seconds per unit file ('test/…'), measured; see saveFileDurations.mjs. */
export const committedDurations: ReadonlyMap<string, number> = new Map<string, number>(Object.entries(JSON.parse(readFileSync(new URL('./fileDurations.json', import.meta.url), 'utf8')) as Record<string, number>))

export const REORDERED_PROJECT = 'unit'

export class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files)
    const root = this.ctx.config.root
    const lengthOf = (spec: TestSpecification): number | undefined => {
      const path = relative(root, spec.moduleId)
      const recorded = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)
      if (recorded?.failed) return Infinity // failed last time: first, as vitest does
      return recorded ? recorded.duration / 1000 : committedDurations.get(path)
    }
    return longestFirst(base, (s) => s.project.name === REORDERED_PROJECT, lengthOf)
  }
}

/**
 * `items` with those `chosen` put in order of `lengthOf`, longest first (unknown, undefined: first;
 * ties keep their order), each in a place a chosen item had; the others stay where they are.
 */
export function longestFirst<T>(items: readonly T[], chosen: (item: T) => boolean, lengthOf: (item: T) => number | undefined): T[] {
  const picked = items.filter(chosen)
  const length = new Map(picked.map((s) => [s, lengthOf(s) ?? Infinity] as const))
  const sorted = [...picked].sort((a, b) => length.get(b)! - length.get(a)!) // Array.sort is stable
  let next = 0
  return items.map((s) => (chosen(s) ? sorted[next++]! : s))
}

