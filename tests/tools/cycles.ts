/**
 * `npm run cycles`: fails when worker/ or src/ has an import cycle, at two levels.
 * - Modules: any file that reaches itself through its imports (type-only imports count:
 *   they couple the files just the same). dpdm resolves the imports, with the SPA's path
 *   aliases from tsconfig.app.json.
 * - Features: the folders code is grouped by (worker/<feature>, src/routes/<screen>,
 *   src/<folder>) must form a layered graph; two features that import each other, even
 *   through different files, are one feature in disguise. A top-level file is its own node.
 */
import path from "node:path";
import { type DependencyTree, globFiles, parseCircular, parseDependencyTree } from "dpdm";

/**
 * Cycles whose fix is under way on another branch. Each entry names who removes it; the
 * list must end empty (the integrator deletes an entry when its fix lands).
 */
const KNOWN: { members: string[]; todo: string }[] = [];

const root = process.cwd();
const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

/** The feature a file belongs to: its folder under worker/, src/routes/ or src/. */
export function featureOf(file: string): string {
  const parts = file.split("/");
  const depth = parts[0] === "src" && parts[1] === "routes" ? 3 : 2;
  return parts.length > depth ? parts.slice(0, depth).join("/") : file;
}

/** Internal edges only (packages are leaves), as relative paths. */
function edgesOf(tree: DependencyTree): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [issuer, dependencies] of Object.entries(tree)) {
    if (issuer.includes("node_modules")) continue;
    const from = rel(issuer);
    const targets = edges.get(from) ?? new Set<string>();
    edges.set(from, targets);
    for (const dependency of dependencies ?? []) {
      if (dependency.id && !dependency.id.includes("node_modules")) targets.add(rel(dependency.id));
    }
  }
  return edges;
}

/** Strongly connected components with more than one node (Tarjan), each sorted. */
export function stronglyConnected(edges: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return components;
}

/** For each pair of features, one file-level import that links them (to say where to look). */
function featureGraph(edges: Map<string, Set<string>>) {
  const graph = new Map<string, Set<string>>();
  const example = new Map<string, string>();
  for (const [from, targets] of edges) {
    for (const to of targets) {
      const [a, b] = [featureOf(from), featureOf(to)];
      if (a === b) continue;
      graph.set(a, (graph.get(a) ?? new Set()).add(b));
      if (!example.has(`${a} ${b}`)) example.set(`${a} ${b}`, `${from} → ${to}`);
    }
  }
  return { graph, example };
}

const isKnown = (members: string[]) =>
  KNOWN.some((known) => known.members.length === members.length && known.members.every((m) => members.includes(m)));

async function main() {
  const files = [...(await globFiles("worker/**/*.ts", root)), ...(await globFiles("src/**/*.{ts,tsx}", root))].filter(
    (file) => !file.endsWith(".d.ts"),
  );
  const tree = await parseDependencyTree(files, { context: root, tsconfig: path.join(root, "tsconfig.app.json") });
  const edges = edgesOf(tree);
  const problems: string[] = [];

  for (const cycle of parseCircular(tree).map((members) => members.map(rel))) {
    if (!isKnown(cycle)) problems.push(`module cycle: ${[...cycle, cycle[0]].join(" → ")}`);
  }
  const { graph, example } = featureGraph(edges);
  for (const component of stronglyConnected(graph)) {
    if (isKnown(component)) continue;
    const links = component.flatMap((a) =>
      component.map((b) => example.get(`${a} ${b}`)).filter((link): link is string => link !== undefined),
    );
    problems.push(`feature cycle: ${component.join(", ")}\n    ${links.join("\n    ")}`);
  }

  const allowed = KNOWN.map((known) => `${known.members.join(" ↔ ")} (TODO ${known.todo})`);
  console.log(`cycles: ${files.length} files read, ${edges.size} modules, ${graph.size} features`);
  if (allowed.length > 0) console.log(`known, being removed:\n  ${allowed.join("\n  ")}`);
  if (problems.length > 0) {
    console.error(`import cycles:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log("no import cycles");
}

await main();
