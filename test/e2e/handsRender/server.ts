// A tiny static server (127.0.0.1, free port) for the rendered-hand page: the page and its import
// map, three.js and tasks-vision from node_modules, the built models/hand_landmarker.task and the
// vendored hand GLBs. Nothing else is served; the test stops it.
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const repo = join(import.meta.dirname, '../../..')
const ROOTS: Record<string, string> = {
  '/three/': join(repo, 'node_modules/three/'),
  '/tasks-vision/': join(repo, 'node_modules/@mediapipe/tasks-vision/'),
  '/fixtures/': join(repo, 'test/tracking/hands/fixtures/'),
  '/models/': join(repo, 'models/'),
  '/page/': join(import.meta.dirname, '/'),
}
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html', '.glb': 'model/gltf-binary', '.task': 'application/octet-stream' }

const INDEX = `<!doctype html><html><head><meta charset="utf-8"><title>rendered hand</title>
<style>body{margin:0;background:#111}canvas{display:block}</style>
<script type="importmap">{"imports":{"three":"/three/build/three.module.js","three/addons/":"/three/examples/jsm/"}}</script>
</head><body><script type="module" src="/page/page.js"></script></body></html>`

export async function startHandsRenderServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    if (path === '/') { res.writeHead(200, { 'content-type': 'text/html' }); res.end(INDEX); return }
    const prefix = Object.keys(ROOTS).find((p) => path.startsWith(p))
    const file = prefix ? normalize(join(ROOTS[prefix]!, path.slice(prefix.length))) : ''
    if (!prefix || !file.startsWith(ROOTS[prefix]!) || !existsSync(file) || !statSync(file).isFile()) { res.writeHead(404); res.end(); return }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
