// Write test/setup/fileDurations.json from vitest's record of the last run in this checkout
// (node_modules/.vite/vitest/*/results.json): the seconds each unit file took, for the order a fresh
// clone starts its unit files in (durationSequencer.ts). Run it after a full `npm run test:unit`.
//   node test/setup/saveFileDurations.mjs
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')
const cacheRoot = join(root, 'node_modules/.vite/vitest')
const records = existsSync(cacheRoot) ? readdirSync(cacheRoot).map((d) => join(cacheRoot, d, 'results.json')).filter(existsSync) : []
if (records.length === 0) {
  console.error(`error: no record of a vitest run under ${cacheRoot}: run \`npm run test:unit\` first`)
  process.exit(2)
}
const out = {}
for (const file of records) {
  for (const [key, r] of JSON.parse(readFileSync(file, 'utf8')).results) {
    const path = key.startsWith('unit:') ? key.slice('unit:'.length) : null
    if (path && existsSync(join(root, path)) && !r.failed) out[path] = Math.round(r.duration / 100) / 10
  }
}
const sorted = Object.fromEntries(Object.entries(out).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)))
writeFileSync(join(root, 'test/setup/fileDurations.json'), JSON.stringify(sorted, null, 1) + '\n')
console.log(`test/setup/fileDurations.json: ${Object.keys(sorted).length} unit files`)
