// One sight vocabulary (issue 24): over every ruleset's demo table (every attacker against every
// enemy) and every scenario scene (test/scenarios/**: its attack queries and every pair), what the
// card shows — the verdict strip as rendered, the target's chip, the matrix line — never contradicts
// itself, the game's class says why when it overrides the geometry, and every model is named. The
// strip's figures are the engine's (issue 35): each cell the result calls for is there, the chance
// and the range as printed hold the engine's numbers to their printed precision. Any exception fails
// the check (with the scene and pick), a pick the engine refuses must say why, and the counts of
// scenes and picks are pinned, so a scene or pick that stops being reached is seen.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Scene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { evaluateOverlay } from '../../src/app/engine/evaluateOverlay.ts'
import { VerdictStrip } from '../../src/app/ui/VerdictStrip.tsx'
import { modelNames } from '../../src/app/format/names.ts'
import { shownLos } from '../../src/app/format/losDisplay.ts'
import { matrixLine } from '../../src/app/format/matrixLine.ts'
import { sightOf } from '../../src/app/format/verdictView.ts'
import { loadLibraryIntoApp } from '../setup/libraryMeshes.ts'
import { type ShownFigures, type ShownRuling, contradictions, figureContradictions } from '../setup/verdictChecks.ts'

function* scenarioFiles(dir: string): Generator<string> {
  for (const f of readdirSync(dir).sort()) {
    const p = join(dir, f)
    if (statSync(p).isDirectory()) yield* scenarioFiles(p)
    else if (f.endsWith('.scenario.json')) yield p
  }
}

const SCENARIOS = join(import.meta.dirname, '../scenarios')
const scenes: Array<{ where: string; scene: Scene }> = [
  ...ruleSystems.map((s) => ({ where: `demo ${s.id}`, scene: structuredClone(s.demoScene) as Scene })),
  ...[...scenarioFiles(SCENARIOS)].map((f) => ({ where: f.slice(SCENARIOS.length + 1), scene: (JSON.parse(readFileSync(f, 'utf8')) as { scene: Scene }).scene })),
]

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim()
const cell = (html: string, testId: string) => {
  const at = html.indexOf(`data-testid="${testId}"`)
  if (at < 0) return null
  const from = html.indexOf('class="strip-value"', at)
  return text(html.slice(from, html.indexOf('</span></div>', from) + 7)).replace(/^[^>]*>/, '').trim()
}

/** A model's own name from its scene or its profile (inline or the catalogue's), read here without the app's code. */
function ownName(scene: Scene, m: Scene['models'][number]): string | null {
  if (m.name) return m.name
  const p = m.profile as unknown
  if (typeof p === 'object' && p !== null && typeof (p as { name?: unknown }).name === 'string') return (p as { name: string }).name
  if (typeof p === 'string') {
    const entry = findRuleSystem(scene.system)?.catalogue.profiles[p] as { name?: unknown } | undefined
    if (typeof entry?.name === 'string') return entry.name
  }
  return null
}

/**
 * The counts this check reaches, pinned: a scene or a pick that stops being checked (a scenario no longer
 * read, a demo losing its models, picks skipped) fails here. Adding or removing a scenario, a game's demo
 * or a model on purpose changes them: run this file, read the counts it prints, and set them here.
 */
const PINNED = { scenes: 231, picks: 1168, refused: 347 }

type Pick = { ruling: ShownRuling; figures: ShownFigures } | { refused: string | null }

/** What the player sees for one pick, read from the components and functions the app renders. */
function shown(where: string, scene: Scene, attacker: string, target: string, weapon: string | null): Pick {
  const overlay = evaluateOverlay(structuredClone(scene), { attackerId: attacker, targetId: target, weaponId: weapon, rays: false })
  // the engine refuses the attack itself (a model without a weapon): the card says why, or nothing at all
  if (!overlay.attack || !overlay.attackQuery) return { refused: overlay.attackError }
  const names = modelNames(overlay, scene.models)
  const html = renderToStaticMarkup(<VerdictStrip result={overlay.attack} units="in" names={names} />)
  const badge = html.match(/class="los-badge[^"]*" data-los="(\w+)"/)
  const allowed = html.includes('data-testid="card-verdict"') ? html.includes('verdict ok') : null
  const line = overlay.losRow.find((l) => l.to === target)
  const sight = sightOf(overlay.attack)
  const probability = overlay.attack.probability as { hit?: unknown } | undefined
  const title = `${names[overlay.attackQuery.attacker]} → ${names[overlay.attackQuery.target]}`
  const ruling: ShownRuling = {
    where: `${where} ${attacker}→${target}${weapon ? ` (${weapon})` : ''}`,
    strip: { display: badge?.[1] ?? null, because: html.includes('data-testid="strip-because"'), coverText: cell(html, 'strip-cover') ?? '', chanceText: cell(html, 'strip-chance'), allowed },
    engine: { overridesGeometry: sight?.because.overridesGeometry === true, hit: typeof probability?.hit === 'number' ? probability.hit : null },
    chip: line ? shownLos(line, overlay, attacker).display : null,
    matrix: overlay.matrix?.byDisplay ?? null,
    texts: [title, text(html), overlay.matrix ? matrixLine(overlay.matrix) : ''],
    names,
    own: Object.fromEntries(scene.models.map((m) => [m.id, ownName(scene, m)])),
  }
  const result = overlay.attack as Record<string, unknown> & { probability?: { hit?: unknown; effect?: unknown }; distance?: { mm?: unknown; margin?: Margin }; margin?: Margin; allowed?: unknown }
  const margin = result.margin ?? result.distance?.margin ?? null
  const num = (v: unknown) => (typeof v === 'number' ? v : null)
  const figures: ShownFigures = {
    where: ruling.where,
    shown: {
      verdict: /data-testid="card-verdict"[^>]*>(?:<span[^>]*>[^<]*<\/span>)?([^<]+)</.exec(html)?.[1] ?? null,
      badge: badge?.[1] ?? null,
      cover: cell(html, 'strip-cover'),
      chance: cell(html, 'strip-chance'),
      range: /data-testid="strip-range"[\s\S]*?<strong>([^<]*)<\/strong>/.exec(html)?.[1] ?? null,
      margin: /data-testid="strip-margin">([^<]*)</.exec(html)?.[1] ?? null,
    },
    engine: {
      allowed: typeof result.allowed === 'boolean' ? result.allowed : null,
      sight: isObject((result.los as { sight?: unknown } | undefined)?.sight) || isObject(result.sight),
      hit: num(result.probability?.hit),
      effect: num(result.probability?.effect),
      distanceMm: num(result.distance?.mm),
      thresholdMm: margin ? num(margin.thresholdMm) : null,
      marginMm: margin ? num(margin.marginMm) : null,
    },
  }
  return { ruling, figures }
}

type Margin = { thresholdMm?: unknown; marginMm?: unknown }
const isObject = (v: unknown) => typeof v === 'object' && v !== null

describe('no shown verdict contradicts itself, in any ruleset\'s demo or scenario scene', () => {
  beforeAll(loadLibraryIntoApp)

  it(`checks ${scenes.length} scenes (every demo, every scenario)`, () => {
    const found: string[] = []
    let picks = 0
    let refused = 0
    for (const { where, scene } of scenes) {
      const pairs = new Set<string>()
      for (const q of (scene.queries ?? []) as Array<{ type: string; attacker?: string; target?: string; weapon?: string }>) {
        if (q.type === 'attack' && q.attacker && q.target) pairs.add(JSON.stringify([q.attacker, q.target, q.weapon ?? null]))
      }
      for (const a of scene.models) for (const t of scene.models) if (a.side !== t.side) pairs.add(JSON.stringify([a.id, t.id, null]))
      for (const p of pairs) {
        const [a, t, w] = JSON.parse(p) as [string, string, string | null]
        let r: Pick
        try {
          r = shown(where, scene, a, t, w)
        } catch (e) {
          // nothing a player can pick may throw: every scene here is one the engine answers
          found.push(`${where} ${a}→${t}${w ? ` (${w})` : ''}: threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`)
          continue
        }
        if ('refused' in r) {
          refused++
          if (!r.refused) found.push(`${where} ${a}→${t}: no result and no reason: the card shows nothing`)
          continue
        }
        picks++
        found.push(...contradictions(r.ruling), ...figureContradictions(r.figures))
      }
    }
    console.log(`verdict contradictions: ${picks} picks (and ${refused} the engine refuses, with its reason) over ${scenes.length} scenes, ${found.length} found`)
    expect(found.slice(0, 40)).toEqual([])
    expect({ scenes: scenes.length, picks, refused }, 'the scenes and picks checked changed: if a scenario, a demo or a model was added or removed on purpose, set PINNED at the top of this file to these counts').toEqual(PINNED)
  }, 600_000)

  it('the check finds each kind of contradiction it looks for', () => {
    const base: ShownRuling = {
      where: 'made up',
      strip: { display: 'blocked', because: false, coverText: 'heavy', chanceText: '45% to hit', allowed: false },
      engine: { overridesGeometry: true, hit: 0.45 },
      chip: 'clear',
      matrix: { clear: 3, partial: 0, blocked: 0 },
      texts: ['b1 → Raider'],
      names: { a1: 'a1', b1: 'Raider', c1: 'Raider' },
      own: { a1: 'Ranger', b1: 'Raider', c1: 'Raider' },
    }
    const found = contradictions(base).join('\n')
    for (const kind of ['cover shows', 'chance shows', 'a chance is quoted', 'refuses the attack but gives', 'chip says clear', 'counts no blocked', 'gives no reason', 'a1 is shown as "a1"', 'names model b1 by its id', 'share a shown name']) expect(found).toContain(kind)
  })

  it('the figure check finds a missing cell, a cell the engine does not give, and a chance, distance, range or margin that is not the engine\'s', () => {
    const good: ShownFigures = {
      where: 'made up',
      shown: { verdict: 'Allowed', badge: 'partial', cover: 'light', chance: '35.6% to hit 12% effect · exact', range: '12.3″ of 24.0″', margin: 'in by 11.7″' },
      engine: { allowed: true, sight: true, hit: 0.3564, effect: 0.1204, distanceMm: 312.6, thresholdMm: 609.6, marginMm: 297 },
    }
    expect(figureContradictions(good)).toEqual([])
    const broken = (shown: Partial<ShownFigures['shown']>, engine: Partial<ShownFigures['engine']> = {}) => figureContradictions({ ...good, shown: { ...good.shown, ...shown }, engine: { ...good.engine, ...engine } }).join('\n')
    expect(broken({ badge: null })).toContain('the engine gives a sight class, the strip shows none')
    expect(broken({ verdict: null })).toContain('the engine gives a verdict, the strip shows none')
    expect(broken({ chance: null })).toContain('the engine gives a chance')
    expect(broken({ range: null })).toContain('the engine gives a distance')
    expect(broken({}, { sight: false })).toContain('the strip shows a sight class the engine does not give')
    expect(broken({ cover: null })).toContain('no cover cell')
    expect(broken({ verdict: 'Not allowed' })).toContain('the strip says "Not allowed", the engine allowed = true')
    expect(broken({ chance: '36% to hit 12% effect · exact' })).toContain('shows "36%" to hit, the engine 0.3564')
    expect(broken({ chance: '35.6% to hit 13% effect · exact' })).toContain('shows "13%" effect')
    expect(broken({ chance: 'under 0.1% to hit 12% effect' })).toContain('"under 0.1%" to hit')
    expect(broken({}, { hit: 0.0004 })).toContain('the engine 0.0004')
    expect(figureContradictions({ ...good, shown: { ...good.shown, chance: 'under 0.1% to hit 12% effect' }, engine: { ...good.engine, hit: 0.0004 } })).toEqual([])
    expect(broken({ range: '12.5″ of 24.0″' })).toContain('shows 12.5″ distance, the engine 312.6 mm')
    expect(broken({ range: '12.3″ of 18.0″' })).toContain('the range as "18.0″"')
    expect(broken({ range: '12.3″' })).toContain('the range as "(none)"')
    expect(broken({ margin: 'out by 11.7″' })).toContain('the engine\'s margin 297 mm')
    expect(broken({ margin: 'in by 1.7″' })).toContain('the engine\'s margin 297 mm')
    expect(broken({ margin: null })).toContain('margin "null"')
    expect(broken({ range: '0.45″ of 24.0″', margin: 'in by 23.6″' }, { distanceMm: 11.43, marginMm: 598.17 })).toBe('')
  })
})
