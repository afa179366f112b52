import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'

const pbTarget = `http://127.0.0.1:${process.env.PB_DEV_PORT ?? '8090'}`

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'robots.txt'],
      manifest: {
        name: 'North Country Efficiency',
        short_name: 'NC Efficiency',
        description:
          'Free 5-minute Business Efficiency Audit and small-business help for the White Mountains and North Country of New Hampshire.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1f4d3a',
        background_color: '#faf8f3',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/_\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: pbTarget, changeOrigin: true, ws: true },
      '/_': { target: pbTarget, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
})
