import assert from "node:assert/strict";
import { test } from "node:test";
import { codeIdent, enclosingIdents, moduleIdent, rankForFile, repoRelative } from "../src/symbols";

test("idents follow ARCHITECTURE.md's examples", () => {
  assert.equal(moduleIdent("src/auth.py"), ":module/src-auth-py");
  assert.equal(codeIdent("function", "src/auth.py", ["login"]), ":function/src-auth-py-login");
  assert.equal(codeIdent("function", "src/auth.py", ["TokenCache", "evict"]), ":function/src-auth-py-tokencache-evict");
  assert.equal(codeIdent("class", "src/auth.py", ["TokenCache"]), ":class/src-auth-py-tokencache");
  assert.equal(codeIdent("module", "src/auth.py", ["x"]), ":module/src-auth-py");
});

test("enclosing idents go innermost first and end with the module", () => {
  assert.deepEqual(enclosingIdents("src/auth.py", [{ name: "TokenCache", kind: "class" }, { name: "evict", kind: "function" }]), [
    ":function/src-auth-py-tokencache-evict",
    ":class/src-auth-py-tokencache",
    ":module/src-auth-py",
  ]);
  assert.deepEqual(enclosingIdents("a.py", []), [":module/a-py"]);
});

test("repoRelative: inside gives a /-path, outside gives null", () => {
  assert.equal(repoRelative("/r", "/r/src/auth.py", "/"), "src/auth.py");
  assert.equal(repoRelative("/r", "/other/x.py", "/"), null);
  assert.equal(repoRelative("/r", "/r", "/"), null);
  assert.equal(repoRelative("C:\\r", "C:\\r\\src\\auth.py", "\\"), "src/auth.py");
});

test("rankForFile puts this file's entities first and dedupes", () => {
  assert.deepEqual(rankForFile([":function/lib-x-py-login", ":function/src-auth-py-login", ":function/lib-x-py-login"], "src/auth.py"), [
    ":function/src-auth-py-login",
    ":function/lib-x-py-login",
  ]);
});
