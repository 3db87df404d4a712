// Serve the built app (dist/): hashed assets cached for good, everything else revalidated (the
// service worker and index.html must update), unknown paths without an extension fall back to
// index.html (links like /?room=…), nothing outside the folder is reachable.
import { createReadStream, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary', '.bin': 'application/octet-stream', '.txt': 'text/plain; charset=utf-8', '.md': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon', '.task': 'application/octet-stream',
}

export function serveStatic(distDir: string, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end()
    return
  }
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
  } catch {
    res.writeHead(400).end('bad path')
    return
  }
  const root = normalize(distDir + sep)
  let file = normalize(join(root, pathname))
  if (!file.startsWith(root)) {
    res.writeHead(403).end()
    return
  }
  let st = statOrNull(file)
  if (st?.isDirectory()) {
    file = join(file, 'index.html')
    st = statOrNull(file)
  }
  if (!st && extname(pathname) === '') {
    file = join(root, 'index.html')
    st = statOrNull(file)
  }
  if (!st) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found')
    return
  }
  const immutable = pathname.startsWith('/assets/')
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Content-Length': st.size,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  })
  if (req.method === 'HEAD') res.end()
  else createReadStream(file).pipe(res)
}

function statOrNull(p: string) {
  try {
    return statSync(p)
  } catch {
    return null
  }
}
