// Small helpers the VS Code modules share (no `vscode` import: unit-testable).
import { LoreReplyError } from "./replies";

export function errorText(e: unknown): string {
  if (e instanceof LoreReplyError) return `${e.message} (${e.code})`;
  if (e instanceof Error) return e.message;
  return String(e);
}

export function withTimeout<T>(p: Thenable<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
