# One-off: writes capture21.json, the twenty-first capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it, by a labeller who had not read the
# extractor's code nor its tests nor any earlier set's failures, nor run any Lore code on this text. The whole set is blind.
# Usage: python build_labels_21.py capture21.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall sets or of the outside held-out set is used again)
import sys

from labelset import G, assert_new_repositories, commit, d, doc, ex, noise, write_heldout_set

# ---------------------------------------------------------------- Go: logging libraries
ex(G + "sot-tech/mochi/pull/8",
   "Zerolog. Replace logrus with zerolog, because logrus is not maintaited anymore and much slower on benchmarks",
   [d("decision", ["zerolog"], "not maintaited anymore", ["logrus"])])
noise(G + "target/flottbot/issues/66",
      "Convert from logrus to zerolog. We should probably start thinking of moving away from logrus in favor of "
      "zerolog for our Golang projects going forward. ZL is supposed to be faster, and have more functionality but IMO "
      "the big win is not having to worry about the Sirupsen sirupsen import collision that happens. Yes, we have used "
      "zerolog elsewhere before - i had no issues with it. i think the dust settled a bit on the Sirupsen issue, but "
      "still interested in seeing this happen")
ex(G + "christianselig/apollo-backend/pull/76",
   "Migrate out of logrus",
   [d("decision", ["logrus"], None, ["logrus"])])
noise(G + "onflow/flow-emulator/issues/292",
      "Replace logrus with zero log. Issue To Be Solved: logrus is in maintenance mode, they even suggest zerolog, "
      "maybe we can migrate to zerolog too (fvm uses that already)")
ex(G + "rasorp/attila/pull/59",
   "log: Migrate from zerolog to zap",
   [d("decision", ["zap"], None, ["zerolog"])])
ex(G + "matrix-org/dendrite/issues/1468",
   "Move to zap. We should move to use zap instead of logrus because logrus does a loooooot of allocations, far more "
   "than the rest of Dendrite. I'd propose we use the sugared one since we're not looking for any specific improvement "
   "other than \"why is logging consuming so much time/allocs\". While a tedious task, this is probably a good way to "
   "get to know Dendrites code base. We decided to go with zerolog as the replacement for logrus.",
   [d("decision", ["zerolog"], "allocations", ["logrus", "zap"])])
ex(G + "imgproxy/imgproxy/pull/1527",
   "Migrate from logrus to log/slog",
   [d("decision", ["slog"], None, ["logrus"])])
# ---------------------------------------------------------------- Kotlin: Jackson and kotlinx.serialization
ex(G + "saveourtool/diktat/pull/390",
   "Use kotlinx.serialization instead of jackson",
   [d("decision", ["kotlinx.serialization"], None, ["jackson"])])
noise(G + "Kotlin/dokka/issues/3015",
      "Why we don't switch to kotlinx-serialization. Question: Jackson is a tranditional Java library based on "
      "reflection. Why we don't switch to kotlinx-serialization? The team is not actually opposed to the idea of "
      "migrating to kotlinx-serialization, and I personally would love to switch, but there are more pressing matters "
      "at hand, so we simply don't have the time and the resources to do it now.")
ex(G + "PatilShreyas/NotyKT/pull/76",
   "Use Kotlinx Serializer, replace Jackson. Summary: Removed Jackson serializer and use kotlinx.serializer.",
   [d("decision", ["kotlinx"], None, ["jackson"])])
noise(G + "RiceComp215-Staff/RiceChecks/issues/13",
      "Switch from Jackson to Kotlin Serialization? Supports JSON out of the box. 3rd party plugin supports YAML. "
      "Unclear about support for XML, which we need.")
noise(G + "oss-review-toolkit/ort/issues/3904",
      "Think about migration from Jackson to kotlinx-serialization. Benefits of kotlinx-serialization: Better "
      "performance, as no reflection is used. Kotlin/JS/Native support. Blockers migration to kotlinx-serialization: No "
      "official YAML support. My idea is to start with migrating the independent clients from Jackson to "
      "kotlinx-serialization, just to see how it looks like and / or what the performance changes are.")
ex(G + "EpiLink/EpiLink/issues/276",
   "Move to kotlinx.serialization. kotlinx.serialization is a first party library for everything JSON. Migrating to it "
   "may provide a nice performance boost, as everything is done at compile time. We do need to keep jackson for use in "
   "rules, that may deal with arbitrary JSON files. I don't think this is really necessary",
   [d("decision", ["kotlinx.serialization"], None, ["kotlinx.serialization"])])
ex(G + "recloudstream/cloudstream/pull/2880",
   "plugins: migrate to kotlinx serialization",
   [d("decision", ["kotlinx serialization"])])
# ---------------------------------------------------------------- .NET: RestSharp and HttpClient
ex(G + "hubspot-net/HubSpot.NET/issues/89",
   "Replace RestSharp with HttpClient. RestSharp does not use HttpClient and does not seem to have plans for using it "
   "in the future. This reduces the platform coverage we can support as an SDK. Describe the solution you'd like: "
   "Replace RestSharp usage with an easy to use HttpClient implementation",
   [d("decision", ["httpclient"], "platform coverage", ["restsharp"])])
ex(G + "restsharp/RestSharp/pull/1661",
   "Http client. Move to HttpClient",
   [d("decision", ["httpclient"])])
noise(G + "qJake/HADotNet/pull/15",
      "Refactor BaseClient for improved RestSharp use. After 118 Home Assistant release RestSharp library stopped "
      "working. So not to invent a wheel I switched to basic HttpClient which works fine and doesn't require any "
      "significant changes to the code. Would you please take a look and let me know if you have some "
      "comments/concerns about the changes. My apologies, I did not see this until after I had committed a fix for "
      "this. Though, I do like your changes overall and I think it's probably the better way to go down the road. I'll "
      "see if I can find time to merge these and do some testing.")
ex(G + "sendgrid/sendgrid-csharp/issues/32",
   "Replace RestSharp with .NET 4.5 HttpClient. This will be a major revision and a breaking change.",
   [d("decision", ["httpclient"], None, ["restsharp"])])
ex(G + "influxdata/influxdb-client-csharp/pull/268",
   "feat: use HttpClient instead of RestSharp. Proposed Changes: Migrated sources from RestSharp to HttpClient",
   [d("decision", ["httpclient"], None, ["restsharp"])])
# ---------------------------------------------------------------- PHP: PHP 7.4
ex(G + "ergebnis/php-package-template/issues/1038",
   "Drop support for PHP 7.4 on November 28, 2022. See https://www.php.net/supported-versions.php. Fixed with c2f386d.",
   [d("decision", ["php 7.4"], None, ["php 7.4"])])
noise(G + "p-chess/chess/issues/67",
      "Drop support for PHP 7.4? PHP 7.4 went out of active support more than two years ago. I think it's time to move "
      "on and drop it. It will be anyway supported in the current released versions.")
noise(G + "glpi-project/glpi/pull/12227",
      "Drop PHP 7.4 support. PHP 7.4 support ends on november. We could drop support of this version in GLPI 10.1 "
      "which will be released after this date.")
ex(G + "codeigniter4/CodeIgniter4/issues/6921",
   "Dev: drop PHP 7.4 support. PHP 7.4 reached the end of life on 28 Nov 2022. update minimum version to PHP 8.0. "
   "update PSR\\Log to v3. refactor for PHP 8.0. I would like to drop 7.4 support in v4.5.",
   [d("decision", ["php 7.4"], "end of life", ["php 7.4"])])
noise(G + "FakerPHP/Faker/issues/747",
      "Drop support for PHP 7.4. PHP 7.4 has reached its end of life on November 28, 2022. We should consider dropping "
      "support for PHP 7.4 for 2.0.0. Why is this labeled bug? Seems more like an enhancement to me.")
ex(G + "supermetrics-public/pecl-jsonpath/pull/172",
   "Drop support for PHP 7.4. It's been a good while since PHP 7.4 EOL'd, so let's drop support for it now.",
   [d("decision", ["php 7.4"], "eol'd", ["php 7.4"])])
# ---------------------------------------------------------------- Rust: failure to anyhow and thiserror
ex(G + "rust-starter/rust-starter/issues/37",
   "Use anyhow & thiserror to replace failure. Notice from failure repository: failure is deprecated. If you liked "
   "failure's API, consider using: Anyhow is a good replacement for failure::Error. thiserror is a good, near drop-in "
   "replacement for #[derive(Fail)].",
   [d("decision", ["anyhow"], "deprecated", ["failure"])])
ex(G + "Trow-Registry/trow/issues/160",
   "Replace failure crate. The codebase makes extensive use of the failure crate, but this is now the old way of doing "
   "things following changes to the way Errors work in Rust. We may be able to use another crate e.g. anyhow or just "
   "use standard features.",
   [d("decision", ["failure"], "old way of doing things", ["failure"])])
ex(G + "krustlet/krustlet/issues/52",
   "Move from failure to anyhow. We agreed awhile back that we wanted to switch to the anyhow crate over the failure "
   "crate. This will need to be done in all of our crates simultaneously to avoid error conversions or other conflicts",
   [d("decision", ["anyhow"], None, ["failure"])])
ex(G + "frisoft/ateam/issues/42",
   "Replace discontinued failure crate with anyhow",
   [d("decision", ["anyhow"], "discontinued", ["failure"])])
ex(G + "zkat/cacache-rs/issues/14",
   "Replace failure with anyhow. The failure crate is pretty heavy and requires a bit more manual stuff than desired. "
   "There's a newer crate, anyhow, that seems like a very nice alternative and builds on std::error::Error, so it "
   "might improve compile times if used.",
   [d("decision", ["anyhow"], "pretty heavy", ["failure"])])
ex(G + "dusk-network/dusk-blindbid/issues/29",
   "Replace failure crate for anyhow for error handling. As we know, failure::Error is deprecated and no longer "
   "maintained. Therefore, Anyhow crate looks like a good replacement for it, and we should migrate from the first to "
   "this one for our error handling. Closed via #40",
   [d("decision", ["anyhow"], "no longer maintained", ["failure"])])
ex(G + "babylonhealth/shipcat/pull/537",
   "Replace failure with anyhow. Context: Failure is a deprecated crate with security vulnerabilities. Solution: Use "
   "anyhow instead, that offers a similar API.",
   [d("decision", ["anyhow"], "security vulnerabilities", ["failure"])])
ex(G + "TheNeikos/rustbreak/pull/84",
   "Use anyhow instead of failure. We should not use anyhow, and instead move to thiserror",
   [d("decision", ["thiserror"], None, ["anyhow", "failure"])])

# ---------------------------------------------------------------- Swift: Alamofire and URLSession
ex(G + "xzzz9097/SpotifyKit/issues/3",
   "Replace Alamofire with URLSession. For our needs an extended implementation of URLSession should be more than "
   "enough, allowing to remove Alamofire dependency. Started URLSession extension. Alamofire has been removed.",
   [d("decision", ["urlsession"], "more than enough", ["alamofire"])])
noise(G + "brave/brave-ios/issues/1578",
      "Consider droppping Alamofire dependency. URLSession should be sufficient for our needs. We need to do research "
      "what Alamofire is used for and how easy will be to replace it with URLSession")
ex(G + "verygoodsecurity/vgs-collect-ios/issues/120",
   "Is it possible not to use Alamofire? Hi, Alamofire seems to be quite bulky for a simple networking request. I would "
   "suggest to use URLSession to reduce the binary size. Actually we already working on replacing Alamofire to native "
   "URLSession and it will be released in one of next releases. Alamofire has been removed as dependency in "
   "VGSCollectSDK v1.5.0.",
   [d("decision", ["urlsession"], "binary size", ["alamofire"])])
ex(G + "leonardocardoso/SwiftLinkPreview/issues/6",
   "Remove Alamofire. Use native NSURLSession.sharedSession().dataTaskWithURL. Closed by b3059dc",
   [d("decision", ["nsurlsession"], None, ["alamofire"])])
noise(G + "woocommerce/woocommerce-ios/pull/8345",
      "HACK week: Replace AlamofireNetwork with a new network using URLSession. Part 1 of a POC for HACK week in "
      "December 2022. This PR prepares the Networking layer to replace Alamofire with a native implementation of "
      "network handling with URLSession.")
ex(G + "classmere/ios/issues/32",
   "Remove dependencies on Alamofire and SwiftyJSON. Especially with Swift4, SwiftJSON is unneeded. Alamofire is a "
   "nice API, but I'd rather just use URLSession, which isn't much worse and has a more stable interface",
   [d("decision", ["swiftyjson"], "unneeded", ["swiftyjson"]),
    d("decision", ["urlsession"], "more stable interface", ["alamofire"])])
noise(G + "snowplow/snowplow-ios-tracker/issues/100",
      "Switch to NSURLSession? I was wondering if you had any plans to switch out AFNetworking with the raw-er "
      "NSURLSession APIs? yes a couple of people have asked for that! We're very happy to do this - I'm hopeful "
      "somebody will contribute it if they've done it already...")
ex(G + "NYPL-Simplified/Simplified-iOS/issues/524",
   "Remove Alamofire from Simplified-iOS. Remove AF and replace with standard URL Session methods. We want to maintain "
   "full compatibility with iOS 8, and AF 4.0 running Swift 3 only supports 9 and higher.",
   [d("decision", ["url session"], "ios 8", ["alamofire"])])
noise(G + "openhab/openhab-ios/issues/783",
      "Replace AlamoFire. This is probably not a small task, but i am finding that AlamoFire is causing issues in the "
      "app, specifically they do not support making http calls while the app is in the background. If that works, "
      "maybe we move forward with overhauling the rest of the app to use it. I think URLSession has matured enough "
      "over the years. Makes sense to get rid of Alamofire imho. Are you still pushing to get rid of Alamofire? Yeah, "
      "i think so. My plan right now is to swap out the alamo bits with URLSession and friends in the NetworkManager "
      "class")
# ---------------------------------------------------------------- Dart: Provider and Riverpod
ex(G + "MixinNetwork/flutter-app/pull/1329",
   "refactor: Migrate to riverpod",
   [d("decision", ["riverpod"])])
ex(G + "StarCitizenToolBox/app/issues/7",
   "Riverpod 迁移. 目前使用 provier 兼容的方式来使用 flutter_riverpod，需要迁移至 riverpod 推荐的方式以获得更好的状态管理。",
   [d("decision", ["riverpod"], "更好的状态管理", ["provier"])])
noise(G + "LuanRoger/xbox_launcher/issues/33",
      "Migrate from Provider to Riverpod. Motivation: Riverpod provides a way that is more easily to update the state "
      "and rebuild widgets with those changes. Implementation canceled.")
ex(G + "JideGuru/FlutterEbookApp/pull/97",
   "feat: migrated to riverpod from provider. An attempt to use a Feature first arch and also migrate to riverpod from "
   "provider",
   [d("decision", ["riverpod"], None, ["provider"])])
# ---------------------------------------------------------------- Ruby: minitest and RSpec
ex(G + "DannyBen/snapcrawl/pull/2",
   "Switch from minitest to rspec",
   [d("decision", ["rspec"], None, ["minitest"])])
ex(G + "projectbenyehuda/bybe/pull/76",
   "Minitest to Rspec. migrated all Minitest tests from to RSpec. Removed old fixteres and minitest-related "
   "configuration and dependencies",
   [d("decision", ["rspec"], None, ["minitest"])])
ex(G + "coderdojo-japan/coderdojo.jp/issues/96",
   "そろそろ minitest が辛くなってきたので RSpec に置き換えたい. Do: Replace existing minitest assertions with RSpec's one. "
   "Options: Set up Turnip. Write some tests with Turnip",
   [d("decision", ["rspec"], "辛くなってきた", ["minitest"])])
ex(G + "skyderby/skyderby/pull/482",
   "Migrate from RSpec to MiniTest",
   [d("decision", ["minitest"], None, ["rspec"])])
noise(G + "traject/traject/issues/172",
      "switch from minitest to rspec. At this point, minitest has become an inconvenient pain to use. If I could "
      "magically translate everything to rspec instead, I would. I'm not sure I'm going to spend any time on this soon, "
      "but it would be nice to be rspec instead of minitest.")
ex(G + "furikake6000/ShinchokuNote/issues/154",
   "RSpecの導入. テスト環境、minitestからRSpecに. 作るテスト. minitestのままで行けそうなのでclose",
   [d("decision", ["minitest"], None, ["rspec"])])
# ---------------------------------------------------------------- JavaScript: Moment.js and Day.js
noise(G + "ninjadotorg/handshake-app/issues/1059",
      "Should we replace moment by dayjs? Fast 2kB alternative to Moment.js with the same modern API")
ex(G + "luniehq/lunie-light/pull/82",
   "replace moment.js with dayjs. moment is done https://momentjs.com/docs/#/-project-status/ dayjs is nice!",
   [d("decision", ["dayjs"], "moment is done", ["moment.js"])])
ex(G + "neetozone/neeto-ui/issues/141",
   "Replace moment with dayjs. dayjs is a fast 2kB alternative to Moment.js. please share your thoughts. 100% agree "
   "with the change. Moment.js is legacy now. It's 4.28Mb in size. Let's do it. Similar API so it should be fine!",
   [d("decision", ["dayjs"], "2kb", ["moment"])])
# ---------------------------------------------------------------- Java and Kotlin: JUnit 4 to JUnit 5
ex(G + "tesshucom/jpsonic/pull/959",
   "Migrating from JUnit 4 to JUnit 5",
   [d("decision", ["junit 5"], None, ["junit 4"])])
ex(G + "gchq/sleeper/issues/482",
   "Upgrade from JUnit 4 to 5. https://www.baeldung.com/junit-5-migration Looks like IntelliJ can automatically migrate "
   "tests using inspections",
   [d("decision", ["junit"], None, ["junit 4"])])
# ---------------------------------------------------------------- Elixir: HTTP clients
ex(G + "midarrlabs/web-push-elixir/pull/76",
   "Feature/use req from httpoison. This PR adds Req in place of HTTPoison",
   [d("decision", ["req"], None, ["httpoison"])])
ex(G + "mimiquate/elixir_observer/pull/217",
   "chore: Use Req instead of httpc",
   [d("decision", ["req"], None, ["httpc"])])
ex(G + "mbta/screens/pull/3004",
   "chore: switch from HTTPoison to Req. Req, already adopted by some other MBTA projects, seems to be emerging as the "
   "preferred HTTP client for the Elixir ecosystem. Req is a \"batteries-included\" HTTP client, built on Finch, which "
   "is built on Mint, all of which are \"native\" Elixir projects (as compared to other popular clients which either "
   "are, or are built on, Erlang libraries). Faced with the requirement to do some work anyway to change how we report "
   "pool metrics, and given Finch's method of doing so was much better documented than Hackney's, I decided this was a "
   "good excuse to make the switch",
   [d("decision", ["req"], "preferred http client", ["httpoison"])])
noise(G + "yammine/ex_trello/pull/7",
      "Switch from HTTPotion -> HTTPoison (ibrowse to hackney). Work in progress & still todo: Ensure upgrading does "
      "not break existing projects")
# ---------------------------------------------------------------- C++: Conan and vcpkg
ex(G + "zeek/zeek/pull/3576",
   "Switch all of the Windows Conan configuration to vcpkg. This PR switches our Conan configuration used on Windows for "
   "third-party packages to use vcpkg instead. The primary reason for this is that Conan's CMake support is definitely "
   "not considered first-party, and lags behind changes that they make in the core pretty heavily. The one significant "
   "change is that we have to include vcpkg as a submodule to Zeek for versioning support, but the submodule is small "
   "so it's not a big deal.",
   [d("decision", ["vcpkg"], "not considered first-party", ["conan"])])
ex(G + "markaren/threepp/pull/30",
   "Add vcpkg support. Also removes conan from CMake. Conan can still be used, but must be invoked before CMake.",
   [d("decision", ["vcpkg"], None, ["conan"])])
noise(G + "scipp/scipp/pull/3563",
      "Another go at vcpkg. conan 1 is going away soon, need to find a solution. Just a draft to test some things out "
      "with vcpkg. vcpkg doesnt do header only boost, so maybe not worth the move.")
ex(G + "yuzu-emu/yuzu/pull/8624",
   "ci,CMake: Drop Conan support for vcpkg. Between packages breaking, Conan always being a moving target for minimum "
   "required CMake support, and now their moving to Conan 2.0 causing existing packages to break, I suppose this was a "
   "long time coming. vcpkg isn't without its drawbacks, but at the moment it seems easier on the project to use for "
   "external packages.",
   [d("decision", ["vcpkg"], "packages breaking", ["conan"])])
# ---------------------------------------------------------------- Haskell: Stack and Cabal
ex(G + "avh4/elm-format/pull/705",
   "Switch from stack to cabal-install",
   [d("decision", ["cabal-install"], None, ["stack"])])
ex(G + "diogob/hasql-notifications/pull/26",
   "Remove stack from repo since I am currently working only with cabal",
   [d("decision", ["stack"], "working only with cabal", ["stack"])])
ex(G + "luc-tielen/eclair-lang/issues/20",
   "Fully switch over to cabal. Right now the project still contains some stack-based config. Since we mostly use nix "
   "now anyway (which uses cabal), we should get rid of the stack config (stack.yaml mostly?).",
   [d("decision", ["cabal"], "nix", ["stack"])])
ex(G + "myuon/ghc-compiler-notes/issues/1",
   "Migrate from stack to cabal. This is my preference but I like cabal style more. Migrate to cabal from stack. Tidy "
   "up cabal file",
   [d("decision", ["cabal"], "cabal style", ["stack"])])
ex(G + "swarm-game/swarm/issues/1820",
   "Recommend cabal instead of stack. Independently, it also seems that recently I haven't been able to get emacs + HLS "
   "to work at all with stack, but it works great with cabal, so I have personally switched away from using stack as "
   "well.",
   [d("decision", ["cabal"], "hls", ["stack"])])
ex(G + "SamirTalwar/smoke/pull/29",
   "Switch from Stack to Nix + Cabal. All the cool kids are doing it.",
   [d("decision", ["nix"], "cool kids", ["stack"])])
ex(G + "swift-nav/wolf/pull/4",
   "Move wolf to stack. Get off Cabal.",
   [d("decision", ["stack"], None, ["cabal"])])

# ---------------------------------------------------------------- decision records read through the code search
doc("gradle/gradle", "architecture/standards/0001-use-architectural-decision-records.md",
    "ADR-0001 - Use Architectural Decision Records. Context: In a distributed team with many subteams, the best solution "
    "to communicate decisions is to use a format accessible by everyone in charge of development. We use Specification "
    "and Discovery documents stored in Google Drive, but they present some downsides: They are rarely updated after "
    "creation and initial review. They are not synced with the code to reflect the eventual solution that is "
    "committed. Google Docs is not a \"code-oriented\" tool, like Markdown can be. Decision: The Build Tool Team has "
    "decided to use Architectural Decision Records (aka ADR) to track decisions we want to follow.",
    [d("decision", ["architectural decision records"], "not synced with the code", ["google drive"])])
doc("aragao-a/DevSoft-StudyWise", "doc/architecture/decisions/0001-record-architecture-decisions.md",
    "1. Record architecture decisions. Status: Accepted. Context: We need to record the architectural decisions made on "
    "this project. Various ADR templates are available, including those by Michael Nygard, InnoQ, and other customized "
    "formats. Decision: We will use Architecture Decision Records, as described by Michael Nygard, due to the following "
    "reasons: Simplicity and clarity: The template is concise and focuses on key decision-making aspects without "
    "unnecessary complexity. Industry adoption: Michael Nygard's format is widely used and well-documented.",
    [d("decision", ["architecture decision records"], "simplicity and clarity", ["innoq"])])
doc("skupperproject/skupper", "doc/adr/0001-architectural-decision-records.md",
    "1. Architectural Decision Records. Status: Accepted. Context: We need to record the architecture decision records "
    "in order to have information about important changes made in the project. Decision: We will use Architecture "
    "Decision Records, as long it provides value to the project. Consequences: Each record will include a single "
    "decision.",
    [d("decision", ["architecture decision records"], "information about important changes")])
doc("Aprameya1210/springboot-sql-webhook-challenge", "docs/adr/0001-record-architecture-decisions.md",
    "0001 — Record architecture decisions. Status: Accepted. Context: We want a lightweight, well-structured Java "
    "service starter that is easy to build, test, containerize, and deploy. Decision: Use Java 21 with Maven for build. "
    "Use Spark Java for minimal HTTP endpoints. Use JaCoCo for coverage. Use GitHub Actions for CI.",
    [d("decision", ["maven"], "lightweight"), d("decision", ["spark java"], "lightweight"),
     d("decision", ["jacoco"], "lightweight"), d("decision", ["github actions"], "lightweight")])
# ---------------------------------------------------------------- Python packaging: setup.py, pyproject.toml, hatch
ex(G + "pytest-dev/pytest-repeat/issues/64",
   "switch to pyproject.toml. and either flit-core or hatchling. Going hatch later will be way simpler thanks to the "
   "modern setup. Do you recommend just switching to hatch now? since I'm already shaking things up a bit, why not a "
   "bit more? Personally I recommend using hatch when its a fit",
   [d("decision", ["pyproject.toml"])])
ex(G + "ZimmermanGroup/py-conformational-sampling/issues/52",
   "Add pyproject.toml. It seems that the setup.py method of installation is being phased out. I heard on the talk "
   "python to me podcast that hatch has the ability to automatically convert a setup.py into a pyproject.toml. "
   "Implement changes. Update tests -> CI workflows were updated.",
   [d("decision", ["pyproject.toml"], "phased out", ["setup.py"])])
ex(G + "linkchecker/linkchecker/pull/639",
   "Replace setuptools and setup.py with hatch and pyproject.toml",
   [d("decision", ["hatch"], None, ["setuptools", "setup.py"])])
noise(G + "glujan/drpg/issues/42",
      "Consider moving to hatchling or even hatch. There is a hatch configuration in pyproject.toml but I am still not "
      "sure if I want to use it")
noise(G + "aai-institute/pyDVL/issues/611",
      "Move from setup.py to pyproject.toml. Now that pyproject.toml is the standard and it can almost everything that "
      "can be done with setup.py, we should consider using it exclusively. The main thing with pyproject.toml is it is "
      "declarative as opposed to setup.py which is procedural. I like the idea. Whatever happened to \"If it works, "
      "don't fix it\" ?? I actually prefer the flexibility of setup.py.")
# ---------------------------------------------------------------- Scala: Akka to Pekko
ex(G + "slack-scala-client/slack-scala-client/pull/295",
   "Migrating to Pekko. What: Migrates to Pekko instead of Akka. Why: Because of the Akka license change after 2.6.",
   [d("decision", ["pekko"], "license change", ["akka"])])
noise(G + "scanamo/scanamo/issues/1655",
      "Pekko integration. Since Akka is changing the license, it would be a nice to have an alternative module "
      "integrated with Pekko.")
ex(G + "bigbluebutton/bigbluebutton/pull/18694",
   "refactor: Replace Akka with Pekko. What does this PR do? Replaces all usage of Akka in bbb-common-message, "
   "bbb-common-web, akka-apps, and akka-fsesl with Pekko. Motivation: Lightbend has switched the license that the Akka "
   "framework is under from the Apache open source license to the Business Source License. This means that Akka is "
   "effectively no longer open source and payment is now required for commercial use.",
   [d("decision", ["pekko"], "business source license", ["akka"])])
noise(G + "guardian/amigo/pull/1206",
      "Migrate from Akka to Pekko. What does this change? Migrates from Akka to Pekko. This is a test to better "
      "understand the process and evaluate Pekko's readiness. What is the value of this? Akka have introduced licensing "
      "changes and we therefore want to migate away from it by Sept 2023. The clearest migration path is to use Pekko "
      "instead.")
noise(G + "swagger-akka-http/swagger-akka-http/issues/373",
      "Investigate switching to Pekko due to OS license change. Is this project open to switching to the Pekko, which "
      "is an Apache incubated open source fork of Akka? If the repo is open to this I can also help out in migrating "
      "from Akka to Pekko. sure - the plan is to create a swagger-pekko-http when there are pekko-http snapshots with "
      "the org.apache.pekko package changes")
ex(G + "apache/texera/issues/3237",
   "Replace Akka with Apache Pekko. Akka has a non FOSS Business Software License. Sticking with an old Apache licensed "
   "version means no bug fixes or security fixes can be uptaken. It should be easy to move to Apache Pekko. Thanks for "
   "the suggestion. After our internal discussion, we decided to revert back to Akka 2.6.x and do not have a plan to "
   "replace it with Apache Pekko. I can understand why you might delay switching to Pekko but I question why you would "
   "not aim to change eventually? This is done. The migration to Apache Pekko landed in #4009, and the remaining "
   "Akka-named identifiers were renamed in #4949. The codebase is now on Pekko 1.2.1 with no remaining Akka "
   "references.",
   [d("decision", ["pekko"], "non foss", ["akka"])])
ex(G + "Insubric/box/issues/347",
   "Migrate from Akka to Pekko. Akka is now subject to Business Source License so not more suitable for an open source "
   "project",
   [d("decision", ["pekko"], "business source license", ["akka"])])
ex(G + "guardian/giant/pull/115",
   "Replace Akka library with Pekko equivalents wherever possible. Background: In September 2022 Lightbend, the company "
   "who own and steward Akka, announced a licensing change from Apache 2.0 to the Business Source License (BSL) v1.1. "
   "The pricing is very expensive and we (the Guardian) do not anticipate paying for usage. What does this change? This "
   "change aims to remove all uses of akka from Giant, instead making use of pekko.",
   [d("decision", ["pekko"], "very expensive", ["akka"])])
ex(G + "adzerk/apso/pull/805",
   "Drop Akka modules. Following Akka's licence change, we recommend downstream users to switch to Pekko. I made sure "
   "we continue to be able to build the project successfully, and that the akka, akka-http and elasticsearch modules "
   "are no longer being published as part of Apso.",
   [d("decision", ["akka"], "licence change", ["akka"])])
ex(G + "aferrandi/dbtarzan/pull/119",
   "#106: move to apache pekko. What kind of change does this PR introduce? change actor library to Apache Pekko from "
   "Akka because the license of Akka is not more open source",
   [d("decision", ["pekko"], "not more open source", ["akka"])])

# ---------------------------------------------------------------- Lua: LuaJIT
noise(G + "st3fan/ewm/issues/151",
      "Replace Lua with LuaJIT. This means going back to Lua 5.1 and integrating LuaJIT 2.0.4. It may also make sense to "
      "do a small test to see if we actually get a decent performance increase out of this.")
noise(G + "stetre/moongl/issues/18",
      "Lua 5.5 or JIT? Got it working with 5.3. Any plans for 5.5 or preferably JIT?")
ex(G + "wesnoth/wesnoth/issues/3195",
   "upgrade to luajit. I looked at LuaJIT, and rejected it because it's running so far behind on fixing bugs and "
   "implementing the Lua language. In fact, it appeared that the one-man-team was, effectively, a zero-man-team. There "
   "also haven't been any versions released, stable or development, for over a year.",
   [d("decision", ["luajit"], "far behind on fixing bugs", ["luajit"])])
ex(G + "nickgammon/mushclient/issues/13",
   "Move to LuaJIT. Honestly not sure if this has been mentioned before but you should switch to luajit. It's much "
   "faster than normal Lua and can be used as a drop in replacement to the Lua API-- no code changes needed. Main reason "
   "I want this is to be able to use ffi",
   [d("decision", ["luajit"], "much faster")])
ex(G + "dathere/qsv/pull/495",
   "switch from Lua 5.4 to LuaJIT 2.1. primarily for performance",
   [d("decision", ["luajit"], "performance", ["lua 5.4"])])
ex(G + "moai/moai-dev/issues/26",
   "Move to Lua 5.2. Need to look into how this will break current users and what can be done to ease the transition. "
   "Word on the street this is a bad idea. Stick w/ 5.1 and Lua JIT for the forseeable future.",
   [d("decision", ["5.1"], None, ["lua 5.2"])])
noise(G + "geany/geany-plugins/issues/1228",
      "[GeanyLua] Switch to LuaJIT? Lua 5.1 has been deprecated (in a few years, will be two decades). LuaJIT appears to "
      "be a drop-in replacement for Lua 5.1 that would require only build script or other minor changes.")
# ---------------------------------------------------------------- Clojure: Leiningen and deps.edn
ex(G + "pilosus/dienstplan/issues/68",
   "[TECH] deps.edn. Clojure CLI tool that works with the deps.edn file seems to be a simpler alternative to lein. More "
   "and more tools support it as the only option for intergration. Git-repo first-class support for dependencies seems "
   "to be useful. Let's try to migrate. Addressed in release 0.5.0",
   [d("decision", ["deps.edn"], "simpler alternative", ["lein"])])
noise(G + "oscaro/clj-gcloud-storage/issues/10",
      "add deps.edn for clojure cli compat. Would you mind if I added a deps.edn or lein2deps to generate deps.edn? hi, "
      "I've posted this on our internal slack. I think it'll be good to switch to deps.edn and I don't think it'll be a "
      "problem but I'm going on vacation next week so might not get back to you right away. Oh geez, I dropped the ball "
      "on this. Apologies.")
ex(G + "athensresearch/athens/pull/1717",
   "build: move from lein to clj+deps.edn. Lein with deps.edn does not work on Windows, so we're moving to "
   "clj+deps.edn.",
   [d("decision", ["deps.edn"], "does not work on windows", ["lein"])])
ex(G + "hexlet-codebattle/battle_asserts/issues/815",
   "Migrate to deps.edn. Так как сейчас в Clojure стандартом стал deps.edn, то нужно переехать на него, к тому же, "
   "получится убрать необходимость в Leinengen, что упростит установку и развертку проекта.",
   [d("decision", ["deps.edn"], "стандартом", ["leinengen"])])
noise(G + "luminus-framework/luminus-template/issues/467",
      "Clojure CLI Tools. Support deps.edn configuration. The current template heavily relies on lein features. I think "
      "it would be a significant amount of effort to replicate that using deps.edn. Yeah, that will allow using deps.edn "
      "style dependencies from lein, but the template isn't using any by default and it's just a couple of lines of code "
      "to add the plugin. So, not sure it makes sense adding it to the template as a default.")
ex(G + "clj-commons/ordered/issues/83",
   "Move from project.clj to deps.edn. My personal preference is to use either project.clj or deps.edn. I'm going to go "
   "ahead and migrate this project to deps.edn.",
   [d("decision", ["deps.edn"], None, ["project.clj"])])
ex(G + "FundingCircle/jackdaw/pull/119",
   "Use lein-tool-deps. Use this project to allow a smoother transition to deps.edn. Only dependencies information are "
   "moved into deps.edn, all the rest stays in project.clj. Actually, I advise against using the lein-tools-deps plugin "
   "because of the flattening issue. Going to close this. If we really want to move to deps, I think we can go pure "
   "deps and just use maven to publish/deploy.",
   [d("decision", ["lein-tools-deps"], "flattening issue", ["lein-tools-deps"])])
# ---------------------------------------------------------------- OCaml: ocamlbuild, jbuilder and dune
noise(G + "jaapb/opaline/issues/6",
      "Migration to dune. Most of the eco system moved to dune, the successor of ocamlbuild with only dependencies on "
      "the compiler. Is it ok for you if I open PR ?")
noise(G + "abella-prover/abella/issues/111",
      "Move from ocamlbuild to dune. Looks like much of the OCaml user community is picking Dune as the standard OCaml "
      "build system. I've already made sure that Abella compiles with Dune, but I'm hesitant to transition to it for the "
      "2.0.6 release. This should be done for 2.0.7. This is way too much work. Dune's documentation is rubbish. "
      "Unlikely I'll get back to this unless things improve significantly.")
ex(G + "dbuenzli/xmlm/issues/23",
   "Switching to dune. I think one could easily switch to dune and reduce the opam dependencies to just dune. I would "
   "give this a try if it is wanted. Not really, thanks for the offer.",
   [d("decision", ["dune"], None, ["dune"])])
ex(G + "mransan/ocaml-protoc/issues/134",
   "Switch to Dune build system. Dune is de-facto a new building system standard for the OCaml universe. Also it reduces "
   "the buildscripts maintenance, improves building performance and eases running tests. Feel free to send a commit. I "
   "have little time to work on this but can review happily. work has started. Implemented in #141",
   [d("decision", ["dune"], "de-facto")])
noise(G + "picty/parsifal/issues/38",
      "Switching to dune(jbuilder) building system. dune actually seems to be the way to go. I am just glad I did not "
      "invest in the previous ways to go (e.g. ocamlbuild) since they have come and gone in the OCaml community. Let's "
      "hope dune is here to stay.")
ex(G + "RedPRL/redtt/issues/175",
   "Update build to use Dune. (Dune is the new version / brand / release of jbuilder.) Looks like a good update; "
   "eventually, dune will actually write our .opam files for us automatically, though this doesn't appear to be "
   "supported yet.",
   [d("decision", ["dune"], "write our .opam files", ["jbuilder"])])
ex(G + "PLTools/OCanren/pull/130",
   "Switch from 4.07 to 4.10 and replace ocamlbuild by dune",
   [d("decision", ["4.10"], None, ["4.07"]), d("decision", ["dune"], None, ["ocamlbuild"])])
# ---------------------------------------------------------------- R: testthat's third edition
noise(G + "moderndive/moderndive/issues/97",
      "Convert {testthat} tests over to Edition 3. {testthat} is scheduled to go to CRAN in October or November 2020. "
      "#100 seems to working just fine with testthat 3.0.1 locally, is there an action item here? Probably fine to just "
      "close this, but I'd suspect down the road the changes might be breaking and it might have been good to get ahead "
      "of that here.")
noise(G + "ropensci/gutenbergr/issues/79",
      "Activate testthat 3e? The package currently uses 2e. 3e comes with several upgrades and must be explicitly "
      "activated. I've looked through current code and it doesn't take many changes to upgrade. I'll put in a PR for "
      "this.")
noise(G + "RMI-PACTA/PACTA_analysis/pull/215",
      "Use testtaht ed3. This PR activates testthat edition 3, which adds cool new features. well, if you like living on "
      "the edge, this seems to be the way to go. Yeah, fair enough. Will come back to this after testthat 3 is on CRAN")
ex(G + "easystats/easystats/issues/79",
   "switch to testthat 3rd edition for testing. I suggest we move to testthat 3rd edition because it also allows "
   "parallel support, which makes testing much faster. What do you think? effectsize has also switched. Yeah, but the "
   "trouble is totally worth the performance improvement! Logging the progress here: insight, effectsize, parameters, "
   "performance.",
   [d("decision", ["3rd edition"], "parallel support")])
noise(G + "kgoldfeld/simstudy/issues/110",
      "Switch to testhat 3e. This will require some restructuring of the tests, specifically the hedgehog tests, "
      "therefor this is something to integrate with the bigger changes of #75.")
ex(G + "pharmaverse/admiraldev/issues/230",
   "General Issue: install testthat3e and make any changes needed tests@devel. Background Information: We want to make "
   "use of the 3rd edition of testthat (aka testthat3e). Introducing this may require some changes to existing tests "
   "due to testthat3e being more demanding and deprecated functions. Definition of Done: testthat3e installed and all "
   "tests passing.",
   [d("decision", ["testthat3e"])])
# ---------------------------------------------------------------- Julia: Documenter.jl
noise(G + "JuliaCollections/DataStructures.jl/issues/346",
      "Migrate doc from Sphinx to Documenter. What are the pros and cons? Cons: needs someone to do the work. Pros: "
      "Allows doctests. Keeps everything inside of the Julia ecosystem. Other than doctests, it's a bit less work to "
      "simply keep things the way they are, but I'm fully supportive if someone has the time to make this change.")
noise(G + "QuantEcon/QuantEcon.jl/issues/136",
      "Redo documentation. Our documentation is woefully out of date. It's time for an update. I propose we make the "
      "following changes: Use Documenter.jl. Use DocStringExtensions.jl to automate a lot of our docstrings.")
noise(G + "JuliaQuant/MarketData.jl/issues/40",
      "Move doc to Documenter. We should probably consider moving doc to Documenter like most Julia libraries. Or, I "
      "think a single README page is enough at this moment. With Documenter we can use Markdown which is simpler than "
      "rst.")
ex(G + "GiovineItalia/Gadfly.jl/issues/878",
   "Proposal: Switch Gadfly Docs to Documenter.jl. It looks like Documenter.jl is gaining momentum as the de facto Julia "
   "documentation generator. It would be nice to move Gadfly's docs away from Judo.jl since it hasn't been touched in "
   "roughly two years. what do you all think? Absolutely, this is a good idea. Progress here: #879",
   [d("decision", ["documenter.jl"], "hasn't been touched", ["judo.jl"])])
ex(G + "sisl/BayesNets.jl/issues/45",
   "Move to Documenter? Documenter.jl is used by POMDPs.jl and many other projects for creating their documentation. "
   "BayesNets.jl seems to be outgrowing its one-jnotebook doc. I'm open to this idea. Addressed in #127",
   [d("decision", ["documenter"], "outgrowing")])
noise(G + "JuliaInterop/JavaCall.jl/issues/125",
      "Convert docs to Documenter. The docs in this package were written before Documenter was in existance. It would "
      "be useful to get them converted to use a Documenter based system.")
# ---------------------------------------------------------------- Perl: distribution authoring tools
noise(G + "LibreCat/Catmandu/issues/39",
      "Switch from Module::Build to... Dist::Zilla, Dist::Milla, or Minilla. See this nice article about Module::Build.")
ex(G + "monitoring-plugins/monitoring-plugin-perl/pull/7",
   "Convert to Dist-Zilla. This is done as part of the pull-request challenge. Module-Install is undermaintained and "
   "unloved. Hi all! Why wasn't this pull-request merged (or at least dismissed with a useful comment yet)? Ping! I "
   "don't see the advantage to add Dist-Zilla as new (build) dependency. Module-Install just works and does everything "
   "we need.",
   [d("decision", ["dist-zilla"], "just works", ["dist-zilla"])])
ex(G + "PerlFFI/FFI-Platypus-Lang-Rust/pull/27",
   "switch to dzil. My evil intent was initially to get someone else to adopt this, but that doesn't seem to be on the "
   "cards. Maintaining this as a vanilla Makefile.PL dist is a jarring context switch from my other dists which are "
   "overwhelmingly Dist::Zilla based, so we will convert to Dist::Zilla. We can always de-convert later if we do find a "
   "better maintainer for this module.",
   [d("decision", ["dist::zilla"], "jarring context switch", ["makefile.pl"])])
ex(G + "kazuho/Starlet/pull/36",
   "migrate to Minilla. Now Module::Install is discouraged by the maintainers. So this PR changes the authoring tool "
   "from Module::Install to Minilla. I hope this makes this distribution more maintainable.",
   [d("decision", ["minilla"], "discouraged", ["module::install"])])
noise(G + "mdom/dategrep/issues/20",
      "Drop Milla and use plain DZIL. I changed so much in the milla distribution, i could probably just drop it and use "
      "plain dzil.")
ex(G + "sqitchers/sqitch/issues/17",
   "Switch from Module::Build to Dist::Zilla. This might be a good task for someone familiar with Dist::Zilla. I would "
   "like to remove the Build.PL script and use Dist::Zilla for building the Sqitch distribution. Why? Well, besides the "
   "fact dzil rocks, I have another thing I want to do with it: I want to add a Dzil plugin that builds the necessary "
   "localization libraries in the distribution.",
   [d("decision", ["dist::zilla"], "localization libraries", ["module::build"])])

# ---------------------------------------------------------------- rules of practice: contribution guides and Go error checks
doc("NuSkooler/enigma-bbs", "CONTRIBUTING.md",
    "Contributing. Style & Formatting: In general, Prettier is used. Though you'll see a lot of older style callback "
    "code, please utilize modern JavaScript. ES6 classes, arrow functions, and builtins. There is almost never a reason "
    "to use var. Prefer const where you can and and let otherwise. Save with UNIX line feeds, UTF-8 without BOM, and "
    "tabs set to 4 spaces.",
    [d("decision", ["prettier"]), d("preference", ["modern javascript"], None, ["callback code"]),
     d("preference", ["const"], None, ["var"]), d("preference", ["unix line feeds"])])
doc("farhad-karimbayli/git-work-project", "CONTRIBUTING.md",
    "Contributing Guidelines: Do not commit directly to main. All commits must be created using npx cz. Commit messages "
    "must follow Conventional Commits. All changes go through Pull Requests.",
    [d("constraint", ["pull requests"]), d("constraint", ["npx cz"]), d("constraint", ["conventional commits"])])
doc("lubosfukas/my-movie-collection", "CONTRIBUTING.md",
    "Contributing. Naming convention: Feature branches should be named feature/name-of-the-feature. Pull request "
    "process: Open new pull request and follow template instructions. Resolve any comments or merge conflicts. When "
    "merging into main, use Squash and Merge.",
    [d("constraint", ["feature/name-of-the-feature"]), d("decision", ["squash and merge"])])
ex(G + "googleapis/google-cloud-go/issues/11071",
   "pubsub: improve context cancellation handling with errors.Is. There is a lot of instances of err == "
   "context.Canceled and related error checking. We should switch these to using errors.Is: e.x. errors.Is(err, "
   "context.Canceled). There's some others like err == io.EOF which are probably worth cleaning up too.",
   [d("preference", ["errors.is"], None, ["err == context.canceled"])])
ex(G + "timescale/promscale/pull/1620",
   "Compare for context.Canceled error with Is. Since context.Caceled is declared as: var Canceled = "
   "errors.New(\"context canceled\") We should use errors.Is instead of errors.As because we are comparing against and "
   "error value instead of the type of the error.",
   [d("preference", ["errors.is"], "error value", ["errors.as"])])
ex(G + "uber-go/guide/pull/119",
   "refactor: Added errors is. Hello! I suggest you use errors.Is in good example. Reasonable. Thanks!",
   [d("preference", ["errors.is"])])
noise(G + "Djarvur/go-err113/issues/9",
      "More proofs please. Go 1.13 provides a mechanism for wrapping through %w, but this does not mean that now you can "
      "refuse libraries like pkg/errors, which provides a more convenient api for working with errors. Also this "
      "absolutely does not mean that you should use errors.Is() everywhere instead of == (adding yourself an overhead "
      "for recursion). It all depends on the context of the program. Is there anywhere documented evidence that this is "
      "how errors should be handled? You are officially allowed not to use this linter, dude!")

# ---------------------------------------------------------------- commit messages (cited by full hash, read with git show)
commit("pallets/markupsafe", "e298bb94990634a14f7cb6df2990500a99aeaa7b",
       "stop using dependabot for python, too noisy",
       [d("decision", ["dependabot"], "too noisy", ["dependabot"])])
commit("vapor/vapor", "6e1324ecafa3f97cbac6624f1bfa87975965e5c5",
       "Use Discord instead of Slack in CLI help",
       [d("decision", ["discord"], None, ["slack"])])
commit("tiangolo/fastapi", "41fcbc7d009edb60b807695206fc00dba891f137",
       "🔧 Migrate from Hatch to PDM for the internal build (#11498)",
       [d("decision", ["pdm"], None, ["hatch"])])
commit("rubocop/rubocop", "a81558562a12feea251b62ded880693995d9deb5",
       "Remove dependency on the rexml gem. ReXML has been plagued by quite a few security issues recently, all related "
       "to XML parsing. We don't do any XML parsing in RuboCop, but we do do XML generation. And even that, we only do in "
       "one place: The jUnit formatter. This commit removes our dependency on the rexml gem and instead builds the "
       "relatively simple XML from strings.",
       [d("decision", ["rexml"], "security issues", ["rexml"])])
commit("rust-lang/rustup", "256ea28371d538c11223e99e02cf5af53a67966c",
       "refactor: Replace termcolor with anstream",
       [d("decision", ["anstream"], None, ["termcolor"])])
commit("JamesNK/Newtonsoft.Json", "36b605f683c48a976b00ee6a351b97dd2265c7c9",
       "Migrate from sln to slnx (#3058)",
       [d("decision", ["slnx"], None, ["sln"])])
commit("dart-lang/http", "a0cdb38185f54d5b59a9b89189affbfc8a7d9d67",
       "Replace pub run with dart run (#1872)",
       [d("decision", ["dart run"], None, ["pub run"])])
commit("elixir-ecto/postgrex", "987eb6e43416fa9cb07c10b0e78dffe15d9f2e54",
       "Use Jason instead of Poison",
       [d("decision", ["jason"], None, ["poison"])])
commit("mitchellh/mapstructure", "ddaf87dc9e7978bd12c4d8668511b0e7483de5f7",
       "Replace fmt.Sprintf calls with string concatenation and strconv",
       [d("decision", ["strconv"], None, ["fmt.sprintf"])])
commit("ogham/exa", "0550faec05e8131ee8d6e6d438c680264598503a",
       "Replace Makefile with a developmental Justfile. This commit deletes the Makefile, which contained targets to build "
       "exa and install it on the local machine, and replaces it with a Justfile, which only contains command to build and "
       "test exa. My reasoning for doing this is as follows: exa is increasingly being installed through package "
       "managers, rather than built and tested locally, so users are avoiding using the Makefile at all. just is much "
       "simpler than make conceptually, which is why I prefer it. It just runs commands, rather than being a complete "
       "build system, which we already use Cargo for. If I've missed some important reason that makes it worth keeping "
       "the Makefile around then please let me know.",
       [d("decision", ["justfile"], "much simpler", ["makefile"])])
commit("pnpm/pnpm", "aea94fdde03ea5e92025df86301d518470583e9a",
       "Use cross-spawn instead of child_process in all places. cross-spawn has better Windows support",
       [d("decision", ["cross-spawn"], "better windows support", ["child_process"])])
commit("symfony/symfony", "72885520ee5f26e941f446aa9bbe4d3ac3e3b4b5",
       "replace uniqid() with random_bytes() to create identifiers",
       [d("decision", ["random_bytes"], None, ["uniqid"])])
commit("phoenixframework/phoenix_live_view", "54d618b6cac6034721c529de4fdfd6921b23bad3",
       "maybe fix #2895 (#2969)",
       [])


assert_new_repositories("capture21.json")
write_heldout_set(21, "p", sys.argv[1])
