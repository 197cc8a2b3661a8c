import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { type AliasOptions, build, type Plugin } from "vite";

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
};

type ChunkLike = {
  type: "chunk";
  name: string;
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
};
type OutputLike = ChunkLike | { type: "asset" };

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The inline script that requests the page's modules and runs the entry after the first paint. */
function loader(modules: string[], entry: string): string {
  return [
    "requestAnimationFrame(function(){setTimeout(function(){",
    `${JSON.stringify(modules)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.appendChild(l)});`,
    `var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(entry)};document.head.appendChild(s)`,
    "})})",
  ].join("");
}

function closure(bundle: Record<string, OutputLike>, start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const chunk = bundle[start];
  if (chunk?.type === "chunk") for (const dep of chunk.imports) closure(bundle, dep, seen);
  return seen;
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
      const entryFiles = main ? closure(bundle, main.fileName) : new Set<string>();

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
      const { prerender: render } = (await import(pathToFileURL(join(ssrOut, "prerender.js")).href)) as {
        prerender: (path: string) => Promise<string>;
      };

      const shell = readFileSync(join(outDir, "index.html"), "utf8");
      if (!shell.includes('<div id="root"></div>')) throw new Error("prerender: index.html has no empty #root");
      const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
      if (!entryTag?.[1]) throw new Error("prerender: index.html has no entry script");
      const entrySrc = entryTag[1];
      for (const page of options.pages) {
        const markup = await render(page.path);
        const pageChunk = page.module
          ? chunks.find((c) => c.facadeModuleId === resolve(options.root, page.module ?? ""))
          : undefined;
        if (page.module && !pageChunk) throw new Error(`prerender: no chunk for ${page.module}`);
        // Every module the page needs to hydrate: the entry's own closure, then the page's route chunk.
        const modules = [
          ...entryFiles,
          ...(pageChunk ? [...closure(bundle, pageChunk.fileName)].filter((file) => !entryFiles.has(file)) : []),
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
        // after that first frame (rAF waits for the stylesheet, the timeout for the frame to be
        // drawn), so neither their download nor their evaluation and the hydration hold the
        // first paint back on a slow phone. They are all requested at once, as preloads.
        html = html.replace("</body>", `<script>${loader(modules, entrySrc)}</script></body>`);
        const target = join(outDir, page.file);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, html);
      }
      this.environment.logger.info(`Prerendered: ${options.pages.map((p) => `${p.path} → ${p.file}`).join(", ")}`);
    },
  };
}
