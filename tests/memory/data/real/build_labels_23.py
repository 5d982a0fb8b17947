# One-off: writes capture23.json, the twenty-third capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it, by a labeller who had not read the
# extractor's code nor its tests nor any earlier set's failures, nor run any Lore code on this text. The whole set is blind.
# Usage: python build_labels_23.py capture23.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall sets or of the outside held-out set is used again)
import sys

from labelset import G, assert_new_repositories, commit, d, doc, ex, noise, write_heldout_set

# ---------------------------------------------------------------- Go: logging libraries
ex(G + "kuiperbelt/kuiperbelt/pull/35",
   "Switch logger to zap from logrus",
   [d("decision", ["zap"], None, ["logrus"])])
ex(G + "ayinke-llc/malak/pull/16",
   "use zap for logging and drop logrus",
   [d("decision", ["zap"], None, ["logrus"])])
# ---------------------------------------------------------------- Java: JUnit 4 to JUnit 5
ex(G + "simoc/csvjdbc/issues/77",
   "Migrate unit tests from JUnit 4 to JUnit 5. These changes are included in Csvjdbc version 1.0.42.",
   [d("decision", ["junit 5"], None, ["junit 4"])])
# ---------------------------------------------------------------- C#: Newtonsoft.Json to System.Text.Json
ex(G + "kklldog/AgileConfig_Client/issues/43",
   "Newtonsoft.Json 能否替换为 System.Text.Json。按照趋势来说，Newtonsoft.Json应该逐渐会被System.Text.Json替代吧？"
   "主要是asp.net core 项目 必须要引用 System.Text.Json，如果又引用了Newtonsoft.Json，可能会产生一些混乱。"
   "有计划替换，包括 http client 都会替换成内置的。v1.7.4 已替换成 System.Text.Json",
   [d("decision", ["system.text.json"], "混乱", ["newtonsoft.json"])])
ex(G + "milanm/DotNet-Developer-Roadmap/issues/5",
   "System.Text.Json should replace Newtonsoft.Json. System.Text.Json is built-in to .NET now (and is available as a "
   "package otherwise). Should probably be recommended learning over the older Newtonsoft.Json package. Yes, I agree! "
   "Will update. Thanks!",
   [d("decision", ["system.text.json"], "built-in to .net", ["newtonsoft.json"])])
ex(G + "ThiagoBarradas/jsonmasking/issues/13",
   "Replace Newtonsoft.Json with System.Text.Json. Many code bases based on .NET have moved on from Newtonsoft.Json and "
   "are already dependent on System.Text.Json. This conversion means that many developers will no longer need to "
   "reference two Json serializers when installing JsonMasking.",
   [d("decision", ["system.text.json"], "two json serializers", ["newtonsoft.json"])])
# ---------------------------------------------------------------- PHP: version floors
ex(G + "tighten/duster/issues/37",
   "Drop support for EOL PHP 7.3, add PHP 8.1. Can we now drop support for EOD PHP 7.3 and add PHP 8.1? I think if "
   "we're dropping 7.3 support elsewhere we can here too. 👍 Closed by #39",
   [d("decision", ["php 7.3"], "eol", ["php 7.3"])])
# ---------------------------------------------------------------- Go: dep to modules
ex(G + "src-d/go-license-detector/pull/46",
   "Migrate from DEP to GO Modules. Migrate the repository from DEP to the new Go Modules. I have never used modules, "
   "but I guess if we have some problems in the future I will be able to fix them. Thanks",
   [d("decision", ["go modules"], None, ["dep"])])
noise(G + "ipdata/go/issues/19",
      "Migrate from deprecated dep tool to go modules. The dep maintainers have deprecated their dep tool in favor of go "
      "modules. Would you accept a PR to migrate to go modules? Would you prefer to keep the libraries vendored?")
# ---------------------------------------------------------------- Rust: the failure crate
ex(G + "coreos/envsubst-rs/pull/12",
   "cargo: switch from failure to thiserror. The failure crate is not actively developed anymore, and the newer "
   "thiserror works without leaking any additional type to the public API. This switches to use the latter. LGTM",
   [d("decision", ["thiserror"], "not actively developed", ["failure"])])
noise(G + "mozilla/rust-ece/issues/41",
      "failure is depricated, replace it with thiserror. Since failure is deprecated we should probably replace it with "
      "thiserror (which looks like suggested alternative by the failure people). I have a pull-request #40 that does "
      "that. Let me know what you think!")
ex(G + "appaquet/exocore/issues/243",
   "Replace error handling crate. The failure crate we use won't be updated. We should switch to \"thiserror\" for "
   "Error enum definition + \"anyhow\" for catch-all errors in tests.",
   [d("decision", ["thiserror"], "won't be updated", ["failure"]),
    d("decision", ["anyhow"], "won't be updated", ["failure"])])
ex(G + "svenstaro/mt940-rs/pull/26",
   "replace deprecated failure crate with thiserror. Failure's Readme says it's deprecated and recommends thiserror \"a "
   "good, near drop-in replacement\". The change is indeed very easy and doesn't brake any of mt940-rs' tests. "
   "Perfect, thanks!",
   [d("decision", ["thiserror"], "deprecated", ["failure"])])
# ---------------------------------------------------------------- Java builds: Maven or Gradle
ex(G + "eclipse-efx/efxclipse-rt/issues/44",
   "Transform project to a pure maven build. If you need to face this task, I was thinking maybe you should consider "
   "transforming the project to a gradle build instead. We'll go with maven for now. I think going to gradle later is "
   "not a big thing but maven is in our companies DNA so it makes the most sense for us currently.",
   [d("decision", ["maven"], "companies dna", ["gradle"])])
noise(G + "camunda/camunda/issues/53297",
      "CI: Decide on possibility of switching from Maven to Gradle in this project. We should investigate the "
      "possibility of switching our build system from Maven to Gradle to take advantage of Gradle's built-in build "
      "caching and incremental compilation capabilities. At the same time, this may be a challenging/not possible task "
      "due to how deeply Maven is ingrained in the mechanics of this repo.")
ex(G + "communicode/communikey-backend/issues/12",
   "Gradle migration. The project should migrate from Maven to Gradle for a simplified workflow and setup following "
   "large projects like Android.",
   [d("decision", ["gradle"], "simplified workflow", ["maven"])])
ex(G + "lysine-dev/retrofit/pull/1169",
   "Build with Gradle. What's the value proposition of switching? At this time, Maven is a much easier build system to "
   "use for managing open source projects. The release process, CI process, and IDE integration are all superior to "
   "Gradle. Without some additional value to offset the fact that Gradle is worse at these things, I don't see any "
   "reason to switch at this time.",
   [d("decision", ["maven"], "much easier", ["gradle"])])
ex(G + "detroit-labs/katalon-mobile-util/pull/28",
   "Gradle swap. What does this PR do? Switches from maven for building to gradle",
   [d("decision", ["gradle"], None, ["maven"])])
# ---------------------------------------------------------------- PHP static analysis: Psalm or PHPStan
ex(G + "PHLAK/Config/pull/26",
   "Replaced psalm with phpstan. Replaced psalm with phpstan and fixed many static analysis errors.",
   [d("decision", ["phpstan"], None, ["psalm"])])
ex(G + "brainstormforce/astra/pull/2677",
   "Static Analyser - Setup PHPStan. Closing in favour of Psalm #2889",
   [d("decision", ["psalm"], None, ["phpstan"])])
ex(G + "dotkernel/api/issues/324",
   "Replace Psalm with PHPStan ? This is mainly because PHPStan has outpaced Psalm in depth and quality in the last few "
   "years and it feels unlikely that Psalm can point to a problem that PHPStan did not detect before. so the decision "
   "of Dotkernel TSC was to swith to phpstan and drop psalm",
   [d("decision", ["phpstan"], "outpaced psalm", ["psalm"])])
# ---------------------------------------------------------------- front end: jQuery
noise(G + "torifat/jsAvroPhonetic/issues/20",
      "Remove jQuery dependency. Vanilla JavaScript is powerful enough, there is no need of jQuery. Please remove the "
      "dependency or release another vanilla js version. You can use avro-lib.js directly. It doesn't have jQuery "
      "dependency.")
ex(G + "chrisdwheatley/wowsuch/issues/20",
   "Remove dependency on jQuery within widget. Widget code depends upon jQuery to poll an external API and add/remove "
   "classes and HTML. Refactoring to use vanilla JS would mean being able to remove a lot of the logic currently needed "
   "to load in jQuery. Resolved by #29.",
   [d("decision", ["vanilla js"], "remove a lot of the logic", ["jquery"])])
ex(G + "mbi/django-front/issues/18",
   "Get rid of the jQuery dependency. Rewrite all the JavaScript as vanilla so as not to have to rely on jQuery any "
   "longer.",
   [d("decision", ["vanilla"], "not to have to rely on jquery", ["jquery"])])
# ---------------------------------------------------------------- end-to-end tests: Protractor and Cypress
ex(G + "DSpace/dspace-angular/pull/1301",
   "Switch to Cypress.io for all e2e tests. This PR migrates our entire e2e test framework from Protractor to Cypress, "
   "based on the guide at docs.cypress.io.",
   [d("decision", ["cypress"], None, ["protractor"])])
ex(G + "mattbdean/Helium/pull/150",
   "Switch from Protractor to Cypress for e2e tests. Cypress should make our e2e tests much more reliable",
   [d("decision", ["cypress"], "much more reliable", ["protractor"])])
ex(G + "streetmix/streetmix/issues/976",
   "Replace protractor with cypress. Cypress is a great end-to-end UI test platform for JS apps. Protractor is an "
   "end-to-end framework for Angular-based apps, but we're not Angular based, so I think we can get more bang for our "
   "buck (the UI testing) via Cypress. Complete in #1347",
   [d("decision", ["cypress"], "not angular based", ["protractor"])])
ex(G + "metadatacenter/cedar-project/issues/369",
   "Consider changing E2E testing framework from Protractor to Cypress. Some of the advantages that caught my eye: "
   "Easier debugging within the browser; No need for Selenium; Supposedly significantly faster than Protractor. Think "
   "we are now happy with unit test framework for many tests and Protractor will suffice for E2E tests.",
   [d("decision", ["protractor"], "will suffice", ["cypress"])])
noise(G + "scottohara/loot/issues/131",
      "Consider switching Protractor out for Cypress.io. The Protractor e2e test suite, while currently valuable, is "
      "incomplete, slow, and can sometimes be flaky. With a potential move away from AngularJS on the cards, we may "
      "wish to consider something like Cypress as a replacement for the existing Protractor suite.")
noise(G + "realworld-apps/angular-realworld-example-app/issues/218",
      "From Protractor to Cypress. Hello there, I will be trying to add e2e testing using cypress. This way I think the "
      "project will benefit from it. Also since cypress is famous someone may find it helpful.")
# ---------------------------------------------------------------- Kotlin: kapt to KSP
ex(G + "dimsuz/vanilla/issues/4",
   "Migrate kapt to ksp. :) Yes, this must be done! :)",
   [d("decision", ["ksp"], None, ["kapt"])])
ex(G + "airbytehq/airbyte/issues/39075",
   "Migrate from KAPT to KSP. What: Migrate the platform build from KAPT to KSP for Kotlin annotation processing.",
   [d("decision", ["ksp"], None, ["kapt"])])
# ---------------------------------------------------------------- APIs: REST or GraphQL
noise(G + "jjs-dev/jjs/issues/276",
      "Should we use graphql? I don't think I'm able to implement proper interaction with DB. Possible solutions: "
      "Someone maintains frontend; API is switched to REST. Yes, I think we should, because GraphQL allows clients not "
      "to download excessive data.")
ex(G + "axross/nakami/issues/166",
   "Record why Nakami reads Payload over REST rather than GraphQL. An investigation compared Payload's GraphQL API with "
   "the REST API this app already reads through, and found that GraphQL lifts none of the REST gaps the collections "
   "spec records while adding one that disqualifies it here: a client must know a server's schema before it can ask "
   "anything.",
   [d("decision", ["rest"], "must know a server's schema", ["graphql"])])
noise(G + "fossasia/badgeyay/issues/674",
      "Prospects of using graphql over REST in badgeyay. But you are overlooking the fact of simplicity. Anyways if all "
      "of you prefer to go with the REST API then i have no issues but what i am proposing is why can't be use both at "
      "the same time. Using benefits of both.")
# ---------------------------------------------------------------- databases: MongoDB and PostgreSQL
ex(G + "chase-moskal/xiome/issues/28",
   "consider huge database refactor to postgres. here were my reasons i thought of switching to postgres, and why i "
   "decided not. postgres will be generally faster: we're not having problems with speed. so that pretty much negates "
   "the urgency of any reason to refactor for postgres. plus, a sql refactor would require tons of big-brain energy "
   "over how we're going to declaratively specify schema structure in harmony with our typescript types. too much "
   "effort for too little value at this time",
   [d("decision", ["postgres"], "too much effort", ["postgres"])])
noise(G + "christkv/ecommerce/issues/3",
      "PosgreSQL Support. MongoDB is not transactional and, in my opinion, is not suitable for productive use. My "
      "favorite is PostgreSql. I will implement support for PostgreSql for the application. Should MongoDB continue to "
      "be supported? What do you think is better?")
ex(G + "websentry/WebSentry/issues/38",
   "Moving database from MongoDB to RDBMS(PostgreSQL). After some internal discussions, we decided to settle with "
   "PostgreSQL (and maybe sqlite for a lightweight self-host version). This will introduce a lot of incompatible "
   "changes and we will stop rolling out to dev environment for now.",
   [d("decision", ["postgresql"], None, ["mongodb"])])
noise(G + "maybeanerd/selfhosted-api-trader-game/issues/138",
      "Idea: refactor DB to move to postgres. MongoDB again has issues with sharding but needs it for transactions. "
      "Postgres could also support JSON data and work perfectly with transactions, maybe it's worth switching.")
# ---------------------------------------------------------------- TypeScript linting: TSLint to ESLint
ex(G + "friendlyfiregame/friendlyfiregame/pull/18",
   "Replace tslint with eslint. Well,... tslint seems deprecated... time to move on.",
   [d("decision", ["eslint"], "deprecated", ["tslint"])])
ex(G + "mikro-orm/nestjs-realworld-example-app/issues/13",
   "tslint is deprecated in favor of eslint. tslint has been deprecated and eslint should be used as per the author of "
   "tslint. I can do pr for this. Sure, feel free to PR it :)",
   [d("decision", ["eslint"], "deprecated", ["tslint"])])
# ---------------------------------------------------------------- JavaScript modules: CommonJS and ESM
ex(G + "realcoloride/node_characterai/issues/204",
   "conveter to esm. Kode Esm ? Hello, for the sake of compatibility the module stays as CommonJS",
   [d("decision", ["commonjs"], "compatibility", ["esm"])])
ex(G + "TomerAberbach/get-all-files/issues/6",
   "ESM only support makes things difficult. I like the restructuring of the project in general, but moving to ESM "
   "makes it impossible / very hard to use the module for us at the moment. Could you add a parallel CommonJS build? "
   "Done in 4.1.0 :smile:",
   [d("decision", ["commonjs"], "very hard to use")])
ex(G + "podium-lib/podlet/pull/211",
   "feat: Convert to ESM. BREAKING CHANGE: Convert from CommonJS module to ESM",
   [d("decision", ["esm"], None, ["commonjs"])])
noise(G + "lee-dohm/no-response/issues/158",
      "Investigate converting from CommonJS to ESM. It's going to have to happen at some point and given that many "
      "popular packages are converting to ESM and that ESM code can import CommonJS code, but not the other way "
      "around, this should probably happen soon.")
noise(G + "alallier/reload/issues/302",
      "Add ESM support. Change the module from CommonJS to ECMAScript Module (ESM). I can send in a PR if you agree. "
      "Yeah we are overdue at looking at this. Going to leave it open we should work on this soon. would love your "
      "opinions on what we should do")
# ---------------------------------------------------------------- Laravel front-end builds: Mix and Vite
ex(G + "mishterk/wp-laravel-mix-theme-boilerplate/issues/20",
   "Switch to Vite? Vite is faster than Mix and is the default for new Laravel installs. Might be worth switching over? "
   "It wouldn't be a Laravel Mix boilerplate if I changed it to Vite ;) Probably makes more sense in a separate repo.",
   [d("decision", ["laravel mix"], "wouldn't be a laravel mix boilerplate", ["vite"])])
ex(G + "saproto/saproto/issues/1889",
   "Use Vite instead of Laravel Mix. Since Laravel 9 the laravel framework moved over to Vite for the dev experience "
   "instead of Laravel mix. This has advantages like hot reloading etc. Should be fairly easy with the Upgrade Guide.",
   [d("decision", ["vite"], "hot reloading", ["laravel mix"])])
noise(G + "faveosuite/faveo-invoicing-community/issues/1859",
      "Replace Laravel Mix with Vite. As soon as Laravel 9 upgrade is done. This can be done next. As we are not using "
      "Vue.JS. This can be done in the future once we start using Vue.JS. not relevant currerntly")
ex(G + "hackgvl/hackgreenville-com/issues/135",
   "Upgrade to laravel 10 and replace mix with vite. Vite builds and dev start is substantially faster and more "
   "minimized than webpack, and vite has a cleaner and easier-to-read config file. And laravel has passed version 10; "
   "we're still on 8.",
   [d("decision", ["vite"], "substantially faster", ["mix"]),
    d("decision", ["laravel 10"], "passed version 10")])
ex(G + "linuxserver/Heimdall/pull/1288",
   "Replace Mix with Vite",
   [d("decision", ["vite"], None, ["mix"])])
# ---------------------------------------------------------------- Rust async runtimes
ex(G + "foxford/conference/pull/100",
   "Switch to async-std runtime",
   [d("decision", ["async-std"])])
ex(G + "imitari/imitari/pull/7",
   "Move from async-std to tokio",
   [d("decision", ["tokio"], None, ["async-std"])])
# ---------------------------------------------------------------- Java: Lombok
ex(G + "OpenTOSCA/container/pull/177",
   "removes lombok from project. Short Description: As we only needed lombok for really small things, the balance "
   "between use and setup within IDE was not right. Removes lombok as it does not provide real value",
   [d("decision", ["lombok"], "does not provide real value", ["lombok"])])
ex(G + "michelin/kstreamplify/pull/544",
   "Remove Lombok from the codebase",
   [d("decision", ["lombok"], None, ["lombok"])])
# ---------------------------------------------------------------- Go routers: gorilla/mux to chi
ex(G + "KLab/wsnet2/pull/6",
   "gorilla/mux -> go-chi/chi/v5. gorillaプロジェクトがアーカイブしたので、 gorilla/mux から別のルーティングライブラリへの移行を"
   "検討しています。catatsuy さんがおすすめしていたので、 go-chi への乗り換えを試してみました。route文字列のパターンは同じ "
   "{変数名:正規表現} が使えるので楽。ありがとうございます。よさそうです。",
   [d("decision", ["go-chi"], "アーカイブ", ["gorilla/mux"])])
ex(G + "cloudfoundry/korifi/pull/2033",
   "Replace gorilla/mux with chi. What is this change about? This replaces gorilla/mux with the router from chi. Does "
   "this PR introduce a breaking change? No.",
   [d("decision", ["chi"], None, ["gorilla/mux"])])
ex(G + "soulteary/webhook/pull/93",
   "refactor: migrate from Gorilla Mux to Chi router for improved routing capabilities",
   [d("decision", ["chi"], "improved routing capabilities", ["gorilla mux"])])
# ---------------------------------------------------------------- commit messages
commit("charmbracelet/glow", "77ba75d680e981d28613df8bc07d4602fa9bb2e7",
       "Migrate from Boba to Bubble Tea and Bubbles",
       [d("decision", ["bubble tea"], None, ["boba"])])
commit("wntrblm/nox", "12b805ac1e4db2ee6bd17061cfbf0a2535662389",
       "feat: drop support for tox 3 (#910)",
       [d("decision", ["tox 3"], None, ["tox 3"])])
commit("pyinvoke/invoke", "67bc038bcb35de158d5f4dca4346fca5ab344e47",
       "Switch from Travis to CircleCI",
       [d("decision", ["circleci"], None, ["travis"])])
commit("zellij-org/zellij", "828a1508c6366049ab3756aaba7631f7a4e5a81c",
       "chore: replace unmaintained cassowary with maintained fork kasuari (#5416)",
       [d("decision", ["kasuari"], "unmaintained", ["cassowary"])])
commit("dbrgn/tealdeer", "026ae7274220ac4805f22d40dcd8533441a28210",
       "Switch from ansi_term to yansi (#288). ansi_term is not actively maintained anymore. Replace it with a suitable "
       "alternative. I looked at termcolor, owo-colors and yansi and picked yansi: It is very simple; It does not do "
       "terminal color support checking (we already do that in tealdeer); Its color enum type is almost identical to "
       "the one from ansi_term, so migrating is easy",
       [d("decision", ["yansi"], "not actively maintained", ["ansi_term", "termcolor", "owo-colors"])])
commit("charmbracelet/gum", "092795842194b30c2a7c69b90898c9e3a60fa60c",
       "docs: Use #!/bin/sh instead of #!/bin/bash",
       [d("preference", ["#!/bin/sh"], None, ["#!/bin/bash"])])
# ---------------------------------------------------------------- decision records
doc("abhinav9558/DAE-Demo", "docs/adr/ADR-database-choice.md",
    "Use SQLite for local development. Context: We needed a lightweight database that works offline for testing. "
    "Decision: We chose SQLite for local development. Rationale: Simple to set up; Doesn't require network or "
    "credentials; Faster for small teams. Alternatives considered: PostgreSQL (more powerful, but heavier); Firebase "
    "(not local, requires internet)",
    [d("decision", ["sqlite"], "simple to set up", ["postgresql", "firebase"])])
doc("graysonman/llm-inference", "docs/adr/0001-persistence-strategy.md",
    "Persistence Strategy (SQLite-First, Postgres Migration Path). We want low operational overhead for early "
    "iterations. Decision: Adopt a SQLite-first strategy for initial implementation, with explicit compatibility "
    "boundaries to enable migration to Postgres when scale or operational requirements justify it.",
    [d("decision", ["sqlite"], "low operational overhead")])
doc("ocrosby/go-load-tester", "decisions/0001-use-go.md",
    "ADR-0001: Use Go as the Implementation Language. Context: We need to choose a primary language for implementing a "
    "general-purpose load testing tool that is performant, scalable, and portable across environments (including "
    "Kubernetes and standalone). Decision: We will implement the load testing tool in Go (Golang). Alternatives "
    "Considered: Python: Easy to prototype, but not ideal for high-concurrency or resource-efficient workloads; "
    "Node.js: Good for I/O-heavy tasks, but more complex to distribute and harder to manage in low-level system tasks; "
    "Rust: Offers performance, but steep learning curve and slower iteration",
    [d("decision", ["go"], "portable across environments", ["python", "node.js", "rust"])])
# ---------------------------------------------------------------- contribution guides and rules
doc("lpmwfx/Rules", "rust/errors.md",
    "Error Handling. Result types — thiserror for libs, anyhow for CLI. RULE: thiserror for custom errors in libs. "
    "RULE: anyhow ONLY in CLI/bin boundaries. RULE: NO unwrap()/expect() in library code (ok in tests). BANNED: "
    "Box<dyn Error> (use concrete error types)",
    [d("preference", ["thiserror"]),
     d("constraint", ["anyhow"]),
     d("constraint", ["unwrap()"]),
     d("constraint", ["box<dyn error>"], None, ["box<dyn error>"])])
doc("Strangemother/django-trimdocs", "CONTRIBUTING.md",
    "Contributing. Keep code PEP8 and small, clear functions. Prefer composition and explicit behavior. Add/adjust "
    "tests for new behavior. Run tests locally before submitting PRs.",
    [d("preference", ["pep8"]),
     d("preference", ["composition"]),
     d("preference", ["tests for new behavior"]),
     d("preference", ["run tests locally"])])
doc("amitness/photon", "CONTRIBUTING.md",
    "Contribution Guidelines. Best practices: Never commit sensitive credentials or other information into the repo. "
    "Sensitive data should be injected into the application through environment variables. Git Commit Guidelines: Use "
    "present tense for commit messages",
    [d("constraint", ["credentials"]),
     d("preference", ["environment variables"]),
     d("preference", ["present tense"])])
# ---------------------------------------------------------------- .NET target frameworks
ex(G + "MessagePack-CSharp/MessagePack-CSharp/issues/1989",
   "Drop .NET 6 support. .NET 6 is falling out of Microsoft support next month. As v3 is only releasing around or "
   "after that point, we should drop .NET 6 before v3 releases. We may pick up .NET 9 as a target framework if "
   "there's a reason to as well.",
   [d("decision", [".net 6"], "falling out of microsoft support", [".net 6"])])
ex(G + "AngleSharp/AngleSharp/issues/960",
   "Proposal to drop .NETFramework 4.6 target. .NET Framework 4.6 is reaching end of life in April of 2022 and most "
   "users should have already updated. Is it a good time to drop this target to simplify our build? Hm, how much "
   "would we gain here? Dropped for 0.17.0 / 1.0. Landed in devel",
   [d("decision", [".netframework 4.6"], "end of life", [".netframework 4.6"])])
ex(G + "octokit/octokit.net/issues/2500",
   "Drop support for .NET Framework 4.6. .NET Framework 4.6 (and 4.6.1) went out of support on April 26 2022. "
   "Continuing to publish Octokit for this target adds additional support burden. Supporting a single target "
   "framework, .NET standard 2.0, would simplify maintenance of this project while still supporting all target "
   "frameworks that are currently supported upstream. I agree. I agree with this 💯. I'd like to get this done sooner "
   "than later.",
   [d("decision", [".net framework 4.6"], "support burden", [".net framework 4.6"])])
noise(G + "AwesomeAssertions/AwesomeAssertions/issues/166",
      "Drop explicit net6 target? Net6 went out of support November 2024. Also, net6 users should be covered by the "
      "netstandard2.1 target. Should we drop the explicit net6 target? I don't have strong feelings either way, and "
      "there may be implications I haven't thought of. Just wanted to open the discussion.")
noise(G + "punker76/gong-wpf-dragdrop/issues/419",
      "Drop .NET Framework 4.5.2 and 4.6 which will reach End of Support on April 26, 2022. Describe the feature: Would "
      "it make sense to stop supporting .Net 4.5.2 and 4.6 right now? After all, the end date is April 2022.")
ex(G + "microsoft/Microsoft.IO.RecyclableMemoryStream/issues/239",
   "Add NET6 target. Current LTS target .NET 6 should be added. Conversely, .NET 5 and .NET Core 2.1 are out of support "
   "and should probably be dropped. Why? What do we gain? Please see comments on the PR for why we are not going to do "
   "this. #240",
   [d("decision", ["net6"], None, ["net6"])])
ex(G + "jeffkl/MSBuildProjectCreator/pull/159",
   "Drop support for net5.0. This framework is end-of-life in favor of net6.0",
   [d("decision", ["net5.0"], "end-of-life", ["net5.0"])])
# ---------------------------------------------------------------- CSS frameworks: Bootstrap and Tailwind
noise(G + "sandiegopython/pythonsd-django/issues/153",
      "Consider switching to TailwindCSS. TailwindCSS is a modern CSS framework that compares somewhat favorably with "
      "Bootstrap specifically in having built-in tooling support. Advantages: We can stop using webpack. I have a "
      "preliminary branch at davidfischer/switch-to-tailwind for anyone who wants to take a look.")
ex(G + "bigbinary/wheel/issues/336",
   "Switch from Bootstrap to Tailwind. At BigBinary we've been using Bootstrap since long but after using TailwindCSS "
   "in some of our projects we found it to be both designer as well as developer friendly. Also since Tailwind is "
   "highly configurable, we've decided to switch from Bootstrap to Tailwind.",
   [d("decision", ["tailwind"], "highly configurable", ["bootstrap"])])
noise(G + "doctrine/doctrine-website/issues/272",
      "Migrate bootstrap to tailwind. I have been using utility based css frameworks and I really like tailwindcss. I "
      "want to pair moving to tailwindcss with a new design but we need to find someone who can do UX/graphic design to "
      "work on some mockups. Then once that is done we can convert it to html/css.")
ex(G + "MikeMcQuaid/strap/pull/989",
   "Use Tailwind CSS. Migrate from using Bootstrap to using Tailwind CSS.",
   [d("decision", ["tailwind css"], None, ["bootstrap"])])
ex(G + "davidsneighbour/kollitsch.dev/issues/1105",
   "feature: the big tailwind switch. Premise: switching from Bootstrap to Tailwind. Steps: 1. add TailwindCSS with "
   ".tw- classes prefix; 2. remove bootstrap classes from layout files; 3. remove bootstrap classes from SASS files; "
   "4. clean up",
   [d("decision", ["tailwind"], None, ["bootstrap"])])
# ---------------------------------------------------------------- Vue 2 end of life
noise(G + "QingdaoU/OnlineJudgeFE/issues/128",
      "Migrate to Vue 3. Vue 2 officially reached EOL last year. It is high time we considered migrating the codebase "
      "to Vue 3")
ex(G + "Kitware/CDash/pull/1794",
   "Migrate from Vue 2 to Vue 3. Vue 2 is expected to reach End-of-Life in December 2023. Given that we plan to "
   "aggressively move our legacy codebase to Vue in the coming months, it makes sense to perform this upgrade now "
   "while the Vue portion of the codebase is still relatively small.",
   [d("decision", ["vue 3"], "end-of-life", ["vue 2"])])
noise(G + "tapestry-tool/tapestry-wp/issues/1333",
      "Migrate to Vue 3. We want to try to migrate the code base to use Vue 3 if possible, since Vue 2 is reaching its "
      "EOL.")
ex(G + "CVEProject/cve-website/issues/1602",
   "Update to Vue 3. Vue 2 will reach End of Life on December 31st, 2023. Done",
   [d("decision", ["vue 3"], "end of life", ["vue 2"])])
noise(G + "bryntum/support/issues/9226",
      "VUE 2 EOL. Let's decide on dropping support and migrate demos to Vue 3? Vue 2 is set to reach its end of life "
      "(EOL) on December 31, 2023.")
noise(G + "ForgeRock/end-user-ui/issues/59",
      "Vue3 migration. Hi ForgeRock/Ping community, according to the official documentation Vue 2 Has Reached End of "
      "Life. Is there a plan to migrate to vue3 any time soon? There are many improvements in vue3, so I find it rather "
      "unfortunate to start a new project based on somewhat deprecated technology.")
# ---------------------------------------------------------------- container base images: Alpine, Debian, Ubuntu
ex(G + "sosjalapeno/alacarte/issues/29",
   "Switch container image to alpine. With upstream apple-music-downloader switching to musl aswell, I think it's a "
   "good idea to switch from debian to alpine since alpine is much smaller. thanks for the suggestion, looked into it "
   "but a full switch isn't clean right now. the musl linked apple-music-dl from upstream does run on alpine, but "
   "mp4box which apple-music-dl needs for mp4 finalization has no alpine package. went with a middle ground instead: "
   "our ubuntu base now installs the musl loader so musl binaries from upstream exec here too while mp4box keeps "
   "working",
   [d("decision", ["musl loader"], "mp4box", ["alpine"])])
ex(G + "arabcoders/watchstate/issues/721",
   "[FEAT] switch to Debian based image. Currently we are using alpine, which is fine on it own, however as we move "
   "closer to tagging last version we are being hit by different problems due to alpine being musl based, for example "
   "we cant use nvidia-drivers for video accel. We should re-base based on Debian 13",
   [d("decision", ["debian"], "musl based", ["alpine"])])
noise(G + "eisengrind/docker-altv-server/issues/29",
      "OS - Why choose Debian Buster-Slim and not e.g. alpine? What's the motivation behind using debian, I personally "
      "use alpine as an base image. I also like alpine more for container stuff. But tbh. I can give it another shot.")
ex(G + "james58899/hath-rust/pull/272",
   "Switch FROM to Alpine. Switch from to Alpine, and the volume of the container will become smaller. Switching to "
   "alpine(musl) will cause a performance hit and only reduce the size by a few MB, I don't think it's worth switching "
   "to alpine.",
   [d("decision", ["alpine"], "performance hit", ["alpine"])])
# ---------------------------------------------------------------- rules of practice found in threads
ex(G + "rolling-scopes-school/tasks/pull/967",
   "feat: add typescript as a rule. Add the usage of Typescript as a mandatory rule. It's not clear from the task "
   "whether it's necessary",
   [d("constraint", ["typescript"], "not clear from the task")])
ex(G + "NextAlone/Nagram/pull/38",
   "Update dependency. All changes have passed checks by action and CodeFactor. 感谢提交，但是我们不需要在没有强需求的情况下变更依赖版本。"
   "Thanks for the submission, but we don't need to change dependency versions without strong demand.",
   [d("constraint", ["dependency versions"])])
ex(G + "fastly/js-compute-runtime/pull/149",
   "dependency-review-action only works on pull requests. Should we add it to the list of steps that are required to "
   "pass before merging? Yeah, I think we should block merge if the dependency review fails, so I've done that.",
   [d("constraint", ["dependency review"])])
# ---------------------------------------------------------------- C++: the language standard and Boost
ex(G + "Chilledheart/yass/issues/68",
   "Maintainment：Migrating to C++17. It is about three years after major compilers supporting C++17 released. It "
   "should be stabld to switch to it. As far as we know，we might drop: GCC 7.0 or lower (stock compiler in debian 9); "
   "Microsoft Visual C++ 2017 (used in xp build)",
   [d("decision", ["c++17"], "three years")])
noise(G + "halide/Halide/issues/4216",
      "When should we consider moving Halide to C++17? Currently, Halide assumes/requires C++11. When should we consider "
      "moving our baseline to C++17? Would be nice to start a discussion.")
ex(G + "uptane/aktualizr/pull/116",
   "Upgrade the minimum compiler C++17. Full C++17 support came in gcc 8. That suggests that getting a C++17 compiler "
   "shouldn't be a huge problem for our downstream. Why not go further? C++20 support would require gcc 10 or 11, and "
   "while we could go that far it seems like we should be conservative by default. LGTM",
   [d("decision", ["c++17"], "downstream", ["c++20"])])
ex(G + "intel/fpga-runtime-for-opencl/pull/75",
   "Upgrade to c++17 standard. c++17 supports many more features that allows greater flexibilities, and potential "
   "performance optimization.",
   [d("decision", ["c++17"], "greater flexibilities")])
ex(G + "ompl/ompl/pull/1308",
   "remove boost.filesystem as a dependency and use std::filesystem instead",
   [d("decision", ["std::filesystem"], None, ["boost.filesystem"])])
ex(G + "fnalacceleratormodeling/synergia2/issues/33",
   "Replace use of boost::filesystem with std::filesystem. In our quest to rely less upon Boost, we should replace the "
   "use of boost::filesystem with std::filesystem.",
   [d("decision", ["std::filesystem"], "rely less upon boost", ["boost::filesystem"])])
ex(G + "AllenCell/agave/issues/41",
   "use c++17 std::filesystem. Use Case: Boost dependencies are heavy and should be minimized. boost::filesystem is "
   "currently one of them. Solution: use std::filesystem. all boost deps are removed",
   [d("decision", ["std::filesystem"], "heavy", ["boost::filesystem"])])
ex(G + "otris/ews-cpp/pull/110",
   "Remove boost. Remove Boost.Filesystem dependency. Use std::filesystem instead. Since most compilers and development "
   "environments already support C++17 std::filesystem it doesn't make sense to require an extra-heavy dependency like "
   "Boost anymore for running some additional tests.",
   [d("decision", ["std::filesystem"], "extra-heavy dependency", ["boost.filesystem"])])
ex(G + "lightvector/KataGo/pull/335",
   "Remove Boost library dependency. Currently the only thing KataGo is utilizing from boost is the filesystem library. "
   "I thought having a dependency on such a heavyweight library is not the greatest thing in the world. Therefore: "
   "Filesystem library was used instead, which is a header-only implementation of C++17 std::filesystem for C++11, "
   "C++14 and C++17. boost::filesystem was replaced to ghc::filesystem. Merged! Yay!",
   [d("decision", ["ghc::filesystem"], "heavyweight library", ["boost"])])
noise(G + "Aleph-One-Marathon/alephone/issues/447",
      "replace libboost_filesystem dependency with std::filesystem. Is it possible to replace the build dependency "
      "libboost_filesystem with C++'s std::filesystem? libc++ on MacOS before 10.15 doesn't support std::filesystem. "
      "Aside from that, FileHandler.cpp would need changes to handle the nonexistence of std::unique_path().")
noise(G + "kyubotics/coolq-http-api/issues/100",
      "替换 boost::filesystem 为 std::filesystem。VC++ 2017 实现的 std::filesystem 似乎目前已经可以在 Wine 里运行（之前因为不能运行而仍然使用 "
      "boost::filesystem），可能还需要测试一下 Windows 7、Windows Server 2008 等老旧系统，如果都没问题的话，可以更换为标准库的版本，以减少依赖并减少"
      "编译出来的 DLL 文件大小")
# ---------------------------------------------------------------- Python: Pydantic 2 and the package managers
noise(G + "proximafusion/vmecpp/issues/481",
      "pydantic 2.13 failiures in validation. The new pydantic version caused a regression, CI is red. Will be fixed in "
      "Pydantic v2.13.2. Thanks for reaching out, I was already scrambling how to provide compatibility - glad to hear "
      "this is indeed a regression and not intended breaking change")
noise(G + "GlitchCorp/fastapi-another-jwt-auth/issues/17",
      "Lot of errors with pydantic v2. E.g.: TypeError: @validator(..., each_item=True) cannot be applied to fields with "
      "a schema of json-or-python. Submitted the following PR which should fix this. Tested in a local project and "
      "seems to work as expected. A rough one though.")
ex(G + "BASIN-3D/basin3d/issues/163",
   "Pydantic v2 breaks things. Pydantic v2 breaks things. Freeze at v1 until we migrate to v2.",
   [d("decision", ["freeze at v1"], "breaks things", ["pydantic v2"])])
ex(G + "python-microservices/pyms/pull/237",
   "feat: replaced pipenv to poetry. Changes proposed in this PR: Migrated from pipenv to poetry. Poetry manages better "
   "than pipenv dependencies and is faster than pipenv.",
   [d("decision", ["poetry"], "faster than pipenv", ["pipenv"])])
ex(G + "boxine/bx_django_utils/pull/163",
   "Replace poetry with pipenv",
   [d("decision", ["pipenv"], None, ["poetry"])])
ex(G + "bmwcarit/zubbi/issues/92",
   "Switch from pipenv to poetry. Managing and updating dependencies with pipenv becomes more and more a hassle. We "
   "should switch to poetry instead. Implemented in #110",
   [d("decision", ["poetry"], "hassle", ["pipenv"])])
ex(G + "newrelic/aws-log-ingestion/pull/48",
   "Switch From Pipenv to Poetry. Poetry is a better supported dependency manager than Pipenv at this point. And it "
   "comes preinstalled on Python images.",
   [d("decision", ["poetry"], "better supported", ["pipenv"])])
# ---------------------------------------------------------------- Ruby version floors
ex(G + "zombocom/rundoc/pull/45",
   "Drop Ruby 2.7 and 3.0 support. Ruby 2.7 and 3.0 are EOL, we can drop support.",
   [d("decision", ["ruby 2.7"], "eol", ["ruby 2.7", "3.0"])])
ex(G + "diaspora/diaspora/pull/8426",
   "Add ruby 3.1, drop ruby 2.7. So that fixes the rest of the things required to support ruby 3.1. And I also dropped "
   "2.7 instead (it's EOL anyway, so I don't think there is a need to support it any longer?). Full support. I added a "
   "section to the changelog yesterday, we can just edit that to say that 2.7 is no longer supported.",
   [d("decision", ["ruby 3.1"]),
    d("decision", ["ruby 2.7"], "eol", ["ruby 2.7"])])
noise(G + "open-feature/ruby-sdk/pull/91",
      "chore!: Drop Ruby 2.7 and 3.0, add Ruby 3.3. Since Ruby 2.7 and 3.3 are both older than three years now, we "
      "should consider dropping support and targeting N-2. I also added a .tool-versions file as an optional change for "
      "easier ASDF support, but can remove that if we'd like.")
# ---------------------------------------------------------------- Swift: RxSwift and Combine
ex(G + "elpassion/ReadingListCalendarApp/pull/2",
   "Migrate from RxSwift to Combine",
   [d("decision", ["combine"], None, ["rxswift"])])
noise(G + "bow-swift/bow/issues/661",
      "Migrate from Rx to Combine. Hello, do you have any plans about it?")
ex(G + "timfraedrich/OutRun/pull/82",
   "Replace RxSwift with Combine. These changes remove all references of RxSwift from the project replacing non-UI "
   "parts with Combine implementations. The UI remains largely non-functional.",
   [d("decision", ["combine"], None, ["rxswift"])])
noise(G + "zotero/zotero-ios/issues/48",
      "Rewrite to Combine. Rewrite the existing RxSwift code to Combine. Low priority.")
ex(G + "superarcswift/SwiftCommunity/issues/104",
   "As a developer, I want to drop RxSwift & PromiseKit and using Combine instead.",
   [d("decision", ["combine"], None, ["rxswift", "promisekit"])])
doc("Nghiait123456/GolangAdvance", "Guidelines/11_DontPanic/README.md",
    "Code running in production must avoid panics. Panics are a major source of cascading failures. If an error "
    "occurs, the function must return an error and allow the caller to decide how to handle it. Panic/recover is not "
    "an error handling strategy.",
    [d("constraint", ["panics"], "cascading failures")])
doc("Hav0ck021/genpass", "docs/how-to-compile.md",
    "to compile in your system, must have this packages: util-linux libsodium-dev and libpqxx. you can install using "
    "apt. but i recommend download stable versions of packages",
    [d("dependency", ["util-linux"]),
     d("dependency", ["libsodium-dev"]),
     d("dependency", ["libpqxx"])])
# ---------------------------------------------------------------- Kubernetes packaging: Helm and Kustomize
noise(G + "keel-hq/keel/issues/468",
      "Integration with kustomize. We are currently trying to decide if we wanna move to helm 3 or do everything we do "
      "through kustomize. I wonder if moving to kustomize would make any of this type of things easier for keel?")
ex(G + "aws-samples/eks-workshop-v2/issues/428",
   "Add Helm section, update labs to use Helm. Currently the workshop is using kustomize for installing the demo app. "
   "Kustomize works well for examples and getting started but is not scalable for production. Change the workshop "
   "sample application installations to use helm. Kustomize is suitable for production. We choose to use Kustomize for "
   "a number of reasons, primarily due to clarity in the YAML (for example, seeing which lines have changed when "
   "updating a deployment). That being said, I would be happy to introduce a section focusing on Helm.",
   [d("decision", ["kustomize"], "clarity in the yaml", ["helm"])])
noise(G + "myspotontheweb/argocd-workloads-demo/issues/11",
      "Question about changing from Kustomize to Helm. I noticed, you've archived examples with kustomize as templating "
      "engine in prefer of helm. Can you explain your thoughts on these two and why you decided to change?")
# ---------------------------------------------------------------- Flutter state management: Provider and Riverpod
ex(G + "wger-project/flutter/issues/419",
   "Think about moving to riverpod. This is more of a discussion, since it'll be a lot of work. i wonder if it can be "
   "done gradually over time. this has been done in the meantime",
   [d("decision", ["riverpod"])])
ex(G + "crossplatformkorea/flutter_boilerplate/pull/17",
   "refactor: proivder 상태관리 riverpod로 교체. 기존 provider로 구성되어있던 상태관리를 riverpod로 교체합니다.",
   [d("decision", ["riverpod"], None, ["provider"])])
noise(G + "ubuntu-flutter-community/musicpod/pull/491",
      "Experimental: switch from provider to riverpod")
# ---------------------------------------------------------------- configuration management: Ansible and Nix
noise(G + "ethnt/barbossa/issues/7",
      "Replace Ansible. Use NixOps or Morph with Smee (or nix-docker) as a builder.")
ex(G + "artis3n/ansible-role-tailscale/issues/99",
   "Support NixOS. This can be closed. NixOS is a fully declarative system already and can be considered an "
   "alternative to Ansible. I don't think Ansible even works on NixOS. Thank you! I wasn't previously aware of what "
   "NixOS is. Doing some reading, it appears as you say.",
   [d("decision", ["nixos"], "fully declarative", ["nixos"])])
ex(G + "GregHilston/toolbox/pull/8",
   "feat: add nixos. Introduce NixOS to our Toolbox. This will eventually replace the Ansible approach.",
   [d("decision", ["nixos"], None, ["ansible"])])
noise(G + "ThreeMinuteLearning/my3ml/issues/22",
      "Ansible deployment stuff. Moving stright to nixos might also be an option.")
# ---------------------------------------------------------------- indentation: tabs or spaces
ex(G + "florisvb/PyNumDiff/issues/99",
   "tabs vs spaces? We have an .editorconfig now, which will display tabs as 4 spaces wide. We're sticking with spaces "
   "for now, to keep changes down, but I'd love for us to use tabs at some point.",
   [d("preference", ["spaces"], "keep changes down", ["tabs"])])
ex(G + "gphoto/libgphoto2/pull/1003",
   "minimal .editorconfig file to prevent reintroduction of spaces. The main goal here is convince editors to use tabs "
   "for indentation.",
   [d("preference", ["tabs"], None, ["spaces"])])
ex(G + "cpriest/SnapLinksPlus/issues/297",
   "Dev tabs and spaces. Is that an option to change all tabs for spaces? Edit: asking because I just realized that I "
   "might be breaking your indentation :/ Yeah, should be using tabs. There is an .editorconfig file that should have "
   "those settings in them.",
   [d("preference", ["tabs"], None, ["spaces"])])
noise(G + "tristen/tablesort/issues/77",
      "Tabs or Spaces? What indentation style are we going to be using? tablesort.js uses 2-spaces per indent, while "
      "src/sorts/*.js uses a single tab. (I prefer 2-spaces, but that's just my opinion.)")
ex(G + "RE-SS3D/SS3D/pull/1242",
   "introduce space instead of tabs. Summary: Simply set the editor config file to use space instead of tabs for "
   "indentation. Assuming this change is desired, I'm approving this.",
   [d("preference", ["space"], None, ["tabs"])])
# ---------------------------------------------------------------- asynchronous JavaScript: async/await
ex(G + "OriginProtocol/origin-js/issues/180",
   "Async JS Guidelines. At some point it will be good to define the Origin's async JS code style / guidelines. We are "
   "definitely standardizing on the async/await style over the callback style. The code is massively cleaner.",
   [d("preference", ["async/await"], "massively cleaner", ["callback style"])])
ex(G + "scandipwa/scandipwa/issues/1360",
   "Prefer using async await functions instead of promise chains. Use async methods in dispatchers and other places "
   "instead of tons of Promise.then chains. Currently, we have a lot of code that was written using this approach, but "
   "it can be hard to understand it sometimes, and overall it looks messy.",
   [d("preference", ["async await"], "hard to understand", ["promise chains"])])
noise(G + "TwinePlatform/twine-visitor/issues/271",
      "Async await vs promises. I keep chopping n changing between writing promises n async await 😅. Any preferences of "
      "what we should use moving forward or can I continue my arbitrary use of each? IMO default should be async/await "
      "since it seems to be becoming the defacto standard way to structure async code.")
noise(G + "anolilab/javascript-style-guide/pull/717",
      "Update promise.ts. I believe you should always use async/await over callbacks and .then(). Let me know if you "
      "disagree.")
noise(G + "FortechRomania/express-mongo-example-project/issues/9",
      "Explore async/await. When the codebase gets bigger and more complex, async await seems the best way to handle "
      "complexity and callback/promise hell")
# ---------------------------------------------------------------- password storage
ex(G + "webgme/webgme/issues/168",
   "Use bcrypt for authentication credentials. Storing plaintext passwords is bad security practice. Use bcrypt "
   "hashing instead.",
   [d("decision", ["bcrypt"], "bad security practice", ["plaintext passwords"])])
ex(G + "soundhive/api/pull/55",
   "security: use argon2 instead of bcrypt for password hashing",
   [d("decision", ["argon2"], None, ["bcrypt"])])
ex(G + "Markism-JA/Echoes-of-Bathala/issues/182",
   "BE-AUTH-01: Hashing Service. Implement IPasswordHasher using Argon2id. Strict Rule: No plain-text password storage. "
   "General idea is to hash/encrypt the stored password in DB.",
   [d("decision", ["argon2id"]),
    d("constraint", ["plain-text password"])])
ex(G + "lukeisontheroad/simple_event_planner/issues/28",
   "Store password with PBKDF2 or Argon2. Allfällige Passwörter werden mit PBKDF2 oder ARGON2 (oder vergleichbar) mit "
   "geeigneten Parametern sicher abgelegt",
   [d("constraint", ["passwörter"])])
noise(G + "webcatalog/juli/issues/75",
      "[security] Passwords for apps are stored in plaintext. Adding a password for an App is a good feature; however it "
      "is currently stored in plain-text and very easy to locate. The passwords should be hashed using Argon2i or "
      "BCrypt with a work factor of at least 13. I'll try to work on this ASAP.")
# ---------------------------------------------------------------- bug reports after a change of tool
noise(G + "choojs/bankai/issues/275",
      "Source maps are broken. We had source maps working, but they broke again. @goto-bus-stop any ideas of what might "
      "have happened?")
noise(G + "aelbore/esbuild-jest/issues/9",
      "Debug source map problem. I'm trying to switch from ts-jest to esbuild-jest. Totally works as a swap in "
      "(thanks!) except when I try to debug a test. When the debugger starts, the breakpoint I set jumps from being in "
      "my .ts file to the compiled javascript file. Seeing the same issue")


assert_new_repositories("capture23.json")
write_heldout_set(23, "k", sys.argv[1])
