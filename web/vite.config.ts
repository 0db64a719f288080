import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The Go server (`ugcfolio serve`) owns these paths; in development Vite forwards them to it so the
// app talks to the real API with the same origin (cookies and CSRF checks behave as in production).
const backend = process.env.UGCFOLIO_BACKEND ?? "http://127.0.0.1:8080";
const proxied = ["/api", "/uploads", "/healthz"];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend }])),
  },
  build: {
    // web/embed.go embeds dist/; hashed names under dist/assets/ let the server cache them forever.
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
  },
});
