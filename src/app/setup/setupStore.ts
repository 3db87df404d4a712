// The setup's own state (loaded with the setup): the table being set up, the saved tables, and what
// the setup says to the player (shown in the setup itself, over which the app's messages do not show).
// Actions are plain functions over the store (house style §15): save, open, print, export, import,
// delete (undoable), each saying what happened or, on bad input, what and where, with nothing lost.
import { create } from 'zustand'
import { useApp } from '../state/appStore.ts'
import { downloadBlob, readFileText } from '../actions/download.ts'
import { isKnownSystem, loadRuleSystem, loadedRuleSystem, systemTitle } from '../state/systemLoader.ts'
import { bookSides, sideLabel } from './armyChoices.ts'
import { cellsOf4x4 } from '../../tracking/markers/dictionaryCells.ts'
import { personalSheet } from '../../tracking/markers/personalSheet.ts'
import { pageToSvg } from '../../tracking/markers/markerSheets.ts'
import { isMeshTerrain, parseScene, type Scene } from '../../engine/index.ts'
import { meshFileOf } from '../engine/meshFiles.ts'
import { type Draft, buildTable, draftOfScene, draftOfTable, emptyDraft, tableFileOf } from './tableDraft.ts'
import { type DamagedTable, type SavedTable, deleteTable, getTable, isDamaged, listTables, newTableId, putTable } from './tableDb.ts'
import { MAX_TABLE_FILE_BYTES, type TableFile, TableFileError, parseTableFile, tableFileText } from './tableFile.ts'
import { openTableInApp } from './activeTable.ts'
import { tablePresets } from './bookDefaults.ts'
import { closeSetup, useSetupOpen, type SetupView } from './setupOpen.ts'

export type Notice = { level: 'info' | 'error' | 'warning'; text: string; action?: { label: string; run: () => void } }

type SetupState = {
  draft: Draft | null
  /** The draft differs from its saved record (or has none). */
  dirty: boolean
  tables: SavedTable[]
  damaged: DamagedTable[]
  loaded: boolean
  /** Why saved tables cannot be listed or stored here (no IndexedDB), or null. */
  dbProblem: string | null
  notice: Notice | null
  /** Marker ids new or changed in the last save (print only these, if the rest is printed already). */
  fresh: number[]
  busy: boolean
}

export const useSetup = create<SetupState>()(() => ({ draft: null, dirty: false, tables: [], damaged: [], loaded: false, dbProblem: null, notice: null, fresh: [], busy: false }))

const tell = (notice: Notice | null) => useSetup.setState({ notice })
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e))

export function showView(view: SetupView): void {
  useSetupOpen.setState({ view })
}

export async function refreshTables(): Promise<void> {
  try {
    const { tables, damaged } = await listTables()
    useSetup.setState({ tables, damaged, loaded: true, dbProblem: null })
  } catch (e) {
    useSetup.setState({ tables: [], damaged: [], loaded: true, dbProblem: errorText(e) })
  }
}

export function editDraft(edit: (d: Draft) => Draft): void {
  const d = useSetup.getState().draft
  if (!d) return
  const next = edit(d)
  if (next !== d) useSetup.setState({ draft: next, dirty: true })
}

/** A new table for the game on the app's table now, at the first size its book names. */
export function newTable(): void {
  const current = useApp.getState().scene.system
  const system = isKnownSystem(current) ? current : 'narrative-skirmish'
  const preset = tablePresets(system)[0]!
  const n = useSetup.getState().tables.length
  useSetup.setState({ draft: emptyDraft(system, { widthMm: preset.widthMm, depthMm: preset.depthMm }, n ? `My table ${n + 1}` : 'My table'), dirty: true, fresh: [], notice: null })
  showView('table')
}

export function editSaved(saved: SavedTable): void {
  useSetup.setState({ draft: draftOfTable(saved.id, saved.table), dirty: false, fresh: [], notice: null })
  showView('army')
}

/**
 * The draft's saved record may have changed while the setup was closed (the table survey, a marker
 * taught in the camera view save their registry into the table in use): take it, so that the setup
 * shows it and a later save keeps it. With no edits pending the draft becomes the record again; with
 * edits, only its registry (the ids printed, the table markers measured) is taken.
 */
export async function syncDraftWithSaved(): Promise<void> {
  const id = useSetup.getState().draft?.id
  if (!id) return
  const saved = await getTable(id).catch(() => null)
  const { draft, dirty } = useSetup.getState()
  if (!saved || isDamaged(saved) || draft?.id !== id || JSON.stringify(saved.table.registry) === JSON.stringify(draft.registry)) return
  useSetup.setState({ draft: dirty ? { ...draft, registry: saved.table.registry } : draftOfTable(id, saved.table) })
}

/**
 * Save the draft (a new record, or its own), put it on the app's table (scene in the planner,
 * registry in force), and remember which markers are new. Returns the saved table, or null (said).
 */
export async function saveDraft(): Promise<SavedTable | null> {
  const { draft } = useSetup.getState()
  if (!draft) return null
  if (draft.models.length === 0) {
    tell({ level: 'error', text: 'Add at least one model to the army first: a table without models has nothing to track.' })
    return null
  }
  useSetup.setState({ busy: true })
  try {
    const built = buildTable(draft)
    const id = draft.id ?? newTableId()
    const table = tableFileOf(draft, built.scene, built.registry, new Date().toISOString())
    // The table must be one this app reads back (and the engine must accept its scene) before it replaces anything.
    parseTableFile(JSON.parse(tableFileText(table)))
    await putTable(id, table)
    const saved: SavedTable = { id, table }
    openTableInApp(saved)
    useSetup.setState({ draft: { ...draft, id, registry: built.registry }, dirty: false, fresh: built.fresh })
    await refreshTables()
    const n = built.registry.markers.length
    tell({ level: 'info', text: `Saved "${table.name}" and put it on the table: ${table.scene.models.length} models, ${n} markers (${built.registry.dictionary}).${built.fresh.length && built.fresh.length < n ? ` New or changed since the last save: ${built.fresh.length} markers.` : ''}` })
    return saved
  } catch (e) {
    tell({ level: 'error', text: `The table was not saved: ${errorText(e)}. Your saved tables are as they were.` })
    return null
  } finally {
    useSetup.setState({ busy: false })
  }
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'table'
}

/** The personal marker sheet of a saved table (sides by their books' names when the game's code has loaded). */
export function sheetOf(table: TableFile, only?: readonly number[]) {
  // Sides by their books' names on the labels ("NAF Adaptive Strike Force", not "naf").
  const system = loadedRuleSystem(table.scene.system)
  const sides = system ? bookSides(system) : []
  const models = Object.fromEntries(table.scene.models.map((m) => [m.id, { name: m.name || m.id, side: sideLabel(m.side, sides), base: m.base }]))
  const terrain = Object.fromEntries((table.scene.terrain ?? []).map((t) => [t.id, { name: t.name || t.id }]))
  return personalSheet(cellsOf4x4, { tableName: table.name, table: { widthMm: table.scene.table.width, depthMm: table.scene.table.depth }, registry: table.registry, models, terrain, ...(only ? { only } : {}) })
}

/** The marker sheet of the draft (saved first, so the printed ids are the table's): PDF, or one SVG page. */
export async function downloadSheet(kind: 'pdf' | 'svg', opts: { onlyFresh?: boolean; page?: number } = {}): Promise<void> {
  const s = useSetup.getState()
  let saved: SavedTable | null = null
  if (s.dirty || !s.draft?.id) saved = await saveDraft()
  else {
    const got = await getTable(s.draft.id).catch(() => null)
    saved = got && !isDamaged(got) ? got : await saveDraft()
  }
  if (!saved) return
  const only = opts.onlyFresh ? useSetup.getState().fresh : undefined
  const sheet = sheetOf(saved.table, only)
  try {
    if (kind === 'pdf') {
      const { sheetToPdf } = await import('../../tracking/markers/sheetPdf.ts')
      const bytes = await sheetToPdf(sheet, 'Tabletop AR (My table)')
      downloadBlob(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), `${sheet.name}.pdf`)
    } else {
      const page = Math.min(Math.max(1, opts.page ?? 1), sheet.pages.length)
      const svg = pageToSvg(sheet.pages[page - 1]!, `${sheet.title} (page ${page} of ${sheet.pages.length})`)
      downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), `${sheet.name}${sheet.pages.length > 1 ? `-${page}` : ''}.svg`)
    }
    const count = saved.table.registry.markers.filter((m) => !only || only.includes(m.id)).length
    tell({ level: 'info', text: `Marker sheet for "${saved.table.name}": ${count} markers on ${sheet.pages.length} A4 page${sheet.pages.length > 1 ? 's' : ''}. Print at 100 % ("actual size") and measure the 100 mm bar.` })
  } catch (e) {
    tell({ level: 'error', text: `The sheet could not be made: ${errorText(e)}.` })
  }
}

export function sheetPageCount(table: TableFile): number {
  return sheetOf(table).pages.length
}

export function exportTable(table: TableFile): void {
  downloadBlob(new Blob([tableFileText(table)], { type: 'application/json' }), `table-${slug(table.name)}.json`)
  tell({ level: 'info', text: `Exported "${table.name}" as table-${slug(table.name)}.json (scene, markers${table.files ? ', your terrain files' : ''}).` })
}

export function putOnTable(saved: SavedTable): void {
  openTableInApp(saved)
  closeSetup()
  useApp.getState().notify({ level: 'info', text: `"${saved.table.name}" is on the table: ${saved.table.scene.models.length} models, ${saved.table.registry.markers.length} markers in force for Camera and Photo.`, actions: [{ label: 'Undo', run: () => useApp.getState().undo() }] })
}

export async function removeSaved(saved: SavedTable | DamagedTable): Promise<void> {
  const raw = isDamaged(saved) ? null : saved.table
  try {
    await deleteTable(saved.id)
  } catch (e) {
    tell({ level: 'error', text: `Could not delete it: ${errorText(e)}.` })
    return
  }
  await refreshTables()
  const name = isDamaged(saved) ? saved.name ?? saved.id : saved.table.name
  tell({
    level: 'info',
    text: `Deleted "${name}".`,
    ...(raw ? { action: { label: 'Undo', run: () => void putTable(saved.id, raw).then(refreshTables).then(() => tell({ level: 'info', text: `"${name}" is back.` })) } } : {}),
  })
}

/** A damaged record as it is, so nothing in it is lost. */
export function downloadDamaged(d: DamagedTable): void {
  downloadBlob(new Blob([JSON.stringify(d.raw, null, 1)], { type: 'application/json' }), `damaged-table-${slug(d.name ?? d.id)}.json`)
}

function uniqueName(name: string): string {
  const names = new Set(useSetup.getState().tables.map((t) => t.table.name))
  if (!names.has(name)) return name
  for (let n = 2; ; n++) if (!names.has(`${name} (${n})`)) return `${name} (${n})`
}

/**
 * Import a table file as a new saved table. Any problem is one sentence naming the file, what it is
 * and where it goes wrong; the saved tables are untouched. A scene file becomes a table with markers
 * assigned by the app.
 */
export async function importTableFile(file: File): Promise<boolean> {
  const refuse = (why: string) => {
    tell({ level: 'error', text: `${file.name} cannot be imported: ${why}. Nothing changed: your saved tables are as they were.` })
    return false
  }
  if (file.size > MAX_TABLE_FILE_BYTES) return refuse(`it is ${(file.size / 1048576).toFixed(1)} MB, over the ${MAX_TABLE_FILE_BYTES / 1048576} MB a table file may be`)
  let text: string
  try {
    text = await readFileText(file)
  } catch (e) {
    return refuse(errorText(e))
  }
  let table: TableFile
  try {
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch (e) {
      throw new TableFileError(`it is not JSON (${errorText(e)})`)
    }
    if ((raw as { format?: unknown } | null)?.format === 'tabletop-scene/1') table = await tableFromScene(raw, file.name)
    else table = parseTableFile(raw)
  } catch (e) {
    return refuse(e instanceof TableFileError ? e.message : errorText(e))
  }
  if (!isKnownSystem(table.scene.system)) return refuse(`scene.system: "${table.scene.system}" is not a game this app knows`)
  const files = table.files ?? {}
  const missing = (table.scene.terrain ?? []).filter(isMeshTerrain).find((t) => !(t.mesh in files) && !meshFileOf(t.mesh))
  if (missing) return refuse(`scene.terrain "${missing.id}": its terrain file ${missing.mesh} is neither in the file nor in the app's library`)
  try {
    const named: TableFile = { ...table, name: uniqueName(table.name), savedAt: new Date().toISOString() }
    const id = newTableId()
    await putTable(id, named)
    await refreshTables()
    tell({ level: 'info', text: `Imported "${named.name}" from ${file.name}: ${named.scene.models.length} models, ${named.registry.markers.length} markers (${systemTitle(named.scene.system) ?? named.scene.system}).`, action: { label: 'Use it on the table', run: () => putOnTable({ id, table: named }) } })
    return true
  } catch (e) {
    return refuse(`it could not be stored (${errorText(e)})`)
  }
}

/** A scene file (tabletop-scene/1) as a new table: its models and terrain, markers assigned by the app. */
async function tableFromScene(raw: unknown, fileName: string): Promise<TableFile> {
  let scene: Scene
  try {
    scene = parseScene(raw)
  } catch (e) {
    const issues = (e as { issues?: { path: string; message: string }[] }).issues
    throw new TableFileError(issues?.[0] ? `${issues[0].path || '(scene)'}: ${issues[0].message}` : errorText(e))
  }
  await loadRuleSystem(scene.system).catch(() => undefined)
  const name = (typeof scene.meta?.title === 'string' && scene.meta.title) || fileName.replace(/\.json$/i, '')
  const draft = draftOfScene(scene, name)
  const built = buildTable(draft)
  return tableFileOf(draft, { ...built.scene, ...(scene.queries ? { queries: scene.queries } : {}), meta: { ...(scene.meta ?? {}), title: name } }, built.registry, new Date().toISOString())
}
