// The registry the app builds from an army (src/tracking/registry/registryFromArmy.ts): offsets per
// base and layout against markers/README.md's table and against the printed geometry computed by hand;
// ids without a clash for 150 models; ids kept when the army changes; and, end to end, markers stuck as
// the sheet says (tab behind the base, pattern top towards it; token centred, pattern top forward),
// rendered by the synthetic camera and tracked with the app's registry, give the models' true poses.
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { BaseShape } from '../../src/engine/index.ts'
import {
  type ArmyInput, type ArmyModel, type MarkerLayout, defaultLayout, layoutOfMarker, proposedTableMarkers, registerMarker, registryFromArmy,
} from '../../src/tracking/registry/registryFromArmy.ts'
import { parseRegistry, dictionaryCapacity, type ModelMarker } from '../../src/tracking/registry/registrySchema.ts'
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import { markerCells } from '../../src/tracking/opencv/markerDetector.ts'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import { renderTableFrame, type SynthMarker, type SynthModel } from './synth/renderTableFrame.ts'
import { buildTabletopScene } from './synth/tabletopScene.ts'
import { openCv } from './helpers.ts'

const TABLE_4X4 = { widthMm: 1219.2, depthMm: 1219.2 }

/** markers/README.md's layout table: base label → { tab offset x, token size, default layout }. */
function readmeTable(): Map<string, { tabX: number; token: number; layout: string }> {
  const text = readFileSync(new URL('../../markers/README.md', import.meta.url), 'utf8')
  const row = (title: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`| ${title} |`))
    if (!line) throw new Error(`markers/README.md has no row "${title}"`)
    return line.split('|').slice(2, -1).map((c) => c.trim())
  }
  const bases = row('base (mm)'), tabs = row('rear tab offset x (mm)'), tokens = row('token marker (mm)'), layouts = row('default layout')
  return new Map(bases.map((b, i) => [b, { tabX: Number(tabs[i]!.replace('−', '-')), token: Number(tokens[i]), layout: layouts[i]! }]))
}

const baseOf = (label: string): BaseShape => {
  const [l, w] = label.split('×').map(Number)
  return w === undefined ? { shape: 'round', diameter: l! } : { shape: 'oval', length: l!, width: w }
}

const army = (models: ArmyModel[], extra: Partial<ArmyInput> = {}): ArmyInput => ({ table: TABLE_4X4, models, ...extra })
const modelMarker = (r: ReturnType<typeof registryFromArmy>, id: string) => r.registry.markers.find((m): m is ModelMarker => m.role === 'model' && m.model === id)!

describe('registry from an army: where each marker sits, per base and layout', () => {
  const table = readmeTable()

  it('markers/README.md lists the nine bases of the printed tokens', () => {
    expect([...table.keys()]).toEqual(['25', '28', '32', '40', '50', '60', '60×35', '75×42', '105×70'])
  })

  for (const [label, expected] of table) {
    it(`${label} mm base: rear tab at x ${expected.tabX} mm (README), = −(R + 3 neck + 20/6 margin + 10 half marker) by hand; token ${expected.token} mm`, () => {
      const base = baseOf(label)
      const halfLength = (base.shape === 'round' ? base.diameter : base.length) / 2
      const smaller = base.shape === 'round' ? base.diameter : Math.min(base.length, base.width)
      const handTab = -(halfLength + 3 + 20 / 6 + 10)
      const handToken = Math.floor(smaller * 0.6 * 2) / 2
      const r = registryFromArmy(army([
        { id: 'tab', base, layout: 'tab' },
        { id: 'token', base, layout: 'token', baseHeightMm: 4 },
        { id: 'under', base, layout: 'under' },
      ]))
      const tab = modelMarker(r, 'tab'), token = modelMarker(r, 'token'), under = modelMarker(r, 'under')
      expect(tab.offset![0]).toBeCloseTo(expected.tabX, 2)
      expect(tab.offset![0]).toBeCloseTo(handTab, 2)
      expect(tab).toMatchObject({ size: 20, offset: [tab.offset![0], 0], rotation: -90, height: 0 })
      expect(tab.face).toBeUndefined()
      expect(token).toMatchObject({ size: expected.token, offset: [0, 0], rotation: -90, height: 4 })
      expect(token.size).toBe(handToken)
      expect(under).toMatchObject({ size: expected.token, offset: [0, 0], rotation: 90, height: 0, face: 'down' })
      expect(defaultLayout(base)).toBe(expected.layout)
      expect(defaultLayout(base, 'down')).toBe('under')
      for (const m of [tab, token, under]) expect(layoutOfMarker(m)).toBe(m.model as MarkerLayout)
    })
  }

  it('a rectangular tray runs its length along the facing: a 60×120 mm tray (length 60) has its tab at −(30 + 16.33)', () => {
    const r = registryFromArmy(army([{ id: 'tray', base: { shape: 'rect', length: 60, width: 120 }, layout: 'tab' }]))
    expect(modelMarker(r, 'tray').offset![0]).toBeCloseTo(-46.33, 2)
    expect(defaultLayout({ shape: 'rect', length: 60, width: 120 })).toBe('tab')
    expect(defaultLayout({ shape: 'rect', length: 100, width: 150 })).toBe('token')
  })

  it('a camera below the table turns every model marker and table marker face down', () => {
    const r = registryFromArmy(army([{ id: 'a', base: { shape: 'round', diameter: 25 }, layout: 'tab' }], { table: { ...TABLE_4X4, face: 'down' } }))
    expect(r.registry.markers.every((m) => m.face === 'down')).toBe(true)
    expect(modelMarker(r, 'a')).toMatchObject({ offset: [0, 0], rotation: 90, size: 15 })
  })

  it('terrain: a tab under the front edge, 23 mm out (3 + 5 + 15), or a square on top at the piece height; prism footprints go in the registry', () => {
    const footprint: [number, number][] = [[-60, -40], [60, -40], [60, 40], [-60, 40]]
    const r = registryFromArmy(army([], {
      terrain: [
        { id: 'wall', layout: 'tab', extent: { minX: -60, maxX: 60, minY: -40, maxY: 40 }, heightMm: 50, footprint },
        { id: 'crate', layout: 'top', extent: { minX: -20, maxX: 30, minY: -10, maxY: 10 }, heightMm: 35 },
      ],
    }))
    const wall = r.registry.markers.find((m) => m.role === 'terrain' && m.terrain === 'wall')!
    const crate = r.registry.markers.find((m) => m.role === 'terrain' && m.terrain === 'crate')!
    expect(wall).toMatchObject({ size: 30, offset: [0, -63], rotation: 0, height: 0 })
    expect(crate).toMatchObject({ size: 30, offset: [5, 0], rotation: 0, height: 35 })
    expect(r.registry.terrain).toEqual({ wall: { footprint, height: 50 } })
  })
})

describe('registry from an army: table markers and ids', () => {
  it('a 4\'×4\' table gets four corner markers, each white square flush in its corner (centre 46.67 mm in), declared in its corner for the survey', () => {
    const t = proposedTableMarkers(TABLE_4X4)
    expect(t.map((m) => m.position)).toEqual([[46.67, 46.67], [1172.53, 46.67], [1172.53, 1172.53], [46.67, 1172.53]])
    expect(t.map((m) => m.corner)).toEqual(['x0y0', 'x1y0', 'x1y1', 'x0y1'])
    // the gap between the black square and both edges: the printed white margin (70 / 6 mm), the survey's own default
    expect(t.every((m) => m.size === 70 && m.cornerInset === 11.67)).toBe(true)
    // the strip (below the pattern: its −y) points into the table: up the table (+y) from the front corners,
    // so the pattern's right runs along −x (180°); down the table from the back corners (0°)
    expect(t.map((m) => m.rotation)).toEqual([180, 180, 0, 0])
    // every spot and turn is a valid registry entry with the survey's corner fields
    expect(() => parseRegistry({ format: 'tabletop-markers/1', markers: t.map(({ label: _l, ...m }, id) => ({ id, ...m })) })).not.toThrow()
  })

  it('face down (a camera below the glass): the same spots, each strip still into the table (a mirrored pattern turns the other way)', () => {
    const t = proposedTableMarkers({ ...TABLE_4X4, face: 'down' })
    expect(t.map((m) => m.position)).toEqual([[46.67, 46.67], [1172.53, 46.67], [1172.53, 1172.53], [46.67, 1172.53]])
    // markerCornersInPlane: the pattern's −y of a face-down marker at rotation r lies along (−sin r, cos r)
    for (const m of t) {
      const r = (m.rotation! * Math.PI) / 180
      const into = m.position[1] < 600 ? 1 : -1
      expect([Math.round(-Math.sin(r)) + 0, Math.round(Math.cos(r))]).toEqual([0, into])
    }
  })

  it('a 6\'×4\' table also gets the middle of both long edges; a 44"×30" table only corners', () => {
    expect(proposedTableMarkers({ widthMm: 1828.8, depthMm: 1219.2 }).map((m) => m.position)).toEqual([
      [46.67, 46.67], [1782.13, 46.67], [1782.13, 1172.53], [46.67, 1172.53], [914.4, 46.67], [914.4, 1172.53],
    ])
    expect(proposedTableMarkers({ widthMm: 1117.6, depthMm: 762 })).toHaveLength(4)
    // the middle ones are not corner markers; their strips point into the table too
    const six = proposedTableMarkers({ widthMm: 1828.8, depthMm: 1219.2 })
    expect(six.slice(4).map((m) => [m.corner, m.rotation])).toEqual([[undefined, 180], [undefined, 0]])
    expect(proposedTableMarkers({ widthMm: 1828.8, depthMm: 1828.8 }).slice(6).map((m) => [m.position, m.rotation])).toEqual([[[46.67, 914.4], 90], [[1782.13, 914.4], -90]])
  })

  it('150 models and 12 terrain pieces on a 6\'×4\' table: no id clash, every id in DICT_4X4_250, the registry validates', () => {
    const bases: BaseShape[] = [{ shape: 'round', diameter: 25 }, { shape: 'round', diameter: 32 }, { shape: 'oval', length: 60, width: 35 }, { shape: 'rect', length: 100, width: 150 }]
    const models: ArmyModel[] = Array.from({ length: 150 }, (_, i) => ({ id: `m${i}`, base: bases[i % 4]!, layout: defaultLayout(bases[i % 4]!) }))
    const terrain = Array.from({ length: 12 }, (_, i) => ({ id: `t${i}`, layout: 'tab' as const, extent: { minX: -50, maxX: 50, minY: -50, maxY: 50 }, heightMm: 40 }))
    const r = registryFromArmy({ table: { widthMm: 1828.8, depthMm: 1219.2 }, models, terrain })
    const ids = r.registry.markers.map((m) => m.id)
    expect(ids).toHaveLength(6 + 150 + 12)
    expect(new Set(ids).size).toBe(ids.length)
    expect(r.registry.dictionary).toBe('DICT_4X4_250')
    expect(Math.max(...ids)).toBeLessThan(dictionaryCapacity('DICT_4X4_250'))
    expect(() => parseRegistry(JSON.parse(JSON.stringify(r.registry)))).not.toThrow()
    // The plan: table 0–7, models 10–89 then 100 up, terrain 90–99 then down from 249.
    const of = (role: string) => r.registry.markers.filter((m) => m.role === role).map((m) => m.id)
    expect(of('table')).toEqual([0, 1, 2, 3, 4, 5])
    expect(of('model').slice(0, 80)).toEqual(Array.from({ length: 80 }, (_, i) => 10 + i))
    expect(of('model').slice(80)).toEqual(Array.from({ length: 70 }, (_, i) => 100 + i))
    expect(of('terrain')).toEqual([90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 249, 248])
    expect(r.fresh).toEqual([...ids].sort((a, b) => a - b))
  })

  it('80 models and 10 pieces fit DICT_4X4_100 (the default sheets\' dictionary); the 81st model moves to DICT_4X4_250', () => {
    const m = (n: number): ArmyModel[] => Array.from({ length: n }, (_, i) => ({ id: `m${i}`, base: { shape: 'round', diameter: 25 }, layout: 'tab' }))
    const terrain = Array.from({ length: 10 }, (_, i) => ({ id: `t${i}`, layout: 'tab' as const, extent: { minX: -50, maxX: 50, minY: -50, maxY: 50 }, heightMm: 40 }))
    expect(registryFromArmy({ table: TABLE_4X4, models: m(80), terrain }).registry.dictionary).toBe('DICT_4X4_100')
    const bigger = registryFromArmy({ table: TABLE_4X4, models: m(81), terrain })
    expect(bigger.registry.dictionary).toBe('DICT_4X4_250')
    expect(bigger.registry.markers.find((x) => x.role === 'model' && x.model === 'm80')!.id).toBe(100)
  })

  it('changing the army keeps every printed id that still fits; only new and changed markers are fresh', () => {
    const base25: BaseShape = { shape: 'round', diameter: 25 }
    const first = registryFromArmy(army([
      { id: 'a1', base: base25, layout: 'tab' }, { id: 'a2', base: base25, layout: 'tab' }, { id: 'a3', base: base25, layout: 'tab' },
    ]))
    const idOf = (r: typeof first, model: string) => modelMarker(r, model).id
    const second = registryFromArmy(army([
      { id: 'a1', base: base25, layout: 'tab' },
      // a3 now carries a token: its old tab no longer fits
      { id: 'a3', base: base25, layout: 'token' },
      { id: 'b1', base: { shape: 'round', diameter: 40 }, layout: 'tab' },
    ]), first.registry)
    expect(idOf(second, 'a1')).toBe(idOf(first, 'a1'))
    // a3's new token is a new print with a new id; the ids of a2's tab and a3's old tab, which may
    // still lie about, are not given to anything while other ids are free
    expect(idOf(second, 'a3')).toBe(13)
    expect(idOf(second, 'b1')).toBe(14)
    expect([idOf(first, 'a1'), idOf(first, 'a2'), idOf(first, 'a3')]).toEqual([10, 11, 12])
    expect(new Set(second.registry.markers.map((m) => m.id)).size).toBe(second.registry.markers.length)
    // a1 and the table markers are not fresh
    expect(second.fresh).toEqual([idOf(second, 'a3'), idOf(second, 'b1')].sort((a, b) => a - b))
    expect(second.registry.markers.filter((m) => m.role === 'table').map((m) => m.id)).toEqual([0, 1, 2, 3])
  })

  it('a tab under a base that turns out bigger is the same print: its id stays, its offset follows the base', () => {
    const first = registryFromArmy(army([{ id: 'a1', base: { shape: 'round', diameter: 25 }, layout: 'tab' }, { id: 'a2', base: { shape: 'round', diameter: 25 }, layout: 'token' }]))
    const next = registryFromArmy(army([{ id: 'a1', base: { shape: 'round', diameter: 32 }, layout: 'tab' }, { id: 'a2', base: { shape: 'round', diameter: 32 }, layout: 'token' }]), first.registry)
    expect(modelMarker(next, 'a1')).toMatchObject({ id: modelMarker(first, 'a1').id, offset: [-32.33, 0] })
    // a token's size follows the base (15 → 19 mm): a new print, a new id
    expect(modelMarker(next, 'a2').size).toBe(19)
    expect(next.fresh).toEqual([modelMarker(next, 'a2').id])
  })

  it('table markers measured by a survey stay exactly as they are when the army changes', () => {
    const first = registryFromArmy(army([{ id: 'a1', base: { shape: 'round', diameter: 25 }, layout: 'tab' }]))
    const surveyed = { ...first.registry, markers: first.registry.markers.map((m) => (m.role === 'table' ? { ...m, position: [m.position![0] + 13.2, m.position![1] - 7.5] as [number, number], rotation: 3.4 } : m)) }
    const next = registryFromArmy(army([{ id: 'a1', base: { shape: 'round', diameter: 25 }, layout: 'tab' }, { id: 'a2', base: { shape: 'round', diameter: 25 }, layout: 'tab' }]), surveyed)
    expect(next.registry.markers.filter((m) => m.role === 'table')).toEqual(surveyed.markers.filter((m) => m.role === 'table'))
    expect(next.fresh).toEqual([modelMarker(next, 'a2').id])
    // what the survey measured goes with the markers it measured; a new table size drops both
    const report = { frames: 9, rmsErrorPx: 0.4, camera: { source: 'estimated' as const, fx: 1500, fy: 1500 }, table: { from: 'corner-markers' as const }, markers: [] }
    expect(registryFromArmy(army([{ id: 'a1', base: { shape: 'round', diameter: 25 }, layout: 'tab' }]), { ...surveyed, survey: report }).registry.survey).toEqual(report)
    const resized = registryFromArmy({ table: { widthMm: 1828.8, depthMm: 1219.2 }, models: [{ id: 'a1', base: { shape: 'round', diameter: 25 }, layout: 'tab' }] }, { ...surveyed, survey: report, markers: surveyed.markers.filter((m) => m.role !== 'table') })
    expect(resized.registry.survey).toBeUndefined()
  })

  it('teach by showing: an unknown id becomes the model\'s marker (its old one dropped); a taken or out-of-dictionary id is refused', () => {
    const r = registryFromArmy(army([{ id: 'a1', base: { shape: 'round', diameter: 32 }, layout: 'tab' }, { id: 'a2', base: { shape: 'round', diameter: 32 }, layout: 'tab' }])).registry
    const taught = registerMarker(r, 42, { id: 'a2', base: { shape: 'round', diameter: 32 }, layout: 'tab' })
    expect(taught.markers.filter((m) => m.role === 'model' && m.model === 'a2')).toEqual([{ id: 42, role: 'model', model: 'a2', size: 20, offset: [-32.33, 0], rotation: -90, height: 0 }])
    expect(() => parseRegistry(taught)).not.toThrow()
    expect(() => registerMarker(r, 0, { id: 'a2', base: { shape: 'round', diameter: 32 }, layout: 'tab' })).toThrow('marker 0 already belongs to the table')
    expect(() => registerMarker(r, modelMarker({ registry: r, fresh: [] }, 'a1').id, { id: 'a2', base: { shape: 'round', diameter: 32 }, layout: 'tab' })).toThrow('already belongs to model a1')
    expect(() => registerMarker(r, 100, { id: 'a2', base: { shape: 'round', diameter: 32 }, layout: 'tab' })).toThrow('not in DICT_4X4_100')
  })
})

describe('registry from an army, tracked: markers stuck as the sheet says give the true poses', () => {
  let cv: OpenCvHandle
  beforeAll(async () => {
    cv = await openCv()
  })

  it('a dozen models with tabs and tokens on a 24"×24" table, seen by the synthetic camera and tracked with the app\'s registry', () => {
    const table = { widthMm: 609.6, depthMm: 609.6 }
    const bases: BaseShape[] = [{ shape: 'round', diameter: 25 }, { shape: 'round', diameter: 32 }, { shape: 'round', diameter: 40 }, { shape: 'oval', length: 60, width: 35 }]
    const layouts: MarkerLayout[] = ['tab', 'tab', 'token', 'tab']
    const models: (ArmyModel & { at: [number, number]; facing: number })[] = []
    for (let i = 0; i < 12; i++) {
      const base = bases[i % 4]!
      models.push({ id: `m${i}`, base, layout: layouts[(i + Math.floor(i / 4)) % 4]!, baseHeightMm: 3, at: [150 + (i % 4) * 100, 170 + Math.floor(i / 4) * 130], facing: -170 + i * 31 })
    }
    const { registry } = registryFromArmy({ table, models })
    // The physical truth, from the sheet's instructions alone (not from the registry's numbers):
    // a tab's marker centre lies behind the base along −facing at R + neck 3 + margin s/6 + s/2, the
    // printed pattern's top pointing at the base (so its right, the marker's x axis, is facing − 90°);
    // a token is centred on top of the base (3 mm up), pattern top to the front. Table markers lie in
    // the corners flush with both edges, the strip below the pattern pointing into the table (the front
    // corners' pattern upside down: its right along −x).
    const scene = buildTabletopScene(cv, { seed: 5, models: 0, terrain: 0, hands: 0, distanceMm: 820, elevationDeg: 62, lookAtMm: [304.8, 304.8] })
    const spec = { ...scene.spec, table, markers: [] as SynthMarker[], models: [] as SynthModel[] }
    const put = (id: number, sizeMm: number, centre: [number, number], z: number, rotationDeg: number) => {
      const c = markerCells(cv, registry.dictionary ?? 'DICT_4X4_100', id)
      spec.markers.push({ id, sizeMm, quietZoneMm: sizeMm / 6, centre, z, rotationDeg, face: 'up', cells: c.cells, cellsSide: c.side })
    }
    const white = 70 + 2 * 70 / 6
    const corners: [number, number][] = [[white / 2, white / 2], [table.widthMm - white / 2, white / 2], [table.widthMm - white / 2, table.depthMm - white / 2], [white / 2, table.depthMm - white / 2]]
    registry.markers.filter((m) => m.role === 'table').forEach((m, i) => put(m.id, 70, corners[i]!, 0, i < 2 ? 180 : 0))
    for (const m of models) {
      const marker = modelMarker({ registry, fresh: [] }, m.id)
      const a = (m.facing * Math.PI) / 180
      const half = (m.base.shape === 'round' ? m.base.diameter : m.base.length) / 2
      const radius = Math.min(half, (m.base.shape === 'round' ? m.base.diameter : m.base.width) / 2)
      spec.models.push({ id: m.id, position: m.at, facingDeg: m.facing, z: 0, base: m.base as SynthModel['base'], baseHeightMm: 3, baseColor: [40, 40, 44], ...(m.layout === 'tab' ? { figure: { radiusMm: radius * 0.45, heightMm: 35, color: [150, 60, 50] as [number, number, number] } } : {}) })
      if (m.layout === 'tab') {
        const back = half + 3 + 20 / 6 + 10
        put(marker.id, 20, [m.at[0] - back * Math.cos(a), m.at[1] - back * Math.sin(a)], 0, m.facing - 90)
      } else {
        put(marker.id, marker.size, m.at, 3, m.facing - 90)
      }
    }
    const tracker = new FrameTracker(cv, registry)
    const result = tracker.track(renderTableFrame(spec).frame)
    tracker.dispose()
    expect(result.table.locked).toBe(true)
    expect(result.unknownIds).toEqual([])
    const placed = result.objects.filter((o) => o.kind === 'model' && o.frame === 'table')
    expect(placed.length).toBeGreaterThanOrEqual(11)
    for (const o of placed) {
      const truth = models.find((m) => m.id === o.id)!
      expect(Math.hypot(o.position[0] - truth.at[0], o.position[1] - truth.at[1]), `${o.id} position`).toBeLessThan(2)
      const dFacing = Math.abs(((o.facing - truth.facing) % 360 + 540) % 360 - 180)
      expect(dFacing, `${o.id} facing`).toBeLessThan(3)
    }
  })
})
