// The offline app (vite-plugin-pwa / Workbox): after one visit the service worker holds the whole
// build — planner, engine worker, tracking worker and OpenCV's wasm (its own 8 MB file, see
// openCvWasm.ts; hence the raised size cap), bundled terrain meshes — so a tablet keeps ruling when the
// convention Wi-Fi drops. Room traffic (/sync) and the room API are never cached.
import type { VitePWAOptions } from 'vite-plugin-pwa'

export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'autoUpdate',
  injectRegister: 'script-defer',
  includeAssets: ['favicon.svg'],
  manifest: {
    name: 'Tabletop AR',
    short_name: 'Tabletop',
    description: 'Rulings for miniature wargames, from a camera looking at the table.',
    theme_color: '#0e1114',
    background_color: '#0e1114',
    display: 'standalone',
    icons: [{ src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,json,wasm,task,glb,bin,gltf,stl,obj}'], // terrain files from models/ (issue #18) too,
    // Not precached: the README screenshot, and the IWER emulator's room environments (@iwer/sem,
    // ~5.6 MB, only for ?emulate-xr on a desktop); everything a tablet at the table uses is.
    globIgnores: ['**/screenshot.png', '**/assets/{music_room,living_room,office_large,office_small,meeting_room}-*.js'],
    maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/sync/],
    cleanupOutdatedCaches: true,
    // A new build takes over open tabs at once (no tab left on a stale engine after an update).
    skipWaiting: true,
    clientsClaim: true,
  },
}
