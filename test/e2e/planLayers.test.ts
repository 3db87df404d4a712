// The planning layers in the planner (issue 32), in Chromium, on the narrative-skirmish demo table: a
// player picks the Ranger sergeant (a1) by clicking it, switches on Reach, Threat and Exposure, points
// at the table and taps a spot. Each layer is checked against the engine run here in Node on the same
// scene (the CLI's way), not against the app's own figures:
// - the reach area is the engine's; on screen, spots the engine calls reachable (well inside its
//   area, in open ground) are tinted in the mode's legend colour, and spots it calls too far are left
//   exactly as they were;
// - the spot's path, cost and verdict are the engine's `reach` probe at that spot, on the table's label
//   and in the panel; the threat lines are the engine's `threat` attackers there, each labelled with
//   its weapon's exact chance;
// - the exposure map is the engine's grid; on screen, cells that one enemy sees take the legend's
//   "1" colour, cells that two or more see the "2"/"3+" colours, hidden cells neither;
// - live: the marksman dragged elsewhere, the threat and exposure answers follow, equal to the
//   engine's on the moved table.
// Screenshots (test-results/plan-planner-<size>.png) at phone upright and on its side, tablet, desktop.
import { describe, expect, it } from 'vitest'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { type Scene, inches, polygonContains } from '../../src/engine/index.ts'
import { appInBrowser } from '../setup/appInBrowser.ts'
import { haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { dismissMessages, sceneOf } from '../setup/demoTable.ts'
import { type ScreenPoint, canvasPixels, labelBoxes, near, rgbOf, toSegmentPx, towards } from '../setup/canvasPixels.ts'
import { PLAN_SIZES, distanceToRings, engineAnswer as engine, onPiece, onScreen as project, terrainOnScreen } from '../setup/planChecks.ts'

warnIfNoChromium('test/e2e/planLayers.test.ts (browser tests)')

type Poly = { outer: Array<[number, number]>; holes: Array<Array<[number, number]>> }
type ReachAnswer = { area: Poly[]; points: Array<{ at: [number, number]; reachable: boolean; cost: { mm: number } | null; path: unknown; reasons: Array<{ code: string }> }> }
type ThreatAnswer = { points: Array<{ attackers: Array<{ model: string; via: string; weapon?: string; chance?: { exact: string } }> }> }
type ExposureAnswer = { grid: { origin: [number, number]; cellMm: number; columns: number; rows: number; seen: Array<number | null> } }

const VIEW = '[data-testid="table-view"] canvas'

/** Open ground a tint can be seen on from above: away from terrain (its walls hide the ground behind), models and their rings. */
function openGround(scene: Scene, x: number, y: number): boolean {
  for (const t of scene.terrain ?? []) {
    if ('footprint' in t && t.footprint) {
      if (polygonContains(t.footprint, x, y) || distanceToRings([t.footprint], x, y) < 45) return false
    } else if ('position' in t && Math.hypot(t.position[0] - x, t.position[1] - y) < 160) return false
  }
  return scene.models.every((m) => Math.hypot(m.position[0] - x, m.position[1] - y) > 55)
}

type PlanState = {
  subject: string | null
  sceneRev: number
  answers: {
    reach: { model: string; sceneRev: number; modes: Array<{ mode: string; result: { area: Poly[]; allowance: { mm: number; formula: string } } | null }> } | null
    spot: { model: string; sceneRev: number; at: [number, number]; reach: ReachAnswer['points'][number] | null; allowance: { mm: number } | null } | null
    threat: { model: string; sceneRev: number; at: [number, number]; threat: ThreatAnswer['points'][number] | null } | null
    exposure: { model: string; sceneRev: number; result: ExposureAnswer | null } | null
  }
}
const planState = (page: Page) => page.evaluate(() => window.__tabletopPlan!.state()) as Promise<PlanState>
const drawn = (page: Page) => page.evaluate(() => window.__tabletopPlan!.drawn())

/** The screen points of the LoS lines the attack overlay draws from a1 (its eye to each enemy's body). */
async function losSegments(page: Page, scene: Scene, from: string): Promise<Array<[ScreenPoint, ScreenPoint]>> {
  const a = scene.models.find((m) => m.id === from)!
  const out: Array<[ScreenPoint, ScreenPoint]> = []
  for (const e of scene.models.filter((m) => m.side !== a.side)) {
    out.push([await project(page, a.position[0], a.position[1], a.height * 0.9), await project(page, e.position[0], e.position[1], e.height / 2)])
  }
  return out
}

describe.skipIf(!haveChromium)('planning layers in the planner (Chromium)', () => {
  const app = appInBrowser()

  it('reach, the path to a spot, who can hit it and the exposure map are the engine\'s, drawn where it says, and follow a move', async () => {
    const page = app.session().page
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(app.server().url)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    await dismissMessages(page)
    const at = await page.evaluate(() => window.__tabletop!.modelOnScreen('a1'))
    await page.mouse.click(at!.x, at!.y)
    await expect.poll(() => page.evaluate(() => window.__tabletop!.selection().attackerId)).toBe('a1')
    const scene = await sceneOf(page)

    // Reach: the engine's area, tinted where it says (open ground, 8 mm or more inside or outside).
    await page.getByTestId('layer-reach').click()
    await expect.poll(async () => (await planState(page)).answers.reach?.model, { timeout: 60_000 }).toBe('a1')
    const reach = engine<ReachAnswer>(scene, { type: 'reach', model: 'a1' })
    const shown = (await planState(page)).answers.reach!
    expect(shown.modes.map((m) => m.mode)).toEqual(['move'])
    expect(shown.modes[0]!.result!.area).toEqual(reach.area)
    expect(shown.modes[0]!.result!.allowance.mm).toBeCloseTo(inches(6), 2)
    await expect.poll(() => page.getByTestId('legend-reach').innerText()).toContain('move 6"')

    const a1 = scene.models.find((m) => m.id === 'a1')!
    const probes: Array<[number, number]> = []
    for (let r = 30; r <= 260; r += 14) for (let deg = 0; deg < 360; deg += 18) probes.push([a1.position[0] + r * Math.cos((deg * Math.PI) / 180), a1.position[1] + r * Math.sin((deg * Math.PI) / 180)])
    const probed = engine<ReachAnswer>(scene, { type: 'reach', model: 'a1', points: probes.filter(([x, y]) => x > 0 && y > 0 && openGround(scene, x, y)) })
    const rings = reach.area.flatMap((p) => [p.outer, ...p.holes])
    const clear = (x: number, y: number) => distanceToRings(rings, x, y) >= 8
    const inside = probed.points.filter((p) => p.reachable && clear(...p.at))
    const outside = probed.points.filter((p) => !p.reachable && p.reasons.some((r) => r.code === 'too-far') && clear(...p.at))
    const tint = await page.locator('[data-legend="mode"] .plan-swatch').evaluate((el) => getComputedStyle(el).backgroundColor)
    const tintRgb = tint.match(/\d+/g)!.slice(0, 3).map(Number)
    const samples = [...inside, ...outside]
    const screen = await Promise.all(samples.map((p) => project(page, p.at[0], p.at[1], 0)))
    await page.waitForTimeout(500)
    const onPixels = await canvasPixels(page, VIEW, screen)
    const boxesOn = await labelBoxes(page, VIEW)
    await page.getByTestId('layer-reach').click()
    await page.waitForTimeout(500)
    const offPixels = await canvasPixels(page, VIEW, screen)
    const boxes = [...boxesOn, ...(await labelBoxes(page, VIEW))]
    const lines = await losSegments(page, scene, 'a1')
    const pieces = await terrainOnScreen(page, scene)
    const usable = samples.map((p, i) => ({ p, s: screen[i]!, on: onPixels[i]!, off: offPixels[i]! }))
      .filter((x) => !near(x.s, boxes, 6) && lines.every(([a, b]) => toSegmentPx(x.s, a, b) > 8) && !onPiece(x.s, pieces, 4))
    const tinted = usable.filter((x) => x.p.reachable)
    const untouched = usable.filter((x) => !x.p.reachable)
    expect(tinted.length, 'reachable samples on open ground').toBeGreaterThanOrEqual(10)
    expect(untouched.length, 'too-far samples on open ground').toBeGreaterThanOrEqual(10)
    for (const x of tinted) {
      const m = towards(x.off, x.on, tintRgb)
      expect(m.t, `reachable ${x.p.at} tinted toward ${tint} (off ${x.off}, on ${x.on})`).toBeGreaterThan(0.12)
      expect(m.stray, `reachable ${x.p.at}: the tint's colour`).toBeLessThan(25)
    }
    for (const x of untouched) expect(x.on.slice(0, 3), `too far ${x.p.at}: nothing drawn`).toEqual(x.off.slice(0, 3))

    // The path to the spot under the pointer: the engine's probe at exactly that spot.
    await page.getByTestId('layer-reach').click()
    const spotTarget = inside.reduce((b, p) => (Math.abs(Math.hypot(p.at[0] - a1.position[0], p.at[1] - a1.position[1]) - 110) < Math.abs(Math.hypot(b.at[0] - a1.position[0], b.at[1] - a1.position[1]) - 110) ? p : b))
    const sp = await project(page, spotTarget.at[0], spotTarget.at[1], 0)
    await page.mouse.move(sp.x, sp.y)
    await expect.poll(async () => {
      const s = (await planState(page)).answers.spot
      return s?.reach ? Math.hypot(s.at[0] - spotTarget.at[0], s.at[1] - spotTarget.at[1]) : Infinity
    }, { timeout: 60_000, message: 'the spot under the pointer' }).toBeLessThan(4)
    const spot = (await planState(page)).answers.spot!
    const probe = engine<ReachAnswer>(scene, { type: 'reach', model: 'a1', points: [spot.at] }).points[0]!
    expect(spot.reach).toEqual(probe)
    expect(probe.reachable).toBe(true)
    expect((await drawn(page))?.path).toBe(true)
    const costText = `${(probe.cost!.mm / 25.4).toFixed(1)}″`
    await expect.poll(async () => (await page.evaluate(() => window.__tabletop!.labels())).filter((l) => l.shown).map((l) => l.text)).toContainEqual(`✓ ${costText} of 6.0″`)
    await expect.poll(() => page.getByTestId('plan-cost').innerText()).toContain(`Path ${costText} of 6.0″`)
    expect(await page.getByTestId('plan-cost').innerText()).toContain('Models › Movement')

    // Who can hit a1 there: the engine's threat at the spot, a line and a label per attacker.
    await page.getByTestId('layer-threat').click()
    await expect.poll(async () => {
      const t = (await planState(page)).answers.threat
      return t?.threat != null && t.at[0] === spot.at[0] && t.at[1] === spot.at[1]
    }, { timeout: 90_000, message: 'the attackers at the spot' }).toBe(true)
    const withThreat = (await planState(page)).answers.threat!
    const threat = engine<ThreatAnswer>(scene, { type: 'threat', model: 'a1', at: withThreat.at }).points[0]!
    expect(withThreat.threat).toEqual(threat)
    expect(threat.attackers.length, 'an enemy can attack the spot (the marksman sees the open ground by the wall)').toBeGreaterThan(0)
    await expect.poll(async () => [...new Set((await drawn(page))!.attackers)].sort()).toEqual([...new Set(threat.attackers.map((a) => a.model))].sort())
    for (const a of threat.attackers) {
      const item = page.getByTestId(`plan-attacker-${a.model}`).first()
      expect(await item.getAttribute('data-via')).toBe(a.via)
      if (a.chance) expect(await item.innerText()).toContain(a.chance.exact)
    }
    const labelTexts = (await page.evaluate(() => window.__tabletop!.labels())).map((l) => l.text)
    for (const a of threat.attackers) if (a.chance) expect(labelTexts.some((t) => t.includes(a.chance!.exact)), `a label with ${a.model}'s ${a.chance.exact}`).toBe(true)

    // Exposure: the engine's grid for a model like a1, coloured as the legend says.
    await page.getByTestId('layer-exposure').click()
    await expect.poll(async () => (await planState(page)).answers.exposure?.result != null, { timeout: 90_000 }).toBe(true)
    const exposure = engine<ExposureAnswer>(scene, { type: 'exposure', side: a1.side, base: a1.base, height: a1.height, profile: a1.profile, stats: a1.stats })
    expect((await planState(page)).answers.exposure!.result!.grid).toEqual(exposure.grid)
    const legend = Object.fromEntries(await page.locator('[data-testid="legend-exposure"] [data-colour]').evaluateAll((els) => els.map((e) => [(e as HTMLElement).dataset.legend!, (e as HTMLElement).dataset.colour!])))
    const g = exposure.grid
    const cells = g.seen.map((seen, c) => ({ seen, x: g.origin[0] + ((c % g.columns) + 0.5) * g.cellMm, y: g.origin[1] + (Math.floor(c / g.columns) + 0.5) * g.cellMm })).filter((c) => c.seen !== null && openGround(scene, c.x, c.y))
    const pick = (f: (s: number) => boolean) => cells.filter((c) => f(c.seen!)).filter((_, i, all) => i % Math.max(1, Math.floor(all.length / 25)) === 0)
    const chosen = [...pick((s) => s === 0), ...pick((s) => s === 1), ...pick((s) => s >= 2)]
    // Keep clear of the reach and spot drawings (drawn above the map): reach off, the pointer off the table.
    await page.getByTestId('layer-reach').click()
    await page.getByTestId('layer-threat').click()
    await page.mouse.move(2, 2)
    await page.waitForTimeout(600)
    const cellScreen = await Promise.all(chosen.map((c) => project(page, c.x, c.y, 0)))
    const exOn = await canvasPixels(page, VIEW, cellScreen)
    const exBoxes = await labelBoxes(page, VIEW)
    await page.getByTestId('layer-exposure').click()
    await page.waitForTimeout(500)
    const exOff = await canvasPixels(page, VIEW, cellScreen)
    const colours = { 'seen-1': rgbOf(legend['seen-1']!), 'seen-2': rgbOf(legend['seen-2']!), 'seen-3': rgbOf(legend['seen-3']!) }
    const nearestSeen = (off: number[], on: number[]) => {
      let best: { k: string; stray: number; t: number } = { k: 'none', stray: Infinity, t: 0 }
      for (const [k, c] of Object.entries(colours)) {
        const m = towards(off, on, c)
        if (m.t > 0.12 && m.stray < best.stray) best = { k, stray: m.stray, t: m.t }
      }
      return best.stray < 25 ? best.k : 'none'
    }
    let judged = 0
    chosen.forEach((c, i) => {
      if (near(cellScreen[i]!, exBoxes, 6) || onPiece(cellScreen[i]!, pieces, 4)) return
      judged++
      const got = nearestSeen(exOff[i]!.slice(0, 3), exOn[i]!.slice(0, 3))
      const want = c.seen === 0 ? 'none' : `seen-${Math.min(3, c.seen!)}`
      if (c.seen! >= 2) expect(['seen-2', 'seen-3'], `cell (${c.x.toFixed(0)}, ${c.y.toFixed(0)}) seen by ${c.seen}`).toContain(got)
      else expect(got, `cell (${c.x.toFixed(0)}, ${c.y.toFixed(0)}) seen by ${c.seen}`).toBe(want)
      if (c.seen === 0) expect(exOn[i]!.slice(0, 3), `hidden cell (${c.x.toFixed(0)}, ${c.y.toFixed(0)}) is drawn`).not.toEqual(exOff[i]!.slice(0, 3))
    })
    expect(judged, 'exposure cells judged on screen').toBeGreaterThanOrEqual(20)

    // Live: drag the marksman (b2) away; threat and exposure follow, equal to the engine on the moved table.
    await page.getByTestId('layer-exposure').click()
    await page.getByTestId('layer-threat').click()
    await page.getByTestId('layer-reach').click()
    const sp2 = await project(page, spot.at[0], spot.at[1], 0)
    await page.mouse.click(sp2.x, sp2.y)
    await expect.poll(async () => (await planState(page)).answers.spot != null).toBe(true)
    const before = await planState(page)
    const b2 = await page.evaluate(() => window.__tabletop!.modelOnScreen('b2'))
    const to = await project(page, 700, 420, 20)
    await page.mouse.move(b2!.x, b2!.y)
    await page.mouse.down()
    for (let i = 1; i <= 10; i++) await page.mouse.move(b2!.x + ((to.x - b2!.x) * i) / 10, b2!.y + ((to.y - b2!.y) * i) / 10)
    await page.mouse.up()
    await page.mouse.move(2, 2)
    await expect.poll(async () => (await sceneOf(page)).models.find((m) => m.id === 'b2')!.position[0], { message: 'the marksman followed the drag' }).toBeGreaterThan(650)
    const moved = await sceneOf(page)
    const rev = (await planState(page)).sceneRev
    expect(rev).toBeGreaterThan(before.sceneRev)
    await expect.poll(async () => {
      const s = await planState(page)
      return s.sceneRev === s.answers.exposure?.sceneRev && s.sceneRev === s.answers.threat?.sceneRev && s.answers.threat?.threat != null
    }, { timeout: 120_000, message: 'exposure and threat answered for the moved table' }).toBe(true)
    const after = await planState(page)
    const m1 = moved.models.find((m) => m.id === 'a1')!
    expect(after.answers.exposure!.result!.grid).toEqual(engine<ExposureAnswer>(moved, { type: 'exposure', side: m1.side, base: m1.base, height: m1.height, profile: m1.profile, stats: m1.stats }).grid)
    expect(after.answers.threat!.threat).toEqual(engine<ThreatAnswer>(moved, { type: 'threat', model: 'a1', at: after.answers.threat!.at }).points[0])
    expect((await drawn(page))?.pinned).toBe(true)

    // What a player sees, at four sizes: reach with the pinned spot's path and its attackers; then exposure.
    await page.getByTestId('layer-exposure').click()
    for (const size of PLAN_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.waitForTimeout(800)
      await page.screenshot({ path: screenshotPath(`plan-planner-${size.name}`) })
    }
    // The toggles, the legend and the panel's plan pass WCAG 2.1 A/AA (contrast included), all layers on.
    await page.getByTestId('layer-exposure').click()
    await expect.poll(async () => (await drawn(page))?.exposureGrid).toBe(true)
    const axe = await new AxeBuilder({ page }).include('[data-testid="plan-bar"]').include('[data-testid="plan-panel"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
    await page.getByTestId('layer-exposure').click()

    // Exposure alone: the map for deployment, and its legend.
    await page.getByTestId('layer-reach').click()
    await page.getByTestId('layer-threat').click()
    await page.getByTestId('layer-exposure').click()
    await expect.poll(async () => (await drawn(page))?.exposureGrid).toBe(true)
    for (const size of PLAN_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.waitForTimeout(800)
      await page.screenshot({ path: screenshotPath(`plan-planner-exposure-${size.name}`) })
    }
    expect(errors).toEqual([])
  }, 600_000)

  it('a dice move (Jagged Shards Sprint, M + D6): every mode the book names, each roll\'s contour with its chance, and a spot\'s exact chance', async () => {
    const page = app.session().page
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(app.server().url)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    await page.getByTestId('system-picker').selectOption('jagged-shards')
    await expect.poll(() => page.evaluate(() => (window.__tabletop!.scene() as { system: string }).system)).toBe('jagged-shards')
    await dismissMessages(page)
    const scene = await sceneOf(page)
    const model = scene.models[0]!
    await page.getByTestId(`attacker-${model.id}`).click()
    await page.getByTestId('layer-reach').click()
    await expect.poll(async () => (await planState(page)).answers.reach?.model, { timeout: 60_000 }).toBe(model.id)
    // The modes the book names for a move (§8.1, §12), each a button with its formula as the engine gives it.
    const reach = (await planState(page)).answers.reach!
    expect(reach.modes.map((m) => m.mode)).toEqual(['normal', 'sprint', 'rush'])
    for (const m of reach.modes) expect(await page.getByTestId(`plan-mode-${m.mode}`).innerText()).toContain(m.result!.allowance.formula)
    await page.getByTestId('plan-mode-sprint').click()
    await expect.poll(() => page.getByTestId('plan-mode-sprint').getAttribute('aria-pressed')).toBe('true')
    type Contoured = { area: Poly[]; contours: Array<{ roll: number; area: Poly[]; chance: { value: number; exact: string }; allowance: { mm: number } }> }
    const sprint = engine<Contoured>(scene, { type: 'reach', model: model.id, mode: 'sprint' })
    expect(reach.modes.find((m) => m.mode === 'sprint')!.result!.area).toEqual(sprint.area)
    // Each roll's reach short of certain is dashed on the table and labelled with its chance (the engine's exact fraction).
    const drawnContours = sprint.contours.filter((c) => c.area.length > 0 && c.chance.value < 1)
    expect(drawnContours.length).toBeGreaterThan(0)
    await expect.poll(async () => (await drawn(page))?.contours).toBe(drawnContours.length)
    await expect.poll(async () => (await drawn(page))?.tinted).toEqual(['sprint'])
    const labels = (await page.evaluate(() => window.__tabletop!.labels())).map((l) => l.text)
    for (const c of drawnContours) expect(labels.some((t) => t.endsWith(`: ${c.chance.exact}`)), `a contour labelled ${c.chance.exact}`).toBe(true)

    // A spot the best roll reaches but the worst does not: the engine's exact chance on the label and in the panel.
    const worst = drawnContours.reduce((a, b) => (a.allowance.mm < b.allowance.mm ? a : b))
    const out = (x: number, y: number) => !worst.area.some((p) => polygonContains(p.outer, x, y))
    let target: [number, number] | null = null
    for (let r = 20; r < 200 && !target; r += 6) {
      for (let deg = 0; deg < 360 && !target; deg += 15) {
        const x = model.position[0] + r * Math.cos((deg * Math.PI) / 180)
        const y = model.position[1] + r * Math.sin((deg * Math.PI) / 180)
        if (out(x, y) && sprint.area.some((p) => polygonContains(p.outer, x, y)) && distanceToRings(sprint.area.flatMap((p) => [p.outer, ...p.holes]), x, y) > 10 && openGround(scene, x, y)) target = [x, y]
      }
    }
    expect(target, 'a spot beyond the worst roll inside the best').not.toBeNull()
    const sp = await project(page, target![0], target![1], 0)
    await page.mouse.move(sp.x, sp.y)
    await expect.poll(async () => {
      const s = (await planState(page)).answers.spot
      return s?.reach ? Math.hypot(s.at[0] - target![0], s.at[1] - target![1]) : Infinity
    }, { timeout: 60_000 }).toBeLessThan(4)
    const spot = (await planState(page)).answers.spot!
    const probe = engine<{ points: Array<{ reachable: boolean; chance?: { value: number; exact: string } }> }>(scene, { type: 'reach', model: model.id, mode: 'sprint', points: [spot.at] }).points[0]!
    expect(spot.reach).toEqual(probe)
    expect(probe.chance!.value).toBeGreaterThan(0)
    expect(probe.chance!.value).toBeLessThan(1)
    await expect.poll(() => page.getByTestId('plan-chance').innerText()).toContain(probe.chance!.exact)
    await expect.poll(async () => (await page.evaluate(() => window.__tabletop!.labels())).filter((l) => l.shown && l.kind === 'plan-spot').map((l) => l.text).join()).toContain(`· ${probe.chance!.exact}`)
    for (const size of PLAN_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.waitForTimeout(800)
      await page.screenshot({ path: screenshotPath(`plan-planner-dice-${size.name}`) })
    }
  }, 300_000)
})
