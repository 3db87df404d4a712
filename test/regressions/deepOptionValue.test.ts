// Issue 28: an option value nested 100,000 deep (arrays or objects) is refused with the nesting limit,
// naming the option, before anything walks the value; with the limit raised past it, the option's own
// check refuses it (an option takes a number, a word or a flag). Both through the CLI and in-process.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SceneError, evaluateScene, resolveLimits } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { runCli } from '../cli/runCli.ts'

const DEPTH = 100_000
const deepArray = (n: number): string => '['.repeat(n) + '0' + ']'.repeat(n)
const deepObject = (n: number): string => '{"a":'.repeat(n) + '0' + '}'.repeat(n)
const sceneText = (value: string) => `{"format":"tabletop-scene/1","system":"narrative-skirmish","table":{"width":900,"depth":900},"options":{"within":${value}},"models":[]}`
const known = ruleSystems.map((s) => s.id)

function refusal(text: string, nestingDepth?: number): string {
  try {
    evaluateScene(JSON.parse(text), findRuleSystem, known, nestingDepth ? { limits: resolveLimits({ nestingDepth }) } : {})
  } catch (e) {
    if (e instanceof SceneError) return e.message
    throw e
  }
  return 'answered'
}

describe('deep nesting in an option value', () => {
  for (const [kind, value] of [['arrays', deepArray(DEPTH)], ['objects', deepObject(DEPTH)]] as const) {
    it(`${kind} ${DEPTH.toLocaleString('en-US')} deep: refused by the nesting limit at the option`, () => {
      const message = refusal(sceneText(value))
      expect(message).toMatch(/^options\.within/)
      expect(message).toMatch(/nested 65 levels deep, over the limit of 64 levels \(limit "nestingDepth"/)
    })
    it(`${kind} ${DEPTH.toLocaleString('en-US')} deep with the nesting limit raised past it: refused by the option's own check`, () => {
      expect(refusal(sceneText(value), DEPTH * 2)).toMatch(/^options\.within: expected one of "le", "lt", got an (array of 1|object)$/)
    })
  }
  it('through the CLI: exit 2 and one line naming the option', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deep-option-'))
    try {
      writeFileSync(join(dir, 'scene.json'), sceneText(deepArray(DEPTH)))
      const r = await runCli(['eval', join(dir, 'scene.json')])
      expect(r.code).toBe(2)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toMatch(/options\.within.*nestingDepth/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
