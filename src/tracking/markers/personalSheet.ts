// A player's own marker sheet, laid out from their registry: every marker at true size with its cut
// line, and beside it what it goes on (the model's name and side, its base and layout; the table
// marker's spot; the terrain piece), so nobody has to look up which tab goes under which model.
// Pure layout in mm on A4 pages (markerSheets.ts shapes): pageToSvg and sheetPdf.ts render it, in the
// browser or in Node. Cells come from the caller (dictionaryCells.ts in the app, OpenCV in tests).
import type { BaseShape } from '../../engine/index.ts'
import type { ModelMarker, Registry, RegistryMarker, TableMarker, TerrainMarker } from '../registry/registrySchema.ts'
import { DEFAULT_DICTIONARY } from '../registry/registrySchema.ts'
import { A4_MM, CUT, HEADER_MM, PAGE_MARGIN_MM, QUIET_ZONE_RATIO, TAB_GAP_MM, TAB_GLUE_MM, header, type CellsOf, type Page, type Shape, type Sheet } from './markerSheets.ts'
import type { DictionarySpec } from '../opencv/markerDetector.ts'

export type SheetModel = { name: string; side: string; base: BaseShape }
export type SheetTerrain = { name: string }

export type PersonalSheetInput = {
  /** The table's name, printed in every page's title. */
  tableName: string
  table: { widthMm: number; depthMm: number }
  registry: Registry
  /** By model id: what the labels say. */
  models: Readonly<Record<string, SheetModel>>
  terrain?: Readonly<Record<string, SheetTerrain>>
  /** Print only these marker ids (new or changed ones); default every marker. */
  only?: readonly number[]
}

const LABEL_W = 32
const GAP = 4
const NAME_MM = 2.8
const LINE_MM = 2.2
const BLACK = '#000000'

type Block = { w: number; h: number; draw: (x: number, y: number) => Shape[] }
type Section = { title: string; note: string; blocks: Block[] }

const fmt = (v: number) => (Math.round(v * 100) / 100).toString()

/** Helvetica is about 0.5 em wide on average; 0.56 keeps a wrapped line inside its box. */
function wrap(text: string, widthMm: number, sizeMm: number, maxLines: number): string[] {
  const perLine = Math.max(4, Math.floor(widthMm / (sizeMm * 0.56)))
  const byWords = (t: string) => {
    const lines: string[] = []
    let line = ''
    for (const word of t.trim().split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word
      if (next.length <= perLine) { line = next; continue }
      if (line) lines.push(line)
      line = word
      while (line.length > perLine) { lines.push(line.slice(0, perLine)); line = line.slice(perLine) }
    }
    if (line) lines.push(line)
    return lines
  }
  const lines = byWords(text)
  if (lines.length <= maxLines) return lines.length ? lines : ['']
  // Too long: keep the start and the last word (a name's number tells two models apart).
  const words = text.trim().split(/\s+/)
  const last = words[words.length - 1]!
  const room = perLine * maxLines - last.length - 2 - maxLines
  const cut = `${text.trim().slice(0, Math.max(1, room)).trimEnd()}… ${last}`
  const hard: string[] = []
  for (let i = 0; i < cut.length && hard.length < maxLines; i += perLine) hard.push(cut.slice(i, i + perLine))
  return hard
}

/** A label: the first line bold and larger, then detail lines; returns the shapes and height. */
function label(x: number, y: number, width: number, title: string, lines: readonly string[]): { shapes: Shape[]; h: number } {
  const shapes: Shape[] = []
  let cy = y + NAME_MM
  for (const t of wrap(title, width, NAME_MM, 3)) {
    shapes.push({ kind: 'text', x, y: cy, size: NAME_MM, text: t, bold: true })
    cy += NAME_MM * 1.2
  }
  for (const l of lines) {
    for (const t of wrap(l, width, LINE_MM, 2)) {
      shapes.push({ kind: 'text', x, y: cy, size: LINE_MM, text: t })
      cy += LINE_MM * 1.25
    }
  }
  return { shapes, h: cy - y }
}

export function baseText(base: BaseShape): string {
  return base.shape === 'round' ? `${fmt(base.diameter)} mm round base` : `${fmt(base.length)}×${fmt(base.width)} mm ${base.shape === 'oval' ? 'oval' : 'rectangular'} base`
}

function markerShape(cellsOf: CellsOf, dictionary: string, id: number, x: number, y: number, size: number): Shape {
  const c = cellsOf(dictionary as DictionarySpec, id)
  return { kind: 'marker', id, x, y, size, cells: c.cells, cellsSide: c.side }
}

/** A small chevron pointing up the page (a token's front). */
function chevron(cx: number, y: number, half: number): Shape[] {
  return [
    { kind: 'line', x1: cx - half, y1: y + half, x2: cx, y2: y, stroke: BLACK },
    { kind: 'line', x1: cx, y1: y, x2: cx + half, y2: y + half, stroke: BLACK },
  ]
}

/**
 * A table reference marker: its white square (the quiet zone, kept blank) and below it, on the same
 * cut piece, a strip with the id that points into the table when the marker is laid (the white
 * square's far edge against the table's edge: registryFromArmy's proposedTableMarkers lays them so).
 */
function tableBlock(cellsOf: CellsOf, dictionary: string, m: TableMarker, where: string): Block {
  const q = m.size * QUIET_ZONE_RATIO
  const white = m.size + 2 * q
  const strip = 9
  const how = m.corner ? 'white square pushed into the corner, against both edges' : 'white square against the edge'
  const l = label(0, 0, white, `Table marker ${m.id}`, [where, how])
  return {
    w: white,
    h: white + strip + 2 + l.h,
    draw: (x, y) => [
      { kind: 'rect', x, y, width: white, height: white + strip, stroke: CUT },
      markerShape(cellsOf, dictionary, m.id, x + q, y + q, m.size),
      { kind: 'text', x: x + 2, y: y + white + 5.5, size: LINE_MM, text: `id ${m.id} · ${fmt(m.size)} mm · this strip points into the table`, bold: false },
      ...label(x, y + white + strip + 2, white, `Table marker ${m.id}`, [where, how]).shapes,
    ],
  }
}

/**
 * A rear tab: glue strip (dashed line = base edge), neck, the marker on its white margin; the label
 * beside it. `glue`: what the strip is glued under (a model's base, a terrain piece's edge).
 */
function tabBlock(cellsOf: CellsOf, dictionary: string, id: number, size: number, title: string, lines: string[], glue = 'glue under base'): Block {
  const q = size * QUIET_ZONE_RATIO
  const white = size + 2 * q
  const length = TAB_GLUE_MM + TAB_GAP_MM + white
  const l = label(0, 0, LABEL_W, title, lines)
  return {
    w: white + 2 + LABEL_W,
    h: Math.max(length, l.h),
    draw: (x, y) => [
      { kind: 'rect', x, y, width: white, height: length, stroke: CUT },
      { kind: 'line', x1: x, y1: y + TAB_GLUE_MM, x2: x + white, y2: y + TAB_GLUE_MM, stroke: CUT, dash: true },
      { kind: 'text', x: x + 1, y: y + 3.5, size: 2, text: `id ${id}` },
      { kind: 'text', x: x + 1, y: y + 7, size: 1.6, text: glue },
      markerShape(cellsOf, dictionary, id, x + q, y + TAB_GLUE_MM + TAB_GAP_MM + q, size),
      ...label(x + white + 2, y, LABEL_W, title, lines).shapes,
    ],
  }
}

/** A token: the base's outline (its length up the page, the pattern's top = the base's front) with the marker centred. */
function tokenBlock(cellsOf: CellsOf, dictionary: string, m: ModelMarker, base: BaseShape, title: string, lines: string[]): Block {
  const lengthMm = base.shape === 'round' ? base.diameter : base.length
  const widthMm = base.shape === 'round' ? base.diameter : base.width
  const discW = Math.max(widthMm, m.size * (1 + 2 * QUIET_ZONE_RATIO))
  const discH = Math.max(lengthMm, m.size * (1 + 2 * QUIET_ZONE_RATIO))
  const l = label(0, 0, LABEL_W, title, lines)
  const shapeOf = (x: number, y: number): Shape =>
    base.shape === 'rect'
      ? { kind: 'rect', x: x + (discW - widthMm) / 2, y: y + (discH - lengthMm) / 2, width: widthMm, height: lengthMm, stroke: CUT }
      : { kind: 'ellipse', cx: x + discW / 2, cy: y + discH / 2, rx: widthMm / 2, ry: lengthMm / 2, stroke: CUT }
  return {
    w: discW + 2 + LABEL_W,
    h: Math.max(discH, l.h),
    draw: (x, y) => {
      const cx = x + discW / 2, cy = y + discH / 2
      const room = lengthMm / 2 - (m.size / 2 + m.size * QUIET_ZONE_RATIO)
      return [
        shapeOf(x, y),
        markerShape(cellsOf, dictionary, m.id, cx - m.size / 2, cy - m.size / 2, m.size),
        ...(room >= 2 ? chevron(cx, cy - lengthMm / 2 + room * 0.25, Math.min(1.5, room * 0.35)) : []),
        ...label(x + discW + 2, y, LABEL_W, title, lines).shapes,
      ]
    },
  }
}

/** A square for the top of a terrain piece, with a strip saying which edge faces the piece's front. */
function topSquareBlock(cellsOf: CellsOf, dictionary: string, m: TerrainMarker, title: string, lines: string[]): Block {
  const q = m.size * QUIET_ZONE_RATIO
  const white = m.size + 2 * q
  const strip = 6
  const l = label(0, 0, LABEL_W, title, lines)
  return {
    w: white + 2 + LABEL_W,
    h: Math.max(white + strip, l.h),
    draw: (x, y) => [
      { kind: 'rect', x, y, width: white, height: white + strip, stroke: CUT },
      markerShape(cellsOf, dictionary, m.id, x + q, y + q, m.size),
      { kind: 'text', x: x + 1, y: y + white + 4, size: 1.8, text: `id ${m.id} · this edge to the front` },
      ...label(x + white + 2, y, LABEL_W, title, lines).shapes,
    ],
  }
}

/**
 * The table from above, scaled, with every reference marker where it is laid and its strip (a bar on
 * the side it points to: into the table); a whole row of the page.
 */
function tableDiagram(markers: readonly TableMarker[], table: { widthMm: number; depthMm: number }): Block {
  const rowW = A4_MM.width - 2 * PAGE_MARGIN_MM
  const maxW = 110, maxH = 50
  const scale = Math.min(maxW / table.widthMm, maxH / table.depthMm)
  const w = table.widthMm * scale, h = table.depthMm * scale
  return {
    w: rowW,
    h: Math.max(h + 8, 26),
    draw: (x, y) => {
      const ox = x + 2, oy = y + 2
      const shapes: Shape[] = [{ kind: 'rect', x: ox, y: oy, width: w, height: h, stroke: BLACK }]
      for (const m of markers) {
        if (!m.position) continue
        const s = Math.max(2.5, m.size * scale)
        const px = ox + m.position[0] * scale, py = oy + h - m.position[1] * scale
        shapes.push({ kind: 'rect', x: px - s / 2, y: py - s / 2, width: s, height: s, fill: BLACK })
        // The strip lies on the pattern's −y side (mirrored for a face-down marker); the page's y runs down.
        const a = ((m.rotation ?? 0) * Math.PI) / 180
        const mirror = m.face === 'down' ? -1 : 1
        const [dx, dy] = [Math.sin(a) * mirror, -Math.cos(a) * mirror]
        const bx = px + dx * (s / 2 + 1), by = py - dy * (s / 2 + 1)
        shapes.push({ kind: 'line', x1: bx - dy * s * 0.4, y1: by - dx * s * 0.4, x2: bx + dy * s * 0.4, y2: by + dx * s * 0.4, stroke: BLACK })
        shapes.push({ kind: 'text', x: px + s / 2 + 0.8, y: py + 1, size: 2.4, text: String(m.id), bold: true })
      }
      shapes.push({ kind: 'text', x: ox, y: oy + h + 4, size: LINE_MM, text: 'front edge (y 0)' })
      const tx = ox + w + 6
      const lines = [`The table from above, ${fmt(table.widthMm)} × ${fmt(table.depthMm)} mm.`, 'Origin: the front-left corner.', 'Each white square against the edge', '(a corner marker: both edges), its', 'strip (the bar) into the table.']
      lines.forEach((t, i) => shapes.push({ kind: 'text', x: tx, y: oy + 4 + i * LINE_MM * 1.3, size: LINE_MM, text: t }))
      return shapes
    },
  }
}

function layoutSections(sections: readonly Section[], title: string, dictionaryLine: string): Page[] {
  const left = PAGE_MARGIN_MM, right = A4_MM.width - PAGE_MARGIN_MM
  const top = PAGE_MARGIN_MM + HEADER_MM, bottom = A4_MM.height - PAGE_MARGIN_MM
  const pages: Page[] = []
  let x = left, y = top, rowH = 0
  const newPage = () => {
    pages.push({ shapes: header(title, dictionaryLine) })
    x = left
    y = top
    rowH = 0
  }
  const put = (shapes: Shape[]) => pages[pages.length - 1]!.shapes.push(...shapes)
  const sectionHead = (s: Section, continued: boolean) => {
    const note = continued ? [] : wrap(s.note, right - left, LINE_MM, 3)
    put([{ kind: 'text', x: left, y: y + 3.4, size: 3.4, text: `${s.title}${continued ? ' (continued)' : ''}`, bold: true }])
    note.forEach((t, i) => put([{ kind: 'text', x: left, y: y + 7 + i * LINE_MM * 1.25, size: LINE_MM, text: t }]))
    y += 6 + note.length * LINE_MM * 1.25 + 2
  }
  newPage()
  for (const s of sections) {
    if (s.blocks.length === 0) continue
    if (x !== left) { y += rowH + GAP; x = left; rowH = 0 }
    const first = s.blocks[0]!
    if (y + 14 + first.h > bottom) newPage()
    sectionHead(s, false)
    for (const b of s.blocks) {
      if (x + b.w > right + 0.01 && x !== left) { y += rowH + GAP; x = left; rowH = 0 }
      if (y + b.h > bottom) {
        newPage()
        sectionHead(s, true)
      }
      put(b.draw(x, y))
      x += b.w + GAP
      rowH = Math.max(rowH, b.h)
    }
  }
  return pages
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'table'
}

const LAYOUT_WORDS = { tab: 'rear tab', token: 'token on top', under: 'token under the base' } as const

/**
 * The sheet for one table: its table markers (with a plan of where each is laid), then every model's
 * marker by side and name, then the terrain markers, each labelled with what it goes on.
 */
export function personalSheet(cellsOf: CellsOf, input: PersonalSheetInput): Sheet {
  const dictionary = input.registry.dictionary ?? DEFAULT_DICTIONARY
  const only = input.only ? new Set(input.only) : null
  const wanted = (m: RegistryMarker) => !only || only.has(m.id)
  const table = input.registry.markers.filter((m): m is TableMarker => m.role === 'table')
  const models = input.registry.markers.filter((m): m is ModelMarker => m.role === 'model')
  const terrain = input.registry.markers.filter((m): m is TerrainMarker => m.role === 'terrain')
  const sections: Section[] = []

  const tableNamed = table.map((m) => ({ m, where: describeTableSpot(m, input.table) }))
  if (table.some(wanted)) {
    sections.push({
      title: 'Table reference markers',
      note: 'Cut each one out with its strip. Lay it flat where the plan shows: its white square against the table\'s edge, the strip pointing into the table. Push the corner markers right into their corners (against both edges): the table\'s edges are found from them. The table survey then measures where every marker lies.',
      blocks: [tableDiagram(table, input.table), ...tableNamed.filter((t) => wanted(t.m)).map((t) => tableBlock(cellsOf, dictionary, t.m, t.where))],
    })
  }

  const sideOrder: string[] = []
  for (const m of models) {
    const side = input.models[m.model]?.side ?? ''
    if (!sideOrder.includes(side)) sideOrder.push(side)
  }
  for (const side of sideOrder) {
    const ofSide = models.filter((m) => (input.models[m.model]?.side ?? '') === side && wanted(m))
      .sort((a, b) => (input.models[a.model]?.name ?? a.model).localeCompare(input.models[b.model]?.name ?? b.model, undefined, { numeric: true }))
    if (ofSide.length === 0) continue
    const blocks = ofSide.map((m) => {
      const model = input.models[m.model]
      const name = model?.name ?? m.model
      const layout = (m.face ?? 'up') === 'down' ? 'under' : Math.hypot(...(m.offset ?? [0, 0])) < 0.01 ? 'token' : 'tab'
      const lines = [`side ${side || '—'}`, `${LAYOUT_WORDS[layout]} · id ${m.id} · ${fmt(m.size)} mm`, model ? baseText(model.base) : `model ${m.model}`]
      if (layout === 'tab' || !model) return tabBlock(cellsOf, dictionary, m.id, m.size, name, lines)
      return tokenBlock(cellsOf, dictionary, m, model.base, name, lines)
    })
    sections.push({
      title: side ? `Side ${side}` : 'Models',
      note: 'Rear tab: cut on the grey line, glue the strip under the rear of the base (dashed line on the base\'s edge), the marker pointing straight back. Token: cut around the base\'s outline and stick it centred on top, the chevron (the pattern\'s top) to the model\'s front; under the base for a camera below the table, printed side down.',
      blocks,
    })
  }

  const terrainBlocks = terrain.filter(wanted).map((m) => {
    const name = input.terrain?.[m.terrain]?.name ?? m.terrain
    const onTop = (m.height ?? 0) > 0
    const lines = [`terrain · id ${m.id} · ${fmt(m.size)} mm`, onTop ? `on top, ${fmt(m.height ?? 0)} mm up` : 'tab under the front edge']
    return onTop ? topSquareBlock(cellsOf, dictionary, m, name, lines) : tabBlock(cellsOf, dictionary, m.id, m.size, name, lines, 'glue under its edge')
  })
  if (terrainBlocks.length) {
    sections.push({
      title: 'Terrain markers',
      note: 'Tab: glue the strip under the middle of the piece\'s front edge (the edge facing the table\'s front when you set it up), marker pointing away from the piece. On top: stick it flat on the piece\'s top, the strip edge to the front.',
      blocks: terrainBlocks,
    })
  }

  const title = `${input.tableName}: marker sheet`
  const count = input.registry.markers.filter(wanted).length
  const pages = layoutSections(sections, title, `${dictionary} · ${count} markers`)
  return { name: `markers-${slug(input.tableName)}`, title, pages }
}

/** Where a table marker lies, in words ("origin corner", "middle of the back edge", or its position). */
export function describeTableSpot(m: TableMarker, table: { widthMm: number; depthMm: number }): string {
  if (!m.position) return 'anywhere near the table\'s edge (the survey finds it)'
  const [x, y] = m.position
  const near = (v: number, to: number) => Math.abs(v - to) < m.size * 1.5
  const xs = near(x, 0) ? 'left' : near(x, table.widthMm) ? 'right' : near(x, table.widthMm / 2) ? 'middle' : null
  const ys = near(y, 0) ? 'front' : near(y, table.depthMm) ? 'back' : near(y, table.depthMm / 2) ? 'middle' : null
  if (xs && ys) {
    if (xs === 'middle' && ys === 'middle') return 'the table\'s centre'
    if (xs === 'middle') return `middle of the ${ys} edge`
    if (ys === 'middle') return `middle of the ${xs} edge`
    return `${ys}-${xs} corner${xs === 'left' && ys === 'front' ? ' (the origin)' : ''}`
  }
  return `at x ${fmt(x)}, y ${fmt(y)} mm`
}
