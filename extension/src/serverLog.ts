// The server logs each record twice: to stderr ("lore: <message>", for terminals) and, once the editor is
// connected, as window/logMessage (which the language client writes to the output channel with its level).
// Shown as they come, every line appears twice. This keeps the logMessage copy and drops the stderr copy
// of the same record; stderr lines that are not a mirrored record (a traceback, another library's warning,
// anything before initialization) are shown after a short hold. No `vscode` import: unit-tested.

export const STDERR_PREFIX = "lore: ";

export class StderrDedup {
  /** First lines of logMessage records not yet matched by a stderr line. */
  private readonly seen = new Map<string, number>();
  /** stderr lines waiting for a matching logMessage. */
  private readonly held: { text: string; line: string; timer: ReturnType<typeof setTimeout> }[] = [];
  private partial = "";

  constructor(
    private readonly show: (line: string) => void,
    private readonly holdMs = 400,
  ) {}

  /** A window/logMessage record arrived (it is shown by the client). */
  logMessage(message: string): void {
    const first = message.split(/\r?\n/, 1)[0].trim();
    const i = this.held.findIndex((h) => h.text === first);
    if (i >= 0) {
      clearTimeout(this.held[i].timer);
      this.held.splice(i, 1);
      return;
    }
    this.seen.set(first, (this.seen.get(first) ?? 0) + 1);
    if (this.seen.size > 500) this.seen.delete(this.seen.keys().next().value as string);
  }

  /** A chunk of the server's stderr. */
  stderr(chunk: string): void {
    const lines = (this.partial + chunk).split(/\r?\n/);
    this.partial = lines.pop() ?? "";
    for (const line of lines) this.line(line);
  }

  private line(line: string): void {
    if (!line.startsWith(STDERR_PREFIX)) {
      if (line.trim()) this.show(line);
      return;
    }
    const text = line.slice(STDERR_PREFIX.length).trim();
    const n = this.seen.get(text);
    if (n !== undefined) {
      if (n <= 1) this.seen.delete(text);
      else this.seen.set(text, n - 1);
      return;
    }
    const held = { text, line, timer: setTimeout(() => this.release(held), this.holdMs) };
    this.held.push(held);
  }

  private release(h: { text: string; line: string }): void {
    const i = this.held.indexOf(h as (typeof this.held)[number]);
    if (i >= 0) this.held.splice(i, 1);
    this.show(h.line);
  }

  /** Show everything still held (the process ended). */
  flush(): void {
    if (this.partial.trim()) this.show(this.partial);
    this.partial = "";
    for (const h of this.held.splice(0)) {
      clearTimeout(h.timer);
      this.show(h.line);
    }
  }
}
