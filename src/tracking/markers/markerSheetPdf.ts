// The marker sheets of a plan as pages, and a sheet as a PDF (pdf-lib): pure, for the browser and the
// CLI alike (the CLI's src/cli/tracking/writeMarkerSheets.ts writes them to files).
import { PDFDocument, StandardFonts, rgb, type PDFPage, type PDFFont } from 'pdf-lib'
import { markerCells } from '../opencv/markerDetector.ts'
import type { OpenCvHandle } from '../opencv/openCv.ts'
import {
  A4_MM, baseTabSheet, whiteRuns, charucoSheet, tableMarkerSheet, terrainMarkerSheet, tokenSheet, TOKEN_BASES,
  type CellsOf, type Page, type Sheet, pageToSvg,
} from './markerSheets.ts'
import { DEFAULT_MARKER_PLAN, type MarkerPlan } from './markerPlan.ts'

const PT_PER_MM = 72 / 25.4

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

function drawPage(pdfPage: PDFPage, page: Page, font: PDFFont): void {
  const H = A4_MM.height
  const black = rgb(0, 0, 0)
  const grey = rgb(0.53, 0.53, 0.53)
  const colour = (c: string | undefined) => (c === '#000000' ? black : grey)
  for (const s of page.shapes) {
    switch (s.kind) {
      case 'rect':
        pdfPage.drawRectangle({
          x: s.x * PT_PER_MM, y: (H - s.y - s.height) * PT_PER_MM, width: s.width * PT_PER_MM, height: s.height * PT_PER_MM,
          ...(s.fill ? { color: colour(s.fill) } : {}),
          ...(s.stroke ? { borderColor: colour(s.stroke), borderWidth: 0.2 * PT_PER_MM } : {}),
          ...(s.dash ? { borderDashArray: [PT_PER_MM, PT_PER_MM] } : {}),
        })
        break
      case 'ellipse':
        pdfPage.drawEllipse({ x: s.cx * PT_PER_MM, y: (H - s.cy) * PT_PER_MM, xScale: s.rx * PT_PER_MM, yScale: s.ry * PT_PER_MM, borderColor: colour(s.stroke), borderWidth: 0.2 * PT_PER_MM })
        break
      case 'line':
        pdfPage.drawLine({ start: { x: s.x1 * PT_PER_MM, y: (H - s.y1) * PT_PER_MM }, end: { x: s.x2 * PT_PER_MM, y: (H - s.y2) * PT_PER_MM }, thickness: 0.3 * PT_PER_MM, color: colour(s.stroke), ...(s.dash ? { dashArray: [PT_PER_MM, PT_PER_MM] } : {}) })
        break
      case 'text':
        pdfPage.drawText(s.text, { x: s.x * PT_PER_MM, y: (H - s.y) * PT_PER_MM, size: s.size * PT_PER_MM, font })
        break
      case 'marker': {
        const cell = s.size / s.cellsSide
        pdfPage.drawRectangle({ x: s.x * PT_PER_MM, y: (H - s.y - s.size) * PT_PER_MM, width: s.size * PT_PER_MM, height: s.size * PT_PER_MM, color: black })
        for (const run of whiteRuns(s.cells, s.cellsSide)) {
          pdfPage.drawRectangle({ x: (s.x + run.col * cell) * PT_PER_MM, y: (H - s.y - (run.row + 1) * cell) * PT_PER_MM, width: run.length * cell * PT_PER_MM, height: cell * PT_PER_MM, color: rgb(1, 1, 1) })
        }
        break
      }
    }
  }
}

export async function sheetToPdf(sheet: Sheet): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`Tabletop AR — ${sheet.title}`)
  doc.setCreator('tabletop-ar cli markers')
  // Fixed dates keep regenerated files byte-identical.
  doc.setCreationDate(new Date(0))
  doc.setModificationDate(new Date(0))
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const page of sheet.pages) drawPage(doc.addPage([A4_MM.width * PT_PER_MM, A4_MM.height * PT_PER_MM]), page, font)
  return doc.save()
}

/** Write <name>[-<page>].svg and <name>.pdf for every sheet; returns the paths written. */
