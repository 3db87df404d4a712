// Marker cells without OpenCV (the app's main thread prints sheets and never loads OpenCV): the 4×4
// dictionaries' patterns from the generated table dict4x4Codes.ts, in the layout markerCells gives
// (6×6 with the black border, row-major, 1 = white). test/tracking/personalSheet.test.ts checks
// every id against OpenCV's own generateImageMarker.
import type { DictionaryName } from '../registry/registrySchema.ts'
import { dictionaryCapacity } from '../registry/registrySchema.ts'
import type { CellsOf } from './markerSheets.ts'
import { DICT_4X4_CODES } from './dict4x4Codes.ts'

/** Dictionaries the app can print (the 4×4 family: ids 0–99 are the same patterns in each). */
export function canPrintDictionary(name: string): name is DictionaryName {
  return /^DICT_4X4_(50|100|250|1000)$/.test(name)
}

/** The cells of 4×4 marker `id` of `dictionary`, with its one-cell black border (side 6). */
export function dictionaryCells(dictionary: string, id: number): { cells: Uint8Array; side: number } {
  if (!canPrintDictionary(dictionary)) throw new Error(`the app prints 4×4 markers only (DICT_4X4_50/100/250/1000), not ${dictionary}`)
  const capacity = dictionaryCapacity(dictionary)
  if (!Number.isInteger(id) || id < 0 || id >= capacity) throw new Error(`marker id ${id} is not in ${dictionary} (ids 0–${capacity - 1})`)
  const code = DICT_4X4_CODES[id]!
  const side = 6
  const cells = new Uint8Array(side * side)
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) cells[(r + 1) * side + c + 1] = (code >> (15 - (r * 4 + c))) & 1
  return { cells, side }
}

export const cellsOf4x4: CellsOf = (dictionary, id) => dictionaryCells(String(dictionary), id)
