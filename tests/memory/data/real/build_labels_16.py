# One-off: writes capture16.json, the sixteenth capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it, by a labeller who had not read the
# extractor's code nor its tests nor run any Lore code on this text. The whole set is blind.
# Usage: python build_labels_16.py capture16.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall sets or of the outside held-out set is used again)
import sys

from labelset import assert_new_repositories, d, ex, noise, write_heldout_set

G = "github.com/"


def commit(repo, sha, user, expected):
    """A commit message, cited by its full hash (each quote was checked against git show of the fetched repository)."""
    ex(G + repo + "/commit/" + sha, user, expected)


# ---------------------------------------------------------------- frontend: state and styling
ex(G + "stellar/freighter-mobile/pull/27",
   "Replace Redux with zustand. This PR replaces our previous Redux-based state management with zustand, a lightweight, "
   "hook-based state-management library that reduces boilerplate and improves performance.",
   [d("decision", ["zustand"], "reduces boilerplate", ["redux"])])
ex(G + "lannonbr/Portfolio/issues/58",
   "Look around at Tailwind. Try tinkering with Tailwind for a few components / pages to see the viability in using it. "
   "So after working with this for a bit it was successful for my purposes. I have yet to completely get rid of Styled "
   "Components but I may be able to fairly shortly. I am going to close this issue as it feels resolved",
   [d("decision", ["tailwind"], "successful for my purposes")])
# ---------------------------------------------------------------- .NET and JVM: serialisation, async, builds
ex(G + "dotnet/razor/issues/4536",
   "Investigate System.Text.Json Migration. This is more an investigatory issue on the possibility of migrating to "
   "`Sytem.Text.Json`. This was done a little while ago.",
   [d("decision", ["system.text.json"])])
ex(G + "premnirmal/StockTicker/issues/70",
   "Drop rxjava for kotlin coroutines",
   [d("decision", ["coroutines"], None, ["rxjava"])])
ex(G + "instacart/formula/pull/428",
   "[Coroutines] Remove RxJavaRuntime. Instead of having both RxJava and Coroutines runtimes, we only now have "
   "coroutines runtime and convert `Flow` to `Observable`",
   [d("decision", ["coroutines runtime"], None, ["rxjavaruntime"])])
ex(G + "hackclub/HCCore/pull/113",
   "Maven to Gradle Migration. this modernizes the build system from maven to gradle. not only is gradle cool, but it "
   "has more terse configuration and makes it a lot easier to modify the build pipeline with built-in diagnostics and "
   "o11y tooling. okay but i learned how to use maven so i would rather stick with that. it's good to go! @nice6599 the "
   "process to add dependencies is very similar as well as the build commands. maybe look into it for a bit? The "
   "ecosystem as a whole is moving to Gradle where applicable",
   [d("decision", ["gradle"], "more terse configuration", ["maven"])])
noise(G + "Paul2708/simple-commands/issues/52",
      "From Maven to Gradle. Migrate the project from Maven to Gradle. low priority atm")
ex(G + "orbitalapi/orbital/issues/18",
   "Migrate the build to Gradle. Migrate the build of Kotlin code from Maven to Gradle. Ensure that there's full feature "
   "parity between the builds. Dependency versions need to stay exactly the same. Before starting, do a full analysis, "
   "and let me know of any potenital issues.",
   [d("decision", ["gradle"], None, ["maven"]), d("constraint", ["feature parity"]),
    d("constraint", ["dependency versions", "exactly the same"])])
noise(G + "theopenconversationkit/tock/issues/1421",
      "Migration from maven to gradle ? Maven seems to be slow compared to Gradle builds, however it would be a breaking "
      "change for travis, and the CI/CD of everyone. We will try an automatic conversion to see how it is working. Would "
      "be great. Tell us :) Not sure if I will continue on this. If i considered maven slow it is because I didn't know "
      "the following feature wich is used in `etc/deploy.sh` with `mvn -T threadC`")
# ---------------------------------------------------------------- platform support
ex(G + "google/mozc/issues/372",
   "Discontinue the support of Windows Vista. In order to reduce the maintenance burden, we have decided to discontinue "
   "the support of Windows Vista and remove support code for that. Basically Mozc 2.17.2445.102 is the last version that "
   "is supposed to run on Windows Vista.",
   [d("decision", ["windows vista"], "maintenance burden", ["windows vista"])])
ex(G + "OpenSCAP/openscap/pull/1847",
   "Officially deprecate Windows support. There are no developers who are eager to maintain and support Windows "
   "compatibility.",
   [d("decision", ["windows support"], "no developers", ["windows support"])])
ex(G + "owncloud/core/pull/14540",
   "Disallow Windows Server in Server Check. Will prevent users from using ownCloud on Windows Server. First step… "
   "Reasons that speak for a hard vs. soft-fail: Users ignore soft-fails, see the OS X thing. Would still get us ton of "
   "annoyed users and reports. Better to piss them off once (\"It does not work\") instead of (\"Your files are now "
   "gone\"). Nobody here develops on Windows and things explode really big there. While on OS X we have at least some "
   "devs using it.",
   [d("constraint", ["windows server"], "nobody here develops on windows", ["soft-fails"])])
# ---------------------------------------------------------------- data and ML
ex(G + "sdatkinson/neural-amp-modeler/pull/2",
   "PyTorch. Get rid of TensorFlow. We're using PyTorch now!",
   [d("decision", ["pytorch"], None, ["tensorflow"])])
ex(G + "Kohulan/DECIMER-Image_Transformer/issues/76",
   "Convert from Tensorflow into Pytorch framework. Hello, Have you ever thinked about converting your open-source from "
   "Tensorflow into Pytorch? Best, Khanh. We have no plan to do that. - Kohulan",
   [d("decision", ["pytorch"], None, ["pytorch"])])
noise(G + "mesa/mesa/issues/3716",
      "[Performance] Replacing Pandas with Polars. During your talk today @ PyCon - you mentioned needing help on the "
      "performance. There's a very low hanging fruit: replacing pandas with polars. I'll try to draft a PR with "
      "benchmarks by the end of today ;)")
ex(G + "monarch-initiative/pheval/issues/180",
   "Refactor pandas methods to use polars library. Due to performance issues, pandas library data handling needs to be "
   "converted polars library",
   [d("decision", ["polars"], "performance issues", ["pandas"])])
noise(G + "andrewrgarcia/powerxrd/issues/9",
      "can you please consider replacing `pandas` with `polars`? Firstly, i love this project. I use it a lot, and it is "
      "really helpful to me. I have known about polars but never got to using it.")
# ---------------------------------------------------------------- infrastructure as code and CI
noise(G + "izzoa/plexverse/issues/4",
      "Migrate to Pulumi? Evaluate migrating from Terraform deployments to Pulumi v2")
noise(G + "hicommonwealth/commonwealth/issues/5670",
      "Create prototype for infra-as-code. As for how we will implement this, I have discussed with @timolegros. We have "
      "not decided wether to use terraform or pulumi. I think a good first step would be: Use migration tool to get "
      "cloudflare config in terraform. After further discussion if we decide to go with Pulumi, use their auto "
      "generation tool. This way we have maximum flexibility with minimal work.")
ex(G + "CouncilDataProject/cookiecutter-cdp-deployment/issues/21",
   "Switch from Pulumi to Terraform. The goal of this work is to remove extra account setup and management; if we remove Pulumi in favor of "
   "Terraform, not only are we using a more \"stable\" / widely adopted tool, but we also can remove more \"admin\" work "
   "of account management in favor of simply a single tool.",
   [d("decision", ["terraform"], "extra account setup", ["pulumi"])])
ex(G + "spring-attic/spring-authorization-server/issues/691",
   "Switch from Jenkins to GitHub Actions. We should update the build process with GitHub Actions to replace Jenkins.",
   [d("decision", ["github actions"], None, ["jenkins"])])
# ---------------------------------------------------------------- C++ package managers
ex(G + "DeployQL/LintDB/pull/52",
   "use conan instead of vcpkg. vcpkg has been difficult to work with. We don't have the knowledge to encapsulate every "
   "dependency into it's port format. And more importantly, we've been using vcpkg as a crutch for working with MKL. By "
   "switching to conan, it's been an opportunity to simplify package management and build instructions.",
   [d("decision", ["conan"], "difficult to work with", ["vcpkg"])])
noise(G + "NatLabRockies/OpenStudio/pull/5565",
      "Vcpkg Option. Create a new github action workflow that utilizes vcpkg instead of Conan. I'm hoping that this will "
      "speed up the Windows build. @anchapin I don't get the point of this PR. Conan has been used so we have a cross "
      "platform way of pinning dependencies. If this is too slow it probably just means we're missing binaries on our "
      "artifactory. Deciding we want to change from conan to vcpkg is really not a light decision to make at all, and it "
      "should be weighted and discussed (I don't see this PR having a review).")
ex(G + "category-labs/monad/pull/137",
   ":heavy_plus_sign: Use vcpkg for deps being found via conan. Problem: We rely on multiple different dependency "
   "management mechanisms. Solution: Conslidate to vcpkg. Will work on migrating the rest bit-by-bit.",
   [d("decision", ["vcpkg"], "multiple different dependency management mechanisms", ["conan"])])
ex(G + "XRPLF/rippled/issues/4125",
   "Package Manager: Conan or vcpkg? I'm moving our dependency management to a package manager. My instinct based on my "
   "history is to reach for Conan, but @seelabs rightly pointed out that we should first discuss which package manager "
   "to use.",
   [d("decision", ["package manager"])])
noise(G + "gta-reversed/gta-reversed/issues/934",
      "Replace conan by vcpkg. The learning curve for using conan is too high. Perhaps it would be better to use vcpkg")
ex(G + "NTNU-IHB/FMI4cpp/pull/139",
   "Replace conan with vcpkg. Hi, curious to know why conan was replaced with vcpkg, is it some compatible issues or "
   "something else? Also, is there any solution to use this lib with conan?? The answer is simply that I do not want to "
   "use it anymore.",
   [d("decision", ["vcpkg"], "do not want to use it anymore", ["conan"])])
# ---------------------------------------------------------------- Ruby test frameworks
ex(G + "liveh2o/protobuf-activerecord/issues/9",
   "Replace RSpec with MiniTest:Spec. RSpec is nice, but MiniTest is more lightweight and with MiniTest::Spec, similar "
   "(if not the same) syntax can be supported. Replacing shouldn't be terribly difficult (famous last words). "
   "@liveh2o Is this still something you're interested in seeing happen? Sure. @decriptor started a PR for this (#10), "
   "but it seems to have fizzled. There isn't a lot of value in changing the specs at this point. Closing.",
   [d("decision", ["minitest"], "a lot of value", ["minitest"])])
ex(G + "RetroMocha/obvious/pull/57",
   "feat: Minitest replaces RSpec. This replaces RSpec with minitest.",
   [d("decision", ["minitest"], None, ["rspec"])])
ex(G + "dejan/rails_panel/issues/157",
   "Use rspec instead of minitest. RSpec is much more feature rich compared to minitest. It makes testing much easier. "
   "Task: rewrite meta_request unit tests. @gogiel did you had a chance to convert some tests? I'd like to switch to "
   "RSpec as well but don't want to double the effort. But if you haven't started on it, I'll do it now.",
   [d("decision", ["rspec"], "feature rich", ["minitest"])])
# ---------------------------------------------------------------- Rust async runtimes
ex(G + "rabbit-digger/rabbit-digger/pull/16",
   "Use tokio. `async-std` is not active for one month, let's drop it.",
   [d("decision", ["tokio"], "not active", ["async-std"])])
ex(G + "smol-rs/async-compat/pull/6",
   "Update tokio to 1. Note: this is a breaking change. this drops support for tokio 0.2/0.3. An alternative to this is "
   "to use feature flags to support older tokio. I have no strong opinion as to which one to adopt. (Does anyone have an "
   "opinion on this?) I think it's fine to support only tokio 1.0. Soon everyone will be using it. It's been about a "
   "month since I created this PR, and no one seems to oppose not supporting older versions. I'll merge this and "
   "prepare for a new release.",
   [d("decision", ["tokio 1"], "everyone will be using it", ["tokio 0.2/0.3", "feature flags"])])
ex(G + "stratum-mining/stratum/issues/1402",
   "remove `async_std` support. maintaining support for `async_std` in SRI substantially increases the engineering "
   "efforts. meanwhile, the SRI application layer is built with `tokio`, which is already quite challenging to "
   "maintain. therefore, we should drop the `async_std` support to make things simpler and cleaner, and most "
   "importantly: something that allows our limited engineering resources to sustainably achieve production readiness. "
   "SRI application layer (`roles`, `network_helpers_sv2`, `integration_tests_sv2`) should only officially support "
   "`tokio`",
   [d("decision", ["tokio"], "engineering efforts", ["async_std"])])
ex(G + "mattsse/chromiumoxide/issues/273",
   "Remove async-std support. Asking the community, are you using async-std. The support of it is a continuous burden "
   "and since it is deprecated I want to remove it. This will not be in 0.8, but I am thinking 0.9. We would only be on "
   "tokio unless someone expresses views that they would like to use smol.",
   [d("decision", ["async-std"], "continuous burden", ["async-std"])])
# ---------------------------------------------------------------- documentation tooling
ex(G + "gramener/gramex/pull/540",
   "GRAMEX-197 ⁃ DOC: Switch API docs from Sphinx to mkdocs. Earlier, we used Sphinx to auto-document all Gramex "
   "classes and functions. But Sphinx is hard to set up, and uses reST - which is harder than Markdown. This PR switches "
   "to mkdocs and mkdocstrings which are easier to set up and use Markdown. Fixed in 0c24ddd7",
   [d("decision", ["mkdocs"], "hard to set up", ["sphinx"])])
ex(G + "drivendataorg/cookiecutter-data-science/issues/327",
   "Switch from sphinx as default project docs to mkdocs. Mkdocs is a bit easier / lighter weight.",
   [d("decision", ["mkdocs"], "lighter weight", ["sphinx"])])
# ---------------------------------------------------------------- database migrations and messaging
ex(G + "PimvanderLoos/AnimatedArchitecture/issues/1322",
   "Replace Flyway with Liquibase. Flyway is perfectly serviceable for this project. However, I work a lot with "
   "Liquibase at my day job. As such, I'd rather just bite the bullet and make the jump to the library I have a lot more "
   "experience with. Flyway was nicer to use when I was new to it, but it has become more of a problem now that I'm much "
   "happier with Liquibase.",
   [d("decision", ["liquibase"], "more experience", ["flyway"])])
ex(G + "hackforla/tdm-calculator/issues/352",
   "Investigate best way to use migration files to update the database. Action Items: investigate Flyway. investigate "
   "Liquidbase. I investigated into two migration library options: Flyway and LiquiBase and have chosen Flyway to move "
   "forward with. Both have the ability to version control databases. However, Flyway emphasizes its simplicity and I "
   "can confirm from my workplace that it's fairly simple. For our purposes, I am choosing simplicity over any extra "
   "bells and whistles, until we need them otherwise. Decision: Flyway",
   [d("decision", ["flyway"], "simplicity", ["liquibase"])])
noise(G + "interledger4j/ilpv4-connector/issues/661",
      "Transition to Flyway. The project currently uses liquibase, but that project seems unmaintained. We should "
      "consider transitioning to flyway")
ex(G + "devonfw/devon4j/issues/303",
   "Consider liquibase. We are aiming to propose a main default suggestion for every problem and therefore have our "
   "key-principles. Following KISS we have "
   "choosen flywaydb for DB versioning as it is simple and you typically just put your SQL files as you would manually "
   "run them on your DB. A famous alternative to flyway is liquibase that allows some DB abstraction. This is typically "
   "not needed as most projects have one supported DB to run on. As we do not want to drop and replace flyway with "
   "liquibase we should consider adding liquibase as a supported option.",
   [d("decision", ["flywaydb"], "simple", ["liquibase"])])
ex(G + "it-at-m/refarch-templates/issues/543",
   "[Feature] Setup database migration (i.e. Flyway). Instead of hibernate ddl-auto a real db migration tool should be "
   "added for reproducible behavior. The decision on which tool to use should also be made in this issue (i.e. flyway). "
   ":+1: for using Flyway for database migrations: already used internally in lots of projects. good Spring Boot / "
   "Maven integration. If the decision is Flyway, I'm happy to make the code contribution. I discussed this with "
   "@devtobi, and we've decided to use Flyway for database migrations.",
   [d("decision", ["flyway"], "reproducible", ["hibernate ddl-auto"])])
ex(G + "stellar/anchor-platform/pull/382",
   "Flyway support. remove Liquibase for database migrations. add Flyway for database migrations. update docs with "
   "migration script generation instructions. fix typo (eventId to event_id) in event schema",
   [d("decision", ["flyway"], None, ["liquibase"])])
ex(G + "Energinet-DataHub/energy-origin/pull/213",
   "New ADR - message-broker. Context and Problem Statement: For our event driven architecture solution we need a "
   "message broker that can handle a large number of messages. We also want a message broker that is fairly easy to set "
   "up. Decision Outcome: We are going with RabbitMQ. Rationale: RabbitMQ seems to be a simple message broker and not "
   "much else, which is exactly what we need. Please set Status to \"Proposed\".",
   [d("decision", ["rabbitmq"], "simple message broker")])
# ---------------------------------------------------------------- commit messages (read with git show)
commit("date-fns/date-fns", "1ed51e60cd481a59bc68d494ad6954886081e830",
       "Replace ESlint with Oxlint",
       [d("decision", ["oxlint"], None, ["eslint"])])
commit("yargs/yargs", "863937f23c3102f804cdea78ee3097e28c7c289f",
       "feat!: drop support for EOL Node 8 (#1686)",
       [d("decision", ["node 8"], "eol", ["node 8"])])
commit("gorilla/mux", "8771f97498c6be5fe95d2eb5fb882c18bbf7f361",
       "Drop support for Go < 1.7: remove gorilla/context (#391). Drop support for Go < 1.7: remove gorilla/context. Remove "
       "Go < 1.7 from Travis CI config. Remove unneeded _native from context files",
       [d("decision", ["go < 1.7"], None, ["go < 1.7", "gorilla/context"])])
commit("BurntSushi/toml", "851e5befdef42aff2839cb78ecae889ec2fcf321",
       "Panic instead of os.Exit for illegal state situations in parser. Fixes #92",
       [d("preference", ["panic"], None, ["os.exit"])])
commit("labstack/echo", "a9879ffa6b6fe73e43a0e062884f83eb959e6c1a",
       "Middlewares should use errors.As() instead of type assertion on HTTPError. Helps consumers who want to wrap "
       "HTTPError, and other use cases",
       [d("preference", ["errors.as()"], "wrap httperror", ["type assertion"])])
commit("rust-lang/log", "ab8de731d09152bf7c968e6028ff25755a42bb66",
       "Replace serde with serde_core. serde_core is the same as the serde library it's replacing, but it only contains the "
       "traits, not the code for the derive macros, resulting in faster compilitation.",
       [d("decision", ["serde_core"], "faster compilitation", ["serde"])])
commit("dtolnay/thiserror", "d11d4c6e63168196903156e96077c056d660131f",
       "Raise minimum tested version to rustc 1.36. Our trybuild dev-dependency no longer supports 1.34.",
       [d("decision", ["rustc 1.36"], "no longer supports 1.34", ["1.34"])])
commit("seanmonstar/reqwest", "23f267892e64e78fe7d8078417f6b678d192d45a",
       "Use `windows-registry` instead of `winreg` for reading proxy settings on Windows (#2380)",
       [d("decision", ["windows-registry"], None, ["winreg"])])
commit("square/retrofit", "7de5ed9a16322d864494d12115747e5b70ae1049",
       "Migrate to Truth",
       [d("decision", ["truth"])])
commit("google/gson", "dbf0f0416596add88c9d38b3e80b4e44059863ca",
       "Remove `com.google.gson.graph`. (#2990). This \"extras\" package provides a way to represent an arbitrary Java "
       "object graph in JSON. However, it is not part of any supported artifact. It is available for use internally at "
       "Google, but nothing uses it. Rather than trying to make the test work, I am inclined to delete this unused "
       "functionality.",
       [d("decision", ["com.google.gson.graph"], "nothing uses it", ["com.google.gson.graph"])])
commit("libuv/libuv", "40d45efebf9bf1a8091a573d26e53d9c4262ef5b",
       "unix: use posix_spawn instead of fork (#3520). Remove the conditionals so that posix_spawn will be used whenever "
       "possible, and not only on Apple. Tests specifically if posix_spawn works before using it: it is broken on QEMU "
       "with glibc, for example, since fork/clone is broken there.",
       [d("decision", ["posix_spawn"], None, ["fork"]), d("decision", ["tests", "posix_spawn works"], "broken on qemu")])
commit("rack/rack", "979fecda7695e30588f784cdb745c776752307fd",
       "Parse Forwarded header instead of using regexp scan. `;` and `,` are allowed as characters inside a quoted value "
       "of a forwarded parameter. So you cannot safely split on those and then try to remove quotes. Switch to using a "
       "parser based on the one used for parsing multipart content-disposition.",
       [d("decision", ["parse forwarded header"], "cannot safely split", ["regexp scan"])])
commit("puma/puma", "d7a907fa1edb73ef6ff3102b5c4381e43772b842",
       "Use IPv6 (`::`) default for production (#3847). IPv4 addresses like 0.0.0.0 are easy and familiar, but they're "
       "increasingly more expensive with providers such as AWS. IPv6 addresses are much more plentiful, and therefore "
       "cheaper (and represent the future). This update switches the default production address to IPv6 `::`.",
       [d("decision", ["ipv6"], "cheaper", ["0.0.0.0"])])
commit("guzzle/guzzle", "b5edb54223ee9613f01b053c1993fb5f048487fe",
       "[PHPStan] Use docker image instead of github action shortcut (#2767)",
       [d("decision", ["docker image"], None, ["github action shortcut"])])
commit("serilog/serilog", "e378f333b555c42f8530bb8d1ef1b8dfb8740d83",
       "remove SourceLink. Source Link is now included in .NET SDK 8 and enabled by default. Projects that migrate to .NET "
       "SDK 8 do not need to reference Source Link packages explicitly via PackageReference anymore.",
       [d("decision", ["sourcelink"], "included in .net sdk 8", ["sourcelink"])])
commit("AutoMapper/AutoMapper", "314671ca98999240939d1f1d166b6a1a083b3ab9",
       "GitHub workflows instead of AppVeyor. Fixing keys",
       [d("decision", ["github workflows"], None, ["appveyor"])])
commit("kubernetes-sigs/kind", "b088420b62823ea5239e49a237f042bdd0acda5c",
       "drop almalinux 8. it is expected that kind by default will not support cgroup v1 now due to kubernetes's change for "
       "this, and in the near future we will drop support entirely to go along with this and focus our efforts",
       [d("decision", ["almalinux 8"], "cgroup v1", ["almalinux 8"])])
commit("gabime/spdlog", "29b24f9e725b168114e338c47b089598d842093e",
       "Use pragams instead of compile options",
       [d("decision", ["pragams"], None, ["compile options"])])
commit("mochajs/mocha", "7c9b0046f30076b39f1cb161adad0416ea827606",
       "chore: replace Karma with Playwright for browser tests (#6031)",
       [d("decision", ["playwright"], None, ["karma"])])
commit("thoughtbot/factory_bot", "0c75dc27cd9fc43589eabdc7060b61905345d7bc",
       "Replace Rubocop with standard. Following an update to the thoughtbot guide, this commit removes Rubocop and replaces "
       "it with standard.",
       [d("decision", ["standard"], "thoughtbot guide", ["rubocop"])])
commit("pydantic/pydantic", "b36eaeb4e5eea176b5d638fce099c006564d02ad",
       "Drop support for Python 3.9 (#13070)",
       [d("decision", ["python 3.9"], None, ["python 3.9"])])
commit("fmtlib/fmt", "cd67635a19d027d2eae1cd6f0f0fa8f057492907",
       "Suppress MSVC C4702 header-wide instead of restructuring code. Revert the explicit-else workaround from #4822 and "
       "instead disable the \"unreachable code\" warning for all of base.h.",
       [d("decision", ["c4702"], None, ["restructuring code", "explicit-else workaround"])])
commit("prometheus/node_exporter", "a1180ab03a8294c27595084af207f86cdcb440cf",
       "collector/diskstats: fix rotational queue stats scrape regression (#3686). Fix a 10× scrape-latency regression "
       "introduced in #3022 on systems with many block devices. Replace the expensive struct call with a targeted "
       "rotationalLabel() helper that delegates to blockdevice.FS.SysBlockDeviceRotational(dev) (added in "
       "prometheus/procfs#824). This reads exactly 1 sysfs file per device",
       [d("decision", ["rotationallabel()"], "scrape-latency regression", ["expensive struct call"])])
# ---------------------------------------------------------------- end-to-end tests
ex(G + "solectrus/solectrus/pull/4504",
   "Migrate E2E tests from Cypress to Playwright. This PR migrates the E2E testing framework from Cypress to "
   "Playwright, modernizing the test infrastructure with improved performance and reliability. The migration includes "
   "converting all existing Cypress tests to RSpec system tests with Playwright driver, updating build configurations, "
   "and removing Cypress dependencies. Installs Sinon.js (used for time traveling) from NPM instead of loading from CDN. "
   "Writing system tests will be more simple in the future.",
   [d("decision", ["playwright"], "improved performance and reliability", ["cypress"]),
    d("decision", ["rspec system tests"]), d("decision", ["sinon.js", "npm"], None, ["cdn"])])
# ---------------------------------------------------------------- security: password hashing
ex(G + "LemmyNet/lemmy/issues/762",
   "Consider replacing bcrypt. It might be worth looking into alternatives for bcrypt which allow the specification of "
   "Memory and CPU-hardness parameters. E.g. argon2id. Pull requests welcome, but bcrypt has been working fine. I also "
   "think changing that crypto library might break hashed password validation. I don't see what's wrong with bcrypt, "
   "and changing that would mess up all the current passwords.",
   [d("decision", ["bcrypt"], "mess up all the current passwords", ["argon2id"])])
ex(G + "sebastjan-hribar/tachiban/issues/15",
   "Consider adding support for argon2. Bcrypt will eventually be phased out. Many people are slowly adopting Argon2, "
   "which provides increased protection against password cracking. There is also a argon2 gem which provides FFI "
   "bindings to `libargon2`; see example usage here. 1.0 now supports only Argon2. 0.8 still supports BCrypt.",
   [d("decision", ["argon2"], "increased protection", ["bcrypt"])])
ex(G + "TeskaLabs/seacat-auth/pull/375",
   "Hash passwords using argon2 instead of bcrypt. closes #340. New passwords are hashed using Argon2, which is more "
   "secure than Bcrypt. Bcrypt is still supported for existing passwords.",
   [d("decision", ["argon2"], "more secure", ["bcrypt"]), d("decision", ["bcrypt", "existing passwords"])])
noise(G + "ThomasTJdev/nim_websitecreator/issues/124",
      "BCrypt --> Argon2. Looks good, and Argon2 could be a good replacement for bCrypt. But I'm not a fan of: Argon2 "
      "makes use of multiple threads, so the --threads:on flag must be used when compiling your project. Have you "
      "experimented with it? Maybe we can continue using BCrypt, "
      "is the second best algo anyways.")
ex(G + "Flood-UI/flood/pull/523",
   "Use argon2 for password hashing. This PR implements argon2 for password hashing. Closes #514. I'm proposing to keep "
   "the bcrypt dependency for a while to allow for a smooth \"migration\" period, but I'm open to other ideas if anyone "
   "has qualms with this. All new users will use argon2 hashes.",
   [d("decision", ["argon2"])])
noise(G + "CalPolySEC/wrath-ctf-framework/issues/55",
      "Migrate to Argon2 from Bcrypt. Do we want to upgrade our password hashing algorithm to the current best, or are "
      "we saying bcrypt is plenty good? +1 for switching to Argon2. In my (very) limited understanding of password "
      "crypto in 2017, Argon2 is considered better over bcrypt.")
# ---------------------------------------------------------------- game engines
ex(G + "Cytoid/Cytoid/issues/140",
   "It is recommended to replace the game engine. Since Unity has changed its charging policy, it is recommended to "
   "replace the game engine. According to the style of the game, it is recommended to switch to Cocos2D or Godot2D. "
   "Appreciate your concern! Our total revenue is 0, so it is unnecessary.",
   [d("decision", ["game engine"], "total revenue is 0", ["cocos2d", "godot2d"])])
noise(G + "MirrorNetworking/Mirror/pull/3613",
      "Remove Unity. Due to recent circumstances, I believe it is wise to move away from Unity and use Godot instead. :) "
      "Great idea! After 5 years. fair enough. This sort of PRs would usually make me roll my eyes and sigh deeply but I "
      "will say you got a chuckle out of me. I doubt this'll ever go through but we appreciate the meme value you "
      "provided.")
ex(G + "Revolutionary-Games/Thrive/pull/957",
   "Switch to Godot. Switches the game over to Godot engine. I'll open a bunch of new issues after merging.",
   [d("decision", ["godot"])])
noise(G + "liberodark/worldcraft/issues/6",
      "Migrate to Godot. Hi, It would be interesting to migrate to Godot. Best Regards")
ex(G + "moueza/Z-Anatomy/issues/176",
   "Game engine : Unity or Godot ? Unity most universal than Godot ... so Unity. Unreal Engine basically not Linux "
   "friendly + deprecated pilots, and problems with old ones for Unreal Engine (even if, firstly, C++ is more Linux "
   "friendly than Mono C# ) ... so Unity",
   [d("decision", ["unity"], "most universal", ["godot", "unreal engine"])])
# ---------------------------------------------------------------- embedded
noise(G + "suburbanmarine/hadoucan-fw/issues/66",
      "zephyr board support. I'm considering porting the firmware from FreeRTOS to Zephyr, as Zephyr has a lot more "
      "features that I plan on using on other projects. Add dts file for hadoucan. Port FreeRTOS tasks to Zephyr "
      "threads. See if we should still use tinyusb. Check if RX timestamps work in Zephyr")
noise(G + "NCSU-High-Powered-Rocketry-Club/FIRM/issues/4",
      "Look into using Zephyr RTOS. Frankly I hate rewrites as much as the next guy - but using the STM32Cube framework "
      "presents a number of issues. With these issues in mind, I think it may be worth looking into using Zephyr, which "
      "is a RTOS for embedded systems. It's more low-level than arduino-based frameworks and has very good custom board "
      "support.")
ex(G + "leonboe1/GoogleFindMyTools/pull/54",
   "Switch from Nordic Connect to vanilla Zephyr. The Zephyr firmware was based on the Nordic Connect SDK targeting "
   "Nordic's chips. This PR switches to vanilla Zephyr to support a wider variety of targets.",
   [d("decision", ["vanilla zephyr"], "wider variety of targets", ["nordic connect"])])
noise(G + "Google-Health-API/golden-gate/issues/38",
      "Zephyr RTOS - Documentation. Was looking to build into Zephyr RTOS, most likely on a nRF52 or nRF53, "
      "documentation file exists but seems to be empty. Is there a current or planned port at some future time? Hi. We "
      "have experimented with Zephyr, and got things to work on that RTOS in a proof of concept, about a year ago. We "
      "haven't yet been able to document what we've done so far, as the proof of concept still sits on a private "
      "branch. I will try to publish that branch shortly so that others can use it as a base to start from if they want "
      "to target Zephyr.")
# ---------------------------------------------------------------- documents: decision records and design notes
ex(G + "cse210-fa24-group1/cse210-fa24-group1/blob/HEAD/specs/adr/backend-decision-adr.md",
   "SQLite vs Local Storage as Backend Options for the Project. At the beginning of the project, we chose not to commit "
   "to a specific backend storage solution, allowing for flexibility and ease of integration when changes were "
   "necessary. To facilitate early testing and development, we used dummy data stored in local storage to simulate "
   "offline access and basic data management. However, as the project progressed and data requirements became more "
   "complex, it became clear that local storage was not suitable for the growing dataset and the need for more "
   "structured data management. This decision now pivots to committing to SQLite as the backend storage solution to "
   "better support the needs of the application.",
   [d("decision", ["sqlite"], "growing dataset", ["local storage"])])
ex(G + "wwwportal/Kalima/blob/HEAD/docs/adr/002-sqlite-for-storage.md",
   "ADR 002: Use SQLite for Primary Storage. Status: Accepted (Implemented November 2025). Decision: We chose SQLite as "
   "the primary relational database, using sqlx for async query execution. Rationale: Simplicity: Zero configuration: "
   "No server setup, no admin overhead. Single file: Database is self-contained at `data/database/kalima.db`. No network "
   "layer: Direct file access eliminates connection pool complexity.",
   [d("decision", ["sqlite"], "zero configuration"), d("decision", ["sqlx"])])
ex(G + "cjhouser/timesink/blob/HEAD/documentation/infrastructure-management.md",
   "Infrastructure Management. Resources are managed via Terraform. Why Terraform? well known. strong community = strong "
   "support for products which we may need. extensible through custom providers",
   [d("decision", ["terraform"], "strong community")])
ex(G + "rust-bitcoin/rust-bitcoin/blob/HEAD/docs/dependencies.md",
   "Policy on adding dependencies. TL;DR We are averse to adding dependencies, there needs to be a strong case for it. "
   "When evaluating a dependency we consider: Maintainers are reputable and know idiomatic Rust well-enough. Conservative "
   "MSRV - hard requirement for mandatory dependencies. No reckless `unsafe` (see below). These requirements apply "
   "recursively and the total dependency tree must not contain significantly more code than what is required to "
   "implement the desired feature. In practice, any dependencies that fail the above sanity checks are rejected out of "
   "hand.",
   [d("constraint", ["adding dependencies"]), d("constraint", ["conservative msrv"]),
    d("constraint", ["reckless"]), d("constraint", ["dependency tree"])])
# ---------------------------------------------------------------- documents: style guides and contribution rules
ex(G + "canmi21/snowball/blob/HEAD/spec/foundation/safety/lang/rust.md",
   "Safety — Rust. Panic Policy: Forbidden operations from the panic policy: `.unwrap()`. `.expect()`. `panic!()`. "
   "`unreachable!()` without a proven invariant. `todo!()` in published code. Error propagation uses `Result` and `?`. "
   "Dependency Audit: Audit tool for the dependency safety policy: cargo audit. Run before every publication. Zero known "
   "vulnerabilities required.",
   [d("constraint", ["unwrap"]), d("preference", ["result"]), d("constraint", ["cargo audit"]),
    d("constraint", ["zero known vulnerabilities"])])
ex(G + "melver/mc2lib/blob/HEAD/HACKING.rst",
   "Guidelines: Mostly following Google C++ Style Guide; with exceptions: New standards-compliant language features in "
   "C++11 are encouraged if they make the code safer, more maintainable and/or easier to understand/use. The only "
   "limiting factor is the oldest to be supported compiler version (currently GCC 4.7, Clang 3.3). \"Exceptions\" are "
   "fine, if it does not hurt performance.",
   [d("preference", ["google c++ style guide"]), d("preference", ["c++11"], "safer"),
    d("constraint", ["gcc 4.7", "clang 3.3"])])
ex(G + "Groupe-maison-fr/Coding-Guidelines/blob/HEAD/Conventions/CodingConvention.md",
   "Coding convention. All classes must be final. use `declare(strict_types=1);`. All arguments are type hinted. All "
   "function specifies return types. Prefer value objects to scalar values. Use of return early statement. Do not close "
   "file with php tag `?>`",
   [d("constraint", ["final"]), d("constraint", ["strict_types"]), d("constraint", ["type hinted"]),
    d("constraint", ["return types"]), d("preference", ["value objects"], None, ["scalar values"]),
    d("preference", ["return early"]), d("constraint", ["php tag"])])
ex(G + "burgerballer44/tailgate/blob/HEAD/.roo/rules/10-php-style.md",
   "PHP Style. PSR-12 formatting; typed properties; strict types where possible. Don't do declare(strict_types=1);. "
   "Return types on all public methods; prefer readonly where applicable. Avoid static helpers; use pure functions or "
   "injected services. The docblock for all methods should include comments about why it would be used, not just what "
   "it does.",
   [d("preference", ["psr-12"]), d("constraint", ["strict_types"]), d("constraint", ["return types"]),
    d("preference", ["readonly"]), d("preference", ["pure functions"], None, ["static helpers"]),
    d("preference", ["docblock"])])
ex(G + "Steffens-Bridgemate/Bridge-timer/blob/HEAD/CONTRIBUTING.md",
   "Please adhere to C# 8.0 s nullable reference types guidelines. All enums should have a value of NotSet=0, do not "
   "give any meaning to this value, especially no default value. Collections should never be null, but can have zero "
   "elements. Please use the async...await pattern for asynchronous code.",
   [d("preference", ["nullable reference types"]), d("constraint", ["notset=0"]),
    d("constraint", ["collections", "never be null"]), d("preference", ["async...await"])])
ex(G + "alanta/Kontent.Statiq/blob/HEAD/CONTRIBUTING.md",
   "Contributing Guidelines. You're welcome to send pull requests. Please create an issue first and include a unit test "
   "with your pull request to verify your code. Massive refactorings, code cleanups etc. will be rejected unless "
   "explictly agreed upon. Adding additional Nuget package dependencies to the main assemblies is strongly discouraged.",
   [d("preference", ["create an issue first"]), d("preference", ["unit test"]),
    d("constraint", ["massive refactorings"]),
    d("constraint", ["nuget package dependencies"])])
ex(G + "git-for-windows/build-extra/blob/HEAD/pull_request_template.md",
   "A friendly reminder for new contributors: What is DCO sign-off? Why is it required? DCO stands for Developer's "
   "Certificate of Origin. We require all commits to be DCO signed-off in case we need to track down and handle legal "
   "and/or technical issues.",
   [d("constraint", ["dco signed-off"], "legal and/or technical issues")])
ex(G + "racherb/dayendar/blob/HEAD/CONTRIBUTING.md",
   "Contributing. When contributing to this repository, please first discuss the change you wish to make via issue, "
   "email, or any other method with the owners of this repository before making a change. All commits contributed to "
   "this project must be signed-off. Note that the \"Signed-off-by\" line is important, and Git has a '-s' command line "
   "option to add it automatically.",
   [d("preference", ["discuss the change"]), d("constraint", ["signed-off"])])
ex(G + "wongywrongy/SJSU-Badminton-Bot/blob/HEAD/cursor/ai_context/STYLE.md",
   "Style Guide. Idiomatic Go, small packages, clear names. Avoid globals; pass deps via constructors. Use contexts with "
   "deadlines for all outbound I/O. Log with `log/slog` (structured fields). Return typed errors with "
   "`fmt.Errorf(\"...: %w\", err)`. Unit tests: table‑driven, small fixtures in `testdata/`.",
   [d("preference", ["small packages"]), d("preference", ["constructors"], None, ["globals"]),
    d("constraint", ["contexts with deadlines"]),
    d("decision", ["log/slog"]), d("preference", ["%w"]), d("preference", ["unit tests"])])
ex(G + "dotkom/monoweb/blob/HEAD/infra/README.md",
   "Infrastructure. All infrastructure as code defined in Terraform lies here. Make sure you are using Terraform "
   "Workspaces to separate deployment environments. Tags: To keep track of the origin of any AWS resource, ensure you are "
   "properly tagging the resources created. Each resource should have the `Project` tag set to `monoweb`. There should "
   "also be an `Environment` tag that matches the deployment environment name.",
   [d("constraint", ["terraform workspaces"], "separate deployment environments"), d("constraint", ["project", "tag"], "origin of any aws resource"),
    d("constraint", ["environment", "tag"])])
ex(G + "FelskyLab/sleep_depression_2023/blob/HEAD/notebooks/README.md",
   "Notebooks. Contains any Jupyter or R notebooks that you used in the course of your project should be stored here. "
   "Keep in mind that while notebooks are great to explore your data they are challenging to track with version control "
   "systems and present barriers to reproducibility when used haphazardly. Convert your notebook to scripts for your "
   "final product whenever feasible.",
   [d("preference", ["scripts"], "challenging to track with version control")])
noise(G + "clmccart/mlopstemplate/blob/HEAD/README.md",
      "template for ML projects requiring DevOps practices. Notebooks: Some options for making code reviews / source "
      "control / PRs easier with jupyter notebooks: manually clear all outputs before pushing to repo. utilize this "
      "extension for rendering in repo (does not render in PRs)")
ex(G + "ben-rogerson/git-worktree-toolbox/blob/HEAD/CLAUDE.md",
   "Avoid default exports; use named exports exclusively across all source files. NEVER use `any` type, use types. Look "
   "up types rather than guessing. It's okay to break code when refactoring. We are in pre-production. Do not use "
   "fallbacks. ALWAYS throw errors early and often. Do not use fallbacks.",
   [d("preference", ["named exports"], None, ["default exports"]), d("constraint", ["any"]),
    d("preference", ["look up types"], None, ["guessing"]),
    d("preference", ["break code"], "pre-production"), d("constraint", ["fallbacks"]),
    d("preference", ["throw errors early"])])
ex(G + "Project-Books/project-books.github.io/blob/HEAD/docs/development/styleguides/spring-styleguide.md",
   "Spring Style guide. Lombok: Explicitly exclude (or only manually include) all lazy loaded fields in JPA entities. "
   "Ensure @NoArgsConstructor is used if @AllArgsConstructor is used, as entities need a public or protected no-arg "
   "constructor. Do not the @EqualsAndHashCode annotation as we don't want Lombok to generate equals() and hashCode() "
   "methods for JPA entities. Do not use the @Data annotation for the same reason as above.",
   [d("constraint", ["lazy loaded fields"]), d("constraint", ["@noargsconstructor"], "no-arg constructor"),
    d("constraint", ["@equalsandhashcode"], "equals() and hashcode()"), d("constraint", ["@data"])])
# ---------------------------------------------------------------- Kubernetes deployment tooling
ex(G + "kstrassheim/k8s-ultimate-web-stack/issues/97",
   "Switch the whole deployment to Helm. Considered and declined — the Kustomize setup is working and the migration is "
   "not worth the churn. Acceptance criteria: Closed without delivery; recorded so it is not proposed again without new "
   "reasons.",
   [d("decision", ["helm"], "not worth the churn", ["helm"])])
ex(G + "kubearchive/kubearchive/issues/719",
   "Remove Helm. Remove Helm and start using Kustomize to merge the different files, no overlays needed, we just need to "
   "create a single file for release, the same way we do with Helm.",
   [d("decision", ["kustomize"], None, ["helm"])])
# ---------------------------------------------------------------- PHP and Laravel support
ex(G + "Soyhuce/next-ide-helper/pull/96",
   "Tests under PHP 8.3, drop PHP 8.1 and Laravel 9. Hi @bastien-phi. Isn't it a little bit too soon to drop PHP 8.1 "
   "support? @edwinvdpol PHP 8.3 will be release end of November. Laravel 11 is scheduled for something like february "
   "2024 and will require PHP 8.2. I think it's good to move forward. In the mean time, the previous releases will still "
   "be available for PHP 8.1 users.",
   [d("decision", ["php 8.1"], "will require php 8.2", ["php 8.1", "laravel 9"])])
ex(G + "archtechx/tenancy/pull/1325",
   "[4.x] Add Laravel 11 and PHP 8.3 support. Added Laravel 11 and PHP 8.3 support. I also think that going from php 8.0 "
   "to php 8.4 as a minimum is too big of a leap. In the failing tests you can see why Laravel 11 support was dropped. "
   "PHP 8.3 was dropped because we want to use PHP 8.4 features and there aren't any significant changes complicating "
   "upgrading to PHP 8.4.",
   [d("decision", ["php 8.4"], "php 8.4 features", ["php 8.3"]),
    d("decision", ["laravel 11"], "failing tests", ["laravel 11"])])
ex(G + "Vectorial1024/laravel-cache-evict/issues/28",
   "Laravel 13 but PHP 8.3. Is there a chance to get a PHP 8.3 version for Laravel 13? With our set up, we cannot upgrade "
   "to PHP 8.5 currently. Reading this over again, I feel like there are several possibilities for me to choose from "
   "regarding how best to deal with this situation. I have not decided yet. I thought about it and have decided. The key "
   "is the specific mention of \"PHP 8.3\" despite the version already entered \"security fixes only\" stage. I then "
   "learned more about Ubuntu release cycles and found out that Ubuntu 24 LTS bundles PHP 8.3, which matches the "
   "description. The task then becomes relaxing the policy and downgrading to PHP 8.3.",
   [d("decision", ["php 8.3"], "ubuntu 24 lts bundles php 8.3", ["php 8.5"])])
ex(G + "laravel/framework/pull/40382",
   "[10.x] Prepare Laravel 10. Is Laravel 10 going to stay PHP `^8.0.2`, or go to `^8.1`? @GrahamCampbell 8.0.2 because "
   "EoL is only at the end of 2023 so Laravel 11 will drop it. OK, cool. I guess we'll see what happens with Symfony 7. "
   "Our hand may be forced to go higher, lol.",
   [d("decision", ["8.0.2"], "eol is only at the end of 2023", ["^8.1"]),
    d("decision", ["laravel 11"], "eol is only at the end of 2023", ["8.0.2"])])
noise(G + "lk-arpg/lorekeeper/pull/1529",
      "feat!: upgrade to laravel 13. Note that Laravel 13 requires PHP 8.3 minimum; this is a breaking change. Marking "
      "this as draft pending testing and agreement that this is a sensible way to move forward. Xampp doesn't have an 8.3 "
      "release, we should likely wait until that's out. Yeah, that makes sense.")
ex(G + "cloudcreativity/laravel-json-api/pull/645",
   "Feature: upgrade to Laravel 11 and drop PHP 8.1. Changes required to upgrade to Laravel 11. As Laravel 11 drops PHP "
   "8.1, we'll do the same.",
   [d("decision", ["laravel 11"]), d("decision", ["php 8.1"], "laravel 11 drops php 8.1", ["php 8.1"])])
ex(G + "tighten/ziggy/pull/676",
   "[2.x] Drop support for EOL versions of PHP and Laravel. Drops support for PHP <8.1 and Laravel <9.0. PHP 7.3 and 7.4 "
   "are EOL (end-of-life) and 8.0 will be in about a month. Adds (passing!) tests for PHP 8.3 and Laravel 11.",
   [d("decision", ["php <8.1"], "end-of-life", ["php <8.1"]), d("decision", ["laravel <9.0"], "end-of-life",
                                                                      ["laravel <9.0"])])
# ---------------------------------------------------------------- bug reports
noise(G + "nvpopov/qppcad/issues/1",
      "segfault on reading big xyz files. The program will crash when it tries to open xyz file with ~ 100000 atoms. Just "
      "segfault without exceptions. Version? Solved? Yes, it did")
noise(G + "tstack/lnav/issues/685",
      "crash when loading file. an attached file contains a single long line of dumped python dictionary. Hmm, I'm not "
      "able to reproduce this with the current top-of-tree. Can you update and try again? Not seeing this issue, so "
      "closing.")
noise(G + "hasse69/rar2fs/issues/118",
      "Segfault, 11gb .zip file, any ideas ? Hi, i get a segfault when 'ls' a directory. Hmm, has rar2fs problems with "
      "large files ? If i removed an 11gb .zip file from that directory it does NOT segfault anymore. Thanks for the issue "
      "report. Obviously :) But nothing that I was aware of. I have no test cases for such huge files though.")
noise(G + "ase379/gpprofile2017/issues/81",
      "Huge prf might crash under 64 Bit. Using a huge prf file (> 2GB size) sometimes crashes. After a restart, the load "
      "works. A wrong cast caused the crash.")
# ---------------------------------------------------------------- JS state management middleware
noise(G + "Seedstars/django-react-redux-base/issues/10",
      "Use redux saga instead of thunk? We still didn't have much time to look at redux-saga. If you provide a PR and why "
      "you think this is the best solution we could merge it.")
ex(G + "ModusCreateOrg/budgeting/issues/184",
   "switch to redux saga as middleware to handle async actions. Description: Use redux sagas instead of thunk. Expected "
   "Behavior: use sagas to make async actions more predictable and easier to test. Thanks, good idea. We decided to "
   "stick with thunk because it's easier to understand.",
   [d("decision", ["thunk"], "easier to understand", ["redux sagas"])])
ex(G + "Hashnode/mern-starter/issues/97",
   "Use redux-saga instead of redux-thunk. How about this? @kerwin I have heard good things about redux-saga, I haven't "
   "tried it yet though. Would be great if you can send a PR for this. @kerwin why this is a better solution? As "
   "@jforaker pointed out in #106, redux saga is quite complex and not suitable for beginners. For advanced users who "
   "needs redux saga, we have plans to create a separate project.",
   [d("decision", ["redux saga"], "not suitable for beginners", ["redux saga"])])
# ---------------------------------------------------------------- plans and withdrawals
noise(G + "asyncapi/spec/pull/260",
      "Release version 2.0.0-rc2. Hey folks! I'm releasing version 2.0.0-rc2 which is the one that most probably will "
      "become the final version 2.0.0. Next steps are: Update JS parser. Update Go parser. Update generator. Update React "
      "component. Not sure in the Go parser. The JS parser is up to date but still want to make sure.")
noise(G + "effervescentia/knot/pull/103",
      "feat: rewrite parser and lexer. closing as `v2` is nearing readiness and somewhat overhauls the parsing patterns")
# ---------------------------------------------------------------- Go generics and .NET native AOT
noise(G + "StationA/tilenol/issues/52",
      "[RFC] Consider upgrade to Go 1.18 generics. Since Go 1.18, we now finally get generics, among other improvements. "
      "This is being written as an RFC since although this change would vastly clean up some of our code (I'm looking at "
      "you ES/PostGIS source and Redis cache), it would also make the source code incompatible with prior versions of "
      "Go.")
ex(G + "robpike/filter/issues/4",
   "Use generics. Now with generics we can have a more ergonomic api without reflection, what do you think about it? It "
   "will get used then, and I don't want that.",
   [d("decision", ["generics"], "it will get used", ["generics"])])
ex(G + "sashabaranov/go-openai/issues/110",
   "Introducing generics in a future version. Are you considering introducing generics in future releases? If we "
   "introduce a generics： Pros: sdk implementation will potentially become more elegant. Cons: only support go1.8.0 or "
   "above, compatibility becomes worse. The current minimal version is 1.17, so jumping to 1.18 would not be such a big "
   "deal. Generics introduced internally in #184. go-openai uses 'any' for specifying multiple types for some request "
   "parameters. Replacing 'any' with generics would be more elegant and safer. However, Go's generics cannot be used on "
   "method. Hence, we can't use generics in the public API.",
   [d("decision", ["generics", "internally"]),
    d("constraint", ["generics", "public api"], "cannot be used on method")])
noise(G + "kubernetes-sigs/gateway-api/issues/1388",
      "Publish policy on using generics in gateway-api. With generics shipping in go1.18, the gateway-api project needs "
      "to have some kind of policy around when and how generics should be used. If upstream Kubernetes has a policy, we "
      "likely need to mirror it. I would like to work on this issue. But would need guidance as well.")
ex(G + "Daniel15/dnstools/issues/78",
   "Use Native AoT. This has been improved in .NET 8 (released today) - Need to see if it'll help. This has been "
   "completed and rolled out to all servers.",
   [d("decision", ["native aot"])])
noise(G + "dotnet/runtimelab/issues/248",
      "Early adopters can experiment with native AOT form factor. The conversations about code-rewriting are "
      "interesting, but are quite a bit off-track from this original issue, perhaps they should continue over in the "
      "roslyn repo? I am wondering if there could be an extension to partial methods to allow for replacement provided "
      "the signature of the replacement matches. There is no unavoidable drawback, CoreRT/NativeAOT is very good a "
      "stripping unused code.")
noise(G + "golang/go/issues/15292",
      "proposal: spec: generic programming facilities. On this, while I respect that the Go Team would like to move such "
      "discussions out of an issue for practical reasons, it does seem like there are a lot of community members on "
      "GitHub who are not on golang-nuts. I wonder if GitHub's new Discussions feature would be a good fit? It has "
      "threading, apparently.")
# ---------------------------------------------------------------- CI hosting and small questions
noise(G + "jakekarnes42/leafcutter/issues/17",
      "Move to GitLab? Specifically for their CI integration? May be better solution than #7.")
noise(G + "manimaul/mxtide-android/issues/3",
      "Gitlab & Gitlab CI Migration. Migrate repo to gitlab for gitlab ci. Gitlab CI should push all commits to Github as "
      "mirror. I'm deciding to evaluate Github Actions which looks like it will support a custom runner and accomplish "
      "my CICD goals for this project.")
noise(G + "askn/crystal-by-example/issues/13",
      "Example for the Logger. Can we get an exaple for the logger class? I could create one, but I'm not sure about the "
      ".format= option (Thats why I'm here, anyway)")
noise(G + "docling-project/docling/issues/498",
      "Replace Pandas with Polars. Would it be possible to replace Pandas with Polars? Which is a much faster, less memory "
      "usage and size dataframe framework. @simjak Hello I am interested in this enhancement. Could you please assign it "
      "to me ?")

assert_new_repositories("capture16.json")
write_heldout_set(16, "z", sys.argv[1])
