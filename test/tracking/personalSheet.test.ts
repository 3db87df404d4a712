// A player's own marker sheet (src/tracking/markers/personalSheet.ts, sheetPdf.ts): the marker cells
// the app prints without OpenCV are OpenCV's; every marker of the registry is on the sheet once, at its
// true size in the SVG and in the PDF (read back from the PDF's content stream, and printed by
// poppler's pdftoppm at 300 dpi and measured and decoded by OpenCV), with the model's name and side
// beside it; table and terrain markers are labelled too.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { BaseShape } from '../../src/engine/index.ts'
import { dictionaryCells, canPrintDictionary } from '../../src/tracking/markers/dictionaryCells.ts'
import { cellsOf4x4 } from '../../src/tracking/markers/dictionaryCells.ts'
import { personalSheet, type SheetModel } from '../../src/tracking/markers/personalSheet.ts'
import { sheetToPdf, PT_PER_MM } from '../../src/tracking/markers/sheetPdf.ts'
import { pageToSvg } from '../../src/tracking/markers/markerSheets.ts'
import { type ArmyModel, defaultLayout, registryFromArmy } from '../../src/tracking/registry/registryFromArmy.ts'
import type { Registry } from '../../src/tracking/registry/registrySchema.ts'
import { MarkerDetector, markerCells } from '../../src/tracking/opencv/markerDetector.ts'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import type { GrayFrame } from '../../src/tracking/types.ts'
import { readPdf } from '../setup/readPdf.ts'
import { openCv } from './helpers.ts'

let cv: OpenCvHandle
beforeAll(async () => {
  cv = await openCv()
})

const BASES: BaseShape[] = [{ shape: 'round', diameter: 25 }, { shape: 'round', diameter: 32 }, { shape: 'oval', length: 75, width: 42 }, { shape: 'rect', length: 100, width: 150 }]
const NAMES = ['Ranger sergeant', 'Ranger', 'Heavy gunner with a very long name indeed', 'Żółw tank', 'Scout', 'Medic']

/** An army of `n` models over two sides, two terrain pieces, on a 4'×4' table. */
function armyOf(n: number): { registry: Registry; models: Record<string, SheetModel> } {
  const models: Record<string, SheetModel> = {}
  const army: ArmyModel[] = []
  for (let i = 0; i < n; i++) {
    const base = BASES[i % BASES.length]!
    const id = `m${i}`
    army.push({ id, base, layout: i % 5 === 4 ? 'token' : defaultLayout(base) })
    models[id] = { name: `${NAMES[i % NAMES.length]} ${i + 1}`, side: i % 2 ? 'Raiders' : 'Rangers', base }
  }
  const { registry } = registryFromArmy({
    table: { widthMm: 1219.2, depthMm: 1219.2 },
    models: army,
    terrain: [
      { id: 'wall', layout: 'tab', extent: { minX: -60, maxX: 60, minY: -10, maxY: 10 }, heightMm: 50 },
      { id: 'crate', layout: 'top', extent: { minX: -20, maxX: 20, minY: -20, maxY: 20 }, heightMm: 30 },
    ],
  })
  return { registry, models }
}

const sheetOf = (n: number) => {
  const { registry, models } = armyOf(n)
  return { registry, models, sheet: personalSheet(cellsOf4x4, { tableName: 'Kitchen table', table: { widthMm: 1219.2, depthMm: 1219.2 }, registry, models, terrain: { wall: { name: 'Low wall' }, crate: { name: 'Ammo crate' } } }) }
}

describe('marker cells without OpenCV', () => {
  it('every id of DICT_4X4_1000 is the pattern OpenCV draws; DICT_4X4_100 and _250 are its first ids', () => {
    for (let id = 0; id < 1000; id++) expect(dictionaryCells('DICT_4X4_1000', id), `id ${id}`).toEqual(markerCells(cv, 'DICT_4X4_1000', id))
    for (const id of [0, 7, 49, 99]) expect(markerCells(cv, 'DICT_4X4_100', id)).toEqual(markerCells(cv, 'DICT_4X4_1000', id))
    for (const id of [100, 180, 249]) expect(markerCells(cv, 'DICT_4X4_250', id)).toEqual(markerCells(cv, 'DICT_4X4_1000', id))
  })

  it('refuses what it cannot print with the reason', () => {
    expect(canPrintDictionary('DICT_5X5_100')).toBe(false)
    expect(() => dictionaryCells('DICT_5X5_100', 3)).toThrow('the app prints 4×4 markers only')
    expect(() => dictionaryCells('DICT_4X4_100', 100)).toThrow('marker id 100 is not in DICT_4X4_100 (ids 0–99)')
  })
})

type SvgText = { x: number; y: number; text: string }
type SvgMarker = { id: number; x: number; y: number; size: number; black: { width: number; height: number } }
function parseSvg(svg: string): { widthMm: number; viewW: number; markers: SvgMarker[]; texts: SvgText[] } {
  const root = /<svg [^>]*width="([\d.]+)mm" height="([\d.]+)mm" viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!
  const markers = [...svg.matchAll(/<g data-marker-id="(\d+)" data-size-mm="([\d.]+)" data-x-mm="([\d.]+)" data-y-mm="([\d.]+)"[^>]*>\s*<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="([\d.]+)" fill="#000000"\/>/g)]
    .map((m) => ({ id: Number(m[1]), size: Number(m[2]), x: Number(m[3]), y: Number(m[4]), black: { width: Number(m[5]), height: Number(m[6]) } }))
  const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
  const texts = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), text: unescape(m[3]!) }))
  return { widthMm: Number(root[1]), viewW: Number(root[3]), markers, texts }
}

/** The texts of a marker's label: to its right (a tab or token) or below it (a table marker), within its block. */
function labelOf(m: { x: number; y: number; size: number }, texts: readonly SvgText[]): string {
  const q = m.size / 6
  return texts.filter((t) => (t.x > m.x + m.size && t.x < m.x + m.size + q + 45 && t.y > m.y - 45 && t.y < m.y + m.size + 10) || (t.x >= m.x - q - 0.1 && t.x < m.x + m.size && t.y > m.y + m.size + q && t.y < m.y + m.size + q + 30)).map((t) => t.text).join(' ')
}

describe('a personal sheet: every marker once, true size, labelled (SVG)', () => {
  it('24 models, 2 terrain pieces, 4 table markers: each marker once at its registry size on A4 in mm, its name and side beside it', () => {
    const { registry, models, sheet } = sheetOf(24)
    const pages = sheet.pages.map((p) => pageToSvg(p, sheet.title))
    const parsed = pages.map(parseSvg)
    for (const p of parsed) expect([p.widthMm, p.viewW]).toEqual([210, 210])
    for (const svg of pages) expect(svg).toContain('Print at 100 %')
    const printed = parsed.flatMap((p) => p.markers)
    expect(printed.map((m) => m.id).sort((a, b) => a - b)).toEqual(registry.markers.map((m) => m.id).sort((a, b) => a - b))
    for (const p of parsed) {
      for (const m of p.markers) {
        const entry = registry.markers.find((r) => r.id === m.id)!
        expect(m.black.width).toBeCloseTo(entry.size, 2)
        expect(m.black.height).toBeCloseTo(entry.size, 2)
        // inside the page, clear of its margins
        expect(m.x).toBeGreaterThanOrEqual(8)
        expect(m.x + m.size).toBeLessThanOrEqual(202)
        const label = labelOf(m, p.texts)
        if (entry.role === 'model') {
          const model = models[entry.model]!
          expect(label, `marker ${m.id}`).toContain(model.name.split(' ')[0]!)
          expect(label, `marker ${m.id}`).toContain(`side ${model.side}`)
          expect(label).toContain(`id ${m.id}`)
        } else if (entry.role === 'table') {
          expect(label).toContain(`Table marker ${m.id}`)
          expect(label).toMatch(/corner/)
          // laid as proposedTableMarkers puts it: the white square into the corner, the strip into the table
          expect(label).toContain('white square pushed into the corner, against both edges')
          expect(label).toContain(`id ${m.id} · 70 mm · this strip points into the table`)
        } else {
          expect(label).toContain(entry.terrain === 'wall' ? 'Low wall' : 'Ammo crate')
          expect(label).toContain(`terrain · id ${m.id}`)
        }
      }
    }
    // no two markers' white squares overlap
    const all = parsed.flatMap((p, page) => p.markers.map((m) => ({ ...m, page })))
    for (const a of all) for (const b of all) {
      if (a === b || a.page !== b.page) continue
      const qa = a.size / 6, qb = b.size / 6
      const apart = a.x - qa >= b.x + b.size + qb || b.x - qb >= a.x + a.size + qa || a.y - qa >= b.y + b.size + qb || b.y - qb >= a.y + a.size + qa
      expect(apart, `markers ${a.id} and ${b.id}`).toBe(true)
    }
  })

  it('prints only the markers asked for (the new ones), and a name outside WinAnsi stays whole in the SVG', () => {
    const { registry, models } = armyOf(6)
    const only = registry.markers.filter((m) => m.role === 'model').slice(0, 2).map((m) => m.id)
    const sheet = personalSheet(cellsOf4x4, { tableName: 'T', table: { widthMm: 1219.2, depthMm: 1219.2 }, registry, models, only })
    expect(sheet.pages.flatMap((p) => parseSvg(pageToSvg(p, '')).markers.map((m) => m.id))).toEqual(only)
    const all = personalSheet(cellsOf4x4, { tableName: 'T', table: { widthMm: 1219.2, depthMm: 1219.2 }, registry, models })
    expect(all.pages.map((p) => pageToSvg(p, '')).join('')).toContain('Żółw tank 4')
  })
})

describe('a personal sheet in PDF: true size on paper', () => {
  it('A4 pages; every marker\'s black square is its size × 72/25.4 pt; labels carry names and sides (WinAnsi: Ż → ?)', async () => {
    const { registry, models, sheet } = sheetOf(24)
    const pages = await readPdf(await sheetToPdf(sheet, 'test'))
    expect(pages).toHaveLength(sheet.pages.length)
    for (const p of pages) {
      expect(p.widthPt).toBeCloseTo(210 * PT_PER_MM, 2)
      expect(p.heightPt).toBeCloseTo(297 * PT_PER_MM, 2)
    }
    const blacks = pages.flatMap((p) => p.fills.filter((f) => f.fill.join() === '0,0,0' && Math.abs(f.width - f.height) < 0.01 && f.width > 10 * PT_PER_MM))
    const expected = registry.markers.map((m) => m.size).sort((a, b) => a - b)
    expect(blacks.map((b) => Math.round((b.width / PT_PER_MM) * 100) / 100).sort((a, b) => a - b)).toEqual(expected)
    const text = pages.flatMap((p) => p.texts.map((t) => t.text)).join('\n')
    expect(text).toContain('100 mm')
    expect(text).toContain('Table marker 0')
    for (const m of Object.values(models)) expect(text).toContain(m.name.replace('Ż', '?').replace('ó', 'ó').replace('ł', '?').split(' ').slice(0, 2).join(' '))
    expect(text).toContain('side Raiders')
    expect(text).toContain('Low wall')
    // the 100 mm bar
    const bar = pages[0]!.fills.find((f) => f.fill.join() === '0,0,0' && Math.abs(f.height - 2 * PT_PER_MM) < 0.01)!
    expect(bar.width / PT_PER_MM).toBeCloseTo(100, 3)
  })

  const havePdftoppm = ['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'].some(existsSync)
  if (!havePdftoppm) console.warn('test/tracking/personalSheet.test.ts: skipping the printed-page check: pdftoppm is missing (apt-get install -y poppler-utils)')
  it.skipIf(!havePdftoppm)('printed by poppler at 300 dpi: OpenCV decodes every marker with its id, and each measures its size to a pixel (0.085 mm)', async () => {
    const { registry, sheet } = sheetOf(14)
    const dir = mkdtempSync(join(tmpdir(), 'tabletop-sheet-'))
    try {
      writeFileSync(join(dir, 'sheet.pdf'), await sheetToPdf(sheet, 'test'))
      execFileSync('pdftoppm', ['-r', '300', '-gray', '-png', join(dir, 'sheet.pdf'), join(dir, 'page')])
      const pxPerMm = 300 / 25.4
      const detector = new MarkerDetector(cv, { dictionary: registry.dictionary ?? 'DICT_4X4_100' })
      const found = new Map<number, number>()
      try {
        sheet.pages.forEach((_, i) => {
          const name = join(dir, `page-${String(i + 1).padStart(sheet.pages.length >= 10 ? 2 : 1, '0')}.png`)
          const png = PNG.sync.read(readFileSync(name))
          const gray: GrayFrame = { width: png.width, height: png.height, data: new Uint8Array(png.width * png.height) }
          for (let k = 0; k < gray.data.length; k++) gray.data[k] = png.data[k * 4]!
          expect(Math.abs(png.width - 210 * pxPerMm)).toBeLessThan(1.5)
          for (const d of detector.detect(gray).detections) {
            // side length from the corners (OpenCV: pixel centres at integers)
            const c = d.corners
            const side = (Math.hypot(c[1][0] - c[0][0], c[1][1] - c[0][1]) + Math.hypot(c[2][0] - c[1][0], c[2][1] - c[1][1]) + Math.hypot(c[3][0] - c[2][0], c[3][1] - c[2][1]) + Math.hypot(c[0][0] - c[3][0], c[0][1] - c[3][1])) / 4
            found.set(d.id, side / pxPerMm)
          }
        })
      } finally {
        detector.dispose()
      }
      expect([...found.keys()].sort((a, b) => a - b)).toEqual(registry.markers.map((m) => m.id).sort((a, b) => a - b))
      for (const m of registry.markers) expect(Math.abs(found.get(m.id)! - m.size), `marker ${m.id}: ${found.get(m.id)} mm`).toBeLessThan(0.1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
