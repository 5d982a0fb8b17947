# One-off: writes capture21_second.json, a second, independent labelling of set 21's 150 exchanges (issue 14's
# agreement study). Every label below was written by reading the exchange's text against docs/capture-labelling.md,
# without the first labels (see README.md beside this file for what was and was not seen). For each fact: the label
# fields the bench scores (kind, terms, rationale, rejects), the one sentence an ideal memory would store
# (`description`), the reason as an agent would pass it (`why`, holding the rationale word), and the EDN an agent
# would pass to `lore finalize-turn --facts` (built from those fields by `agent_edn`).
# Usage: python build_second.py EXCHANGES.json capture21_second.json (EXCHANGES: set 21's exchanges; only their id,
# source and delta are read: /work/notes/s40/capture21_unlabelled.json when labelling, capture21.json since)
from __future__ import annotations

import json
import re
import sys
from typing import Any

LABELS: dict[str, list[dict[str, Any]]] = {}


def f(kind: str, terms: list[str], rationale: str | None, rejects: list[str], description: str,
      why: str | None = None) -> dict[str, Any]:
    if rationale is not None:
        why = why or rationale
        assert rationale.lower() in why.lower(), (rationale, why)
    return {"kind": kind, "terms": terms, "rationale": rationale, "rejects": rejects,
            "description": description, "why": why}


def lab(ident: str, *facts: dict[str, Any]) -> None:
    assert ident not in LABELS, ident
    LABELS[ident] = list(facts)


D, P, C = "decision", "preference", "constraint"

# ---------------------------------------------------------------- Go logging
lab("p01", f(D, ["zerolog"], "not maintaited", ["logrus"], "Use zerolog for logging instead of logrus.",
             "logrus is not maintaited anymore and much slower on benchmarks"))
lab("p02")  # "We should probably start thinking of moving away": tentative
lab("p03", f(D, ["logrus"], None, ["logrus"], "Migrate the code off logrus."))
lab("p04")  # "maybe we can migrate to zerolog": tentative
lab("p05", f(D, ["zap"], None, ["zerolog"], "Use zap for logging instead of zerolog."))
lab("p06", f(D, ["zerolog"], "allocations", ["logrus", "zap"],
             "Replace logrus with zerolog for logging (zap was proposed and not chosen).",
             "logrus does a lot of allocations, far more than the rest of Dendrite"))
lab("p07", f(D, ["slog"], None, ["logrus"], "Use the standard library's log/slog for logging instead of logrus."))
# ---------------------------------------------------------------- Kotlin serialization
lab("p08", f(D, ["kotlinx.serialization"], None, ["jackson"], "Use kotlinx.serialization instead of Jackson."))
lab("p09")  # no time and resources to do it now: deferred
lab("p10", f(D, ["kotlinx"], None, ["jackson"], "Use the kotlinx serializer and remove the Jackson serializer."))
lab("p11")  # question
lab("p12")  # "Think about migration"
lab("p13")  # an opinion ("I don't think this is really necessary"), not a verdict of the project: left open
lab("p14", f(D, ["kotlinx"], None, [], "Plugins use kotlinx serialization."))
# ---------------------------------------------------------------- C# HTTP clients
lab("p15", f(D, ["httpclient"], "platform coverage", ["restsharp"], "Replace RestSharp with HttpClient in the SDK.",
             "RestSharp does not use HttpClient, which reduces the platform coverage the SDK can support"))
lab("p16", f(D, ["httpclient"], None, [], "Move the HTTP layer to HttpClient."))
lab("p17")  # maintainer will "see if I can find time to merge": not settled
lab("p18", f(D, ["httpclient"], None, ["restsharp"], "Replace RestSharp with the .NET 4.5 HttpClient (a breaking change)."))
lab("p19", f(D, ["httpclient"], None, ["restsharp"], "Use HttpClient instead of RestSharp."))
# ---------------------------------------------------------------- PHP 7.4
lab("p20", f(D, ["php 7.4"], None, ["php 7.4"], "Drop support for PHP 7.4 on November 28, 2022."))
lab("p21")  # title a question
lab("p22")  # "We could drop support"
lab("p23", f(D, ["php 7.4"], "end of life", ["php 7.4"],
             "Drop PHP 7.4 support in v4.5 and make PHP 8.0 the minimum version.",
             "PHP 7.4 reached the end of life on 28 Nov 2022"))
lab("p24")  # "We should consider dropping"
lab("p25", f(D, ["php 7.4"], "eol", ["php 7.4"], "Drop support for PHP 7.4.",
             "it has been a good while since PHP 7.4 EOL'd"))
# ---------------------------------------------------------------- Rust error crates
lab("p26", f(D, ["anyhow", "thiserror"], "deprecated", ["failure"],
             "Use anyhow and thiserror to replace the failure crate.", "failure is deprecated"))
lab("p27", f(D, ["failure"], "old way", ["failure"], "Replace the failure crate (anyhow or standard features instead).",
             "failure is now the old way of doing things after the changes to Rust's errors"))
lab("p28", f(D, ["anyhow"], None, ["failure"], "Switch from the failure crate to anyhow in all crates at once."))
lab("p29", f(D, ["anyhow"], "discontinued", ["failure"], "Replace the failure crate with anyhow.",
             "the failure crate is discontinued"))
lab("p30", f(D, ["anyhow"], "pretty heavy", ["failure"], "Replace failure with anyhow.",
             "the failure crate is pretty heavy and needs more manual work; anyhow builds on std::error::Error"))
lab("p31", f(D, ["anyhow"], "deprecated", ["failure"], "Replace the failure crate with anyhow for error handling.",
             "failure::Error is deprecated and no longer maintained"))
lab("p32", f(D, ["anyhow"], "security vulnerabilities", ["failure"], "Replace failure with anyhow.",
             "failure is a deprecated crate with security vulnerabilities"))
lab("p33", f(D, ["thiserror"], None, ["anyhow", "failure"], "Move from failure to thiserror, not anyhow."))
# ---------------------------------------------------------------- Swift networking
lab("p34", f(D, ["urlsession"], "more than enough", ["alamofire"],
             "Replace Alamofire with an extension of URLSession.",
             "an extended URLSession is more than enough for our needs"))
lab("p35")  # "Consider droppping"
lab("p36", f(D, ["urlsession"], "binary size", ["alamofire"],
             "Remove the Alamofire dependency and use native URLSession.",
             "Alamofire is bulky for simple requests; URLSession reduces the binary size"))
lab("p37", f(D, ["nsurlsession"], None, ["alamofire"], "Remove Alamofire and use native NSURLSession."))
lab("p38")  # part of a proof of concept
lab("p39",
    f(D, ["swiftyjson"], "unneeded", ["swiftyjson"], "Remove the SwiftyJSON dependency.",
      "with Swift 4 SwiftyJSON is unneeded"),
    f(D, ["urlsession"], "more stable interface", ["alamofire"], "Replace Alamofire with URLSession.",
      "URLSession isn't much worse and has a more stable interface"))
lab("p40")  # question; "hopeful somebody will contribute it"
lab("p41", f(D, ["url session"], "compatibility with ios 8", ["alamofire"],
             "Remove Alamofire and use the standard URL Session methods.",
             "we want full compatibility with iOS 8 and Alamofire 4 supports only iOS 9 and higher"))
lab("p42")  # "My plan right now is to swap out": a plan
# ---------------------------------------------------------------- Dart state management
lab("p43", f(D, ["riverpod"], None, [], "Migrate state management to Riverpod."))
lab("p44", f(D, ["riverpod"], "更好的状态管理", ["provier"],
             "Migrate to riverpod's recommended way instead of the provier-compatible use of flutter_riverpod.",
             "以获得更好的状态管理 (for better state management)"))
lab("p45")  # "Implementation canceled."
lab("p46", f(D, ["riverpod"], None, ["provider"], "Migrate to Riverpod from Provider."))
# ---------------------------------------------------------------- Ruby test frameworks
lab("p47", f(D, ["rspec"], None, ["minitest"], "Switch the tests from minitest to RSpec."))
lab("p48", f(D, ["rspec"], None, ["minitest"], "Migrate all Minitest tests to RSpec and remove minitest's configuration."))
lab("p49", f(D, ["rspec"], "辛くなってきた", ["minitest"], "Replace minitest with RSpec.",
             "minitest が辛くなってきた (minitest has become painful)"))
lab("p50", f(D, ["minitest"], None, ["rspec"], "Migrate the tests from RSpec to MiniTest."))
lab("p51")  # "not sure I'm going to spend any time on this soon, but it would be nice"
lab("p52", f(D, ["rspec"], None, ["rspec"], "Keep minitest; RSpec is not introduced."))
# ---------------------------------------------------------------- JavaScript dates
lab("p53")  # question
lab("p54", f(D, ["dayjs"], "moment is done", ["moment.js"], "Replace moment.js with dayjs.",
             "moment is done (the project is in maintenance)"))
lab("p55", f(D, ["dayjs"], "legacy", ["moment"], "Replace moment with dayjs.",
             "Moment.js is legacy now and 4.28Mb in size; dayjs is a fast 2kB alternative"))
# ---------------------------------------------------------------- JUnit
lab("p56", f(D, ["junit 5"], None, ["junit 4"], "Migrate the tests from JUnit 4 to JUnit 5."))
lab("p57", f(D, ["junit 5"], None, ["junit 4"], "Upgrade the tests from JUnit 4 to JUnit 5."))
# ---------------------------------------------------------------- Elixir HTTP clients
lab("p58", f(D, ["req"], None, ["httpoison"], "Use Req in place of HTTPoison."))
lab("p59", f(D, ["req"], None, ["httpc"], "Use Req instead of httpc."))
lab("p60", f(D, ["req"], "better documented", ["httpoison"], "Switch the HTTP client from HTTPoison to Req.",
             "Req is becoming the preferred Elixir HTTP client and Finch's pool metrics are better documented than "
             "Hackney's"))
lab("p61")  # work in progress
# ---------------------------------------------------------------- C++ package managers
lab("p62", f(D, ["vcpkg"], "not considered first-party", ["conan"],
             "Use vcpkg instead of Conan for Windows third-party packages.",
             "Conan's CMake support is not considered first-party and lags behind"))
lab("p63", f(D, ["vcpkg"], None, ["conan"], "Add vcpkg support and remove Conan from CMake."))
lab("p64")  # a draft to test things out
lab("p65", f(D, ["vcpkg"], "packages breaking", ["conan"], "Drop Conan support and use vcpkg for external packages.",
             "packages breaking and Conan always being a moving target for CMake support"))
# ---------------------------------------------------------------- Haskell build tools
lab("p66", f(D, ["cabal-install"], None, ["stack"], "Switch the build from stack to cabal-install."))
lab("p67", f(D, ["stack"], "working only with cabal", ["stack"], "Remove stack from the repository; cabal is used.",
             "the maintainer is working only with cabal"))
lab("p68", f(D, ["cabal"], "nix", ["stack"], "Switch fully to cabal and remove the stack config.",
             "the project mostly uses nix, which uses cabal"))
lab("p69", f(D, ["cabal"], "cabal style", ["stack"], "Migrate the build from stack to cabal.",
             "the author likes cabal style more"))
lab("p70", f(P, ["cabal"], "hls", ["stack"], "Recommend cabal instead of stack.",
             "emacs + HLS do not work with stack but work great with cabal"))
lab("p71", f(D, ["cabal"], "cool kids", ["stack"], "Switch the build from Stack to Nix and Cabal.",
             "all the cool kids are doing it"))
lab("p72", f(D, ["stack"], None, ["cabal"], "Move the build to stack and get off Cabal."))
# ---------------------------------------------------------------- decision records
lab("p73", f(D, ["architectural decision records"], "rarely updated", ["specification and discovery documents"],
             "The Build Tool Team uses Architectural Decision Records (ADR) to track decisions.",
             "Specification and Discovery documents in Google Drive are rarely updated and not synced with the code"))
lab("p74", f(D, ["nygard"], "simplicity", ["innoq"],
             "Record architecture decisions as Architecture Decision Records in Michael Nygard's format.",
             "simplicity and clarity, and Nygard's format is widely adopted"))
lab("p75", f(D, ["architecture decision records"], "important changes", [],
             "Use Architecture Decision Records, each holding a single decision.",
             "to have information about important changes made in the project"))
lab("p76",
    f(D, ["maven"], "lightweight", [], "Use Java 21 with Maven for the build.",
      "a lightweight, well-structured service starter that is easy to build and deploy"),
    f(D, ["spark java"], "lightweight", [], "Use Spark Java for the minimal HTTP endpoints.",
      "a lightweight, well-structured service starter"),
    f(D, ["jacoco"], None, [], "Use JaCoCo for coverage."),
    f(D, ["github actions"], None, [], "Use GitHub Actions for CI."))
# ---------------------------------------------------------------- Python packaging
lab("p77", f(D, ["pyproject.toml"], "modern setup", [],
             "Switch the packaging to pyproject.toml (the build backend, flit-core or hatchling, is left open).",
             "moving to hatch later will be simpler thanks to the modern setup"))
lab("p78", f(D, ["pyproject.toml"], "phased out", ["setup.py"], "Add pyproject.toml in place of setup.py installation.",
             "the setup.py method of installation is being phased out"))
lab("p79", f(D, ["hatch"], None, ["setuptools", "setup.py"],
             "Replace setuptools and setup.py with hatch and pyproject.toml."))
lab("p80")  # "Consider moving"
lab("p81")  # "we should consider", then disagreement
# ---------------------------------------------------------------- Scala: Akka and Pekko
lab("p82", f(D, ["pekko"], "license change", ["akka"], "Migrate to Pekko instead of Akka.",
             "the Akka license change after 2.6"))
lab("p83")  # "it would be a nice to have"
lab("p84", f(D, ["pekko"], "business source license", ["akka"], "Replace all usage of Akka with Pekko.",
             "Lightbend moved Akka to the Business Source License, so it is no longer open source"))
lab("p85")  # "a test to … evaluate Pekko's readiness"
lab("p86")  # "Investigate"; a plan for later
lab("p87", f(D, ["pekko"], "business software license", ["akka"], "Migrate from Akka to Apache Pekko.",
             "Akka has a non FOSS Business Software License and old Apache-licensed versions get no fixes"))
lab("p88", f(D, ["pekko"], "business source license", ["akka"], "Migrate from Akka to Pekko.",
             "Akka is now subject to Business Source License, not suitable for an open source project"))
lab("p89", f(D, ["pekko"], "licensing change", ["akka"], "Replace the Akka library with Pekko equivalents.",
             "Akka's licensing change to the BSL, whose pricing is very expensive"))
lab("p90", f(D, ["akka"], "licence change", ["akka"],
             "Drop the Akka modules from Apso and recommend downstream users switch to Pekko.",
             "Akka's licence change"))
lab("p91", f(D, ["pekko"], "not more open source", ["akka"], "Change the actor library from Akka to Apache Pekko.",
             "the license of Akka is not more open source"))
# ---------------------------------------------------------------- Lua
lab("p92", f(D, ["luajit"], "performance", ["lua"], "Replace Lua with LuaJIT, going back to Lua 5.1.",
             "an expected performance increase"))
lab("p93")  # question
lab("p94", f(D, ["luajit"], "running so far behind", ["luajit"], "LuaJIT was rejected; Lua is not upgraded to it.",
             "LuaJIT is running so far behind on fixing bugs and implementing the Lua language"))
lab("p95", f(D, ["luajit"], "much faster", ["lua"], "Switch to LuaJIT.",
             "LuaJIT is much faster than normal Lua, a drop-in replacement, and gives ffi"))
lab("p96", f(D, ["luajit"], "performance", ["lua 5.4"], "Switch from Lua 5.4 to LuaJIT 2.1.", "primarily for performance"))
lab("p97", f(D, ["lua 5.2"], "bad idea", ["lua 5.2"], "Stay on Lua 5.1 and LuaJIT; do not move to Lua 5.2.",
             "moving to Lua 5.2 is a bad idea and would break current users"))
lab("p98")  # question
# ---------------------------------------------------------------- Clojure
lab("p99", f(D, ["deps.edn"], "simpler alternative", ["lein"], "Migrate from lein to deps.edn and the Clojure CLI.",
             "the Clojure CLI with deps.edn is a simpler alternative to lein, with git dependencies"))
lab("p100")  # approved in words, never done ("I dropped the ball")
lab("p101", f(D, ["deps.edn"], "does not work on windows", ["lein"], "Move the build from lein to clj and deps.edn.",
              "lein with deps.edn does not work on Windows"))
lab("p102", f(D, ["deps.edn"], "стандартом", ["leinengen"], "Migrate the project to deps.edn, removing Leinengen.",
              "deps.edn стал стандартом в Clojure (has become the standard) and removing Leiningen simplifies setup"))
lab("p103")  # "not sure it makes sense": left open
lab("p104", f(D, ["deps.edn"], None, ["project.clj"], "Migrate the project from project.clj to deps.edn."))
lab("p105", f(D, ["lein-tools-deps"], "flattening issue", ["lein-tools-deps"],
              "Do not use the lein-tools-deps plugin.", "the flattening issue"))
# ---------------------------------------------------------------- OCaml
lab("p106")  # asks "Is it ok for you if I open PR?"
lab("p107")  # "Unlikely I'll get back to this": withdrawn
lab("p108", f(D, ["dune"], None, ["dune"], "Do not switch the build to dune."))
lab("p109", f(D, ["dune"], "de-facto", [], "Switch to the Dune build system.",
              "Dune is de-facto the OCaml build standard; less build-script maintenance, faster builds"))
lab("p110", f(D, ["dune"], "way to go", [], "Switch the build system to dune (jbuilder).",
              "dune seems to be the way to go in the OCaml community"))
lab("p111", f(D, ["dune"], "new version", ["jbuilder"], "Update the build to use Dune instead of jbuilder.",
              "Dune is the new version of jbuilder"))
lab("p112",
    f(D, ["4.10"], None, ["4.07"], "Switch the OCaml compiler from 4.07 to 4.10."),
    f(D, ["dune"], None, ["ocamlbuild"], "Replace ocamlbuild by dune."))
# ---------------------------------------------------------------- R testthat
lab("p113")  # "Probably fine to just close this"
lab("p114", f(D, ["testthat 3e"], "several upgrades", ["2e"], "Activate testthat 3e (the third edition) instead of 2e.",
              "3e comes with several upgrades and needs few changes"))
lab("p115")  # "Will come back to this after testthat 3 is on CRAN"
lab("p116", f(D, ["testthat 3rd edition"], "parallel support", [], "Switch testing to testthat 3rd edition.",
              "it allows parallel support, which makes testing much faster"))
lab("p117")  # deferred to the bigger changes of #75
lab("p118", f(D, ["testthat3e"], None, [], "Use testthat's third edition (testthat3e) and fix the tests for it."))
# ---------------------------------------------------------------- Julia docs
lab("p119")  # pros and cons; "if someone has the time"
lab("p120")  # "I propose"
lab("p121")  # "We should probably consider"
lab("p122", f(D, ["documenter.jl"], "hasn't been touched", ["judo.jl"], "Switch Gadfly's docs from Judo.jl to Documenter.jl.",
              "Judo.jl hasn't been touched in two years; Documenter.jl is the de facto generator"))
lab("p123", f(D, ["documenter"], "outgrowing", [], "Move the documentation to Documenter.jl.",
              "the package is outgrowing its one-notebook doc; Documenter is used by many projects"))
lab("p124")  # "It would be useful"
lab("p125")  # options without a choice
# ---------------------------------------------------------------- Perl
lab("p126", f(D, ["dist-zilla"], "just works", ["dist-zilla"], "Do not add Dist-Zilla; keep Module-Install.",
              "Module-Install just works and does everything we need"))
lab("p127", f(D, ["dist::zilla"], "context switch", ["makefile.pl"],
              "Convert the distribution from a vanilla Makefile.PL to Dist::Zilla.",
              "a vanilla Makefile.PL dist is a jarring context switch from the maintainer's Dist::Zilla dists"))
lab("p128", f(D, ["minilla"], "discouraged", ["module::install"], "Change the authoring tool from Module::Install to Minilla.",
              "Module::Install is discouraged by its maintainers"))
lab("p129")  # "i could probably just drop it"
lab("p130", f(D, ["dist::zilla"], "localization libraries", ["module::build"],
              "Switch the build from Module::Build (Build.PL) to Dist::Zilla.",
              "a Dzil plugin can build the localization libraries, and dzil rocks"))
# ---------------------------------------------------------------- contribution guides
lab("p131",
    f(P, ["prettier"], None, [], "Format code with Prettier."),
    f(P, ["modern javascript"], None, ["callback"],
      "Use modern JavaScript (ES6 classes, arrow functions, builtins) rather than older callback style."),
    f(P, ["const"], None, ["var"], "Prefer const, then let; never var."),
    f(P, ["unix line feeds"], None, [], "Save files with UNIX line feeds, UTF-8 without BOM, and 4-space tabs."))
lab("p132",
    f(C, ["main"], None, [], "Do not commit directly to main."),
    f(C, ["npx cz"], None, [], "All commits must be created using npx cz."),
    f(C, ["conventional commits"], None, [], "Commit messages must follow Conventional Commits."),
    f(C, ["pull requests"], None, [], "All changes go through Pull Requests."))
lab("p133",
    f(C, ["feature/name-of-the-feature"], None, [], "Feature branches should be named feature/name-of-the-feature."),
    f(P, ["squash and merge"], None, [], "When merging into main, use Squash and Merge."))
# ---------------------------------------------------------------- Go errors
lab("p134", f(P, ["errors.is"], None, ["=="], "Compare errors with errors.Is instead of ==."))
lab("p135", f(P, ["errors.is"], "error value", ["errors.as"], "Use errors.Is instead of errors.As for context.Canceled.",
              "we compare against an error value, not the error's type"))
lab("p136", f(P, ["errors.is"], None, [], "Use errors.Is in the guide's good example."))
lab("p137")  # an argument about a linter
# ---------------------------------------------------------------- commits
lab("p138", f(D, ["dependabot"], "too noisy", ["dependabot"], "Stop using dependabot for Python.", "too noisy"))
lab("p139", f(D, ["discord"], None, ["slack"], "Use Discord instead of Slack in the CLI help."))
lab("p140", f(D, ["pdm"], None, ["hatch"], "Migrate the internal build from Hatch to PDM."))
lab("p141", f(D, ["rexml"], "security issues", ["rexml"],
              "Remove the rexml gem dependency and build the JUnit formatter's XML from strings.",
              "ReXML has had many security issues, all in XML parsing"))
lab("p142", f(D, ["anstream"], None, ["termcolor"], "Replace termcolor with anstream."))
lab("p143", f(D, ["slnx"], None, ["sln"], "Migrate the solution file from sln to slnx."))
lab("p144", f(D, ["dart run"], None, ["pub run"], "Replace pub run with dart run."))
lab("p145", f(D, ["jason"], None, ["poison"], "Use Jason instead of Poison."))
lab("p146", f(D, ["strconv"], None, ["fmt.sprintf"],
              "Replace fmt.Sprintf calls with string concatenation and strconv."))
lab("p147", f(D, ["justfile"], "much simpler", ["makefile"], "Replace the Makefile with a developmental Justfile.",
              "just is much simpler than make; users install exa from package managers"))
lab("p148", f(D, ["cross-spawn"], "better windows support", ["child_process"],
              "Use cross-spawn instead of child_process everywhere.", "cross-spawn has better Windows support"))
lab("p149", f(D, ["random_bytes"], None, ["uniqid"], "Create identifiers with random_bytes() instead of uniqid()."))
lab("p150")  # "maybe fix"


NAMESPACE = {"decision": "decision", "preference": "preference", "constraint": "constraint"}


def slug(name: str) -> str:
    return re.sub(r"[^0-9a-z.+_]+", "-", name.lower()).strip("-")


def edn_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def agent_edn(ident: str, facts: list[dict[str, Any]]) -> str:
    """The facts as an agent following `lore_finalize_turn`'s description passes them: one entity per fact, named
    by its kind and its first term, with :description, :rationale and :rejects :module/<name>."""
    rows: list[str] = []
    used: set[str] = set()
    for fact in facts:
        name = slug(fact["terms"][0]) or "choice"
        entity = f":{NAMESPACE[fact['kind']]}/{name}"
        n = 2
        while entity in used:
            entity, n = f":{NAMESPACE[fact['kind']]}/{name}-{n}", n + 1
        used.add(entity)
        rows.append(f"[{entity} :description {edn_string(fact['description'])}]")
        if fact["why"]:
            rows.append(f"[{entity} :rationale {edn_string(fact['why'])}]")
        for rejected in fact["rejects"]:
            target = slug(rejected)
            rows.append(f"[{entity} :rejects :module/{target}]" if target
                        else f"[{entity} :rejects {edn_string(rejected)}]")
    return "[" + " ".join(rows) + "]"


def main(unlabelled: str, out: str) -> None:
    exchanges = json.load(open(unlabelled, encoding="utf-8"))["exchanges"]
    assert [e["id"] for e in exchanges] == sorted(LABELS, key=lambda i: int(i[1:])), "every exchange labelled once"
    rows = []
    for exchange in exchanges:
        facts = LABELS[exchange["id"]]
        for fact in facts:
            assert all(term in fact["description"].lower() for term in fact["terms"]), (exchange["id"], fact)
        rows.append({"id": exchange["id"], "source": exchange["source"], "delta": exchange["delta"],
                     "facts": facts, "agent_facts": agent_edn(exchange["id"], facts)})
    about = ("Set 21 labelled a second time, independently of capture21.json's labels (issue 14's agreement study); "
             "see README.md. facts: kind, terms, rationale, rejects as the labelling guide defines them, plus the "
             "memory's ideal description, the reason as an agent would give it (why), and agent_facts: the EDN "
             "passed to `lore finalize-turn --facts`.")
    with open(out, "w", encoding="utf-8") as handle:
        json.dump({"about": about, "exchanges": rows}, handle, ensure_ascii=False, indent=1)
        handle.write("\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
