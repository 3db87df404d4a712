// Printable marker sheets: layout in mm on A4 pages, rendered to SVG here (true scale: width="210mm"
// with a mm viewBox) and to PDF by sheetPdf.ts (pdf-lib, 72/25.4 pt per mm). Pure layout + rendering:
// the CLI writes the default sheets' files (src/cli/tracking/writeMarkerSheets.ts), the app a player's own sheet
// (personalSheet.ts). Marker cells come from OpenCV's generateImageMarker (or dictionaryCells.ts).
import type { DictionarySpec } from '../opencv/markerDetector.ts'

export const A4_MM = { width: 210, height: 297 } as const
export const PAGE_MARGIN_MM = 8

/** White margin around a marker's black square, as a fraction of its side (one cell of a 4×4 marker). */
export const QUIET_ZONE_RATIO = 1 / 6
/** Gap between a base's edge and its tab's white margin, mm (keeps the base from hiding the margin). */
export const TAB_GAP_MM = 3
/** Length of a tab's glue strip under the base, mm. */
export const TAB_GLUE_MM = 10

export type Shape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; fill?: string; stroke?: string; dash?: boolean }
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number; stroke: string; dash?: boolean }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: string; dash?: boolean }
  | { kind: 'text'; x: number; y: number; size: number; text: string; bold?: boolean }
  /** A marker's black square at (x, y) (top-left, mm), `size` mm, cells row-major (1 = white). */
  | { kind: 'marker'; id: number; x: number; y: number; size: number; cells: Uint8Array; cellsSide: number }

export type Page = { shapes: Shape[] }
export type Sheet = { name: string; title: string; pages: Page[] }

export type CellsOf = (dictionary: DictionarySpec, id: number) => { cells: Uint8Array; side: number }

/** Colour of cut lines. */
export const CUT = '#888888'

/** A page's head: title, print instructions and the 100 mm check bar. */
export function header(title: string, dictionary: string): Shape[] {
  return [
    { kind: 'text', x: PAGE_MARGIN_MM, y: PAGE_MARGIN_MM + 3, size: 3.5, text: `Tabletop AR — ${title}` },
    { kind: 'text', x: PAGE_MARGIN_MM, y: PAGE_MARGIN_MM + 7.5, size: 2.6, text: `${dictionary}. Print at 100 % (actual size, no "fit to page"). Check: the bar below is 100 mm. Cut on the grey lines.` },
    { kind: 'rect', x: PAGE_MARGIN_MM, y: PAGE_MARGIN_MM + 10, width: 100, height: 2, fill: '#000000' },
    { kind: 'text', x: PAGE_MARGIN_MM + 102, y: PAGE_MARGIN_MM + 12, size: 2.6, text: '100 mm' },
  ]
}
export const HEADER_MM = 18

/** Grid placement of equal cells on pages. */
function paginate<T>(items: readonly T[], cellW: number, cellH: number, gap: number, draw: (item: T, x: number, y: number) => Shape[], title: string, dictionary: string): Page[] {
  const cols = Math.max(1, Math.floor((A4_MM.width - 2 * PAGE_MARGIN_MM + gap) / (cellW + gap)))
  const rows = Math.max(1, Math.floor((A4_MM.height - 2 * PAGE_MARGIN_MM - HEADER_MM + gap) / (cellH + gap)))
  const pages: Page[] = []
  items.forEach((item, i) => {
    const k = i % (cols * rows)
    if (k === 0) pages.push({ shapes: header(title, dictionary) })
    const x = PAGE_MARGIN_MM + (k % cols) * (cellW + gap)
    const y = PAGE_MARGIN_MM + HEADER_MM + Math.floor(k / cols) * (cellH + gap)
    pages[pages.length - 1]!.shapes.push(...draw(item, x, y))
  })
  return pages
}

function markerShape(cellsOf: CellsOf, dictionary: DictionarySpec, id: number, x: number, y: number, size: number): Shape {
  const c = cellsOf(dictionary, id)
  return { kind: 'marker', id, x, y, size, cells: c.cells, cellsSide: c.side }
}

const fmt = (v: number) => (Math.round(v * 100) / 100).toString()

/** Table reference markers: large, on a white square with a cut line. */
export function tableMarkerSheet(cellsOf: CellsOf, dictionary: string, ids: readonly number[], sizeMm: number): Sheet {
  const q = sizeMm * QUIET_ZONE_RATIO
  const white = sizeMm + 2 * q
  const title = `table reference markers, ${fmt(sizeMm)} mm`
  return {
    name: 'table-markers',
    title,
    pages: paginate(ids, white, white + 5, 4, (id, x, y) => [
      { kind: 'rect', x, y, width: white, height: white, stroke: CUT },
      markerShape(cellsOf, dictionary as DictionarySpec, id, x + q, y + q, sizeMm),
      { kind: 'text', x, y: y + white + 3.5, size: 2.6, text: `table marker id ${id} · ${fmt(sizeMm)} mm · arrow = marker +x` },
      { kind: 'line', x1: x + white - 14, y1: y + white + 2.5, x2: x + white - 4, y2: y + white + 2.5, stroke: '#000000' },
    ], title, dictionary),
  }
}

/**
 * Base tabs: a strip glued under the rear of the base (the glue strip, dashed line = base edge),
 * a neck of TAB_GAP_MM, then the marker on its white margin. Registry: offset [−(R + gap + q + s/2), 0].
 */
export function baseTabSheet(cellsOf: CellsOf, dictionary: string, ids: readonly number[], sizeMm: number): Sheet {
  const q = sizeMm * QUIET_ZONE_RATIO
  const white = sizeMm + 2 * q
  const length = TAB_GLUE_MM + TAB_GAP_MM + white
  const title = `base tabs, ${fmt(sizeMm)} mm markers (glue the strip under the rear of the base, dashed line at the base edge)`
  return {
    name: 'base-tabs',
    title,
    pages: paginate(ids, white, length + 4, 3, (id, x, y) => [
      { kind: 'rect', x, y, width: white, height: length, stroke: CUT },
      { kind: 'line', x1: x, y1: y + TAB_GLUE_MM, x2: x + white, y2: y + TAB_GLUE_MM, stroke: CUT, dash: true },
      { kind: 'text', x: x + 1, y: y + 4, size: 2.2, text: `id ${id}` },
      { kind: 'text', x: x + 1, y: y + 7.5, size: 1.8, text: 'glue under base' },
      markerShape(cellsOf, dictionary as DictionarySpec, id, x + q, y + TAB_GLUE_MM + TAB_GAP_MM + q, sizeMm),
    ], title, dictionary),
  }
}

export type TokenBase = { label: string; lengthMm: number; widthMm: number }

export const TOKEN_BASES: readonly TokenBase[] = [
  { label: '25 mm', lengthMm: 25, widthMm: 25 },
  { label: '28 mm', lengthMm: 28, widthMm: 28 },
  { label: '32 mm', lengthMm: 32, widthMm: 32 },
  { label: '40 mm', lengthMm: 40, widthMm: 40 },
  { label: '50 mm', lengthMm: 50, widthMm: 50 },
  { label: '60 mm', lengthMm: 60, widthMm: 60 },
  { label: '60×35 oval', lengthMm: 60, widthMm: 35 },
  { label: '75×42 oval', lengthMm: 75, widthMm: 42 },
  { label: '105×70 oval', lengthMm: 105, widthMm: 70 },
]

/** Marker side of a token for a base: 0.6 of the base's smaller dimension, to 0.5 mm. */
export function tokenMarkerMm(base: TokenBase): number {
  return Math.floor(base.widthMm * 0.6 * 2) / 2
}

/**
 * Tokens: a disc (or oval) of the base's size with a centred marker, to stick on top of a flat base
 * or under a base (camera below a transparent table: registry face "down"). Registry: offset [0, 0],
 * height = base height (on top) or 0 (under).
 */
export function tokenSheet(cellsOf: CellsOf, dictionary: string, tokens: readonly { id: number; base: TokenBase }[]): Sheet {
  const title = 'base tokens (marker on top of a base, or under it for a camera below the table)'
  const pages: Page[] = []
  // Group by base size in rows of equal height; paginate rows.
  let y = Infinity
  let x = PAGE_MARGIN_MM
  let rowH = 0
  const newPage = () => {
    pages.push({ shapes: header(title, dictionary) })
    y = PAGE_MARGIN_MM + HEADER_MM
    x = PAGE_MARGIN_MM
    rowH = 0
  }
  let lastLabel = ''
  for (const t of tokens) {
    const w = t.base.lengthMm, h = t.base.widthMm
    const needNewRow = t.base.label !== lastLabel || x + w > A4_MM.width - PAGE_MARGIN_MM
    if (needNewRow && lastLabel !== '') {
      y += rowH + 6
      x = PAGE_MARGIN_MM
      rowH = 0
    }
    if (y + h + 6 > A4_MM.height - PAGE_MARGIN_MM) newPage()
    lastLabel = t.base.label
    const s = tokenMarkerMm(t.base)
    const cx = x + w / 2, cy = y + h / 2
    pages[pages.length - 1]!.shapes.push(
      { kind: 'ellipse', cx, cy, rx: w / 2, ry: h / 2, stroke: CUT },
      markerShape(cellsOf, dictionary as DictionarySpec, t.id, cx - s / 2, cy - s / 2, s),
      { kind: 'text', x, y: y + h + 3.5, size: 2.2, text: `id ${t.id} · ${t.base.label} · ${fmt(s)} mm` },
    )
    x += Math.max(w, 26) + 4
    rowH = Math.max(rowH, h)
  }
  return { name: 'base-tokens', title, pages }
}

/** Terrain markers: medium squares with a cut line. */
export function terrainMarkerSheet(cellsOf: CellsOf, dictionary: string, ids: readonly number[], sizeMm: number): Sheet {
  const sheet = tableMarkerSheet(cellsOf, dictionary, ids, sizeMm)
  const title = `terrain markers, ${fmt(sizeMm)} mm`
  for (const page of sheet.pages) {
    page.shapes[0] = { kind: 'text', x: PAGE_MARGIN_MM, y: PAGE_MARGIN_MM + 3, size: 3.5, text: `Tabletop AR — ${title}` }
    for (const s of page.shapes) if (s.kind === 'text' && s.text.startsWith('table marker id')) s.text = s.text.replace('table marker id', 'terrain marker id')
  }
  return { name: 'terrain-markers', title, pages: sheet.pages }
}

export type CharucoLayout = { squaresX: number; squaresY: number; squareMm: number; markerMm: number; dictionary: string }

export const CHARUCO_BOARD: CharucoLayout = { squaresX: 5, squaresY: 7, squareMm: 28, markerMm: 21, dictionary: 'DICT_5X5_100' }

/**
 * A ChArUco calibration board in OpenCV's layout (4.6+): square (0, 0) at the top-left is black;
 * markers sit centred in the white squares, ids 0, 1, … in row-major order.
 */
export function charucoSheet(cellsOf: CellsOf, board: CharucoLayout = CHARUCO_BOARD): Sheet {
  const w = board.squaresX * board.squareMm, h = board.squaresY * board.squareMm
  const x0 = (A4_MM.width - w) / 2
  const y0 = PAGE_MARGIN_MM + HEADER_MM + 4
  const title = `ChArUco calibration board ${board.squaresX}×${board.squaresY}, squares ${board.squareMm} mm, markers ${board.markerMm} mm`
  const shapes: Shape[] = header(title, board.dictionary)
  let id = 0
  for (let j = 0; j < board.squaresY; j++) {
    for (let i = 0; i < board.squaresX; i++) {
      const x = x0 + i * board.squareMm, y = y0 + j * board.squareMm
      if ((i + j) % 2 === 0) shapes.push({ kind: 'rect', x, y, width: board.squareMm, height: board.squareMm, fill: '#000000' })
      else {
        const off = (board.squareMm - board.markerMm) / 2
        shapes.push(markerShape(cellsOf, board.dictionary as DictionarySpec, id++, x + off, y + off, board.markerMm))
      }
    }
  }
  shapes.push({ kind: 'rect', x: x0, y: y0, width: w, height: h, stroke: CUT })
  shapes.push({ kind: 'text', x: x0, y: y0 + h + 5, size: 2.6, text: 'Keep it flat (glue to card). Calibrate: photograph from 10–20 angles, then cli calibrate (see markers/README.md).' })
  return { name: 'charuco-board', title, pages: [{ shapes }] }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** One page as a standalone SVG at true scale. Marker cells are merged into horizontal runs. */
export function pageToSvg(page: Page, title: string): string {
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${A4_MM.width}mm" height="${A4_MM.height}mm" viewBox="0 0 ${A4_MM.width} ${A4_MM.height}">`,
    `<title>${esc(title)}</title>`,
    `<rect x="0" y="0" width="${A4_MM.width}" height="${A4_MM.height}" fill="#ffffff"/>`,
  ]
  for (const s of page.shapes) {
    switch (s.kind) {
      case 'rect':
        out.push(`<rect x="${fmt(s.x)}" y="${fmt(s.y)}" width="${fmt(s.width)}" height="${fmt(s.height)}" fill="${s.fill ?? 'none'}"${s.stroke ? ` stroke="${s.stroke}" stroke-width="0.2"` : ''}${s.dash ? ' stroke-dasharray="1 1"' : ''}/>`)
        break
      case 'ellipse':
        out.push(`<ellipse cx="${fmt(s.cx)}" cy="${fmt(s.cy)}" rx="${fmt(s.rx)}" ry="${fmt(s.ry)}" fill="none" stroke="${s.stroke}" stroke-width="0.2"${s.dash ? ' stroke-dasharray="1 1"' : ''}/>`)
        break
      case 'line':
        out.push(`<line x1="${fmt(s.x1)}" y1="${fmt(s.y1)}" x2="${fmt(s.x2)}" y2="${fmt(s.y2)}" stroke="${s.stroke}" stroke-width="0.3"${s.dash ? ' stroke-dasharray="1 1"' : ''}/>`)
        break
      case 'text':
        out.push(`<text x="${fmt(s.x)}" y="${fmt(s.y)}" font-family="Helvetica, Arial, sans-serif" font-size="${fmt(s.size)}"${s.bold ? ' font-weight="bold"' : ''}>${esc(s.text)}</text>`)
        break
      case 'marker': {
        const cell = s.size / s.cellsSide
        // One black square, white cells on top: no seams between black cells at any zoom.
        out.push(`<g data-marker-id="${s.id}" data-size-mm="${fmt(s.size)}" data-x-mm="${fmt(s.x)}" data-y-mm="${fmt(s.y)}" shape-rendering="crispEdges">`)
        out.push(`<rect x="${fmt(s.x)}" y="${fmt(s.y)}" width="${fmt(s.size)}" height="${fmt(s.size)}" fill="#000000"/>`)
        for (const run of whiteRuns(s.cells, s.cellsSide)) {
          out.push(`<rect x="${fmt(s.x + run.col * cell)}" y="${fmt(s.y + run.row * cell)}" width="${fmt(run.length * cell)}" height="${fmt(cell)}" fill="#ffffff"/>`)
        }
        out.push('</g>')
        break
      }
    }
  }
  out.push('</svg>')
  return out.join('\n') + '\n'
}

/** Horizontal runs of white cells (row, first column, length). */
export function whiteRuns(cells: Uint8Array, side: number): { row: number; col: number; length: number }[] {
  const runs: { row: number; col: number; length: number }[] = []
  for (let r = 0; r < side; r++) {
    let c = 0
    while (c < side) {
      if (!cells[r * side + c]) { c++; continue }
      const start = c
      while (c < side && cells[r * side + c]) c++
      runs.push({ row: r, col: start, length: c - start })
    }
  }
  return runs
}
