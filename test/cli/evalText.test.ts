// `cli eval --format text --unit in|cm|mm`: the verdict and every reason in the user's unit, through the
// engine's one reason renderer (the app's card uses the same). Expected text computed by hand from the
// scenario's geometry: bases 32 mm round, centres 540.5 mm apart → gap 508.5 mm = 20.0197" → 20.02";
// the carbine's 20" = 508 mm = 50.8 cm.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from './runCli.ts'

const dir = mkdtempSync(join(tmpdir(), 'eval-text-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const scenePath = join(dir, 'range.json')
writeFileSync(scenePath, JSON.stringify((JSON.parse(readFileSync(join(import.meta.dirname, '../scenarios/cadence/range-half-mm-beyond.scenario.json'), 'utf8')) as { scene: unknown }).scene))
const CITE = 'Playing a Game › Step 1 - Determine Line of Sight and Range (core-rules/playing-a-game.html#step-1-determine-line-of-sight-and-range)'

describe('cli eval --format text', () => {
  it('prints the refusal and its reason in inches by default', async () => {
    const r = await runCli(['eval', scenePath, '--format', 'text'])
    expect(r.code).toBe(0)
    expect(r.stdout.trimEnd().split('\n\n')[1]).toBe([
      'q (attack): refused',
      '  distance: 20.02"',
      '  line of sight: clear (100% seen)',
      '  because:',
      `  - nearest model of unit t (t) is 20.02" away; carbine needs less than 20" — ${CITE}`,
    ].join('\n'))
  })

  it('prints the same reason in centimetres and in millimetres, no digit beyond 0.1 mm', async () => {
    const cm = await runCli(['eval', scenePath, '--format=text', '--unit', 'cm'])
    expect(cm.stdout).toContain('  - nearest model of unit t (t) is 50.85 cm away; carbine needs less than 50.8 cm — ')
    const mm = await runCli(['eval', scenePath, '--format', 'text', '--unit=mm'])
    expect(mm.stdout).toContain('  distance: 508.5 mm\n')
    expect(mm.stdout).toContain('  - nearest model of unit t (t) is 508.5 mm away; carbine needs less than 508 mm — ')
  })

  it('an allowed attack prints its odds as exact fractions with their scope; a game rule that acted is named and cited', async () => {
    // Respawn scenario smoke-beyond-three-inches: gaps 168 mm and 70 mm; Executioner Pistol hit 1/2 per roll,
    // 2/9 per roll to take a Hit Point, 1 − (7/9)^3 = 386/729 = 52.95% over 3 rolls.
    const path = join(dir, 'smoke.json')
    writeFileSync(path, JSON.stringify((JSON.parse(readFileSync(join(import.meta.dirname, '../scenarios/cadence/respawn/smoke-beyond-three-inches.scenario.json'), 'utf8')) as { scene: unknown }).scene))
    const blocks = (await runCli(['eval', path, '--format', 'text', '--unit', 'mm'])).stdout.trimEnd().split('\n\n')
    expect(blocks[1]).toBe([
      'far (attack): refused',
      '  distance: 168 mm',
      '  line of sight: blocked (0% seen)',
      '  game rules:',
      '  - smoke marker: blocks every sight line drawn through it from more than 3" away — Creating Your Team › Equipment (respawn/creating-your-team.html#equipment_1)',
      '  because:',
      `  - line of sight from red-a to unit blue-a is blocked — ${CITE}`,
    ].join('\n'))
    expect(blocks[2]).toContain('  distance: 70 mm\n  line of sight: clear (100% seen)\n')
    expect(blocks[2]).toContain('  chance: hit 1/2 (50%), each roll; effect 386/729 (52.9%), whole attack, 3 rolls')
  })

  it('a class that overrides the geometry says why in the user\'s unit (Cadence friendly screen: 1" = 25.4 mm, 3" = 76.2 mm, 18.425" = 468 mm)', async () => {
    const path = join(dir, 'screen.json')
    writeFileSync(path, JSON.stringify((JSON.parse(readFileSync(join(import.meta.dirname, '../scenarios/cadence/friendly-screen-blocks-beyond-3in.scenario.json'), 'utf8')) as { scene: unknown }).scene))
    const out = (await runCli(['eval', path, '--format', 'text', '--unit', 'mm'])).stdout
    expect(out).toContain('  line of sight: blocked: unit T is within 25.4 mm of friendly unit F and the attackers are more than 76.2 mm away (468 mm) (100% seen)\n')
  })

  it('JSON stays the default output', async () => {
    const r = await runCli(['eval', scenePath, '--unit', 'mm'])
    expect((JSON.parse(r.stdout) as { format: string }).format).toBe('tabletop-result/1')
  })

  it('a wrong --unit or --format is a one-line error, exit 2', async () => {
    expect(await runCli(['eval', scenePath, '--unit', 'ft'])).toMatchObject({ code: 2, stderr: 'error: --unit takes in, cm, mm; got "ft"\n' })
    expect(await runCli(['eval', scenePath, '--format', 'yaml'])).toMatchObject({ code: 2, stderr: 'error: --format takes json or text; got "yaml"\n' })
  })

  it('a distance query prints its length, and an engagement query says whether and with whom (hand-computed: bases 32 mm round, centres 540.5 mm apart → 508.5 mm edge to edge = 20.02")', async () => {
    const scene = JSON.parse(readFileSync(scenePath, 'utf8')) as { queries: unknown[] }
    scene.queries = [{ id: 'd', type: 'distance', from: 'a', to: 't' }, { id: 'e', type: 'engagement', model: 'a' }]
    const path = join(dir, 'distance.json')
    writeFileSync(path, JSON.stringify(scene))
    const r = await runCli(['eval', path, '--format', 'text', '--unit', 'mm'])
    expect(r.code).toBe(0)
    const blocks = r.stdout.trimEnd().split('\n\n')
    expect(blocks[1]).toBe('d (distance): answered\n  distance: 508.5 mm')
    expect(blocks[2]).toBe('e (engagement): answered\n  engaged: no')
  })

  it('a visibility query counts its pairs by display class (two models on an empty table: each sees the other clearly)', async () => {
    const scene = JSON.parse(readFileSync(scenePath, 'utf8')) as { queries: unknown[] }
    scene.queries = [{ id: 'v', type: 'visibility' }]
    const path = join(dir, 'visibility.json')
    writeFileSync(path, JSON.stringify(scene))
    const blocks = (await runCli(['eval', path, '--format', 'text'])).stdout.trimEnd().split('\n\n')
    expect(blocks[1]).toBe('v (visibility): answered\n  pairs: 2 (2 clear, 0 partial, 0 blocked)')
  })
})
