// The tabletop-result/1 contract: every ruleset's demo scene and every scenario scene, evaluated, must
// match the result JSON Schema and keep the cross-field invariants of the uniform fields:
// - every `exact` fraction has a `value` equal to it (and older number fields beside it agree);
// - every attack probability states its scope;
// - every LoS result carries `sight`, whose display class follows the facts or says why not;
// - nothing is listed as applied on a refused action;
// - every reason and result cites a section with a human title;
// - arcs give arc, test, membership (distinct names) and lines; auras, blasts and objectives an `area`;
// - no text carries float noise.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type ResultDocument, evaluateScene, formatReason, geometricDisplay, renderResultText, valueOfExact } from '../../src/engine/index.ts'
import { resultDocumentSchema } from '../../src/engine/resultSchema.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { libraryMeshes } from '../setup/libraryMeshes.ts'
import { contractScenes } from './contractScenes.ts'
import { untitledCitations } from './untitledCitations.ts'

const root = join(import.meta.dirname, '../..')
type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

const scenes = contractScenes()
const known = ruleSystems.map((s) => s.id)
// Demo scenes stand terrain pieces from models/ on the table: evaluate with the library, as the CLI does.
const meshes = await libraryMeshes()
const docs: Array<{ name: string; doc: ResultDocument }> = scenes.map(({ name, scene }) => ({ name, doc: evaluateScene(scene, findRuleSystem, known, { meshes }) }))

/** Every object in a result, with its path. */
function* objects(v: unknown, path: string): Generator<[Obj, string]> {
  if (Array.isArray(v)) for (let i = 0; i < v.length; i++) yield* objects(v[i], `${path}[${i}]`)
  else if (isObj(v)) {
    yield [v, path]
    for (const [k, x] of Object.entries(v)) yield* objects(x, `${path}.${k}`)
  }
}
function* strings(v: unknown, path: string): Generator<[string, string]> {
  if (typeof v === 'string') yield [v, path]
  else if (Array.isArray(v)) for (let i = 0; i < v.length; i++) yield* strings(v[i], `${path}[${i}]`)
  else if (isObj(v)) for (const [k, x] of Object.entries(v)) yield* strings(x, `${path}.${k}`)
}

// A number in text with 5 or more decimals is float noise ("5.999999999999999"); exact fractions are digits and "/".
const FLOAT_NOISE = /\d\.\d{5,}/

describe('tabletop-result/1 contract: every demo scene and every scenario', () => {
  it(`evaluates ${scenes.length} scenes (13 demos + the scenario suites)`, () => {
    expect(ruleSystems.length).toBe(13)
    expect(scenes.length).toBeGreaterThan(300)
  })

  it('matches the result JSON Schema', () => {
    const problems: string[] = []
    for (const { name, doc } of docs) {
      const r = resultDocumentSchema.safeParse(doc)
      if (!r.success) problems.push(`${name}: ${z.prettifyError(r.error).split('\n').slice(0, 4).join(' ')}`)
    }
    expect(problems).toEqual([])
  })

  it('every exact fraction has a value equal to it; attack probabilities state their scope', () => {
    const problems: string[] = []
    for (const { name, doc } of docs) {
      for (const r of doc.results) {
        for (const [o, p] of objects(r, `${name} ${r.id}`)) {
          if (typeof o.exact === 'string') {
            const v = valueOfExact(o.exact)
            if (o.value !== v) problems.push(`${p}: value ${String(o.value)} ≠ exact ${o.exact}`)
            for (const k of ['probability', 'success', 'pass', 'chance']) if (typeof o[k] === 'number' && o[k] !== v) problems.push(`${p}.${k} ${String(o[k])} ≠ ${o.exact}`)
          } else if (isObj(o.exact)) {
            for (const [k, s] of Object.entries(o.exact)) if (typeof s === 'string' && typeof o[k] === 'number' && o[k] !== valueOfExact(s)) problems.push(`${p}.${k} ${String(o[k])} ≠ ${s}`)
            if ('hit' in o.exact && 'effect' in o.exact && !isObj(o.scope)) problems.push(`${p}: probability without scope`)
          }
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('every LoS result carries sight; its display follows the facts or says why (because.overridesGeometry)', () => {
    const problems: string[] = []
    let sights = 0
    for (const { name, doc } of docs) {
      const system = findRuleSystem(doc.system)!
      for (const r of doc.results) {
        for (const [o, p] of objects(r, `${name} ${r.id}`)) {
          const losLike = (typeof o.class === 'string' && typeof o.visible === 'boolean' && typeof o.fraction === 'number') || (typeof o.sightClass === 'string' && Array.isArray(o.models))
          if (losLike && !p.endsWith('.sight') && !isObj(o.sight)) problems.push(`${p}: LoS without sight`)
          if (!isObj(o.sight)) continue
          sights++
          const s = o.sight as { visible: boolean; fraction: number; baseHidden: number; class: string; display: string; because: { overridesGeometry: boolean; reason: string } }
          const geometric = geometricDisplay(s)
          if (s.display !== geometric && !s.because.overridesGeometry) problems.push(`${p}: display ${s.display} vs geometry ${geometric} unexplained`)
          if (s.display === geometric && s.because.overridesGeometry) problems.push(`${p}: overridesGeometry set but display follows geometry`)
          const decl = system.losClasses?.[s.class]
          if (!decl) problems.push(`${p}: ${doc.system} does not declare class "${s.class}"`)
          else if (decl.display !== s.display) problems.push(`${p}: class ${s.class} shows ${s.display}, declared ${decl.display}`)
        }
      }
    }
    expect(problems).toEqual([])
    expect(sights).toBeGreaterThan(100)
  })

  it('nothing is listed as applied on a refused action', () => {
    const problems: string[] = []
    let refused = 0
    for (const { name, doc } of docs) {
      for (const r of doc.results) {
        if (r.allowed !== false) continue
        refused++
        if (!Array.isArray(r.reasons) || r.reasons.length === 0) problems.push(`${name} ${r.id}: refused without reasons`)
        for (const [o, p] of objects(r, `${name} ${r.id}`)) {
          if (Array.isArray(o.modifiers)) for (const m of o.modifiers as Obj[]) if (m.applied !== false) problems.push(`${p}: modifier ${String(m.source)} not marked unapplied`)
        }
      }
    }
    expect(problems).toEqual([])
    expect(refused).toBeGreaterThan(10)
  })

  it('every reason and every result cites its sections with a title; reasons print in inches and in mm', () => {
    const problems: string[] = []
    let titled = 0
    let cited = 0
    for (const { name, doc } of docs) {
      for (const r of doc.results) {
        if (Array.isArray(r.rules) && (!Array.isArray(r.citations) || r.citations.length !== r.rules.length)) problems.push(`${name} ${r.id}: rules without citations`)
        for (const [o, p] of objects(r, `${name} ${r.id}`)) {
          if (typeof o.code === 'string' && typeof o.message === 'string' && typeof o.rule === 'string') {
            if (!isObj(o.citation)) problems.push(`${p}: reason without citation`)
            for (const u of ['in', 'mm'] as const) if (!formatReason(o as never, u)) problems.push(`${p}: empty text`)
          }
          if (typeof o.section === 'string' && typeof o.title === 'string' && Object.keys(o).length === 2) {
            cited++
            if (o.title !== o.section) titled++
          }
        }
      }
    }
    expect(problems).toEqual([])
    expect(titled).toBe(cited)
  })

  it('no section leaves a ruleset untitled: every `rule` has its `citation` beside it, every `rules` its `citations`, nested ones included', () => {
    const untitled: string[] = []
    for (const { name, doc } of docs) untitled.push(...untitledCitations(doc.results, name))
    expect(untitled.slice(0, 20)).toEqual([])
    expect(untitled.length).toBe(0)
  })

  it('every citation has a human title "Part › Section" from the book (not the section id as printed)', () => {
    const untitled = new Set<string>()
    let cited = 0
    for (const { doc } of docs) {
      for (const r of doc.results) {
        for (const [o] of objects(r, '')) {
          if (typeof o.section !== 'string' || typeof o.title !== 'string' || Object.keys(o).length !== 2) continue
          cited++
          const t = o.title.trim()
          // A title a person reads: two or more parts, none of them a page address, anchor or bare line number.
          const ok = t !== o.section && t.split(' › ').length >= 2 && t.split(' › ').every((p) => p.trim().length > 0) && !/\.html|#|\bL\d+/.test(t)
          if (!ok) untitled.add(`${doc.system}: ${o.section} → "${t}"`)
        }
      }
    }
    expect([...untitled].sort()).toEqual([])
    expect(cited).toBeGreaterThan(1000)
  })

  it('every reason is data: a code, a template whose every {name} is one of its values, each value with a unit; its text in inches and in mm has no float noise', () => {
    const problems: string[] = []
    const UNITS = new Set(['mm', 'in', 'deg', 'count', 'fraction'])
    let reasons = 0
    let withValues = 0
    for (const { name, doc } of docs) {
      for (const r of doc.results) {
        for (const [o, p] of objects(r, `${name} ${r.id}`)) {
          if (!(typeof o.code === 'string' && typeof o.message === 'string' && typeof o.rule === 'string')) continue
          reasons++
          if (!o.code) problems.push(`${p}: empty code`)
          if (typeof o.template !== 'string' || !isObj(o.values)) { problems.push(`${p}: no template/values`); continue }
          const values = o.values as Record<string, { value: unknown; unit: unknown }>
          if (Object.keys(values).length) withValues++
          for (const [k, q] of Object.entries(values)) {
            if (typeof q.value !== 'number' || !Number.isFinite(q.value) || !UNITS.has(String(q.unit))) problems.push(`${p}.values.${k}: ${JSON.stringify(q)}`)
            if (!o.template.includes(`{${k}}`)) problems.push(`${p}: value ${k} not in the template`)
          }
          for (const u of ['in', 'mm'] as const) {
            const text = formatReason(o as never, u)
            if (FLOAT_NOISE.test(text) || /\{\w+\}/.test(text)) problems.push(`${p}: "${text}"`)
          }
        }
      }
    }
    expect(problems).toEqual([])
    expect(reasons).toBeGreaterThan(300)
    expect(withValues).toBeGreaterThan(100)
  })

  it('every result prints as text (the CLI\'s eval --format text) in in, cm and mm with no float noise and no unfilled {name}', () => {
    const problems: string[] = []
    for (const { name, doc } of docs) {
      for (const u of ['in', 'cm', 'mm'] as const) {
        for (const line of renderResultText(doc, u).split('\n')) if (FLOAT_NOISE.test(line) || /\{\w+\}/.test(line)) problems.push(`${name} (${u}): ${line}`)
      }
    }
    expect(problems.slice(0, 20)).toEqual([])
  })

  it('out-of-range reasons carry their distance and range as data, printed in inches or mm without float noise', () => {
    const problems: string[] = []
    let seen = 0
    for (const { name, doc } of docs) {
      for (const r of doc.results) {
        for (const [o, p] of objects(r, `${name} ${r.id}`)) {
          if (o.code !== 'out-of-range' || typeof o.message !== 'string') continue
          seen++
          const v = o.values as Record<string, { unit: string }> | undefined
          if (!v?.distance || !v.range || typeof o.template !== 'string') { problems.push(`${p}: no values/template`); continue }
          const inch = formatReason(o as never, 'in')
          const mm = formatReason(o as never, 'mm')
          if (!inch.includes('"') || !mm.includes(' mm') || FLOAT_NOISE.test(inch) || FLOAT_NOISE.test(mm) || /\{\w+\}/.test(inch)) problems.push(`${p}: "${inch}" / "${mm}"`)
        }
      }
    }
    expect(problems).toEqual([])
    expect(seen).toBeGreaterThan(10)
  })

  it('arcs give arc, test, membership (distinct names) and lines; auras, blasts and objectives an area', () => {
    const problems: string[] = []
    for (const { name, doc } of docs) {
      for (const r of doc.results) {
        if (r.type === 'arc') {
          if (typeof r.test !== 'string' || !Array.isArray(r.membership) || !Array.isArray(r.lines)) problems.push(`${name} ${r.id}: arc without test/membership/lines`)
          else {
            // Two arcs may share the book's name (narrative skirmish's Side arcs): their `side` tells them apart.
            const names = (r.membership as Array<{ arc: string; side?: string }>).map((m) => (m.side ? `${m.arc} (${m.side})` : m.arc))
            if (new Set(names).size !== names.length) problems.push(`${name} ${r.id}: arc names repeat (${names.join(', ')})`)
          }
        }
        if ((r.type === 'aura' || r.type === 'blast' || r.type === 'objective') && !isObj(r.area)) problems.push(`${name} ${r.id}: ${r.type} without area`)
      }
    }
    expect(problems).toEqual([])
  })

  it('no text carries float noise', () => {
    const problems: string[] = []
    for (const { name, doc } of docs) for (const r of doc.results) for (const [s, p] of strings(r, `${name} ${r.id}`)) if (FLOAT_NOISE.test(s)) problems.push(`${p}: ${s}`)
    expect(problems).toEqual([])
  })
})

describe('each ruleset README shows its LoS class → display mapping', () => {
  for (const s of ruleSystems) {
    it(`${s.id}: every class of losClasses has its row`, () => {
      const readme = readFileSync(join(root, 'src/systems', s.id, 'README.md'), 'utf8')
      const classes = Object.entries(s.losClasses ?? {})
      expect(classes.length).toBeGreaterThan(0)
      for (const [cls, d] of classes) expect(readme).toContain(`| \`${cls}\` | ${d.display} |`)
    })
  }
})
