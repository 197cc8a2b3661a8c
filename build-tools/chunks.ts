/** What the build's plugins read of a rolldown output chunk (vite types the bundle loosely). */
export type ChunkLike = {
  type: "chunk";
  name: string;
  fileName: string;
  code: string;
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
};
export type OutputLike = ChunkLike | { type: "asset" };

/** A chunk and every chunk it imports statically, transitively: what loading it downloads. */
export function chunkClosure(bundle: Record<string, OutputLike>, start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const chunk = bundle[start];
  if (chunk?.type === "chunk") for (const dep of chunk.imports) chunkClosure(bundle, dep, seen);
  return seen;
}
