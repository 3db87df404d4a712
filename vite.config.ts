import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { pwaOptions } from './src/server/pwaOptions.ts'
import { openCvWasmFile } from './src/server/openCvWasm.ts'
import { DurationSequencer } from './test/setup/durationSequencer.ts'

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions)],
  // The tracking worker loads OpenCV's wasm as its own file (streaming compile, code cache): openCvWasm.ts.
  worker: { format: 'es', plugins: () => [openCvWasmFile()] },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 12000,
    rolldownOptions: {
      // The engine and the terrain readers do nothing at import time (house style §20), so a module of
      // them whose exports are unused is dropped: the page does not load the sight-line code it never
      // calls, nor the terrain readers behind the format names it takes from the terrain's index.
      treeshake: { moduleSideEffects: [{ test: /src[\\/](engine|terrain)[\\/]/, sideEffects: false }] },
      output: {
        // The engine's sight-line code and its BVH are for the rule systems and the engine worker; on
        // the main thread only the scene schema, base shapes and reason texts are used. In their own
        // chunk they stay out of the page's initial JS (the engine index re-exports them, so by default
        // they would share a chunk with what the page needs). Issue #14: initial JS ≤ 400 kB gzip.
        codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'engine-los', test: /node_modules[\\/]three-mesh-bvh[\\/]|src[\\/]engine[\\/]los[\\/]/ }] },
      },
    },
  },
  // Two projects: `unit` (everything that runs without a browser: npm run test:unit) and `browser`
  // (Chromium against the built app: test/e2e). The browser project builds the app once for the
  // whole run (test/setup/buildOnce.ts); every browser test file serves that build.
  test: {
    environment: 'node',
    testTimeout: 60000,
    hookTimeout: 180000,
    pool: 'forks',
    // The longest unit files start first, on a fresh clone too (test/setup/durationSequencer.ts).
    sequence: { sequencer: DurationSequencer },
    projects: [
      // On 2 cores vitest's default is one worker (cores − 1): the unit files run three at a time (issue 35:
      // test:unit < 4 min; most keep a core busy, but a few wait on servers, hostFaults' timed outages, and a third
      // worker fills those waits: 279 → 264 s in the same order); the browser files, each of which keeps Chromium, the app's
      // workers and a server busy, one at a time after them (their own group), so a timed tracking check in
      // Chromium never shares the machine with another.
      // `isolate: false`: a worker keeps its modules from one unit file to the next, so OpenCV's wasm, three
      // and the engine load once per worker, not once per file (the import phase: 184 s → 24 s; test:unit
      // 7.3 → 5.5 min on 2 cores). Every unit file passes in the default order and shuffled
      // (`--sequence.shuffle.files`); a file that needs a fresh module graph must reset what it changes.
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], exclude: ['test/e2e/**', '**/node_modules/**'], maxWorkers: 3, isolate: false, sequence: { groupOrder: 0 } } },
      // A browser test that fails is run once more (`retry: 1`): on CI's loaded 2 cores each full run so far
      // had two or three of the ~230 files fail once on timing (a frame dropped, a message timing out under a
      // click) and pass alone. A real fault fails both times; the reporter names every test that needed
      // its retry (test/setup/sayFailedAttempt.ts prints why each failed attempt failed), and the unit
      // project never retries.
      { extends: true, test: { name: 'browser', include: ['test/e2e/**/*.test.ts'], globalSetup: ['test/setup/buildOnce.ts'], setupFiles: ['test/setup/sayFailedAttempt.ts'], maxWorkers: 1, retry: 1, sequence: { groupOrder: 1 } } },
    ],
  },
})
