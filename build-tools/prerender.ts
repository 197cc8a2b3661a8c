import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { type AliasOptions, build, type Plugin } from "vite";
import { type ChunkLike, chunkClosure, type OutputLike } from "./chunks.ts";

/** A public page written as static HTML at build time. */
export type PrerenderPage = {
  /** The route's path: the browser hydrates only at this path (src/main.tsx). */
  path: string;
  /** Where it goes under the client's output directory (the Worker or the asset router serves it). */
  file: string;
  /** The document title the page sets once running (useDocumentTitle), given to the HTML from the start. */
  title?: string;
  /** The page's lazy route module: its chunks are preloaded, as hydration waits for them. */
  module?: string;
  /**
   * When the app starts: at once after the first paint, or at the first interaction (text and
   * links). "shell": not prerendered at all, only the route's modules preloaded — for a form,
   * whose fields typed into before hydration would not reach React's state.
   */
  hydrate: HydrateMode;
};

export type HydrateMode = "after-paint" | "on-interaction" | "shell";

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * The inline script that loads the page's modules and runs the entry. "after-paint": once the
 * first frame is drawn (rAF waits for the stylesheet, the timeout for the frame). "on-interaction":
 * a page of text and links (they work as plain links before any script) loads the app when the
 * visitor first touches, clicks, types, focuses or the history changes, or at once for a visitor
 * whose browser holds a signed-in profile (the landing page sends them on). A button pressed
 * before the app runs is pressed again once it has hydrated (src/main.tsx).
 */
function loader(modules: string[], entry: string, mode: HydrateMode, profileKey: string): string {
  const source = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    ${JSON.stringify(modules)}.forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload"; link.crossOrigin = ""; link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module"; script.crossOrigin = ""; script.src = ${JSON.stringify(entry)};
    document.head.appendChild(script);
  }
  function afterPaint() { requestAnimationFrame(function () { setTimeout(start); }); }
  var signedIn = false;
  try { signedIn = !!localStorage.getItem(${JSON.stringify(profileKey)}); } catch (e) {}
  if (${JSON.stringify(mode)} === "after-paint" || signedIn) return afterPaint();
  ["pointerdown", "touchstart", "keydown", "focusin", "popstate"].forEach(function (type) {
    addEventListener(type, start, { capture: true, passive: true, once: true });
  });
  addEventListener("click", function (event) {
    if (window.undertoneHydrated) return;
    var button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button) { event.preventDefault(); window.undertonePressed = button; }
    start();
  }, true);
})();`;
  return source.replace(/\n\s*/g, " ");
}

function writePage(outDir: string, file: string, html: string) {
  const target = join(outDir, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, html);
}

/** "shell": the empty shell, rendered in the browser as before, with the route's modules preloaded from the start. */
function shellWithPreloads(
  shell: string,
  page: PrerenderPage,
  bundle: Record<string, OutputLike>,
  entryFiles: Set<string>,
  pageChunk: ChunkLike | undefined,
): string {
  const preloads = pageChunk
    ? [...chunkClosure(bundle, pageChunk.fileName)]
        .filter((file) => !entryFiles.has(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join("")
    : "";
  let html = shell.replace("</head>", `${preloads}</head>`);
  if (page.title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  return html;
}

/**
 * After the client build: bundles src/prerender.tsx for Node (a separate, small SSR build of
 * the same sources), renders each page with it and writes the page into a copy of the built
 * index.html, so the landing and legal pages paint from HTML and CSS on a slow phone before
 * any script has run. index.html itself stays the empty shell that every other route gets.
 */
export function prerender(options: { root: string; alias: AliasOptions; pages: PrerenderPage[] }): Plugin {
  return {
    name: "undertone:prerender",
    apply: "build",
    async writeBundle(output, rawBundle) {
      if (this.environment.name !== "client" || !output.dir) return;
      const outDir = output.dir;
      const bundle = rawBundle as unknown as Record<string, OutputLike>;
      const chunks = Object.values(bundle).filter((o): o is ChunkLike => o.type === "chunk");
      const main = chunks.find((c) => c.isEntry && c.name === "main");
      const entryFiles = main ? chunkClosure(bundle, main.fileName) : new Set<string>();

      const ssrOut = resolve(options.root, "node_modules/.tmp/prerender");
      rmSync(ssrOut, { recursive: true, force: true });
      await build({
        configFile: false,
        root: options.root,
        logLevel: "warn",
        mode: "production",
        plugins: [react()],
        resolve: { alias: options.alias },
        build: {
          ssr: resolve(options.root, "src/prerender.tsx"),
          outDir: ssrOut,
          copyPublicDir: false,
          rolldownOptions: { output: { entryFileNames: "prerender.js" } },
        },
      });
      const { prerender: render, PROFILE_CACHE_KEY: profileKey } = (await import(
        pathToFileURL(join(ssrOut, "prerender.js")).href
      )) as { prerender: (path: string) => Promise<string>; PROFILE_CACHE_KEY: string };

      const shell = readFileSync(join(outDir, "index.html"), "utf8");
      if (!shell.includes('<div id="root"></div>')) throw new Error("prerender: index.html has no empty #root");
      const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
      if (!entryTag?.[1]) throw new Error("prerender: index.html has no entry script");
      const entrySrc = entryTag[1];
      for (const page of options.pages) {
        const pageChunk = page.module
          ? chunks.find((c) => c.facadeModuleId === resolve(options.root, page.module ?? ""))
          : undefined;
        if (page.module && !pageChunk) throw new Error(`prerender: no chunk for ${page.module}`);
        if (page.hydrate === "shell") {
          writePage(outDir, page.file, shellWithPreloads(shell, page, bundle, entryFiles, pageChunk));
          continue;
        }
        const markup = await render(page.path);
        // Every module the page needs to hydrate: the entry's own closure, then the page's route chunk.
        const modules = [
          ...entryFiles,
          ...(pageChunk ? [...chunkClosure(bundle, pageChunk.fileName)].filter((file) => !entryFiles.has(file)) : []),
        ].map((file) => `/${file}`);
        let html = shell
          .replace(
            '<div id="root"></div>',
            `<div id="root" data-prerendered="${escapeHtml(page.path)}">${markup}</div>`,
          )
          .replace(entryTag[0], "")
          .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, "");
        if (page.title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
        // The page paints from its HTML and the stylesheet alone: the scripts are requested
        // after that first frame or later (see loader), so neither their download nor their
        // evaluation and the hydration hold the first paint back on a slow phone. They are
        // all requested at once, as preloads.
        html = html.replace(
          "</body>",
          `<script>${loader(modules, entrySrc, page.hydrate, profileKey)}</script></body>`,
        );
        writePage(outDir, page.file, html);
      }
      this.environment.logger.info(`Prerendered: ${options.pages.map((p) => `${p.path} → ${p.file}`).join(", ")}`);
    },
  };
}
