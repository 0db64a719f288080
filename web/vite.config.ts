import { readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipAsync } from "@gfx/zopfli";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { minify, type Plugin } from "vite";
import { defineConfig } from "vitest/config";

// The Go server (`ugcfolio serve`) owns these paths; in development Vite forwards them to it so the
// app talks to the real API with the same origin (cookies and CSRF checks behave as in production).
const backend = process.env.UGCFOLIO_BACKEND ?? "http://127.0.0.1:8080";
const proxied = ["/api", "/uploads", "/healthz"];

/**
 * Writes `name.gz` beside every script and stylesheet, compressed once with zopfli: about 4 %
 * smaller than gzip's best level, and the server sends these bytes as they are (DESIGN.md section 5
 * budgets the gzip JavaScript a visitor downloads). It reads the files as written, after every other
 * plugin has finished with them. The build takes a few seconds longer. Not index.html: the server
 * takes its `<!--ssr-…-->` placeholders out before sending it (internal/ssr/shell.go), so it
 * compresses the result itself.
 */
function precompress(): Plugin {
  return {
    name: "ugcfolio-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? "dist";
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const plain = await readFile(file);
        const compressed = await gzipAsync(plain, { numiterations: 15 });
        // A tiny file grows when compressed: the server then sends it as it is.
        if (compressed.length < plain.length) await writeFile(`${file}.gz`, compressed);
      }
    },
  };
}

/**
 * Names each language's catalogue chunk on the app's `<script type="module">` in index.html
 * (`data-catalogue-no`, `data-catalogue-en`). The app imports its language's catalogue before it
 * starts (web/src/main.tsx); on the home page the server renders, the loader fetches that chunk
 * together with the app's (src/boot.js, internal/ssr/shell.go), rather than one round trip after
 * the app has run.
 */
function nameCatalogues(): Plugin {
  return {
    name: "ugcfolio-name-catalogues",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const attributes: string[] = [];
        for (const chunk of Object.values(ctx.bundle ?? {})) {
          if (chunk.type !== "chunk") continue;
          for (const id of chunk.moduleIds) {
            const language = /\/src\/lib\/i18n\/(no|en)\.ts$/.exec(id)?.[1];
            if (language) attributes.push(`data-catalogue-${language}="/${chunk.fileName}"`);
          }
        }
        if (attributes.length !== 2) {
          throw new Error(`want a catalogue chunk per language, found ${attributes.join(" ")}`);
        }
        const tag = '<script type="module" crossorigin ';
        if (!html.includes(tag)) throw new Error(`index.html has no ${tag}`);
        return html.replace(tag, `${tag}${attributes.sort().join(" ")} `);
      },
    },
  };
}

/**
 * React's DOM renderer makes five Error objects as its module runs: the markers it throws and
 * compares by identity (SuspenseException and its kind), never shown to anyone. Making an Error
 * captures the stack, and with a debugger attached, as Lighthouse and PageSpeed Insights drive
 * Chromium, V8 then re-parses the whole renderer to place that stack: 40–60 ms of this machine's
 * core inside the renderer's first task, the longest of the home page's start (four times that on
 * Lighthouse's phone, all of it Total Blocking Time). Made from Error.prototype without calling Error,
 * they are the same markers with no stack to place. The build stops if React renames them.
 */
function stacklessReactMarkers(): Plugin {
  const markers = [519, 460, 474, 542, 461];
  return {
    name: "ugcfolio-stackless-react-markers",
    apply: "build",
    transform(code, id) {
      if (!id.endsWith("/react-dom/cjs/react-dom-client.production.js")) return null;
      let patched = code;
      for (const n of markers) {
        const made = `= Error(formatProdErrorMessage(${n}))`;
        if (!patched.includes(made))
          this.error(`react-dom no longer has "${made}": see stacklessReactMarkers`);
        patched = patched.replace(
          made,
          `= Object.assign(Object.create(Error.prototype), { message: formatProdErrorMessage(${n}) })`,
        );
      }
      return { code: patched, map: null };
    },
  };
}

/**
 * Writes the home page's loader (src/boot.js) minified as dist/boot.js: the server inlines it in
 * the page it renders (internal/ssr/shell.go), where every byte counts against the visitor's
 * JavaScript budget.
 */
function minifyLoader(): Plugin {
  return {
    name: "ugcfolio-minify-loader",
    apply: "build",
    async generateBundle() {
      const file = fileURLToPath(new URL("./src/boot.js", import.meta.url));
      const { code, errors } = await minify("boot.js", await readFile(file, "utf8"), {
        compress: true,
        mangle: true,
      });
      if (errors.length > 0)
        throw new Error(`src/boot.js: ${errors.map((e) => e.message).join("; ")}`);
      this.emitFile({ type: "asset", fileName: "boot.js", source: code });
    },
  };
}

/**
 * The server build only: every dynamic `import()` (the lazy admin screens, the contact form, the
 * video player) becomes an empty module. They never render on the server, and inlined they would
 * triple the bundle the engine loads.
 */
function stubDynamicImports(): Plugin {
  return {
    name: "ugcfolio-stub-dynamic-imports",
    apply: (_config, env) => env.isSsrBuild === true,
    transform(code, id) {
      if (!/\.[jt]sx?$/.test(id) || !code.includes("import(")) return null;
      return {
        code: code.replace(/\bimport\(\s*(["'])[^"']+\1\s*\)/g, "Promise.resolve({})"),
        map: null,
      };
    },
  };
}

const src = fileURLToPath(new URL("./src", import.meta.url));

// The synchronous renderToString of react-dom's legacy browser build: the default server build
// needs MessageChannel and TextEncoder, which the Go binary's JavaScript engine does not have.
const legacyServerRenderer = fileURLToPath(
  new URL(
    "./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js",
    import.meta.url,
  ),
);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    ...(isSsrBuild
      ? [stubDynamicImports()]
      : [stacklessReactMarkers(), precompress(), nameCatalogues(), minifyLoader()]),
  ],
  resolve: {
    alias: [
      { find: "@", replacement: src },
      // wouter's stand-in for React's useSyncExternalStore: React 19 has the hook itself.
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: `${src}/lib/use-sync-external-store.ts`,
      },
      ...(isSsrBuild ? [{ find: "react-dom/server", replacement: legacyServerRenderer }] : []),
    ],
  },

  // The server build: one self-contained script (no imports left), run by the Go binary's
  // JavaScript engine (internal/ssr); embedded beside dist/ and never served.
  ssr: { noExternal: true, target: "webworker" },
  publicDir: isSsrBuild ? false : "public",
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend }])),
  },
  build: isSsrBuild
    ? {
        outDir: "dist-ssr",
        emptyOutDir: true,
        target: "es2022",
        minify: true,
        rollupOptions: {
          input: "src/ssr/entry-server.tsx",
          output: { format: "iife", entryFileNames: "home.js" },
        },
      }
    : {
        // web/embed.go embeds dist/; hashed names under dist/assets/ let the server cache them forever.
        outDir: "dist",
        assetsDir: "assets",
        emptyOutDir: true,
        // Every browser we serve supports <link rel="modulepreload">; the polyfill only cost bytes.
        modulePreload: { polyfill: false },
        rollupOptions: {
          output: {
            // React's DOM renderer is two thirds of the app's script: in a chunk of its own, the
            // home page runs it in a task before the app's (src/boot.js), not in one long task.
            // React and its JSX runtime go with it: left alone, the bundler put the runtime in a
            // tiny shared chunk of its own, one more request for the visitor.
            // lib/react-dom-client.ts goes with them: it starts React when its chunk runs, in the
            // chunk's own task, rather than when the app's needs it, in the app's task.
            manualChunks: (id) =>
              /node_modules\/(react|react-dom|scheduler)\//.test(id) ||
              id.endsWith("/src/lib/react-dom-client.ts")
                ? "react-dom"
                : undefined,
          },
        },
      },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    // A hang guard, not a speed check: on a busy 2-core machine jsdom took over Vitest's default
    // 5 s to render an admin form, and the test failed without anything being wrong.
    testTimeout: 20_000,
    // A test file per core: Vitest's default leaves one core to its own process, which waits for the
    // workers (on a 2-core machine, one worker: 92 s for the suite here; two: 61 s).
    maxWorkers: availableParallelism(),
  },
}));
