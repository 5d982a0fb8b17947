// Code entity idents as ingestion writes them (docs/ARCHITECTURE.md "Code entities"): the file path and
// the qualified name slugged together, e.g. method `evict` of `TokenCache` in src/auth.py ->
// :function/src-auth-py-tokencache-evict. Used to find "the symbol under the cursor" in the graph.
import * as path from "node:path";
import { slug } from "./edn";

export type CodeKind = "module" | "function" | "class" | "variable" | "field";

/** A file's path relative to the repository root, with "/" separators; null when it is outside. */
export function repoRelative(root: string, file: string, sep: string = path.sep): string | null {
  const p = sep === "\\" ? path.win32 : path.posix;
  const rel = p.relative(root, file);
  if (!rel || rel.startsWith("..") || p.isAbsolute(rel)) return null;
  return rel.split(sep).join("/");
}

export function moduleIdent(relPath: string): string {
  return `:module/${slug(relPath)}`;
}

export function codeIdent(kind: CodeKind, relPath: string, qualified: string[]): string {
  if (kind === "module" || qualified.length === 0) return moduleIdent(relPath);
  return `:${kind}/${slug([relPath, ...qualified].join("-"))}`;
}

export interface SymbolStep {
  name: string;
  kind: CodeKind;
}

/** Idents for the symbols enclosing the cursor, innermost first, ending with the file's module. */
export function enclosingIdents(relPath: string, chain: SymbolStep[]): string[] {
  const out: string[] = [];
  for (let i = chain.length; i > 0; i--) {
    const inner = chain[i - 1];
    const names = chain.slice(0, i).map((s) => s.name);
    out.push(codeIdent(inner.kind, relPath, names));
  }
  out.push(moduleIdent(relPath));
  return [...new Set(out)];
}

/** Entities found by name, those of this file first. */
export function rankForFile(entities: string[], relPath: string): string[] {
  const fileSlug = slug(relPath);
  const mine = (e: string) => (e.slice(e.indexOf("/") + 1).startsWith(fileSlug) ? 0 : 1);
  return [...new Set(entities)].sort((a, b) => mine(a) - mine(b) || a.localeCompare(b));
}
