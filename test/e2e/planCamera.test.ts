// The planning layers in the camera view (issue 32), in Chromium with a fake camera: the narrative-
// skirmish demo table rendered by the tracking layer's synthetic frame generator (b1 moved) is the
// webcam. The table locks, the models are placed where the markers are; the player taps the Ranger
// sergeant (a1) in the image, switches on Reach and Threat over the image and taps a spot on the real
// table. Checked against the engine run here in Node on the table the app tracked (not the app's own
// figures): the reach area and the spot's path and attackers are the engine's for the tracked
// positions, and the overlay registered on the image tints exactly the spots the engine calls
// reachable (the overlay's own canvas, nothing else, read back), leaving the too-far ones clear.
// Then Exposure: the engine's grid for the tracked table, each judged cell coloured as the legend says.
// Screenshots (test-results/plan-camera-<size>.png, plan-camera-exposure-<size>.png) at phone upright and
// on its side, tablet, desktop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { type Scene, closestPointOnPolygon } from '../../src/engine/index.ts'
import { haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { TOLERANCE_MM, dismissMessages } from '../setup/demoTable.ts'
import { tapModel } from '../setup/tapModel.ts'
import { canvasPixels, labelBoxes, leaderLines, near, rgbOf, toSegmentPx } from '../setup/canvasPixels.ts'
import { type DemoCameraSession, PLAN_SIZES, distanceToRings, engineAnswer as engine, onPiece, onScreen as project, startDemoCamera, startDemoCameraSession, terrainOnScreen } from '../setup/planChecks.ts'

warnIfNoChromium('test/e2e/planCamera.test.ts (browser tests)')

type Poly = { outer: Array<[number, number]>; holes: Array<Array<[number, number]>> }
type ReachPoint = { at: [number, number]; reachable: boolean; reasons: Array<{ code: string }> }
type Answered = {
  sceneRev: number
  scene: Scene
  reach: { sceneRev: number; model: string; modes: Array<{ mode: string; result: { area: Poly[] } | null }> } | null
  spot: { sceneRev: number; at: [number, number]; reach: unknown } | null
  threat: { sceneRev: number; at: [number, number]; threat: { attackers: Array<{ model: string }> } | null } | null
}

const OVERLAY = '[data-testid="camera-image"] canvas'

/** The app's scene and plan answers read together (the tracked table changes at human pace). */
const now = (page: Page) => page.evaluate(() => {
  const s = window.__tabletopPlan!.state() as { sceneRev: number; answers: { reach: unknown; spot: unknown; threat: unknown } }
  return { sceneRev: s.sceneRev, scene: window.__tabletop!.scene(), reach: s.answers.reach, spot: s.answers.spot, threat: s.answers.threat }
}) as Promise<Answered>

describe.skipIf(!haveChromium)('planning layers over the live camera image (fake camera)', () => {
  let demo: DemoCameraSession

  beforeAll(async () => {
    demo = await startDemoCameraSession('plan-camera')
  }, 240_000)
  afterAll(async () => {
    await demo?.close()
  })

  it('reach and who can hit a spot, registered on the table in the image, as the engine answers for the tracked table', async () => {
    const page = demo.session.page
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    // A desktop: image and panel side by side (the sizes below are screenshots of the same state).
    await page.setViewportSize({ width: 1440, height: 900 })
    await startDemoCamera(page, demo.server.url, demo.registryPath)
    await expect.poll(async () => (await now(page)).scene.models.map((m) => m.id).sort().join(','), { timeout: 30_000 }).toMatch(/a1.*b1/)
    await dismissMessages(page)
    // On a desktop the image stands under the camera's controls: a player scrolls it into view.
    await page.getByTestId('camera-image').evaluate((el) => el.scrollIntoView({ block: 'end' }))
    await page.waitForTimeout(300)
    await tapModel(page, 'a1')
    await expect.poll(() => page.evaluate(() => window.__tabletop!.selection().attackerId)).toBe('a1')

    // Reach over the image: the engine's area for a1 where the camera placed it.
    await page.getByTestId('layer-reach').click()
    await page.getByTestId('layer-threat').click()
    let read: Answered | null = null
    await expect.poll(async () => {
      read = await now(page)
      return read.reach?.model === 'a1' && read.reach.sceneRev === read.sceneRev
    }, { timeout: 90_000, message: 'the reach for the tracked table' }).toBe(true)
    const tracked = read!.scene
    const reach = engine<{ area: Poly[] }>(tracked, { type: 'reach', model: 'a1' })
    expect(read!.reach!.modes[0]!.result!.area).toEqual(reach.area)
    const a1 = tracked.models.find((m) => m.id === 'a1')!
    expect(Math.hypot(a1.position[0] - 320, a1.position[1] - 300), 'a1 placed where its marker is').toBeLessThan(TOLERANCE_MM)

    // Spots the engine calls reachable (8 mm or more inside) are tinted in the legend's colour on the
    // overlay's own canvas; spots it calls too far (8 mm or more outside) have nothing drawn on them.
    const probes: Array<[number, number]> = []
    for (let r = 40; r <= 250; r += 15) for (let deg = 0; deg < 360; deg += 20) probes.push([a1.position[0] + r * Math.cos((deg * Math.PI) / 180), a1.position[1] + r * Math.sin((deg * Math.PI) / 180)])
    const open = (x: number, y: number) => x > 0 && y > 0 && (tracked.terrain ?? []).every((t) => !('footprint' in t) || !t.footprint || closestPointOnPolygon(t.footprint, x, y).distanceMm > 45) && tracked.models.every((m) => Math.hypot(m.position[0] - x, m.position[1] - y) > 55)
    const probed = engine<{ points: ReachPoint[] }>(tracked, { type: 'reach', model: 'a1', points: probes.filter(([x, y]) => open(x, y)) }).points
      .filter((p) => distanceToRings(reach.area.flatMap((a) => [a.outer, ...a.holes]), ...p.at) >= 8 && (p.reachable || p.reasons.some((r) => r.code === 'too-far')))
    const tint = rgbOf(await page.locator('[data-legend="mode"] .plan-swatch').evaluate((el) => {
      const [r, g, b] = getComputedStyle(el).backgroundColor.match(/\d+/g)!.map(Number)
      return `#${[r, g, b].map((v) => v!.toString(16).padStart(2, '0')).join('')}`
    }))
    // Terrain is drawn as a faint ghost over the image: points where a piece stands on screen are left out.
    const pieces = await terrainOnScreen(page, tracked)
    const screen = await Promise.all(probed.map((p) => project(page, p.at[0], p.at[1], 0)))
    // Labels and their leader lines (white) are the labels' pixels, not the layer's: where they stand
    // just before and just after the pixels are read (the tracker moves them by a pixel or two).
    const boxesBefore = await labelBoxes(page, OVERLAY)
    const leadersBefore = await leaderLines(page, OVERLAY)
    const pixels = await canvasPixels(page, OVERLAY, screen)
    const boxes = [...boxesBefore, ...(await labelBoxes(page, OVERLAY))]
    const leaders = [...leadersBefore, ...(await leaderLines(page, OVERLAY))]
    const frame = await page.getByTestId('camera-image').boundingBox()
    const usable = probed.map((p, i) => ({ p, s: screen[i]!, px: pixels[i]! })).filter(({ s }) =>
      s.x > frame!.x + 4 && s.y > frame!.y + 4 && s.x < frame!.x + frame!.width - 4 && s.y < frame!.y + frame!.height - 4 &&
      !near(s, boxes, 6) && leaders.every(([a, b]) => toSegmentPx(s, a, b) > 6) && !onPiece(s, pieces, 4))
    const inside = usable.filter((u) => u.p.reachable)
    const outside = usable.filter((u) => !u.p.reachable)
    expect(inside.length, 'reachable samples on screen').toBeGreaterThanOrEqual(8)
    expect(outside.length, 'too-far samples on screen').toBeGreaterThanOrEqual(8)
    for (const u of inside) {
      expect(u.px[3], `reachable ${u.p.at}: tinted`).toBeGreaterThan(40)
      expect(Math.hypot(u.px[0] - tint[0], u.px[1] - tint[1], u.px[2] - tint[2]), `reachable ${u.p.at}: the mode's colour (${u.px})`).toBeLessThan(40)
    }
    for (const u of outside) expect(u.px[3], `too far ${u.p.at}: nothing drawn (${u.px})`).toBe(0)

    // A tap on the real table: the path there and the attackers, as the engine answers for that spot.
    const spotAt = inside.reduce((b, u) => (Math.abs(Math.hypot(u.p.at[0] - a1.position[0], u.p.at[1] - a1.position[1]) - 100) < Math.abs(Math.hypot(b.p.at[0] - a1.position[0], b.p.at[1] - a1.position[1]) - 100) ? u : b))
    // Tapped where the overlay drew it a moment ago: the tracked camera must map that pixel back to the
    // same spot on a later frame (one demo frame in six with a fallback focal length put it 6 mm off).
    await page.mouse.click(spotAt.s.x, spotAt.s.y)
    // What the app last answered, said if the answer never comes (the revision it answered for, where).
    let seen = ''
    await expect.poll(async () => {
      read = await now(page)
      const s = read.spot
      const t = read.threat
      const st = await page.evaluate(() => window.__tabletopPlan!.state() as { pinned: unknown; pointer: unknown; pending: unknown; error: unknown })
      seen = `scene rev ${read.sceneRev}; spot ${s ? `rev ${s.sceneRev} at ${s.at}` : 'none'}; threat ${t ? `rev ${t.sceneRev} at ${t.at}, ${t.threat ? 'answered' : 'no answer'}` : 'none'}; pinned ${JSON.stringify(st.pinned)}, pointer ${JSON.stringify(st.pointer)}, pending ${JSON.stringify(st.pending)}, error ${JSON.stringify(st.error)}; tapped ${spotAt.p.at.map((v) => v.toFixed(1))} at screen ${spotAt.s.x.toFixed(0)},${spotAt.s.y.toFixed(0)}`
      return s !== null && t !== null && s.sceneRev === read.sceneRev && t.sceneRev === read.sceneRev && t.threat !== null && t.at[0] === s.at[0] && t.at[1] === s.at[1] && Math.hypot(s.at[0] - spotAt.p.at[0], s.at[1] - spotAt.p.at[1]) < 6
    }, { timeout: 120_000, message: 'the tapped spot answered' }).toBe(true).catch(async (e: Error) => {
      await page.screenshot({ path: screenshotPath('plan-camera-tap-unanswered') })
      throw new Error(`${e.message}\n  last seen: ${seen}`)
    })
    const spot = read!.spot!
    expect(spot.reach).toEqual(engine<{ points: unknown[] }>(read!.scene, { type: 'reach', model: 'a1', points: [spot.at] }).points[0])
    const threat = engine<{ points: Array<{ attackers: Array<{ model: string }> }> }>(read!.scene, { type: 'threat', model: 'a1', at: spot.at }).points[0]!
    expect(read!.threat!.threat).toEqual(threat)
    await expect.poll(async () => {
      const d = await page.evaluate(() => window.__tabletopPlan!.drawn())
      return { path: d?.path, pinned: d?.pinned, attackers: [...new Set(d?.attackers)].sort() }
    }).toEqual({ path: true, pinned: true, attackers: [...new Set(threat.attackers.map((a) => a.model))].sort() })

    for (const size of PLAN_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.waitForTimeout(1200)
      await dismissMessages(page)
      await page.screenshot({ path: screenshotPath(`plan-camera-${size.name}`) })
    }

    // Exposure over the image (a deployment check): the engine's grid for a model like a1 on the tracked
    // table; on the overlay's own canvas a cell two or more enemies see has the legend's "2"/"3+" colour,
    // a cell none sees none of the "seen" colours.
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByTestId('layer-reach').click()
    await page.getByTestId('layer-threat').click()
    await page.getByTestId('layer-exposure').click()
    type Grid = { origin: [number, number]; cellMm: number; columns: number; rows: number; seen: Array<number | null> }
    let grid: { scene: Scene; grid: Grid } | null = null
    await expect.poll(async () => {
      const g = await page.evaluate(() => {
        const s = window.__tabletopPlan!.state() as { sceneRev: number; answers: { exposure: { sceneRev: number; result: { grid: unknown } | null } | null } }
        return { rev: s.sceneRev, at: s.answers.exposure?.sceneRev, grid: s.answers.exposure?.result?.grid ?? null, scene: window.__tabletop!.scene() }
      })
      grid = g.grid && g.rev === g.at ? { scene: g.scene as Scene, grid: g.grid as Grid } : null
      return grid !== null
    }, { timeout: 120_000, message: 'the exposure map for the tracked table' }).toBe(true)
    const { scene: seenScene, grid: shownGrid } = grid!
    const m1 = seenScene.models.find((m) => m.id === 'a1')!
    expect(shownGrid).toEqual(engine<{ grid: Grid }>(seenScene, { type: 'exposure', side: m1.side, base: m1.base, height: m1.height, profile: m1.profile, stats: m1.stats }).grid)
    await expect.poll(async () => (await page.evaluate(() => window.__tabletopPlan!.drawn()))?.exposureGrid).toBe(true)
    await page.mouse.move(2, 2)
    await page.waitForTimeout(800)
    const legend = Object.fromEntries(await page.locator('[data-testid="legend-exposure"] [data-colour]').evaluateAll((els) => els.map((e) => [(e as HTMLElement).dataset.legend!, (e as HTMLElement).dataset.colour!])))
    const seenColours = ['seen-1', 'seen-2', 'seen-3'].map((k) => ({ k, rgb: rgbOf(legend[k]!) }))
    const g = shownGrid
    const cellsOf = (f: (n: number) => boolean) => g.seen.flatMap((n, c) => (n !== null && f(n) ? [{ n, x: g.origin[0] + ((c % g.columns) + 0.5) * g.cellMm, y: g.origin[1] + (Math.floor(c / g.columns) + 0.5) * g.cellMm }] : []))
      .filter((c) => open(c.x, c.y)).filter((_, i, all) => i % Math.max(1, Math.floor(all.length / 20)) === 0)
    const cells = [...cellsOf((n) => n === 0), ...cellsOf((n) => n >= 2)]
    const cellScreen = await Promise.all(cells.map((c) => project(page, c.x, c.y, 0)))
    const cellPixels = await canvasPixels(page, OVERLAY, cellScreen)
    const exBoxes = await labelBoxes(page, OVERLAY)
    const exPieces = await terrainOnScreen(page, seenScene)
    const exFrame = await page.getByTestId('camera-image').boundingBox()
    let judged = 0
    cells.forEach((c, i) => {
      const s = cellScreen[i]!
      if (s.x < exFrame!.x + 4 || s.y < exFrame!.y + 4 || s.x > exFrame!.x + exFrame!.width - 4 || s.y > exFrame!.y + exFrame!.height - 4) return
      if (near(s, exBoxes, 6) || onPiece(s, exPieces, 4)) return
      judged++
      const px = cellPixels[i]!
      expect(px[3], `cell (${c.x.toFixed(0)}, ${c.y.toFixed(0)}) drawn`).toBeGreaterThan(40)
      const nearest = seenColours.map((sc) => ({ k: sc.k, d: Math.hypot(px[0] - sc.rgb[0], px[1] - sc.rgb[1], px[2] - sc.rgb[2]) })).sort((a, b) => a.d - b.d)[0]!
      if (c.n >= 2) expect(nearest.d < 40 && ['seen-2', 'seen-3'].includes(nearest.k), `cell (${c.x.toFixed(0)}, ${c.y.toFixed(0)}) seen by ${c.n}: ${px}`).toBe(true)
      else expect(nearest.d, `hidden cell (${c.x.toFixed(0)}, ${c.y.toFixed(0)}): no "seen" colour (${px})`).toBeGreaterThan(60)
    })
    expect(judged, 'exposure cells judged on screen').toBeGreaterThanOrEqual(10)
    for (const size of PLAN_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.waitForTimeout(1200)
      await dismissMessages(page)
      await page.screenshot({ path: screenshotPath(`plan-camera-exposure-${size.name}`) })
    }
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid="stop-camera"]')?.click())
    expect(errors).toEqual([])
  }, 600_000)
})
