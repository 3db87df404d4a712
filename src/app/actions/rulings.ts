// The referee's record: rule on the table as it stands, keep the ruling (IndexedDB), export it as
// JSON or PNG, and re-open an exported file: checked (format, content hash) and evaluated again.
import type { Query, Scene } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { engine } from '../engine/engineHandle.ts'
import { type Freeze, type RulingRecord, RulingFileError, makeRulingRecord, parseRulingFile, resultDifferences } from '../record/rulingRecord.ts'
import { deleteRuling, listRulings, saveRuling } from '../record/rulingDb.ts'
import { summarize } from '../record/rulingText.ts'
import { modelNames, weaponName } from '../format/names.ts'
import { rulingPng } from '../record/rulingPng.ts'
import { renderTableViewNow } from '../scene/viewRender.ts'
import { downloadBlob, readFileText } from './download.ts'
import { doubtedAmong, doubtedPickText } from '../camera/doubtedPoses.ts'
import { withWaiting } from '../camera/realTable.ts'
import { ruleInGame, rewindTo } from '../game/gameActions.ts'
import { gameWorker } from '../game/gameClient.ts'

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** Load the saved history (on start-up). Falls back to an in-memory history, and says so. */
export async function loadHistory(): Promise<void> {
  const s = useApp.getState()
  try {
    s.setRulings(await listRulings(), true)
  } catch (e) {
    s.setRulings([], false)
    s.notify({ level: 'warning', text: `Saved rulings are not available in this browser (${errorText(e)}). New rulings will be kept until the page closes; export them to keep them.` })
  }
}

/** How the table in force was frozen: by hand in the planner (the camera modes pass their own). */
export function plannerFreeze(scene: Scene): Freeze {
  return { source: 'planner', frames: 0, uncertaintyMm: Math.max(0, ...scene.models.map((m) => m.uncertainty ?? 0)) }
}

/**
 * How the camera modes freeze the table for a ruling (average recent frames, merge them into the
 * scene, report the uncertainty); null in the planner, where the table is as placed by hand.
 */
let freezeProvider: (() => Promise<Freeze | null | 'refused'>) | null = null

/** A provider may refuse (a hand stays over a ruled model): then no ruling is made. */
export function setFreezeProvider(provider: (() => Promise<Freeze | null | 'refused'>) | null): void {
  freezeProvider = provider
}

/** "Rule on this": freeze the table, evaluate the selected attack exactly as the CLI would, keep it. */
export async function ruleOnThis(freeze?: Freeze): Promise<RulingRecord | null> {
  // A doubted pick is never ruled on (camera/doubtedPoses.ts): say which and why, rule nothing.
  const before = useApp.getState()
  const doubtedPicks = doubtedAmong(before.tracking.doubted, [before.attackerId, before.targetId])
  if (doubtedPicks.length > 0) {
    const names = modelNames(before.evaluation.overlay, withWaiting(before.scene).models)
    before.notify({ level: 'warning', text: `No ruling was made. ${doubtedPickText(doubtedPicks, (id) => names[id] ?? id)}` })
    return null
  }
  let frozen = freeze ?? null
  if (!frozen && freezeProvider) {
    const provided = await freezeProvider()
    if (provided === 'refused') return null
    frozen = provided
    await settled()
  }
  const s = useApp.getState()
  const query = s.evaluation.overlay?.attackQuery
  if (!query) {
    s.notify({ level: 'warning', text: 'Choose an attacker and a target first (tap the models).' })
    return null
  }
  // In a game the ruling is an event of its log, made on the table as the game stands (issue 33).
  if (s.game && s.gameView?.id === s.game.id) {
    s.setBusy(true)
    try {
      return await ruleInGame(query as Query, frozen ?? plannerFreeze(s.scene))
    } finally {
      useApp.getState().setBusy(false)
    }
  }
  s.setBusy(true)
  try {
    const scene = s.scene
    const r = await engine().rule(scene, query as Query)
    if (!r.ok) {
      s.notify({ level: 'error', text: 'The engine could not rule on this table.', details: r.issues.map((i) => `${i.path || '(scene)'}: ${i.message}`) })
      return null
    }
    const result = r.value.results[0]!
    const record = await makeRulingRecord({
      id: crypto.randomUUID(),
      createdAt: new Date(),
      scene,
      query: query as Query,
      result: r.value,
      freeze: frozen ?? plannerFreeze(scene),
      summary: summarize(query, result, scene, query.weapon ? weaponName(query.attacker, query.weapon, s.evaluation.overlay) : undefined, s.units, modelNames(s.evaluation.overlay, scene.models)),
    })
    useApp.getState().addRuling(record)
    if (useApp.getState().historyPersistent) {
      try {
        await saveRuling(record)
      } catch (e) {
        useApp.getState().notify({ level: 'warning', text: `This ruling could not be saved in the browser (${errorText(e)}); export it to keep it.` })
      }
    }
    return record
  } finally {
    useApp.getState().setBusy(false)
  }
}

export function fileBaseName(r: RulingRecord): string {
  return `ruling-${r.createdAt.replace(/[:.]/g, '-')}-${r.contentHash.slice(7, 15)}`
}

export function exportRulingJson(r: RulingRecord): void {
  downloadBlob(new Blob([JSON.stringify(r, null, 2)], { type: 'application/json' }), `${fileBaseName(r)}.json`)
}

/**
 * Put a ruling's table and selection back on screen (the previous table can be undone). A ruling of the
 * game in play rewinds it (ghosts); a ruling of a game not on this device is rebuilt from the game log
 * its record carries (replayed by the game worker to the ruling's event), else its own saved table.
 */
export async function showRuling(r: RulingRecord): Promise<void> {
  const s = useApp.getState()
  const q = r.query as { attacker?: string; target?: string; weapon?: string }
  const select = () => {
    const now = useApp.getState()
    now.setAttacker(q.attacker ?? null)
    now.setTarget(q.target ?? null)
    now.setWeapon(q.weapon ?? null)
  }
  // A ruling of the game in play: the ghosts show the table it was made on (the live table stays).
  if (r.game && s.game?.id === r.game.id) {
    const at = s.gameView ? s.gameView.uids.indexOf(r.game.entry) + 1 : 0
    void rewindTo((at > 0 ? at : r.game.seq) - 1, 'ruling')
    select()
    return
  }
  let scene = r.scene
  if (r.game && r.gameLog) {
    const replayed = await gameWorker().ask('replayRuling', { log: r.gameLog, seq: r.game.seq })
    if (replayed.ok) {
      scene = replayed.value.scene
      s.notify({ level: 'info', text: `The table as it stood at event ${r.game.seq} of its game, rebuilt from the game log in this record.`, about: 'ruling-game-log' })
    } else {
      s.notify({ level: 'warning', text: `The game log in this record does not replay (${replayed.message}); its own saved table is shown instead.`, about: 'ruling-game-log' })
    }
  }
  const now = useApp.getState()
  now.replaceScene(scene)
  select()
  now.setMode('planner')
}

/** Wait until the overlay on screen belongs to the current scene and selection. */
export function settled(timeoutMs = 5000): Promise<boolean> {
  return new Promise((resolve) => {
    const done = () => {
      const s = useApp.getState()
      return s.evaluation.status !== 'pending' && s.evaluation.sceneRev === s.sceneRev && s.evaluation.overlay?.attackQuery?.attacker === s.attackerId
    }
    if (done()) return resolve(true)
    const started = performance.now()
    const unsubscribe = useApp.subscribe(() => {
      if (done()) {
        unsubscribe()
        // Two frames: the overlay is drawn after React commits it.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))
      } else if (performance.now() - started > timeoutMs) {
        unsubscribe()
        resolve(false)
      }
    })
  })
}

export async function exportRulingPng(r: RulingRecord): Promise<void> {
  await showRuling(r)
  await settled()
  renderTableViewNow() // the current picture in the canvas, whether or not a demand frame came yet
  const view = document.querySelector<HTMLCanvasElement>('[data-testid="table-view"] canvas')
  try {
    downloadBlob(await rulingPng(r, view, useApp.getState().units), `${fileBaseName(r)}.png`)
  } catch (e) {
    useApp.getState().notify({ level: 'error', text: `The PNG could not be made (${errorText(e)}). The JSON export still works.` })
  }
}

export async function forgetRuling(id: string): Promise<void> {
  const s = useApp.getState()
  s.removeRuling(id)
  if (s.historyPersistent) await deleteRuling(id).catch(() => undefined)
}

/** Re-open an exported ruling: validate, check its hash, evaluate its scene again and compare. */
export async function reopenRulingText(text: string, name: string): Promise<void> {
  const s = useApp.getState()
  let parsed: Awaited<ReturnType<typeof parseRulingFile>>
  try {
    parsed = await parseRulingFile(text)
  } catch (e) {
    s.setReopened(null)
    s.notify({ level: 'error', text: `${name} cannot be opened: ${e instanceof RulingFileError ? e.message : errorText(e)}. Your table and history are unchanged.` })
    return
  }
  const { record, hashOk, edited, legacy, gameLogError } = parsed
  if (gameLogError) s.notify({ level: 'warning', text: `${name}: ${gameLogError}. The ruling itself opens; its own saved table is shown.`, about: 'ruling-game-log' })
  const r = await engine().rule(record.scene, record.query)
  if (!r.ok) {
    s.setReopened({ record, hashOk, edited, legacy, recomputed: null, differences: [], error: r.issues.map((i) => `${i.path || '(scene)'}: ${i.message}`).join('; '), ...(gameLogError ? { gameLogError } : {}) })
    return
  }
  s.setReopened({ record, hashOk, edited, legacy, recomputed: r.value, differences: resultDifferences(record.result, r.value), error: null, ...(gameLogError ? { gameLogError } : {}) })
}

export async function reopenRulingFile(file: File): Promise<void> {
  try {
    await reopenRulingText(await readFileText(file), file.name)
  } catch (e) {
    useApp.getState().notify({ level: 'error', text: errorText(e) })
  }
}
