// The default marker sheets of a plan as pages (cells from OpenCV's own generateImageMarker), and a sheet
// as a PDF (sheetPdf.ts): pure, for the browser and the CLI alike (the CLI's
// src/cli/tracking/writeMarkerSheets.ts writes them to files).
import { markerCells } from '../opencv/markerDetector.ts'
import type { OpenCvHandle } from '../opencv/openCv.ts'
import {
  baseTabSheet, charucoSheet, tableMarkerSheet, terrainMarkerSheet, tokenSheet, TOKEN_BASES, type CellsOf, type Sheet,
} from './markerSheets.ts'
import { sheetToPdf } from './sheetPdf.ts'
import { DEFAULT_MARKER_PLAN, type MarkerPlan } from './markerPlan.ts'

export { sheetToPdf }

export function buildMarkerSheets(cv: OpenCvHandle, plan: MarkerPlan = DEFAULT_MARKER_PLAN): Sheet[] {
  const cache = new Map<string, { cells: Uint8Array; side: number }>()
  const cellsOf: CellsOf = (dictionary, id) => {
    const key = `${String(dictionary)}:${id}`
    let c = cache.get(key)
    if (!c) { c = markerCells(cv, dictionary, id); cache.set(key, c) }
    return c
  }
  const d = plan.dictionary
  return [
    tableMarkerSheet(cellsOf, d, plan.table.ids, plan.table.sizeMm),
    baseTabSheet(cellsOf, d, plan.tabs.ids, plan.tabs.sizeMm),
    tokenSheet(cellsOf, d, plan.tokens.ids.map((id, i) => ({ id, base: TOKEN_BASES[Math.floor(i / plan.tokens.perBase)]! }))),
    terrainMarkerSheet(cellsOf, d, plan.terrain.ids, plan.terrain.sizeMm),
    charucoSheet(cellsOf),
  ]
}
