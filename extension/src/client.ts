// The language client, with one change: server commands whose ids this extension owns are not registered
// a second time (VS Code would refuse, and the client would fail to start). See commands.ts.
import { type DynamicFeature, ExecuteCommandRequest, LanguageClient, type StaticFeature } from "vscode-languageclient/node";
import { serverCommandsToRegister } from "./commands";

interface CommandRegistration {
  id: string;
  registerOptions: { commands?: unknown };
}

export class LoreLanguageClient extends LanguageClient {
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
}
