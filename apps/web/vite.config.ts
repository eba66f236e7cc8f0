import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    // In development the API runs on :3000; the SPA calls it same-origin through this proxy.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
