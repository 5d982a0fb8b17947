// The lore/* requests as typed calls over any JSON-RPC "send" (the LanguageClient in VS Code; a plain
// vscode-jsonrpc connection in the end-to-end test), so the same code is exercised in both.
import { ednString } from "./edn";
import * as payloads from "./payloads";
import * as replies from "./replies";

export type Send = (method: string, params: unknown) => Promise<unknown>;

function unwrap<T>(r: payloads.Result<T>): T {
  if (!r.ok) throw new replies.LoreReplyError(r.error.code, r.error.message);
  return r.value;
}

export class LoreApi {
  constructor(private readonly send: Send) {}

  async transact(facts: string, reason: string): Promise<{ tx: number }> {
    const r = replies.checkReply(await this.send("lore/transact", unwrap(payloads.transactParams(facts, reason))), "lore/transact");
    if (typeof r.tx !== "number") throw new replies.LoreReplyError("bad-reply", "lore/transact: the reply has no tx number");
    return { tx: r.tx };
  }

  async recordMemory(input: payloads.MemoryInput, reason: string): Promise<{ entity: string; tx: number }> {
    const m = unwrap(payloads.memoryFacts(input));
    const { tx } = await this.transact(m.facts, reason);
    return { entity: m.entity, tx };
  }

  async prepareTurn(message: string): Promise<{ context: string; facts: replies.FactItem[] }> {
    return replies.parsePrepareTurn(await this.send("lore/prepareTurn", unwrap(payloads.prepareTurnParams(message))));
  }

  async history(entity: string): Promise<{ entity: string; rows: replies.HistoryRow[] }> {
    const p = unwrap(payloads.historyParams(entity));
    const h = replies.parseHistory(await this.send("lore/history", p));
    return { entity: h.entity || p.entity, rows: h.rows };
  }

  async warnings(uri?: string | null): Promise<replies.WarningItem[]> {
    return replies.parseWarnings(await this.send("lore/warnings", payloads.warningsParams(uri)));
  }

  async dismiss(id: string, reason: string): Promise<void> {
    replies.checkReply(await this.send("lore/dismiss", unwrap(payloads.dismissParams(id, reason))), "lore/dismiss");
  }

  /** Start ingesting; one already running (e.g. the server's own at start-up) is reported as running. */
  async ingest(repo?: string | null, branch?: string | null): Promise<replies.IngestProgress | null> {
    let r: Record<string, unknown>;
    try {
      r = replies.checkReply(await this.send("lore/ingest", payloads.ingestParams(repo, branch)), "lore/ingest");
    } catch (e) {
      if (e instanceof replies.LoreReplyError && e.code === "ingest-running") return { status: "running", message: e.message };
      throw e;
    }
    return replies.parseIngestProgress(r);
  }

  async ingestStatus(): Promise<replies.IngestProgress | null> {
    return replies.parseIngestProgress(replies.checkReply(await this.send("lore/ingestStatus", {}), "lore/ingestStatus"));
  }

  /** Entities whose :name is `name` (the definition's own name), for "the symbol under the cursor". */
  async entitiesNamed(name: string): Promise<string[]> {
    const q = "[:find ?e :in $name :where [?e :name $name]]";
    const reply = await this.send("lore/query", { query: q, params: { name: ednString(name) } });
    return replies.firstColumn(reply);
  }
}
