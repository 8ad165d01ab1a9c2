import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dashboard is served by the scanpin server itself (src/http/routes/web-app.ts), under a strict
// Content-Security-Policy: everything is bundled, nothing is fetched from another origin
// (docs/dashboard.md, "The pages").
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names under /assets/ are cached for a year by the server; index.html never is.
    assetsDir: 'assets',
    // Inlined assets would become data: URLs, which the CSP allows only for images; keep files.
    assetsInlineLimit: 0,
    sourcemap: false,
  },
  server: {
    // `npm run dev --workspace web` proxies the API to a server started with `npm run dev`.
    proxy: {
      '/app/api': 'http://127.0.0.1:8080',
      '/admin/v1': 'http://127.0.0.1:8080',
      '/auth': 'http://127.0.0.1:8080',
      '/sign-in/': 'http://127.0.0.1:8080',
      '/share/': 'http://127.0.0.1:8080',
    },
  },
});
