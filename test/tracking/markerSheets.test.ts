// Printed geometry of the marker sheets: parse the SVG and check the sizes in mm, then rasterise the
// marker cells and let OpenCV read them back (right ids, right orientation), and check the ChArUco
// board against OpenCV's own detector.
import { beforeAll, describe, expect, it } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import { buildMarkerSheets, sheetToPdf } from '../../src/tracking/markers/markerSheetPdf.ts'
import { CHARUCO_BOARD, QUIET_ZONE_RATIO, TAB_GAP_MM, TAB_GLUE_MM, TOKEN_BASES, pageToSvg, tokenMarkerMm, type Sheet } from '../../src/tracking/markers/markerSheets.ts'
import { DEFAULT_MARKER_PLAN } from '../../src/tracking/markers/markerPlan.ts'
import { MarkerDetector } from '../../src/tracking/opencv/markerDetector.ts'
import { detectCharuco } from '../../src/tracking/opencv/charuco.ts'
import type { GrayFrame } from '../../src/tracking/types.ts'
import { openCv } from './helpers.ts'

type SvgRect = { x: number; y: number; width: number; height: number; fill: string; stroke: string | null }
type SvgMarker = { id: number; sizeMm: number; rects: SvgRect[] }

/** A small SVG reader for what the generator writes: root size, rects, ellipses, marker groups. */
function parseSvg(svg: string) {
  const root = /<svg [^>]*width="([\d.]+)mm" height="([\d.]+)mm" viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)
  const attr = (tag: string, name: string) => {
    const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)
    return m ? m[1]! : null
  }
  const rect = (tag: string): SvgRect => ({
    x: Number(attr(tag, 'x')), y: Number(attr(tag, 'y')), width: Number(attr(tag, 'width')), height: Number(attr(tag, 'height')),
    fill: attr(tag, 'fill') ?? 'none', stroke: attr(tag, 'stroke'),
  })
  const markers: SvgMarker[] = []
  for (const g of svg.matchAll(/<g data-marker-id="(\d+)" data-size-mm="([\d.]+)"[^>]*>([\s\S]*?)<\/g>/g)) {
    markers.push({ id: Number(g[1]), sizeMm: Number(g[2]), rects: [...g[3]!.matchAll(/<rect [^>]*\/>/g)].map((m) => rect(m[0])) })
  }
  const outside = svg.replace(/<g data-marker-id[\s\S]*?<\/g>/g, '')
  return {
    widthMm: Number(root?.[1]), heightMm: Number(root?.[2]), viewW: Number(root?.[3]), viewH: Number(root?.[4]),
    markers,
    cutRects: [...outside.matchAll(/<rect [^>]*\/>/g)].map((m) => rect(m[0])).filter((r) => r.stroke === '#888888'),
    ellipses: [...outside.matchAll(/<ellipse [^>]*\/>/g)].map((m) => ({ cx: Number(attr(m[0], 'cx')), cy: Number(attr(m[0], 'cy')), rx: Number(attr(m[0], 'rx')), ry: Number(attr(m[0], 'ry')) })),
  }
}

/** Rasterise the page's marker groups (and black squares) into a white grey image at `pxPerMm`. */
function rasterise(svg: string, pxPerMm: number): GrayFrame {
  const p = parseSvg(svg)
  const width = Math.round(p.viewW * pxPerMm), height = Math.round(p.viewH * pxPerMm)
  const data = new Uint8Array(width * height).fill(255)
  const fill = (r: SvgRect, value: number) => {
    // Pixel (i, j) covers [i, i+1) mm/px; fill pixels whose centre is inside.
    const x0 = Math.round(r.x * pxPerMm), x1 = Math.round((r.x + r.width) * pxPerMm)
    const y0 = Math.round(r.y * pxPerMm), y1 = Math.round((r.y + r.height) * pxPerMm)
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) data.fill(value, y * width + Math.max(0, x0), y * width + Math.min(width, x1))
  }
  const outside = svg.replace(/<g data-marker-id[\s\S]*?<\/g>/g, '')
  for (const m of outside.matchAll(/<rect [^>]*fill="#000000"[^>]*\/>/g)) {
    const r = /x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/.exec(m[0])!
    fill({ x: Number(r[1]), y: Number(r[2]), width: Number(r[3]), height: Number(r[4]), fill: '#000000', stroke: null }, 0)
  }
  for (const marker of p.markers) for (const r of marker.rects) fill(r, r.fill === '#000000' ? 0 : 255)
  return { width, height, data }
}

let cv: OpenCvHandle
let sheets: Sheet[]
const sheet = (name: string) => sheets.find((s) => s.name === name)!

beforeAll(async () => {
  cv = await openCv()
  sheets = buildMarkerSheets(cv)
})

describe('marker sheets: true scale and sizes in mm (parsed from the SVG)', () => {
  it('every page is A4 in millimetres with a 1:1 mm viewBox and a 100 mm check bar', () => {
    for (const s of sheets) {
      for (const page of s.pages) {
        const svg = pageToSvg(page, s.title)
        const p = parseSvg(svg)
        expect([p.widthMm, p.heightMm, p.viewW, p.viewH]).toEqual([210, 297, 210, 297])
        expect(svg).toContain('Print at 100 %')
        expect(svg).toMatch(/<rect x="8" y="18" width="100" height="2" fill="#000000"\/>/)
      }
    }
  })

  it('table markers are 70 mm black squares with a one-cell white margin inside the cut line', () => {
    const pages = sheet('table-markers').pages.map((pg) => parseSvg(pageToSvg(pg, '')))
    const markers = pages.flatMap((p) => p.markers)
    expect(markers.map((m) => m.id)).toEqual(DEFAULT_MARKER_PLAN.table.ids)
    for (const p of pages) {
      for (const m of p.markers) {
        const black = m.rects[0]!
        expect(black.fill).toBe('#000000')
        expect(black.width).toBeCloseTo(70, 1)
        expect(black.height).toBeCloseTo(70, 1)
        const cut = p.cutRects.find((r) => r.x < black.x && r.x + r.width > black.x + black.width && r.y < black.y && r.y + r.height > black.y + black.height)!
        expect(cut.width).toBeCloseTo(70 * (1 + 2 * QUIET_ZONE_RATIO), 1)
        expect(black.x - cut.x).toBeCloseTo(70 * QUIET_ZONE_RATIO, 1)
      }
    }
  })

  it('base tabs: 20 mm markers, glue strip, neck and margin in the documented lengths', () => {
    const pages = sheet('base-tabs').pages.map((pg) => parseSvg(pageToSvg(pg, '')))
    expect(pages.flatMap((p) => p.markers).map((m) => m.id)).toEqual(DEFAULT_MARKER_PLAN.tabs.ids)
    const q = 20 * QUIET_ZONE_RATIO
    for (const p of pages) {
      for (const m of p.markers) {
        const black = m.rects[0]!
        expect(black.width).toBeCloseTo(20, 1)
        const cut = p.cutRects.find((r) => Math.abs(r.x + q - black.x) < 0.02 && r.y < black.y && r.y + r.height > black.y)!
        expect(cut.width).toBeCloseTo(20 + 2 * q, 1)
        expect(cut.height).toBeCloseTo(TAB_GLUE_MM + TAB_GAP_MM + 20 + 2 * q, 1)
        expect(black.y - cut.y).toBeCloseTo(TAB_GLUE_MM + TAB_GAP_MM + q, 1)
      }
    }
  })

  it('tokens: one outline per base size (25…60 mm round, 60×35, 75×42, 105×70 oval) with a centred marker', () => {
    const pages = sheet('base-tokens').pages.map((pg) => parseSvg(pageToSvg(pg, '')))
    const markers = pages.flatMap((p) => p.markers)
    const ellipses = pages.flatMap((p) => p.ellipses)
    expect(markers.map((m) => m.id)).toEqual(DEFAULT_MARKER_PLAN.tokens.ids)
    const sizes = new Set(ellipses.map((e) => `${2 * e.rx}×${2 * e.ry}`))
    expect([...sizes]).toEqual(TOKEN_BASES.map((b) => `${b.lengthMm}×${b.widthMm}`))
    markers.forEach((m, i) => {
      const e = ellipses[i]!
      const base = TOKEN_BASES.find((b) => b.lengthMm === 2 * e.rx && b.widthMm === 2 * e.ry)!
      const black = m.rects[0]!
      expect(black.width).toBeCloseTo(tokenMarkerMm(base), 1)
      expect(black.x + black.width / 2).toBeCloseTo(e.cx, 1)
      expect(black.y + black.height / 2).toBeCloseTo(e.cy, 1)
    })
  })

  it('terrain markers are 30 mm, the ChArUco board has 28 mm squares and 21 mm markers', () => {
    const terrain = sheet('terrain-markers').pages.flatMap((pg) => parseSvg(pageToSvg(pg, '')).markers)
    expect(terrain.map((m) => m.id)).toEqual(DEFAULT_MARKER_PLAN.terrain.ids)
    for (const m of terrain) expect(m.rects[0]!.width).toBeCloseTo(30, 1)
    const board = parseSvg(pageToSvg(sheet('charuco-board').pages[0]!, ''))
    expect(board.markers).toHaveLength(17)
    for (const m of board.markers) expect(m.rects[0]!.width).toBeCloseTo(CHARUCO_BOARD.markerMm, 1)
    const outline = board.cutRects[0]!
    expect(outline.width).toBeCloseTo(5 * 28, 1)
    expect(outline.height).toBeCloseTo(7 * 28, 1)
  })

  it('the PDF has the same pages at A4 (595 × 842 pt)', async () => {
    const doc = await PDFDocument.load(await sheetToPdf(sheet('table-markers')))
    expect(doc.getPageCount()).toBe(sheet('table-markers').pages.length)
    const { width, height } = doc.getPage(0).getSize()
    expect(width).toBeCloseTo((210 * 72) / 25.4, 3)
    expect(height).toBeCloseTo((297 * 72) / 25.4, 3)
  })
})

describe('marker sheets: OpenCV reads back what is printed', () => {
  it('every marker on the tab and token sheets is detected with its own id', () => {
    const detector = new MarkerDetector(cv, { dictionary: 'DICT_4X4_100' })
    try {
      for (const name of ['base-tabs', 'base-tokens', 'terrain-markers']) {
        for (const page of sheet(name).pages) {
          const svg = pageToSvg(page, '')
          const expected = parseSvg(svg).markers.map((m) => m.id).sort((a, b) => a - b)
          const found = detector.detect(rasterise(svg, 4)).detections.map((d) => d.id).sort((a, b) => a - b)
          expect(found).toEqual(expected)
        }
      }
    } finally {
      detector.dispose()
    }
  })

  it('the ChArUco board is found by OpenCV with all 24 chessboard corners where the layout puts them', () => {
    const pxPerMm = 4
    const svg = pageToSvg(sheet('charuco-board').pages[0]!, '')
    const outline = parseSvg(svg).cutRects[0]!
    const found = detectCharuco(cv, { squaresX: 5, squaresY: 7, squareLength: 28, markerLength: 21, dictionary: 'DICT_5X5_100' }, rasterise(svg, pxPerMm))
    expect(found.ids.length).toBe(24)
    found.ids.forEach((k, i) => {
      // Inner corner k at ((k mod 4) + 1, ⌊k/4⌋ + 1) squares from the board's top-left; pixel centres at integers.
      const x = (outline.x + ((k % 4) + 1) * 28) * pxPerMm - 0.5
      const y = (outline.y + (Math.floor(k / 4) + 1) * 28) * pxPerMm - 0.5
      expect(Math.hypot(found.corners[i]![0] - x, found.corners[i]![1] - y)).toBeLessThan(1)
    })
  })
})
