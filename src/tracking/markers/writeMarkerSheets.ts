// Node only: write every marker sheet as SVG (one file per page) and PDF (all pages) into a folder.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { markerCells } from '../opencv/markerDetector.ts'
import type { OpenCvHandle } from '../opencv/openCv.ts'
import {
  baseTabSheet, charucoSheet, tableMarkerSheet, terrainMarkerSheet, tokenSheet, TOKEN_BASES, type CellsOf, type Sheet, pageToSvg,
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

/** Write <name>[-<page>].svg and <name>.pdf for every sheet; returns the paths written. */
export async function writeMarkerSheets(cv: OpenCvHandle, outDir: string, plan: MarkerPlan = DEFAULT_MARKER_PLAN): Promise<string[]> {
  mkdirSync(outDir, { recursive: true })
  const written: string[] = []
  for (const sheet of buildMarkerSheets(cv, plan)) {
    sheet.pages.forEach((page, i) => {
      const path = join(outDir, sheet.pages.length > 1 ? `${sheet.name}-${i + 1}.svg` : `${sheet.name}.svg`)
      writeFileSync(path, pageToSvg(page, sheet.title))
      written.push(path)
    })
    const pdf = join(outDir, `${sheet.name}.pdf`)
    writeFileSync(pdf, await sheetToPdf(sheet))
    written.push(pdf)
  }
  return written
}
