// The language client, with two changes: server commands whose ids this extension owns are not registered
// a second time (VS Code would refuse, and the client would fail to start; see commands.ts), and the
// window/logMessage records it writes are reported (so the stderr copy of each can be dropped: serverLog.ts).
import { type DynamicFeature, ExecuteCommandRequest, LanguageClient, type StaticFeature } from "vscode-languageclient/node";
import type * as vscode from "vscode";
import { serverCommandsToRegister } from "./commands";

interface CommandRegistration {
  id: string;
  registerOptions: { commands?: unknown };
}

export class LoreLanguageClient extends LanguageClient {
  /** Called with every message the client logs (the server's window/logMessage among them). */
  public onLogged: ((message: string) => void) | undefined;

  // Called from the base constructor for every built-in feature; must not rely on fields of this class.
  public override registerFeature(feature: StaticFeature | DynamicFeature<unknown>): void {
    const dyn = feature as Partial<DynamicFeature<{ commands?: unknown }>>;
    if (dyn.registrationType?.method === ExecuteCommandRequest.method && typeof dyn.register === "function") {
      const register = dyn.register.bind(feature) as (data: CommandRegistration) => void;
      (feature as unknown as { register: (data: CommandRegistration) => void }).register = (data) =>
        register({ ...data, registerOptions: { ...data.registerOptions, commands: serverCommandsToRegister(data.registerOptions?.commands) } });
    }
    super.registerFeature(feature);
  }

  // The server's window/logMessage records (showNotification false) go to the log channel with their level
  // only: the base class would add "[Info  - 12:59:13 PM]" inside a line the channel already stamps.
  private direct(level: "debug" | "info" | "warn" | "error", message: string, data: unknown, showNotification: unknown): boolean {
    this.onLogged?.(message);
    const out = this.outputChannel as Partial<vscode.LogOutputChannel>;
    if (showNotification !== false || data !== undefined || typeof out[level] !== "function") return false;
    (out[level] as (m: string) => void).call(out, message);
    return true;
  }

  public override debug(message: string, data?: unknown, showNotification?: boolean): void {
    if (!this.direct("debug", message, data, showNotification)) super.debug(message, data, showNotification);
  }

  public override info(message: string, data?: unknown, showNotification?: boolean): void {
    if (!this.direct("info", message, data, showNotification)) super.info(message, data, showNotification);
  }

  public override warn(message: string, data?: unknown, showNotification?: boolean): void {
    if (!this.direct("warn", message, data, showNotification)) super.warn(message, data, showNotification);
  }

  public override error(message: string, data?: unknown, showNotification?: boolean | "force"): void {
    if (!this.direct("error", message, data, showNotification)) super.error(message, data, showNotification);
  }
}
