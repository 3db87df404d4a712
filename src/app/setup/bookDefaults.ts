// What the books say about tables and bases, for the setup's defaults: each game's table sizes (with
// where the book says so; common mats beside them, marked as not from the book) and a model's base,
// from its profile when the book gives one, else from the book's guidance for the game, else from the
// game's demo table, else the most common size (the player is told which, and can change it).
import type { BaseShape, ProfileEntry, RuleSystem, SceneModel } from '../../engine/index.ts'

export type TablePreset = { id: string; label: string; widthMm: number; depthMm: number; source: string | null }

const mmOf = (inches: number) => Math.round(inches * 25.4 * 100) / 100
const feet = (w: number, d: number, source: string | null, note = ''): TablePreset => ({ id: `${w}x${d}ft`, label: `${w}'×${d}'${note}`, widthMm: mmOf(w * 12), depthMm: mmOf(d * 12), source })
const inches = (w: number, d: number, source: string | null, note = ''): TablePreset => ({ id: `${w}x${d}in`, label: `${w}"×${d}"${note}`, widthMm: mmOf(w), depthMm: mmOf(d), source })

/** Table sizes each book names (width along the players' edge first). */
const BOOK_TABLES: Readonly<Record<string, readonly TablePreset[]>> = {
  'jagged-shards': [feet(4, 4, 'Jagged Shards §1.1 What You Need to Play')],
  skrapyard: [feet(4, 4, 'Skrapyard, The Raw Rules: "most of our playtesting was done using a 4\'x4\' table" (no fixed size)')],
  'cadence/devils-bluff': [feet(3, 3, "Devil's Bluff Rules: \"a battlefield around 3ft by 3ft\"")],
  'cadence/fracture': [feet(4, 3, 'Fracture Rules: "around 3ft by 4ft" (larger games: a larger battlefield)')],
  'cadence/survivors': [feet(3, 3, 'Playing Survivors: "around 3ft by 3ft"')],
  'cadence/halo-breakpoint': [feet(4, 3, 'Playing Halo Breakpoint: "around 3ft by 4ft"')],
  'cadence/respawn': [feet(3, 2, 'Playing Respawn: "a 2ft x 3ft or similar sized area"')],
  'cadence/scraplands': [feet(3, 3, 'Playing Scraplands: "3ft x 3ft or larger"')],
  'cadence/squadrons': [feet(3, 3, 'Playing Squadrons: "3ft x 3ft or similar"')],
  'operator-tactics': [
    inches(24, 24, 'Operator Tactics, Terrain and Setup › Board Size: standard / small'),
    inches(36, 36, 'Operator Tactics, Board Size: large'),
    inches(36, 24, 'Operator Tactics, Vinyl Scale: standard / small', ' vinyl'),
    inches(48, 36, 'Operator Tactics, Vinyl Scale: large', ' vinyl'),
  ],
  'iron-line': [feet(3, 3, 'Iron Line, Scale and Table: standard table'), feet(4, 4, 'Iron Line, Scale and Table: large games (4,000+ points or three players)')],
}

/** Common gaming mats, offered for every game (not from its book). */
const COMMON_TABLES: readonly TablePreset[] = [feet(6, 4, null), feet(4, 4, null), inches(44, 30, null), inches(30, 22, null)]

/** The book's sizes first, then the common mats the book does not name. */
export function tablePresets(systemId: string): TablePreset[] {
  const book = BOOK_TABLES[systemId] ?? []
  const same = (a: TablePreset, b: TablePreset) => Math.abs(a.widthMm - b.widthMm) < 1 && Math.abs(a.depthMm - b.depthMm) < 1
  return [...book, ...COMMON_TABLES.filter((c) => !book.some((b) => same(b, c)))]
}

export type BaseDefault = { base: BaseShape; heightMm: number; source: string }

/** Iron Line §13 (L1299–1304): a unit's tray by footprint class, width (frontage) and depth ranges, mm. */
const IRON_LINE_FOOTPRINTS: Readonly<Record<string, { width: [number, number]; depth: [number, number] }>> = {
  wide: { width: [100, 200], depth: [40, 150] },
  narrow: { width: [40, 100], depth: [40, 150] },
  horde: { width: [150, 200], depth: [100, 200] },
}

const fmt = (v: number) => (Math.round(v * 10) / 10).toString()

/** The base a model of `profileId` gets unless the player says otherwise, and where that comes from. */
export function defaultBase(system: RuleSystem, profileId: string): BaseDefault {
  const profile: ProfileEntry | undefined = system.catalogue.profiles[profileId]
  const demo = ((system.demoScene as { models?: readonly SceneModel[] } | null)?.models ?? []) as readonly SceneModel[]
  const demoSame = demo.find((m) => m.profile === profileId)
  const height = profile?.heightMm ?? demoSame?.height ?? 40
  if (profile?.base) return { base: profile.base, heightMm: height, source: `from the book (${profile.section})` }
  const footprint = system.id === 'iron-line' ? IRON_LINE_FOOTPRINTS[String(profile?.stats?.footprint)] : undefined
  if (footprint) {
    const base: BaseShape = demoSame?.base ?? { shape: 'rect', length: footprint.depth[0], width: footprint.width[0] }
    return { base, heightMm: height, source: `the book allows a ${String(profile?.stats?.footprint)} tray ${footprint.width.join('–')} mm wide, ${footprint.depth.join('–')} mm deep (§13): measure yours` }
  }
  if (demoSame) return { base: demoSame.base, heightMm: height, source: 'as on the game\'s demo table: check yours' }
  if (system.id === 'cadence/squadrons') return { base: { shape: 'round', diameter: 40 }, heightMm: height, source: 'the book: "ships that fit on 40-50mm bases are typical"' }
  // The game's most common base on its demo table, else 25 mm (the most common skirmish base).
  const counts = new Map<string, { base: BaseShape; n: number }>()
  for (const m of demo) {
    const key = JSON.stringify(m.base)
    counts.set(key, { base: m.base, n: (counts.get(key)?.n ?? 0) + 1 })
  }
  const common = [...counts.values()].sort((a, b) => b.n - a.n)[0]
  if (common) return { base: common.base, heightMm: height, source: `the most common base in this game's demo (${baseLabel(common.base)}): check yours` }
  return { base: { shape: 'round', diameter: 25 }, heightMm: height, source: '25 mm, the most common skirmish base: check yours' }
}

export function baseLabel(base: BaseShape): string {
  return base.shape === 'round' ? `${fmt(base.diameter)} mm round` : `${fmt(base.length)}×${fmt(base.width)} mm ${base.shape}`
}
