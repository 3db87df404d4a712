// Marker sheets as PDF (pdf-lib, 72/25.4 pt per mm, A4): pure, so the app prints a player's sheet in
// the browser and the CLI writes the default sheets (writeMarkerSheets.ts) with the same code.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { A4_MM, whiteRuns, type Page, type Sheet } from './markerSheets.ts'

export const PT_PER_MM = 72 / 25.4

type Fonts = { regular: PDFFont; bold: PDFFont }

/** The standard PDF fonts speak WinAnsi only: a character outside it (a name in Greek, an emoji) prints as "?" (the SVG keeps it). */
function printable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet())
  let out = ''
  for (const ch of text) out += set.has(ch.codePointAt(0)!) ? ch : '?'
  return out
}

function drawPage(pdfPage: PDFPage, page: Page, fonts: Fonts): void {
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
      case 'text': {
        const font = s.bold ? fonts.bold : fonts.regular
        pdfPage.drawText(printable(font, s.text), { x: s.x * PT_PER_MM, y: (H - s.y) * PT_PER_MM, size: s.size * PT_PER_MM, font })
        break
      }
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

/** Every page of a sheet as one A4 PDF. Fixed dates keep regenerated files byte-identical. */
export async function sheetToPdf(sheet: Sheet, creator = 'tabletop-ar cli markers'): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`Tabletop AR — ${sheet.title}`)
  doc.setCreator(creator)
  doc.setCreationDate(new Date(0))
  doc.setModificationDate(new Date(0))
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  // Bold only when a page uses it (the default sheets' files stay byte-identical).
  const bold = sheet.pages.some((p) => p.shapes.some((s) => s.kind === 'text' && s.bold)) ? await doc.embedFont(StandardFonts.HelveticaBold) : regular
  const fonts: Fonts = { regular, bold }
  for (const page of sheet.pages) drawPage(doc.addPage([A4_MM.width * PT_PER_MM, A4_MM.height * PT_PER_MM]), page, fonts)
  return doc.save()
}
