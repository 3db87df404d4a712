// Node only (the CLI's `markers` command): write every marker sheet as SVG (one file per page) and PDF
// (all pages) into a folder.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { OpenCvHandle } from '../../tracking/opencv/openCv.ts'
import { pageToSvg } from '../../tracking/markers/markerSheets.ts'
import { DEFAULT_MARKER_PLAN, type MarkerPlan } from '../../tracking/markers/markerPlan.ts'
import { buildMarkerSheets, sheetToPdf } from '../../tracking/markers/markerSheetPdf.ts'

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
