// The language client, with two changes: server commands whose ids this extension owns are not registered
// a second time (VS Code would refuse, and the client would fail to start; see commands.ts), and the
// window/logMessage records it writes are reported (so the stderr copy of each can be dropped: serverLog.ts).
import { type DynamicFeature, ExecuteCommandRequest, LanguageClient, type StaticFeature } from "vscode-languageclient/node";
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

  public override debug(message: string, data?: unknown, showNotification?: boolean): void {
    this.onLogged?.(message);
    super.debug(message, data, showNotification);
  }

  public override info(message: string, data?: unknown, showNotification?: boolean): void {
    this.onLogged?.(message);
    super.info(message, data, showNotification);
  }

  public override warn(message: string, data?: unknown, showNotification?: boolean): void {
    this.onLogged?.(message);
    super.warn(message, data, showNotification);
  }

  public override error(message: string, data?: unknown, showNotification?: boolean | "force"): void {
    this.onLogged?.(message);
    super.error(message, data, showNotification);
  }
}
