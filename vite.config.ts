import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { pwaOptions } from './src/server/pwaOptions.ts'

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions)],
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 12000 },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60000,
    hookTimeout: 180000,
    pool: 'forks',
  },
})
