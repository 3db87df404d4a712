// Writes src/engine/result.schema.json, the JSON Schema of tabletop-result/1 (checked by test/architecture.test.ts).
// Run: npx tsx scripts/writeResultSchema.ts
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { resultDocumentSchema } from '../src/engine/resultSchema.ts'

writeFileSync(join(import.meta.dirname, '../src/engine/result.schema.json'), JSON.stringify(z.toJSONSchema(resultDocumentSchema, { unrepresentable: 'any', reused: 'ref' }), null, 2) + '\n')
