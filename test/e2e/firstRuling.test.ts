// The whole path of issue 23 in Chromium, from an EMPTY browser profile to the first tracked ruling on
// the player's own table, with no file loaded and nothing written by hand, at phone size (390×844):
// 1. My table: Operator Tactics and its book's 24"×24", two Commandos (side A) and two Medics (side B)
//    from the catalogue; the personal marker sheet downloaded (PDF read back: A4, every marker square
//    at its registry size, each model's name and side, how to lay the table markers); "Survey the
//    table" opens the camera mode on the survey step.
// 2. The player prints, cuts and lays the markers (the browser is closed meanwhile). The test takes the
//    registry the app made from the table's export, lays its markers as a player does from the sheet
//    (on a mat a few mm off 24"×24", the corner markers short of their corners and turned a little:
//    test/fixtures/tracking/playerTable.ts) and films a walk round the table with a phone held upright
//    (1080×1920, phone camera model, hand shake, rolling shutter; playerTableVideo.ts).
// 3. Chromium again on the same profile, the video as its camera. The app has the table; the camera
//    mode offers the survey first; the sweep, the measure (every marker where it lies, the table's
//    rectangle from the corner markers: no taps), "Use this survey" (saved into the table: it is in the
//    table's export after a reload); the camera starts, the table locks, models appear as they are
//    seen (the others listed as not on the table yet); tap an attacker, tap a target: the verdict.
// The survey cannot be skipped unnoticed: the markers do not lie on the proposed spots (each measured
// within 1.6 mm of where it lies, and far closer to it than its proposed spot is), the table's size
// is the mat's to 0.7 mm, and the models are checked against where they really are. The taps land where
// the renderer's truth puts each model in the frame on screen (test/setup/tapWhereFilmed.ts), never
// where the app says it drew it: an overlay off its model misses.
// Counts every click of the player's path (messages dismissed included) and the seconds the app takes
// for each; screenshots at phone, tablet and desktop sizes in test-results/first-ruling-*.png.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Scene } from '../../src/engine/index.ts'
import { type Registry, parseRegistry } from '../../src/tracking/index.ts'
import { readTableText } from '../../src/app/setup/tableFile.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { RESULTS_DIR, haveChromium, launchChromiumProfile, warnIfNoChromium } from '../setup/browser.ts'
import { readPdf } from '../setup/readPdf.ts'
import { sceneOf } from '../setup/demoTable.ts'
import { shotsAtThreeSizes } from '../setup/threeSizes.ts'
import { player } from '../setup/playerActions.ts'
import { filmedOnScreen, tapWhereFilmed } from '../setup/tapWhereFilmed.ts'
import { pickedNamesUnderToggles } from '../setup/namesUnderToggles.ts'
import { type PlayerVideo, writePlayerTableVideo } from '../fixtures/tracking/playerTableVideo.ts'
import { quietZoneMm } from '../tracking/synth/tabletopScene.ts'

warnIfNoChromium('test/e2e/firstRuling.test.ts (browser tests)')

const PT_PER_MM = 72 / 25.4
const PHONE = { width: 390, height: 844 }
/** The player's mat: a "24×24" a few mm off. */
const REAL_MAT = { widthMm: 612.4, depthMm: 606.9 }
const dir = join(RESULTS_DIR, 'first-ruling')

type Player = ReturnType<typeof player>
/** A step of the path and its player (its clicks counted when the path ends: the dismissals before later screenshots included). */
type Step = { step: string; p: Player; note?: string }

/**
 * Dismiss the app's messages as a player does before looking. A warning or an error stays until it is
 * dismissed: each such dismissal is a click, counted. An info message leaves by itself after 7 s, so no
 * player has to touch it: it is dismissed for a clean screenshot, logged, not counted (in CI the phone's
 * "moving: the ruling waits" info, shown or not as the loaded machine's frames fell, made the count vary).
 */
async function dismissAll(page: Page, p: Player): Promise<void> {
  const shown = await page.evaluate(() => {
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('[aria-label="Dismiss message"]')]
    return buttons.map((b) => {
      const m = b.closest<HTMLElement>('.message')
      const out = { level: m?.dataset.level ?? 'unknown', text: m?.querySelector('p')?.textContent ?? '' }
      b.click()
      return out
    })
  })
  for (const m of shown) {
    if (m.level === 'info') console.log(`dismissed for the screenshot, not counted (info, leaves by itself): ${m.text}`)
    else p.log.push(`click Dismiss message: ${m.level} "${m.text}" (0 ms)`)
  }
}

async function shots(page: Page, name: string, p: Player): Promise<void> {
  await dismissAll(page, p)
  await shotsAtThreeSizes(page, `first-ruling-${name}`)
  await page.setViewportSize(PHONE)
  await page.waitForTimeout(300)
}

/** The saved tables in the profile's IndexedDB, as stored (none when the app has not made its database). */
async function storedTables(page: Page): Promise<Array<{ name: string; registry: Registry }>> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would make an empty one the app then finds without its store.
    if (!(await indexedDB.databases()).some((d) => d.name === 'tabletop-ar-tables')) return []
    return new Promise((resolve, reject) => {
      const open = indexedDB.open('tabletop-ar-tables')
      open.onsuccess = () => {
        try {
          const req = open.result.transaction('tables', 'readonly').objectStore('tables').getAll()
          req.onsuccess = () => { open.result.close(); resolve((req.result as Array<{ doc: { name: string; registry: Registry } }>).map((r) => r.doc)) }
          req.onerror = () => reject(req.error)
        } catch (e) {
          reject(e)
        }
      }
      open.onerror = () => reject(open.error)
    })
  })
}

/** The registry in force, as the app keeps it across reloads. */
async function registryInForce(page: Page): Promise<{ name: string; value: Registry } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('tabletop-ar/marker-registry') ?? 'null') as { name: string; value: Registry } | null)
}

describe.skipIf(!haveChromium)('from an empty browser to the first tracked ruling on the player\'s own table', () => {
  let server: AppServer
  let profile: string
  /** The Chromium open now: closed when an attempt fails (before the retry, and after the file), not left decoding its video. */
  let open: { close: () => Promise<void> } | undefined
  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    server = await startAppServer()
  }, 300_000)
  afterAll(async () => {
    await open?.close().catch(() => undefined)
    await server?.close()
    if (profile) rmSync(profile, { recursive: true, force: true })
  })

  it('setup, sheet, survey, verdict: counted, timed, seen at three sizes', async () => {
    // An empty profile for each attempt (the browser tests retry once: a retry must start empty too).
    await open?.close().catch(() => undefined)
    if (profile) rmSync(profile, { recursive: true, force: true })
    profile = mkdtempSync(join(tmpdir(), 'tabletop-profile-'))
    const steps: Step[] = []
    const started = Date.now()

    // ---- 1. My table, in an empty profile ----
    let session = await launchChromiumProfile(profile)
    open = session
    let page = session.page
    await page.setViewportSize(PHONE)
    await page.goto(server.url)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    expect(await storedTables(page)).toEqual([])
    let p = player(page)
    await p.click('my-table', () => page.getByTestId('table-step').waitFor())
    await p.choose('table-game', 'operator-tactics')
    // The book's 24"×24" is chosen already.
    await expect.poll(() => page.getByTestId('size-24x24in').getAttribute('aria-checked')).toBe('true')
    await shots(page, 'table', p)
    await p.click('step-next', () => page.getByTestId('army-step').waitFor())
    expect(await page.getByTestId('army-profile').inputValue()).toBe('commando')
    await p.choose('army-side', 'A')
    await p.type('army-count', '2')
    await p.click('army-add', () => expect.poll(() => page.getByTestId('army-model').count()).toBe(2))
    await p.choose('army-profile', 'medic')
    await p.choose('army-side', 'B')
    await p.type('army-count', '2')
    await p.click('army-add', () => expect.poll(() => page.getByTestId('army-model').count()).toBe(4))
    await shots(page, 'army', p)
    await p.click('step-next', () => page.getByTestId('terrain-step').waitFor())
    await p.click('step-next', () => page.getByTestId('markers-step').waitFor())
    expect(await page.getByTestId('markers-summary').innerText()).toMatch(/^8 markers \(DICT_4X4_100\): 4 table markers \(70 mm\) for the corners, 4 rear tabs \(20 mm\)/)
    const pdf = await p.download('sheet-pdf')
    await expect.poll(() => page.getByTestId('setup-notice').locator('p').innerText()).toMatch(/Marker sheet for "My table": 8 markers on 2 A4 pages/)
    await shots(page, 'sheet', p)
    steps.push({ step: 'My table: game, size, army of 4, the sheet (PDF)', p })

    // The sheet: A4, every black square its size, every model's name and side, how to lay the table markers.
    writeFileSync(join(dir, 'sheet.pdf'), pdf.bytes)
    const pages = await readPdf(pdf.bytes)
    expect(pages).toHaveLength(2)
    for (const pg of pages) expect([pg.widthPt, pg.heightPt].map((v) => Math.round(v / PT_PER_MM))).toEqual([210, 297])
    const squares = pages.flatMap((pg) => pg.fills.filter((f) => f.fill.join() === '0,0,0' && Math.abs(f.width - f.height) < 0.01 && f.width > 10 * PT_PER_MM)).map((f) => Math.round((f.width / PT_PER_MM) * 100) / 100)
    expect(squares.sort((a, b) => a - b)).toEqual([20, 20, 20, 20, 70, 70, 70, 70])
    const text = pages.flatMap((pg) => pg.texts.map((t) => t.text)).join('\n')
    for (const name of ['Commando 1', 'Commando 2', 'Medic 1', 'Medic 2']) expect(text).toContain(name)
    for (const side of ['side A', 'side B']) expect(text).toContain(side)
    for (const id of [0, 1, 2, 3]) expect(text).toContain(`Table marker ${id}`)
    expect(text).toContain('front-left corner (the origin)')
    expect(text).toContain('white square pushed into the corner, against both edges')
    expect(text).toContain('this strip points into the table')
    expect(text).toContain('Print at 100 %')

    // The table as the app saved it for the sheet (read from the profile's IndexedDB, as the app reads it back:
    // no click of the player's, who only printed): the registry the app made, the markers to lay.
    const savedDoc = (await storedTables(page)).find((t) => t.name === 'My table')
    expect(savedDoc, 'the table saved with its sheet').toBeDefined()
    const tableFile = readTableText(JSON.stringify(savedDoc))
    writeFileSync(join(dir, 'table-as-set-up.json'), JSON.stringify(tableFile, null, 1))
    const registry = parseRegistry(tableFile.registry)
    const scene = tableFile.scene as Scene
    expect(registry.survey).toBeUndefined()

    // "Survey the table": the camera mode opens on the survey step (no camera needed yet).
    expect(await page.getByTestId('go-camera').innerText()).toBe('Survey the table')
    await page.getByTestId('go-camera').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(RESULTS_DIR, 'first-ruling-markers-next-phone.png') })
    const p1 = player(page)
    await p1.click('go-camera', () => page.getByTestId('survey-step').waitFor())
    expect(await page.getByTestId('survey-step').getAttribute('data-phase')).toBe('intro')
    expect(await page.getByTestId('survey-source').innerText()).toContain('4 table markers (0, 1, 2, 3)')
    await shots(page, 'survey-intro', p1)
    steps.push({ step: '"Survey the table" (the camera mode opens on the survey)', p: p1 })
    expect(session.consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([])
    await session.close()

    // ---- 2. The markers printed and laid; the phone's video of the table ----
    const side = (s: string) => scene.models.filter((m) => m.side === s).map((m) => m.id)
    const [a1, a2] = side('A') as [string, string]
    const [b1, b2] = side('B') as [string, string]
    const rendering = Date.now()
    const video: PlayerVideo = await writePlayerTableVideo(dir, {
      seed: 23, scene, registry, realTableMm: REAL_MAT,
      models: [
        { id: a1, position: [205, 250], facingDeg: 8 },
        { id: a2, position: [180, 385], facingDeg: -12 },
        { id: b1, position: [420, 285], facingDeg: 176 },
        { id: b2, position: [440, 405], facingDeg: 190 },
      ],
    })
    console.log(`the phone's video of the table: ${video.durationS.toFixed(1)} s at ${video.fps} fps, ${video.width}×${video.height} (${((Date.now() - rendering) / 1000).toFixed(0)} s to render or take from the cache)`)
    // The test's own input: every tab seen whole in the ruling view, and the markers off the proposed spots.
    for (const m of video.rulingViewMarkers) {
      expect(m.inFrame && m.visibleFraction > 0.99, `model marker ${m.id} in the ruling view: ${JSON.stringify(m)}`).toBe(true)
      expect(m.sidePx).toBeGreaterThan(16)
    }
    expect(video.modelPx).toHaveLength(Math.round(video.durationS * video.fps))

    // ---- 3. The app again, the phone's camera on the table ----
    session = await launchChromiumProfile(profile, { fakeVideo: video.video })
    open = session
    page = session.page
    await page.setViewportSize(PHONE)
    await page.goto(server.url)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    // The app has the table: its models on the planner, its markers in force.
    expect((await sceneOf(page)).models.map((m) => m.id).sort()).toEqual([a1, a2, b1, b2].sort())
    expect((await registryInForce(page))?.name).toBe('My table: My table')
    const p2 = player(page)
    if (!(await page.getByTestId('mode-camera').isVisible())) await p2.click('menu-toggle')
    await p2.click('mode-camera', () => page.getByTestId('camera-mode').waitFor())
    // Not surveyed yet: the survey comes first.
    expect(await page.getByTestId('open-survey').getAttribute('class')).toBe('primary')
    expect(await page.getByTestId('survey-first').innerText()).toMatch(/not measured yet: survey the table first/)
    await shots(page, 'camera-survey-first', p2)
    await p2.click('open-survey', () => page.getByTestId('survey-step').waitFor())
    steps.push({ step: 'back in the app: Camera, "Survey the table"', p: p2 })

    const p3 = player(page)
    await p3.click('survey-start-sweep', () => page.getByTestId('survey-progress').waitFor({ timeout: 60_000 }))
    const sweepStarted = Date.now()
    await expect.poll(() => page.getByTestId('survey-progress').innerText(), { timeout: 240_000, interval: 500 }).toContain('every marker seen enough')
    const sweepS = (Date.now() - sweepStarted) / 1000
    const views = Number(await page.getByTestId('survey-progress').getAttribute('data-views'))
    await shots(page, 'survey-sweep', p3)
    await p3.click('survey-measure', () => expect.poll(() => page.getByTestId('survey-step').getAttribute('data-phase'), { timeout: 120_000 }).toBe('result'))
    const measureS = p3.entries[1]!.ms / 1000
    // The table the corner markers define, as the player laid them: its edges `inset` beyond the corner
    // markers' centres (the sheet's rule: white square against the edges), mean of the two on each side. The
    // survey knows the table only from them: how far short of the mat's corners each was pushed (up to 1.5 mm)
    // no camera tells from the mat's edge, so where a marker lies is taken in that table's frame.
    const insetOf = (m: { size: number }) => m.size / 2 + quietZoneMm(m.size)
    const corners = registry.markers.flatMap((m) => (m.role === 'table' && m.corner ? [{ corner: m.corner, inset: insetOf(m), at: video.laid.get(m.id)!.position }] : []))
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length
    const edge = (axis: 0 | 1, near: boolean, nearName: RegExp) => mean(corners.filter((c) => nearName.test(c.corner) === near).map((c) => c.at[axis] + (near ? -c.inset : c.inset)))
    const [left, right, front, back] = [edge(0, true, /^x0/), edge(0, false, /^x0/), edge(1, true, /y0$/), edge(1, false, /y0$/)]
    const inCornerFrame = (p: readonly [number, number]): [number, number] => [p[0] - left, p[1] - front]
    const spanned = [right - left, back - front]
    const proposedOffOf = new Map(registry.markers.flatMap((m) => (m.role === 'table' ? [[m.id, Math.hypot(...([0, 1] as const).map((k) => m.position[k] - inCornerFrame(video.laid.get(m.id)!.position)[k]) as [number, number])] as const] : [])))
    const proposedOff = [...proposedOffOf.values()]
    console.log(`table markers laid off their proposed spots by ${[...proposedOffOf].map(([id, d]) => `${id}: ${d.toFixed(2)} mm`).join(', ')} (in the corner markers' frame)`)
    // (the mat is 2.8 and 2.7 mm off the book's size: the two markers at its far edge lie 4–5 mm off their proposed spots)
    expect(proposedOff.filter((d) => d > 1.6).length, 'the sheet\'s proposals the markers were laid off').toBeGreaterThanOrEqual(2)
    // Every table marker where the player laid it, within 1.6 mm, and not where the sheet proposed it: a marker
    // whose proposed spot is more than 1.6 mm off where it lies is measured at most half as far from it as its
    // proposed spot, so a survey that moved nothing fails. (A marker pushed into a corner near the origin lies
    // within its slop of its proposed spot: for those the check is the 1.6 mm.)
    const rows = await page.getByTestId('survey-row').evaluateAll((trs) => trs.map((tr) => [Number(tr.getAttribute('data-id')), Number(tr.getAttribute('data-x')), Number(tr.getAttribute('data-y'))]))
    expect(rows.map((r) => r[0]).sort()).toEqual([0, 1, 2, 3])
    let surveyText = () => ''
    const markerLands = (what: string, id: number, x: number, y: number) => {
      const t = inCornerFrame(video.laid.get(id)!.position)
      const e = Math.hypot(x - t[0], y - t[1])
      expect(e, `${what} ${id}: ${e.toFixed(2)} mm from where it lies (the survey: ${surveyText()})`).toBeLessThan(1.6)
      if (proposedOffOf.get(id)! > 1.6) expect(e, `${what} ${id}: ${e.toFixed(2)} mm from where it lies, its proposed spot ${proposedOffOf.get(id)!.toFixed(2)} mm`).toBeLessThan(proposedOffOf.get(id)! / 2)
      return e
    }
    const resultText = await page.getByTestId('survey-result').innerText()
    surveyText = () => `${resultText.replace(/\s+/g, ' ').slice(0, 300)}; ${views} views kept`
    const surveyErrMm = rows.map(([id, x, y]) => markerLands('table marker', id!, x!, y!))
    expect(Number(await page.getByTestId('survey-result').getAttribute('data-worst-residual'))).toBeLessThan(0.5)
    expect(resultText).toContain('from the corner markers')
    const shownSize = resultText.match(/\((\d+\.\d) × (\d+\.\d) mm\)/)
    expect(shownSize, resultText).not.toBeNull()
    // The table's size: the one its corner markers span as the player laid them, to 0.7 mm (shown to 0.1 mm).
    // That is the mat less how far short of its corners each was pushed (up to 1.5 mm, which no camera tells
    // from the mat's edge), so against the mat itself the size must be nearer than the book's 24" (609.6 mm,
    // 2.8 and 2.7 mm off this mat): a survey that kept the book's size fails.
    const shownMm = [Number(shownSize![1]), Number(shownSize![2])]
    console.log(`table size: shown ${shownMm.join(' × ')} mm; the corner markers span ${spanned.map((v) => v.toFixed(2)).join(' × ')} mm on the ${REAL_MAT.widthMm} × ${REAL_MAT.depthMm} mm mat`)
    for (const [k, mat] of [REAL_MAT.widthMm, REAL_MAT.depthMm].entries()) {
      expect(Math.abs(shownMm[k]! - spanned[k]!), `${resultText}: against the span of the corner markers`).toBeLessThan(0.7)
      expect(Math.abs(shownMm[k]! - mat), `${resultText}: nearer the mat than the book's 609.6 mm`).toBeLessThan(Math.abs(609.6 - mat))
    }
    expect(await page.getByTestId('survey-size-warning').count()).toBe(0)
    await shots(page, 'survey-result', p3)

    // "Use this survey": saved into the table, in force; the camera starts on the table.
    const timeline = { lockedS: NaN, allPlacedS: NaN }
    const placedNow = async () => ((await sceneOf(page)).meta as { tracking?: { placed?: string[] } } | undefined)?.tracking?.placed ?? []
    await p3.click('survey-use', async () => {
      const t0 = Date.now()
      await expect.poll(() => page.getByTestId('tracking-status').getAttribute('data-locked'), { timeout: 120_000, interval: 200 }).toBe('yes')
      timeline.lockedS = (Date.now() - t0) / 1000
      // Until every model is seen, each one is on the table or listed as not on it yet.
      let listed = false
      await expect.poll(async () => {
        const now = await sceneOf(page)
        const waiting = ((now.meta as { notOnTable?: { models: Array<{ id: string }> } }).notOnTable?.models ?? []).map((m) => m.id)
        expect([...now.models.map((m) => m.id), ...waiting].sort()).toEqual([a1, a2, b1, b2].sort())
        if (waiting.length > 0 && (await page.getByTestId('not-on-table').count()) > 0) listed = true
        return (await placedNow()).length
      }, { timeout: 120_000, interval: 200 }).toBe(4)
      timeline.allPlacedS = (Date.now() - t0) / 1000
      console.log(`models not on the table yet listed while waiting: ${listed}`)
    })
    steps.push({ step: 'the survey: sweep, measure, use (the camera starts on the table)', p: p3, note: `sweep ${sweepS.toFixed(1)} s of walking (${views} views kept), measure ${measureS.toFixed(1)} s, then table locked ${timeline.lockedS.toFixed(1)} s and every model placed ${timeline.allPlacedS.toFixed(1)} s after "Use this survey"` })

    // The survey is in force and saved with the table (not only kept as a file would be).
    const inForce = await registryInForce(page)
    expect(inForce?.name).toBe('My table: My table')
    expect(inForce?.value.survey?.table.from).toBe('corner-markers')
    const saved = (await storedTables(page)).find((t) => t.name === 'My table')!
    expect(saved.registry.survey?.frames).toBe(inForce!.value.survey!.frames)
    for (const m of saved.registry.markers) if (m.role === 'table') markerLands('saved table marker', m.id, m.position[0], m.position[1])
    // Every model where the player stood it.
    const truthOf = new Map(video.truth.map((t) => [t.id, t.position]))
    const tracked = await sceneOf(page)
    const modelErrMm = tracked.models.map((m) => {
      const t = truthOf.get(m.id)!
      const e = Math.hypot(m.position[0] - t[0], m.position[1] - t[1])
      expect(e, `${m.name} on the table`).toBeLessThan(4)
      return e
    })
    const accuracy = { tableMarkersWorstMm: Math.round(Math.max(...surveyErrMm) * 100) / 100, proposalWorstOffMm: Math.round(Math.max(...proposedOff) * 100) / 100, modelsWorstMm: Math.round(Math.max(...modelErrMm) * 100) / 100, tableShownMm: [Number(shownSize![1]), Number(shownSize![2])], mat: REAL_MAT }
    console.log(`accuracy: ${JSON.stringify(accuracy)}`)

    // The first ruling: tap the attacker, then the target, where the video shows them (the renderer's truth
    // in the frame on screen), not where the app drew them.
    // (no message is dismissed first: one in the way is waited out, or dismissed as a counted tap)
    const p4 = player(page)
    // The phone held still in the ruling view: from 0.6 s after it arrives there (the aim settles) to the end of
    // the loop, and on from the loop's start (the same view).
    const steadyS = video.rulingViewS.map(([a, b]) => [a === 0 ? 0 : a + 0.6, b] as const)
    const tap = async (id: string, then: () => Promise<unknown>) => p4.timed(`tap ${id} in the picture`, async () => {
      const { extraTaps, why, frame } = await tapWhereFilmed(page, { path: video.video, fps: video.fps, width: video.width, height: video.height, modelPx: video.modelPx, steadyS: steadyS }, id)
      for (let i = 0; i < extraTaps; i++) p4.log.push(`click fit-toggle (the whole picture: ${why})`)
      console.log(`tapped ${id} where frame ${frame} of the video shows it`)
      await then()
    })
    await tap(a1, () => expect.poll(() => page.evaluate(() => window.__tabletop!.selection().attackerId)).toBe(a1))
    await page.waitForTimeout(600) // the picture re-aims on the pick (at human pace)
    await tap(b1, () => page.locator(`[data-testid="card"][data-fresh="yes"][data-state="ruled"][data-attacker="${a1}"][data-target="${b1}"]`).waitFor({ timeout: 60_000 }))
    expect(await page.getByTestId('card-title').innerText()).toMatch(/^Commando 1 → Medic 1/)
    steps.push({ step: 'the first ruling: tap attacker, tap target', p: p4 })
    // The verdict stays on the phone's screen while the camera keeps tracking (every animation frame for 5 s).
    // The card says one of two things in every frame: the verdict, or (issue 31: a doubted pose is never
    // a fact) which pick's place the tracker doubts and why the ruling waits. This ruling view locks on
    // two table markers whose fit hovers round the tracker's limit, so the second comes and goes.
    const onScreen = await page.evaluate(() => new Promise<{ frames: number; verdict: number; waiting: number; missing: number; outside: number; missingAs: Record<string, number> }>((resolve) => {
      const until = performance.now() + 5000
      const seen = { frames: 0, verdict: 0, waiting: 0, missing: 0, outside: 0, missingAs: {} as Record<string, number> }
      const onPage = (r: DOMRect) => r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth
      const tick = () => {
        seen.frames++
        // (the strip lays its cells straight into the floating card's grid: the card and its verdict are what show)
        const verdict = document.querySelector('[data-testid="card"] [data-testid="card-verdict"]')?.getBoundingClientRect()
        const cardEl = document.querySelector<HTMLElement>('[data-testid="card"]')
        const card = cardEl?.getBoundingClientRect()
        const why = cardEl?.dataset.state === 'doubted' ? cardEl.querySelector('[data-testid="card-doubted"]') : null
        if (card && verdict && verdict.height > 0) {
          seen.verdict++
          if (!onPage(card) || verdict.right > window.innerWidth) seen.outside++
        } else if (card && why && (why.textContent ?? '').includes('waits')) {
          seen.waiting++
          if (!onPage(card) || !onPage(why.getBoundingClientRect())) seen.outside++
        } else {
          seen.missing++
          const as = cardEl?.dataset.state ?? 'no card'
          seen.missingAs[as] = (seen.missingAs[as] ?? 0) + 1
        }
        if (performance.now() < until) requestAnimationFrame(tick)
        else resolve(seen)
      }
      requestAnimationFrame(tick)
    }))
    console.log(`the card over 5 s of tracking: ${JSON.stringify(onScreen)}`)
    expect(onScreen.frames).toBeGreaterThan(20)
    expect(onScreen.verdict, 'frames with the verdict').toBeGreaterThan(0)
    expect(onScreen.missing, `frames with neither the verdict nor why it waits (${JSON.stringify(onScreen.missingAs)})`).toBe(0)
    expect(onScreen.outside, 'frames with the card off the screen').toBe(0)
    // The screenshots when the phone is back in the ruling view (the video loops round the table): locked, steady.
    // (a survey stop is held 1.6 s, the ruling view 8 s: steady for 2.5 s is the ruling view, with 5 s left)
    await page.evaluate(() => new Promise<void>((resolve, reject) => {
      let since: number | null = null
      const t0 = performance.now()
      const timer = setInterval(() => {
        const locked = document.querySelector('[data-testid="tracking-status"]')?.getAttribute('data-locked') === 'yes'
        const still = document.querySelector('[data-testid="capture-status"]')?.getAttribute('data-hold') === 'no'
        const now = performance.now()
        since = locked && still ? since ?? now : null
        if (since !== null && now - since > 2500) { clearInterval(timer); resolve() }
        else if (now - t0 > 90_000) { clearInterval(timer); reject(new Error('never steady on the table for 2.5 s')) }
      }, 100)
    }))
    // On the phone the table's picture fills the screen under the verdict (the shown part of the video, not its box).
    const shown = await page.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="camera-image"] video')!
      const r = v.getBoundingClientRect()
      const cover = getComputedStyle(v).objectFit === 'cover'
      const scale = (cover ? Math.max : Math.min)(r.width / v.videoWidth, r.height / v.videoHeight)
      return { height: Math.min(r.height, v.videoHeight * scale), width: Math.min(r.width, v.videoWidth * scale), fit: getComputedStyle(v).objectFit }
    })
    console.log(`the picture on the phone: ${shown.width.toFixed(0)}×${shown.height.toFixed(0)} px shown (${shown.fit}) of a ${PHONE.width}×${PHONE.height} screen`)
    // It fills the screen unless the two picks cannot both be shown there free of the card and the controls: then
    // the app shows the whole picture (camera/imageFocus.ts), and both picks are then on it, free, where the
    // renderer's truth puts them in the frame on screen.
    if (shown.height / PHONE.height <= 0.7) {
      expect(shown.fit, 'not filled: the whole picture').toBe('contain')
      const picks = await filmedOnScreen(page, { path: video.video, fps: video.fps, width: video.width, height: video.height, modelPx: video.modelPx, steadyS }, [a1, b1])
      console.log(`the whole picture for the picks: ${JSON.stringify(picks)}`)
      for (const p of picks) expect(p.shown && p.free, `${p.id} on the whole picture, free (${p.over})`).toBe(true)
    }
    // Whom the verdict is about reads on the phone: no planning toggle lies over either pick's name.
    expect(await pickedNamesUnderToggles(page), 'picked models\' names under a planning toggle on the phone').toEqual([])
    await shots(page, 'verdict', p4)
    expect(session.consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([])

    // After a reload the survey is still the table's, and its export carries it.
    await page.reload()
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    if (!(await page.getByTestId('my-table').isVisible())) await page.getByTestId('menu-toggle').click()
    await page.getByTestId('my-table').click()
    await expect.poll(() => page.getByTestId('saved-table').count()).toBe(1)
    const [again] = await Promise.all([page.waitForEvent('download'), page.getByTestId('saved-table').getByTestId('export-table').click()])
    const afterReload = readTableText(readFileSync((await again.path())!, 'utf8'))
    expect(afterReload.registry.survey?.table.from).toBe('corner-markers')
    expect(afterReload.registry.markers).toEqual(inForce!.value.markers)
    // The setup shows the table as surveyed (its survey kept through the army's registry): its last step
    // goes to the camera, which starts the camera first, the survey one button among others.
    await page.getByTestId('saved-table').getByTestId('edit-table').click()
    await page.getByTestId('step-markers').click()
    expect(await page.getByTestId('go-camera').innerText()).toBe('Go to the camera')
    await page.getByTestId('go-camera').click()
    await page.getByTestId('camera-mode').waitFor()
    expect(await page.getByTestId('survey-step').count()).toBe(0)
    expect(await page.getByTestId('start-camera').getAttribute('class')).toBe('primary')
    expect(await page.getByTestId('survey-first').count()).toBe(0)

    // Surveyed again while the setup holds the table (this page loaded it above), then an edit saved in the
    // setup: the save keeps the new survey (the setup took the record the survey saved), never the old one.
    await page.getByTestId('open-survey').click()
    await page.getByTestId('survey-start-sweep').click()
    await expect.poll(() => page.getByTestId('survey-progress').innerText(), { timeout: 240_000, interval: 500 }).toContain('every marker seen enough')
    await page.getByTestId('survey-measure').click()
    await expect.poll(() => page.getByTestId('survey-step').getAttribute('data-phase'), { timeout: 120_000 }).toBe('result')
    await page.getByTestId('survey-use').click()
    await expect.poll(() => page.getByTestId('survey-step').count()).toBe(0)
    const second = (await registryInForce(page))!.value
    // (the same looping video may give the same kept views, so the second survey can equal the first to the
    // last digit: what is checked is that the setup's save keeps the survey in force, not an older record)
    expect(second.survey?.table.from).toBe('corner-markers')
    console.log(`second survey ${JSON.stringify(second.markers) === JSON.stringify(inForce!.value.markers) ? 'equal to' : 'differs from'} the first`)
    // (on the phone the camera's controls are in the bottom sheet, shut while the camera runs)
    // (the sheet may be open already from the survey, and shuts on a tap: try its toggle twice at most)
    for (let i = 0; i < 2 && !(await page.getByTestId('stop-camera').isVisible()); i++) {
      await page.getByTestId('sheet-toggle').click()
      await page.getByTestId('stop-camera').waitFor({ state: 'visible', timeout: 3000 }).catch(() => undefined)
    }
    await page.getByTestId('stop-camera').click()
    if (!(await page.getByTestId('my-table').isVisible())) await page.getByTestId('menu-toggle').click()
    await page.getByTestId('my-table').click()
    await page.getByTestId('step-army').click()
    await page.getByLabel(`Name of ${b2}`).fill('Medic Sergeant')
    await page.getByTestId('step-markers').click()
    await page.getByTestId('save-table').click()
    await expect.poll(async () => (await storedTables(page))[0]!.registry.markers.filter((m) => m.role === 'model').length).toBe(4)
    await expect.poll(async () => (await storedTables(page)).find((t) => t.name === 'My table')!.registry.markers.filter((m) => m.role === 'table')).toEqual(second.markers.filter((m) => m.role === 'table'))
    expect((await storedTables(page))[0]!.registry.survey).toEqual(second.survey)
    await session.close()

    const counted = steps.map(({ step, p, note }) => ({ step, actions: p.log.length, appS: p.appMs() / 1000, ...(note ? { note } : {}), log: [...p.log] }))
    const actions = counted.reduce((a, s) => a + s.actions, 0)
    const appS = counted.reduce((a, s) => a + s.appS, 0)
    const report = { format: 'tabletop-first-ruling/1', actions, appS: Math.round(appS * 10) / 10, sweepS: Math.round(sweepS * 10) / 10, steps: counted.map((s) => ({ ...s, appS: Math.round(s.appS * 100) / 100 })), accuracy, wallS: Math.round((Date.now() - started) / 100) / 10 }
    writeFileSync(join(dir, 'first-ruling.json'), JSON.stringify(report, null, 1) + '\n')
    console.log(`first ruling: ${actions} player actions; the app took ${appS.toFixed(1)} s to answer them (the sweep itself ${sweepS.toFixed(1)} s of walking):\n  ${counted.map((s) => `${s.step}: ${s.actions} actions, ${s.appS.toFixed(1)} s${s.note ? ` (${s.note})` : ''}\n    ${(s.log ?? []).join('\n    ')}`).join('\n  ')}`)
    // 20 before issue 31; two more now choose the army's sides (chosen by the player, never guessed): 22.
    // One more when, at the moment of the target's tap, the target lies under the planning layers' toggles
    // and the player shows the whole picture first (counted as "click fit-toggle"): where the picture is
    // aimed then depends on the video's phase at the attacker's tap (a fresh clone's full run hit it once).
    // Each warning or error dismissed before the screenshots counts too (issue 35); on this path none shows.
    expect(actions, counted.map((s) => `${s.step}: ${s.log.join('; ')}`).join('\n')).toBeLessThanOrEqual(23)
  }, 1_800_000)
})
