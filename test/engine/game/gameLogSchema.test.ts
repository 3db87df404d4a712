// The committed game log JSON Schema is the one the code generates (npm run schema), as the scene's is.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { gameLogSchema } from '../../../src/engine/index.ts'

describe('tabletop-game/1 JSON Schema', () => {
  it('is the one the code generates (npm run schema)', () => {
    const committed = JSON.parse(readFileSync(join(import.meta.dirname, '../../../src/engine/game/game.schema.json'), 'utf8'))
    expect(committed).toEqual(JSON.parse(JSON.stringify(z.toJSONSchema(gameLogSchema, { unrepresentable: 'any' }))))
  })
})
