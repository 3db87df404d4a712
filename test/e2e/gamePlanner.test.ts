// A game at the table in the planner (issue 33), in Chromium against the built app, played as a
// player plays it (clicks, a drag, typed dice), on the narrative skirmish demo table:
//  - start a game, round 1 with A first, A's turn, the Ranger sergeant (a1) activates: badges over
//    the models say who acts and who is ready;
//  - a1 shoots the Raider (b1): the result waits for a confirm; the dice are entered (10 then 1: the
//    attacker's d10 beats the defender's whatever the ±1 modifiers) and the proposal "Raider down"
//    is confirmed; the Raider's badge says "down";
//  - a1 is dragged 8″ toward the marksman, (320, 300) → (503.1, 388.2): logged as a dragged move and
//    flagged over its 6″ ("Small Models can move 6 inches", Models > Movement): the cost is at least
//    the straight distance the drag left it at;
//  - a1 shoots the marksman (b2), the app rolls, and the result is overridden with a reason;
//  - taking the drag back first says which later events it changes (the shot after it: its result);
//  - rewinding shows a1's ghost where it stood; "put the models back" brings every model back;
//  - points by hand, confirmed by both sides, score;
//  - a scene file, a damaged file and a log with its events out of order, opened as game logs: one
//    message each, the game as it was; a reload brings the game back;
//  - the record of the shot after the drag carries the log up to it: with the game closed (a device
//    without it), "Show on table" rebuilds a1 where the drag left it from that log — not from the
//    record's own table, which is moved here to tell the two apart.
// Screenshots at phone (390×844, 844×390), tablet and desktop sizes.
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import type { GameEvent, Scene } from '../../src/engine/index.ts'
import { haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { appInBrowser } from '../setup/appInBrowser.ts'
import { dismissMessages, openAndSelect } from '../setup/demoTable.ts'
import { GAME_SHOT_SIZES, playToActivation, turnLine } from '../setup/gameSteps.ts'

warnIfNoChromium('test/e2e/gamePlanner.test.ts (browser tests)')

const SIZES = GAME_SHOT_SIZES

type GameProbe = { view: { events: GameEvent[]; outcomes: Array<{ seq: number; findings: Array<{ code: string; rule?: string }>; move?: { text: string; cost: number | null; margin: number | null; allowance: number | null }; undoneBy?: number }>; state: { scores: Record<string, number>; models: Array<{ id: string; statuses: string[]; position: [number, number] }> } } | null }
const view = async (page: Page) => (await page.evaluate(() => window.__tabletopGame!.view())) as GameProbe['view']
const events = async (page: Page) => (await view(page))?.events ?? []
const labelsOf = (page: Page, kind: string) => page.evaluate((k) => window.__tabletop!.labels().filter((l) => l.kind === k && l.shown).map((l) => l.text), kind)

/** Screenshots with `focus` scrolled into the panel's view (its end, where the buttons are): every size, or the phone and desktop only. */
async function shots(page: Page, name: string, focus: string, sizes: readonly (typeof SIZES)[number]['name'][] = SIZES.map((s) => s.name)): Promise<void> {
  for (const s of SIZES.filter((x) => sizes.includes(x.name))) {
    await page.setViewportSize({ width: s.width, height: s.height })
    await page.waitForTimeout(300)
    await page.getByTestId(focus).first().evaluate((el) => el.scrollIntoView({ block: 'end' }))
    await page.waitForTimeout(200)
    await page.screenshot({ path: screenshotPath(`game-${name}-${s.name}`) })
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

describe.skipIf(!haveChromium)('a game in the planner', () => {
  const app = appInBrowser()
  const dir = mkdtempSync(join(tmpdir(), 'tabletop-game-planner-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('turns, badges, a confirm, a flagged drag, an override, an undo that warns, a rewind with ghosts, scores, bad files, a reload', { timeout: 300_000 }, async () => {
    const page = app.session().page
    await page.setViewportSize({ width: 1440, height: 900 })
    await openAndSelect(page, app.server().url)
    await dismissMessages(page)

    await playToActivation(page, 'A', 'a1', 'Ranger sergeant')
    // Badges over the models: a1 acts, the others are ready.
    await expect.poll(() => labelsOf(page, 'badge')).toContain('▶ acting')
    expect(await labelsOf(page, 'badge')).toContain('ready')

    // The shot: dice entered, the proposal confirmed.
    await page.getByTestId('rule-on-this').click()
    await page.getByTestId('proposal-needs-dice').waitFor({ timeout: 20_000 })
    await page.getByTestId('proposal-dice-input').fill('10 1')
    await page.getByTestId('proposal-enter-dice').click()
    await expect.poll(() => page.getByTestId('proposal-effects').innerText(), { timeout: 20_000 }).toBe('Proposed: Raider down')
    await shots(page, 'confirm', 'proposal-confirm')
    await page.getByTestId('proposal-confirm').click()
    await expect.poll(async () => (await events(page)).at(-1)).toMatchObject({ type: 'effect', effects: [{ kind: 'status', model: 'b1', status: 'down', set: true }], decision: { kind: 'confirm', by: 'players' }, roll: { source: 'entered', dice: [10, 1] } })
    await expect.poll(() => labelsOf(page, 'badge')).toContain('down')

    // The drag: 8″ toward the marksman, logged as dragged and flagged over the 6″ allowance.
    const from = (await page.evaluate(() => window.__tabletop!.modelOnScreen('a1')))!
    const to = await page.evaluate(() => window.__tabletop!.project(503.1, 388.2, 20))
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    for (let i = 1; i <= 12; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 12, from.y + ((to.y - from.y) * i) / 12)
    await page.mouse.up()
    await expect.poll(async () => (await events(page)).at(-1)?.type, { timeout: 20_000 }).toBe('move')
    const v1 = (await view(page))!
    const move = v1.events.at(-1) as Extract<GameEvent, { type: 'move' }>
    expect(move).toMatchObject({ model: 'a1', source: 'dragged' })
    const straightIn = Math.hypot(move.to[0] - 320, move.to[1] - 300) / 25.4
    expect(straightIn).toBeGreaterThan(7.5)
    const check = v1.outcomes.at(-1)!.move!
    expect(check.allowance).toBe(6)
    expect(check.cost!).toBeGreaterThanOrEqual(Math.round(straightIn * 1000) / 1000 - 0.001)
    expect(check.text).toMatch(/^moved \d+(\.\d+)?″ of 6″ \(over by \d+(\.\d+)?″\)$/)
    expect(v1.outcomes.at(-1)!.findings.map((f) => [f.code, f.rule])).toContainEqual(['move-over-allowance', 'Models > Movement'])
    await expect.poll(() => labelsOf(page, 'badge-flag')).toContain(`⚠ ${check.text}`)
    const moveSeq = move.seq

    // A second shot: the app rolls, the result is overridden with a reason.
    await page.getByTestId('target-b2').click()
    await page.getByTestId('rule-on-this').click()
    await page.getByTestId('proposal-roll').click({ timeout: 20_000 })
    await expect.poll(() => page.getByTestId('proposal').getAttribute('data-kind'), { timeout: 20_000 }).toBe('proposal')
    await page.getByTestId('proposal-override').click()
    for (let n = await page.locator('[data-testid="override-effects"] .effect-list button').count(); n > 0; n--) await page.locator('[data-testid="override-effects"] .effect-list button').first().click()
    await page.getByTestId('override-reason').fill('the referee rules the shot a miss: the marksman ducked')
    await shots(page, 'override', 'override-apply')
    await page.getByTestId('override-apply').click()
    await expect.poll(async () => (await events(page)).at(-1)).toMatchObject({ type: 'effect', effects: [], decision: { kind: 'override', by: 'players', reason: 'the referee rules the shot a miss: the marksman ducked' }, roll: { source: 'seeded' } })
    const rulingAfterMove = (await events(page)).findLast((e) => e.type === 'ruling')!.seq
    expect(rulingAfterMove).toBeGreaterThan(moveSeq)
    await expect.poll(async () => (await view(page))!.outcomes.at(-1)!.findings.map((f) => f.code)).toContain('override')
    // Its record (the newest in the history) carries the game log up to and including it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').first().click()])
    const rulingRecord = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { scene: Scene; game: { seq: number }; gameLog: { events: GameEvent[] } }
    expect(rulingRecord.game.seq).toBe(rulingAfterMove)
    expect(rulingRecord.gameLog.events).toEqual((await events(page)).slice(0, rulingAfterMove))

    // Taking the drag back warns first: the shot after it was ruled with a1 where the drag left it.
    await page.getByTestId(`undo-${moveSeq}`).click()
    await page.getByTestId('undo-affects').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('undo-affects').innerText()).toMatch(new RegExp(`event ${rulingAfterMove} \\(ruling\\): [^\\n]*its ruling's result`))
    await page.getByTestId('undo-reason').fill('a1 went too far: put back')
    await shots(page, 'undo-warning', 'undo-ask', ['phone', 'desktop'])
    await page.getByTestId('undo-confirm').click()
    await expect.poll(async () => (await view(page))!.outcomes.find((o) => o.seq === moveSeq)!.undoneBy).toBeDefined()
    await expect.poll(async () => (await view(page))!.state.models.find((m) => m.id === 'a1')!.position).toEqual([320, 300])

    // The rewind: a1's ghost where it stood, as far from where the drag left it; the planner puts it back.
    await page.getByTestId(`rewind-${moveSeq - 1}`).click()
    await expect.poll(() => page.getByTestId('restore').getAttribute('data-all-back'), { timeout: 20_000 }).toBe('no')
    expect(await page.getByTestId('restore-summary').innerText()).toBe('1 model to put back (within 0.24″).')
    const off = `${(Math.hypot(move.to[0] - 320, move.to[1] - 300) / 25.4).toFixed(1)}″`
    await expect.poll(() => page.evaluate(() => window.__tabletop!.labels().filter((l) => l.kind === 'ghost' && l.shown).map((l) => l.text))).toContain(`Ranger sergeant here · ${off}`)
    await shots(page, 'rewind', 'restore')
    await page.getByTestId('put-back').click()
    await expect.poll(() => page.getByTestId('restore').getAttribute('data-all-back')).toBe('yes')
    expect(await page.getByTestId('restore-summary').innerText()).toBe('Every model is back within 0.24″.')
    // Putting back is the app's, not a move.
    expect((await events(page)).at(-1)!.type).toBe('undo')
    await page.getByTestId('rewind-done').click()

    // Points by hand, both sides confirm.
    await page.locator('.score-by-hand summary').click()
    await page.locator('.score-by-hand input[placeholder="for what"]').fill('a1 held the ruins')
    await page.locator('.score-by-hand button').click()
    await page.getByTestId('confirm-score-A').click()
    expect((await events(page)).at(-1)!.type).not.toBe('score')
    await page.getByTestId('confirm-score-B').click()
    await expect.poll(async () => (await view(page))!.state.scores).toEqual({ A: 1, B: 0 })
    expect((await events(page)).at(-1)).toMatchObject({ type: 'score', side: 'A', points: 1, confirmedBy: ['A', 'B'] })

    // Bad files: one message each, the game as it was.
    const count = (await events(page)).length
    const scene = (await page.evaluate(() => window.__tabletop!.scene())) as Scene
    const bad: Array<[string, string, RegExp]> = [
      ['scene.json', JSON.stringify(scene), /scene\.json cannot be opened as a game: format: this is a scene \(tabletop-scene\/1\), not a game log \(tabletop-game\/1\)\. Your game is as it was\./],
      ['damaged.json', '{"format": "tabletop-game/1", "scene": {', /damaged\.json cannot be opened as a game: not valid JSON .*Your game is as it was\./],
      ['disordered.json', JSON.stringify({ format: 'tabletop-game/1', scene: { ...scene, game: undefined }, events: [{ seq: 1, type: 'round-start', round: 1 }, { seq: 3, type: 'turn-start', side: 'A' }] }), /disordered\.json cannot be opened as a game: events\[1\]\.seq: .*Your game is as it was\./],
    ]
    for (const [name, text, message] of bad) {
      const file = join(dir, name)
      writeFileSync(file, text)
      await dismissMessages(page)
      await page.getByTestId('game-import-input').setInputFiles(file)
      await expect.poll(() => page.locator('.message.error').allInnerTexts(), { timeout: 20_000 }).toHaveLength(1)
      expect((await page.locator('.message.error').innerText())).toMatch(message)
      expect((await events(page)).length).toBe(count)
    }
    await shots(page, 'bad-file', 'turn-line', ['phone', 'desktop'])

    // A reload: the game comes back, as it was.
    const before = await view(page)
    await page.reload()
    await expect.poll(async () => (await view(page))?.events.length ?? 0, { timeout: 30_000 }).toBe(count)
    expect((await view(page))!.state).toEqual(before!.state)
    await expect.poll(() => turnLine(page)).toBe("Round 1 · A's turn · Ranger sergeant acting")

    // The game closed, the shot's record opened as a file: the table is rebuilt from the log it carries.
    await page.getByTestId('game-close').click()
    const moved = structuredClone(rulingRecord)
    moved.scene.models.find((m) => m.id === 'a1')!.position = [700, 700]
    const recordFile = join(dir, 'ruling.json')
    writeFileSync(recordFile, JSON.stringify(moved, null, 2))
    await page.getByTestId('open-ruling-input').setInputFiles(recordFile)
    await expect.poll(() => page.getByTestId('reopened-hash').getAttribute('data-edited'), { timeout: 20_000 }).toBe('scene')
    expect(await page.getByTestId('reopened-game-log').innerText()).toContain(`event ${rulingAfterMove} of a game`)
    await page.getByTestId('reopened-show').click()
    await expect.poll(async () => ((await page.evaluate(() => window.__tabletop!.scene())) as Scene).models.find((m) => m.id === 'a1')!.position, { timeout: 20_000 }).toEqual(move.to)
    await shots(page, 'ruling-from-log', 'reopened', ['phone', 'desktop'])
  })
})
