// Which ids go on which printed sheet (the default allocation in markers/README.md). A registry can
// assign any id to anything; this plan only decides what `npm run markers` prints.
import type { DictionaryName } from '../registry/registrySchema.ts'
import { TOKEN_BASES } from './markerSheets.ts'

export type MarkerPlan = {
  dictionary: DictionaryName
  table: { ids: number[]; sizeMm: number }
  tabs: { ids: number[]; sizeMm: number }
  tokens: { ids: number[]; perBase: number }
  terrain: { ids: number[]; sizeMm: number }
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i)

export const DEFAULT_MARKER_PLAN: MarkerPlan = {
  dictionary: 'DICT_4X4_100',
  table: { ids: range(0, 8), sizeMm: 70 },
  tabs: { ids: range(10, 40), sizeMm: 20 },
  tokens: { ids: range(50, 4 * TOKEN_BASES.length), perBase: 4 },
  terrain: { ids: range(90, 10), sizeMm: 30 },
}
