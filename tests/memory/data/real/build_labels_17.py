# One-off: writes capture17.json, the seventeenth capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it, by a labeller who had not read the
# extractor's code nor its tests nor run any Lore code on this text. The whole set is blind.
# Usage: python build_labels_17.py capture17.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall sets or of the outside held-out set is used again)
import sys

from labelset import assert_new_repositories, d, ex, noise, write_heldout_set

G = "github.com/"


def commit(repo, sha, user, expected):
    """A commit message, cited by its full hash (each quote was checked against git show of the fetched repository)."""
    ex(G + repo + "/commit/" + sha, user, expected)


def doc(repo, path, user, expected=()):
    """A document, cited by its path on the default branch (quoted from the text the code search stored)."""
    ex(G + repo + "/blob/HEAD/" + path, user, list(expected))


# ---------------------------------------------------------------- front end: bundlers and test runners
noise(G + "getlago/lago-front/issues/562",
      "[CHORE] Switch from Webpack to Vite. We explored the migration. Was not worth it yet. Many plugins needs to be "
      "migrated too and some might now exist today. Closing")
noise(G + "harvard-lil/perma/issues/3092",
      "Replace webpack with Vite. (Tentative) Replace webpack with Vite to help with future transition from jQuery to "
      "Vue3 as well as stack harmonization between projects.")
ex(G + "keyteki/keyteki/pull/4817",
   "Replace webpack with vite",
   [d("decision", ["vite"], None, ["webpack"])])
ex(G + "legion-labs/legion/pull/1092",
   "Editor Client: Move to Vitest. Finally a nice alternative to Jest! Vitest has one main benefit over Jest: it works "
   "with Vite so we don't need to add any specific configuration (apart from a few tweaks). Everything works just fine "
   "and it's about as fast but more stable/reliable",
   [d("decision", ["vitest"], "works with vite", ["jest"])])
ex(G + "ec-europa/europa-component-library/pull/3652",
   "chore(test): Migrating from jest to vitest. The result of this test is that simply replacing jest with vitest with "
   "the current tests we perform is not convenient, tests are running faster on just than vitest, indeed. It might "
   "still be the case in the future to reonsider vitest with a wider scope, considering the integration with storybook, "
   "but at the moment we have no reasons to migrate.",
   [d("decision", ["vitest"], "running faster", ["vitest"])])
noise(G + "saleor/saleor-dashboard/issues/2740",
      "Introduce Vitest for testing? Since Vite was introduced, its very easy to replace Jest with Vitest: It uses very "
      "similar API, so minimal work on migration is required. Its very fast. @andrzejewsky if it happened to be slower "
      "than jest, maybe we should just close it? I think it may be good to revisit this in ~6 months to verify progress. "
      "Yeah just closed the PR with a message, so closing issue as well.")
ex(G + "BarthPaleologue/CosmosJourneyer/pull/258",
   "Replace Jest by Vitest. Jest is very configuration heavy and is making me lose a lot of time. Vitest is a drop-in "
   "replacement that does not require all this config madness and just works",
   [d("decision", ["vitest"], "configuration heavy", ["jest"])])
# ---------------------------------------------------------------- Python versions
ex(G + "wemake-services/wemake-python-styleguide/pull/3131",
   "Drops python3.9 support. Why is 3.9 being dropped? EOL is 2025? I drop 3.9 on all of my projects due to its typing "
   "system. `0.19` will still support 3.9",
   [d("decision", ["python3.9"], "typing system", ["python3.9"])])
ex(G + "timonweb/django-tailwind/issues/210",
   "Request: Python 3.9 support. Python 3.9 has a full year of life in it left. Support for it was dropped but it's not "
   "clear to me whether there was an actual direct cause for this or whether it was simply \"let's get rid of old(ish) "
   "stuff\". we'll stick with 3.10+",
   [d("decision", ["3.10+"], None, ["python 3.9"])])
ex(G + "P403n1x87/austin/pull/403",
   "chore: drop Python 3.9 support. Python 3.9 has reached EOL in October 2025 so we drop support in the next Austin "
   "release. We also bump our test harnesses to 3.13 for gain some leeway.",
   [d("decision", ["python 3.9"], "eol", ["python 3.9"]), d("decision", ["3.13"], "leeway")])
noise(G + "posit-dev/positron/pull/10701",
      "[python] drop python 3.9. Drop Python 3.9 builtin support. Python 3.9 may still work, but it is Bring Your Own "
      "IPython. we were able to avoid totally breaking 3.9, so closing this out to be reopened when we need it!")
# ---------------------------------------------------------------- Kotlin and Android: JSON
ex(G + "toggl/android/issues/693",
   "Move away from Gson to Moshi. We decided to move away from Gson and replace it with Moshi. Preferably we want to use "
   "Moshi's code-gen variant and get rid of the reflection code.",
   [d("decision", ["moshi"], None, ["gson"]), d("preference", ["code-gen"], None, ["reflection"])])
ex(G + "SRGSSR/pillarbox-android/issues/64",
   "Migration gson to moshi. Remove old gson library for parsing json and use Moshi that better handle kotlin classes.",
   [d("decision", ["moshi"], "better handle kotlin classes", ["gson"])])
ex(G + "Yalantis/kotlin-mvp-example/issues/2",
   "Moshi instead of Gson. First thank you for you work. I'm wondering why choosing Gson instead of Moshi ? Since Moshi "
   "has some optimizations that Gson does not have. Thanks, we will check it. You are welcome with pull requests. We "
   "decided to give it a try, now in develop branch",
   [d("decision", ["moshi"], "optimizations", ["gson"])])
# ---------------------------------------------------------------- Rust errors
noise(G + "trudi-group/ipfs-tools/issues/1",
      "Migrate to anyhow. The cool people use anyhow and thiserror instead of `failure` now. We should probably migrate, "
      "too.")
noise(G + "zspacelabs/wordchipper/issues/110",
      "Possibly migrate from anyhow to thiserror.")
ex(G + "Mic92/tribuchet/pull/85",
   "move from anyhow to thiserror",
   [d("decision", ["thiserror"], None, ["anyhow"])])
# ---------------------------------------------------------------- iOS dependencies
ex(G + "pennlabs/penn-mobile-ios/issues/290",
   "Replace Cocoapods with Swift Package Manager. Now that Xcode 11 officially supports Swift Package Manager, we should "
   "replace our Cocoapods with SPM packages (as much as we can). SPM is superior for a few reasons: Officially supported "
   "by apple and integrated into Xcode. Written in Swift.",
   [d("decision", ["spm"], "officially supported by apple", ["cocoapods"])])
ex(G + "adessoTurkey/ios-boilerplate/issues/67",
   "Migration Cocoapods to SPM. The Swift Package Manager is a tool for managing the distribution of Swift code. It’s "
   "integrated with the Swift build system to automate the process of downloading, compiling, and linking dependencies. "
   "Cocoapods is outdated and needs to be migrated to SPM.",
   [d("decision", ["spm"], "outdated", ["cocoapods"])])
ex(G + "herzbube/littlego/issues/432",
   "Replace CocoaPods. CocoaPods is in maintenance mode. This blog post announces that at the end of 2026 the project "
   "will no longer accept new Podspecs. It is therefore time to look for a replacement. In this blog post CocoaPods "
   "explicitly mentions Apple's Swift Package Manager (SPM) as the tool that \"took all the wind out of the sails of "
   "CocoaPods\". So I guess SPM should be examined first as a candidate for replacing CocoaPods. The other alternative I "
   "have seen is Carthage.",
   [d("decision", ["cocoapods"], "maintenance mode", ["cocoapods"])])
noise(G + "CocoaPods/CocoaPods/issues/10126",
      "Use Swift package manager CocoaPods is dead! yay! But in all honesty, thanks for the issue! CocoaPods is a "
      "community driven dependency manager. We enjoy additional options for the iOS ecosystem for handling dependencies. "
      "Use whatever works best for you!")
ex(G + "the-hypermedia-project/representor-swift/pull/29",
   "Add support for SPM (Swift Package Manager). This pull request adds support for Apple's own Swift Package Manager. "
   "@kylef does this replace cocoapods? In a future? @zdne Not right now, but potentially in the future. There is no way "
   "to use SPM to integrate Swift into iOS and OS X applications, and there are still tonnes of CocoaPods users. It's "
   "still very early stages for SPM as a package manager and it has a way to come. Currently they both have their "
   "pros/cons and at the moment it makes sense to support both.",
   [d("decision", ["support both"], "very early stages")])
ex(G + "trakt/trakt-rippple/issues/24",
   "Migrate CocoaPods dependencies to SPM or other. Migrate all current CocoaPods dependencies to Swift Package Manager "
   "(or in-app replacements where SPM is not viable), then remove CocoaPods integration from the Xcode project and docs. "
   "Currently on /develop",
   [d("decision", ["swift package manager"], None, ["cocoapods"])])
noise(G + "iina/iina/issues/2867",
      "Friendship ended with CocoaPods; now Swift Package Manager is IINA's best friend? I propose that it's time for IINA "
      "to bid a \"Cheerio!\" to CocoaPods, and a \"Hey-yo!\" to Swift Package Manager. All of IINA's dependencies are "
      "currently managed through CocoaPods, except for mpv libraries.")
# ---------------------------------------------------------------- databases
ex(G + "Inter-Actief/amelie/issues/1161",
   "Migrate from MySQL to PostgreSQL. Postgres is faster, and has more advanced aggregation options, making certain "
   "query operations quicker. This should not be too bad, since we have very few custom SQL queries, but I have not "
   "looked into it too much.",
   [d("decision", ["postgresql"], "faster", ["mysql"])])
ex(G + "dmelo/amuzi/issues/37",
   "Migrate from MySQL to PostgreSQL. PostgreSQL implements some necessary checks, therefore it must use it instead of "
   "MySQL. Besides... MySQL is now evil (aka Oracle).",
   [d("decision", ["postgresql"], "necessary checks", ["mysql"])])
noise(G + "lugnitdgp/nitdgp_website/issues/55",
      "Porting data to PostgreSQL. According to Django Documentation PostgreSQL is quite better than MySQL. But we already "
      "have data in mysql. So, for better migrations and rollbacks we need to switch to PostgreSQL. Is this necessary? "
      "The MySQL database is not posing any issues and we already have a lot of data present on the server. Closing this "
      "as currently we cannot do this. It can be discussed during Phase 2")
ex(G + "bellroy/predictionbook/pull/149",
   "Convert to Postgres. This is long overdue, this is the only one of our apps that we haven't managed to get around to "
   "this on. But now it's happening... and it only took me about 45 minutes to do.",
   [d("decision", ["postgres"])])
noise(G + "mozilla/ichnaea/issues/829",
      "[research] migrate to postgres. The MySQL story here is pretty rough. This issue covers figuring out whether "
      "there's anything that requires us to use mysql over postgres and if not, figuring out the plan to rework things "
      "to switch to postgres.")
noise(G + "kolide/fleet/issues/1761",
      "RFC: PostgreSQL Support / MySQL Deprecation. When we started working on Fleet, we chose MySQL as the relational "
      "database technology. Since then, Kolide has shifted internally to use PostgreSQL instead and is starting to "
      "explore CockroachDB where performance and features allow. At Kolide, we're reasoning about refactoring the data "
      "implementation of Fleet so that we can use our ever-improving PostgreSQL infrastructure. Some questions that we "
      "have for existing users of Fleet are: If you use Fleet, is MySQL a pain-point for you?")
# ---------------------------------------------------------------- deployment
ex(G + "dagucloud/dagu/issues/1492",
   "Add helm chart. It would be nice to have a helm chart to deploy in Kubernetes. In some cases this is much more "
   "convenient than kustomize. An official Helm chart is now maintained in the repository and published through the "
   "Dagu chart repository. Closing as completed.",
   [d("decision", ["helm chart"], "more convenient than kustomize")])
noise(G + "kentik/ktranslate/issues/293",
      "FR - Docker Compose and Helm Chart options. As a user, I need multiple deployment options with out of box support "
      "from ktranslate. This includes a `docker-compose.yml` and a Helm chart for Kubernetes deployments that align with "
      "my existing deployment pipelines. Closing for now.")
ex(G + "short-d/kgs/pull/40",
   "Replace docker-compose with Kubernetes",
   [d("decision", ["kubernetes"], None, ["docker-compose"])])
ex(G + "godotengine/godot-docs/pull/3920",
   "Remove Unity to Godot page. I don't think this is a good page for the documentation and should be removed for two "
   "main reasons. It doesn't make it any easier for people who know Unity to switch over to Godot. It's going over "
   "concepts already covered on other pages.",
   [d("decision", ["unity to godot page"], "already covered on other pages", ["unity to godot page"])])
# ---------------------------------------------------------------- Go dependency management
noise(G + "bombsimon/wsl/issues/6",
      "Switch to Go modules. See if Go modules is more suitable in favor of dep.")
ex(G + "tinygo-org/tinygo/pull/552",
   "all: replace dep with Go modules. We've moved to go modules, and keeping both working is burdensome. In fact, I think "
   "dep already wasn't working. OK taking the plunge. Now merging.",
   [d("decision", ["go modules"], "burdensome", ["dep"])])
ex(G + "cloudposse-archives/actions/pull/90",
   "switch from dep to gomod. what: update from `dep` to native `go mod`. why: `dep` has been deprecated in favor of "
   "`go mod`",
   [d("decision", ["go mod"], "deprecated", ["dep"])])
# ---------------------------------------------------------------- Rails front-end bundling
ex(G + "excid3/gorails-app-template/issues/145",
   "Switch to jsbundling-rails. Drop webpacker. Add jsbundling-rails. Add esbuild-rails node module. Change imports. "
   "Can't use `-j esbuild` flag because that only works in Rails 7 and this should work with Rails 6.0+ for now.",
   [d("decision", ["jsbundling-rails"], None, ["webpacker"]),
    d("constraint", ["rails 6.0+"])])
ex(G + "rubyaustralia/ruby_au/issues/204",
   "Replace Webpacker. We would like to swap out Webpacker with a faster, more modern or currently well supported "
   "manager. If you'd like to suggest an alternative that you will implement, comment with your suggestion and we'll "
   "give you the go ahead if it fits. Esbuild. @radar great suggestion, are you implementing through jsbundling-rails? "
   "either way looking forward to it. Thank you!",
   [d("decision", ["esbuild"], "faster", ["webpacker"])])
noise(G + "18F/identity-idp/pull/5725",
      "Try: Replace Webpacker with jsbundling-rails + ESBuild. Why: To improve performance of JavaScript builds, to adopt "
      "modern defaults for Rails, and to migrate away from the now >1 year out-of-date Webpack 4 tied to the latest stable "
      "version of Webpacker. Note: This is a quick and rough proof-of-concept that I'll plan to immediately close.")
# ---------------------------------------------------------------- browser support
ex(G + "grommet/grommet-site/pull/363",
   "Remove Internet Explorer from supported browser list. Internet Explorer's end of life is June 15, 2022. We should "
   "remove it from the list of browsers we support",
   [d("decision", ["internet explorer"], "end of life", ["internet explorer"])])
ex(G + "lukePeavey/SplitType/issues/29",
   "Announcement: dropping support for internet explorer. As of v0.3.0, we are dropping support for internet explorer. "
   "Why: Microsoft officially ended support for IE on June 15 2022. Most major websites and platforms have stopped "
   "supporting IE, including GitHub, Google, Facebook, etc. The tools that we use for testing (Storybook, Puppeteer, "
   "Chromatic) do not support Internet Explorer.",
   [d("decision", ["internet explorer"], "officially ended support", ["internet explorer"])])
ex(G + "fecgov/fec-cms/issues/4648",
   "Update website messaging that we no longer support IE. What we're after: As a team, we have decided that we will no "
   "longer be supporting Internet Explorer for our website. Completion criteria: Update IE messaging to reflect that we "
   "are no longer supporting Internet Explorer",
   [d("decision", ["internet explorer"], None, ["internet explorer"])])
noise(G + "foss-responders/fossresponders.com/issues/47",
      "Stop supporting Internet explorer < 11. I don't think we need to support Internet Explorer < 11. Are there choices "
      "being made that currently demand that we support that? I don't think we're doing this, and I don't think it's a "
      "priority.")
noise(G + "Raku/doc/issues/3811",
      "Update list of supported browsers. STYLEGUIDE.md mentions that we support Internet Explorer when generating the "
      "site. I recommend we remove this, leaving Edge. We may work in IE now, but probably won't be expending cycles to "
      "make anything work in IE going forward. Will do so in a few days if no objection. Oh wow.")
ex(G + "mendix/docs/pull/3320",
   "Added documentation on the dropping of IE Support. We've dropped support for IE11 in Mendix 9, meaning we no longer "
   "support any version of Internet Explorer. This document makes clear what users that still use that version will "
   "see, as well as what to do if your users are still stuck using IE.",
   [d("decision", ["ie11"], None, ["ie11"])])
# ---------------------------------------------------------------- data pipelines
noise(G + "jmeisele/ml-ops/issues/44",
      "Swap our Airflow for Dagster? Discussion on Dagster vs Airflow.")
noise(G + "ccao-data/data-architecture/issues/518",
      "Spike using local Dagster for EL and orchestration. While doing some research into potential software for this "
      "budget season, I came across dagster. It's an orchestration platform similar to Airflow that uses a declarative "
      "Python model similar to dbt. IMO, this could be a great potential fit for replacing our ad-hoc Python/R ETL "
      "scripts. If we ever get the time, I think it would be worthwhile to do a local spike of dagster using the CLI.")
ex(G + "Proteusiq/estate/issues/21",
   "Migrate from Airflow to Dagster. Dagster is simply easier, prettier and model Python.",
   [d("decision", ["dagster"], "easier", ["airflow"])])
ex(G + "stefanko-ch/Nexus-Stack/issues/343",
   "feat(stacks): Add Apache Airflow workflow orchestration. Apache Airflow is the de-facto industry standard for "
   "DAG-based workflow orchestration in Python. Complements the existing Dagster, Kestra, Prefect, and Windmill stacks "
   "with the largest connector ecosystem and most community DAGs of any orchestrator.",
   [d("decision", ["airflow"], "de-facto industry standard")])
noise(G + "Netflix/metaflow/issues/1298",
      "Integration with Dagster. The integration with Airflow is quite interesting. I think it would be great to support "
      "Dagster as well, as they are becoming a good/modern and data/ML-oriented alternative to Airflow. that's a great "
      "idea! anybody who comes across this issue, please give a 👍🏼 if you would like this to be prioritized on the "
      "roadmap.")
# ---------------------------------------------------------------- React Native
ex(G + "nvinet/readingEnhancement/issues/12",
   "Transform App to EXPO. The app is currently using a default react-native template and tooling. We need to transform "
   "to EXPO prior to the migration to monorepo. Use standard procedure.",
   [d("decision", ["expo"], "migration to monorepo", ["default react-native template"])])
ex(G + "VeritasDev/BattleBuddy/pull/37",
   "[Android] EXPO to React-Native migration. Migrated our Expo React-Native codebase to a normal React-Native codebase.",
   [d("decision", ["normal react-native"], None, ["expo"])])
ex(G + "tsyirvo/react-native-starter/pull/341",
   "feat!: migrate to expo with a custom development build. Migrate the Starter from a bare React Native workflow to a "
   "custom Development Build with Expo",
   [d("decision", ["expo"], None, ["bare react native workflow"])])
ex(G + "expo/expo-cli/issues/410",
   "Converting react native project into expo. is that any way to converting react native project into expo. This link "
   "should explain how to migrate CRNA over to the Expo CLI. As @ngode1 and @cruzach alluded to above, there are "
   "migration steps that you can follow to convert your project. I'm going to close this issue as we aim to reserve "
   "Github issues strictly for bug reports rather than questions.",
   [d("constraint", ["bug reports"], None, ["questions"])])
noise(G + "mcnamee/react-native-starter-kit/issues/86",
      "Usage with CRNA of Expo ? Is it possible to port this starter app to Expo or add it to a CRNA app ? I've tried "
      "with the `exp convert` tool but didn't succeed. Do someone have experience with it ? I'm keen if someone wants to "
      "submit a pull request")
# ---------------------------------------------------------------- Haskell build tools
ex(G + "parapluu/encore/pull/457",
   "Replace cabal. This commit eliminates cabal from our build process completely. It uses the stack tool instead. "
   "Cabal has been causing us lots of problems and is the main reason people have trouble setting up encore.",
   [d("decision", ["stack"], "lots of problems", ["cabal"])])
ex(G + "danieljharvey/horses/pull/821",
   "Use `Cabal` instead of `Stack`. Stack is a bit slow and doesn't really buy us anything.",
   [d("decision", ["cabal"], "a bit slow", ["stack"])])
noise(G + "hasura/graphql-engine/issues/3280",
      "[RFC] Switch from `stack` to `cabal-install` for building Haskell code. What: I propose we switch away from using "
      "`stack` as our Haskell build tool to `cabal-install` (aka the `cabal` command-line executable). Why bother "
      "switching build tools?")
ex(G + "circleci/circleci-docs/issues/352",
   "Replace `cabal` build tool with `stack` (_cc1/language-haskell.md). A large portion of the Haskell community now "
   "uses `stack` as a build tool instead of `cabal`. It would be worthwhile to include info about using `stack` on "
   "CircleCI. Stack is now de-facto what the community uses. It's vastly superior. Hey @TRManderson "
   "@alexanderkjeldaas, thanks for the tip! We'll be sure to make this switch while updating docs for 2.0.",
   [d("decision", ["stack"], "what the community uses", ["cabal"])])
noise(G + "carymrobbins/intellij-haskforce/issues/167",
      "Possibility to use stack instead of cabal. would it be possible to optionally use stack instead of cabal for the "
      "build process ? I don't see why not. I haven't used stack yet, but it does seem to have some pretty desirable "
      "features, such as handling your GHC install.")
# ---------------------------------------------------------------- JVM tests and .NET JSON
ex(G + "graphhopper/jsprit/pull/567",
   "Migrate all tests from JUnit 4 to JUnit 5. This change removes all JUnit 4 methods and replaces them with their JUnit "
   "5 counterparts.",
   [d("decision", ["junit 5"], None, ["junit 4"])])
ex(G + "AlexTeixeira/Askmethat-Aspnet-JsonLocalizer/issues/89",
   "Replace Newtonsoft.Json with System.Text.JSON. How about replacing Newtonsoft.Json with System.Text.JSON, any "
   "thoughts? Hi, I will replace Newtonsoft with System.Text.JSON if it supports dictionary serialization. Last time I "
   "tries, Did not works. Done on version 4.0.0",
   [d("decision", ["system.text.json"], None, ["newtonsoft"])])
ex(G + "nopSolutions/nopCommerce/issues/4629",
   "System.Text.Json instead of Newtonsoft.Json. Measurements of performance show that this library is faster, but its "
   "functionality is still inferior to \"Newtonsoft.Json\". We will need to solve a number of problems to start using "
   "\"System.Text.Json\". System.Text.Json still has a lots of issue. I'm not sure it works properly yet. Decided to "
   "postpone until System.Text.Json is implement a good way. Most probably the next version of .NET. After some "
   "consideration we've decided to leave Newtonsoft.Json.",
   [d("decision", ["newtonsoft.json"], "functionality is still inferior", ["system.text.json"])])
noise(G + "JunaidAK/SpeedTest.Net/issues/2",
      "Replace Newtonsoft.Json with System.Text.Json. @kinosang Is there something wrong with Newtonsoft.Json? @JunaidAK "
      "System.Text.Json is faster and smaller than Newtonsoft.Json, and it's highly compatible to .net core. Ok. Let me "
      "look into it as I have to update the nuget package too after this change.")
noise(G + "nforgeio/neonSDK/issues/47",
      "Explore converting from Newtonsoft.Json to System.Text.Json. Evaluate converting to System.Text.Json. It's looking "
      "pretty functional now and the Newtonsoft guy is working on it at MSFT. At some point, I can see Newtonsoft.Json "
      "being deprecated and it would be nice to avoid having the manage a big refactor, especially when neonSDK is more "
      "popular.")
# ---------------------------------------------------------------- C++ build and standard
ex(G + "SourMesen/Mesen-S/pull/9",
   "Use C++17. Fix for #8. Since there was apparently only a single line of code that required C++17 to compile, I've "
   "changed the code instead. I'd rather not change the makefile to require C++17 just yet.",
   [d("decision", ["c++17"], "single line of code", ["c++17"])])
ex(G + "G-Node/nix/issues/27",
   "CMake: complete transition to the cmake build system. Replace the home-grown Makefile by the CMake build system.",
   [d("decision", ["cmake"], None, ["makefile"])])
noise(G + "OPM/ResInsight/issues/6566",
      "Consider requiring CMake 3.12 and C++17 for the release following 2020.10. This change will allow considerable "
      "modernisation of the build system and code base.")
ex(G + "amplab/succinct-cpp/issues/16",
   "Switch to CMake build system. Switching to CMake build system will greatly simplify the build process, which is "
   "error prone and confusing at best right now.",
   [d("decision", ["cmake"], "simplify the build process")])
ex(G + "mlpack/mlpack/pull/3185",
   "Switched C++ Standard to C++17. In any case, to elaborate on my comment, the idea of switching C++ standards has "
   "been discussed in the past (although I can't find exactly where, maybe #2939 or #3006 or other places), and the "
   "primary issue is that we "
   "want to support some systems like RHEL8 that do not have C++17 support available. So it's not a great idea to just "
   "bump the version. We have to be more careful than that.",
   [d("constraint", ["rhel8"])])
# ---------------------------------------------------------------- embedded: PlatformIO
ex(G + "seurat-atreides/RICOH_SP-204_Toner-Chip-Reset/issues/4",
   "Migrate to VS-Code PlatformIO. Since the Arduino IDE has such a poor editor built in and lacks the features that "
   "VS-Code/PlatformIO offers I have decide to migrate this INO sketch to a PlatformIO project. Migration to PlatformIO "
   "is complete.",
   [d("decision", ["platformio"], "poor editor", ["arduino ide"])])
ex(G + "mikeneiderhauser/CRSFJoystick/pull/18",
   "Rework repository to work with PlatformIO. Convert project from Arduino IDE to PlatformIO. Updated README.md. What "
   "was the motivation for this change? @countofkrakow it means that individuals no longer have to manually install "
   "some of the dependent libs to be able to compile via arduino ide.",
   [d("decision", ["platformio"], "manually install", ["arduino ide"])])
ex(G + "scottbez1/splitflap/pull/81",
   "Migrate to platformio with Arduino IDE compatibility. PlatformIO offers library management and a lot more powerful "
   "development tools. This migrates the project to support PlatformIO without breaking Arduino IDE compatibility for "
   "those that are more familiar with Arduino.",
   [d("decision", ["platformio"], "library management"),
    d("constraint", ["arduino ide compatibility"], "more familiar with arduino")])
noise(G + "flyandi/SquidRID/pull/10",
      "Added support for PlatformIO. This PR adds support for PlatformIO. I find it much more useful than Arduino IDE. "
      "@flyandi I know this PR is unsolicited, but I figured I'd post it. No worries if you aren't into it.")
noise(G + "things4u/ESP-1ch-Gateway/issues/12",
      "Why not Platformio? Hi! Arduino IDE is really outdated environment. One of it's problems is dependency management "
      "- you need to copy them manually. Is there are any plans to migrate the development to platformio? PlatformIO "
      "would be great! I've been trying to get the project running on PlatformIO for about a week, but I'm unfortunately "
      "a beginner in this area. Has anyone had success with it?")
# ---------------------------------------------------------------- licences
ex(G + "MobleyLab/Lomap/issues/15",
   "Re-license under MIT. @nividic - I see that for some reason we have this under GPL currently. Any issues with me "
   "switching it to MIT? @shuail , we also need your input as you've contributed to this. No problem at all. Good for "
   "me. I'm fine with this too.",
   [d("decision", ["mit"], None, ["gpl"])])
ex(G + "Glyndor/podup/issues/1029",
   "Relicense from Apache-2.0 to MIT. The org switched its single license from Apache-2.0 to MIT (the licensing standard "
   "was updated). This repo is still on Apache-2.0 and needs to be relicensed as part of the org-wide migration. Do not "
   "change dependency-license allowlists (`deny.toml` / `about.toml`) — those govern which third-party licenses are "
   "permitted, not this repo's own license.",
   [d("decision", ["mit"], "org-wide migration", ["apache-2.0"]),
    d("constraint", ["dependency-license allowlists"])])
ex(G + "serapeum-org/statista/issues/131",
   "chore(license): change project license from GPL-3.0 to MIT. The project is currently licensed under "
   "GPL-3.0-or-later. To encourage broader adoption — especially in industry and by projects with permissive licenses "
   "(MIT, BSD, Apache-2.0) — we want to relicense under the MIT License.",
   [d("decision", ["mit"], "encourage broader adoption", ["gpl-3.0"])])
ex(G + "uzinfocom-org/xinux/issues/23",
   "License. AFAIK, you can't just get and replace GPL-2 with MIT one. Any comments on this? License will be replaced "
   "to LGPL-2.1 with the release of new codebase following NixOS'es license which is \"LGPL-2.1\"",
   [d("decision", ["lgpl-2.1"], "following nixos'es license")])
# ---------------------------------------------------------------- documentation sites
noise(G + "facioquo/stock-indicators-dotnet/issues/1320",
      "consider: Docusaurus as documentation framework. Convert our Ruby/Jekyll documentation site in the `/docs` folder "
      "into an equivalent Docusaurus site.")
noise(G + "yarnpkg/website/issues/858",
      "Migrate site to Docusaurus? Might be worth considering. I'd advise against moving to Docusaurus for now. Stay "
      "tuned! Thanks for the info! Sounds great. Let's wait for Docusaurus 2.0 before doing this.")
ex(G + "jkaninda/goma-gateway/pull/615",
   "docs: migrate to Docusaurus and prepare the v1 documentation. Replace the Jekyll/just-the-docs site with Docusaurus "
   "3.10.2 ahead of the v1 release, and bring the content up to date with the code.",
   [d("decision", ["docusaurus"], None, ["jekyll"])])
# ---------------------------------------------------------------- commit messages (each quote checked against git show)
commit("App-vNext/Polly", "6e365e545bd2991097a432d3e506faa47651f00c",
       "Migrate to slnx. Now that Visual Studio 2022 17.4 has been released, all major IDEs should now support `.slnx` "
       "files.",
       [d("decision", ["slnx"], "all major ides should now support")])
commit("OpenFeign/feign", "5ef99efc64ed370e38f5c29ce39517a498bf9208",
       "Migrate from OSSRH to Central Publisher Portal (#2962). Replace nexus-staging-maven-plugin with "
       "central-publishing-maven-plugin. Update distributionManagement URLs to Central Publisher Portal endpoints. This "
       "addresses the OSSRH sunset deadline of June 30th, 2025.",
       [d("decision", ["central publisher portal"], "sunset deadline", ["ossrh"])])
commit("PyCQA/flake8", "0bdf9ddf45982b1641f8772a36b1a343eb895b5e",
       "switch from issue templates to issue forms",
       [d("decision", ["issue forms"], None, ["issue templates"])])
commit("Seldaek/monolog", "3d9657d674b374f54b268f0e5c1ead145f532baf",
       "Use GITHUB_OUTPUT envvar instead of set-output command as the latter is deprecated",
       [d("decision", ["github_output"], "deprecated", ["set-output"])])
commit("axios/axios", "b114f1fd510e5e2cc9e07f84b42bc69ee8edcfd0",
       "Refactored Karma tests to use rollup preprocessor & ESM; Replaced grunt with gulp; Improved dev scripts; Added "
       "Babel for rollup build;",
       [d("decision", ["rollup preprocessor"]), d("decision", ["gulp"], None, ["grunt"]),
        d("decision", ["babel"])])
commit("benoitc/gunicorn", "56b5ad87f8d72a674145c273ed8f547513c2b409",
       "Restore Python 3.10 and 3.11 support (#3425). This change extends Python support back to 3.10 and 3.11, which are "
       "still actively maintained by the PSF. The previous change to support only 3.12+ was too restrictive as many users "
       "are still on Python 3.10 and 3.11 in production environments.",
       [d("decision", ["python 3.10"], "too restrictive", ["3.12+"])])
commit("buildpacks/pack", "f118f6a5c6a39bccba193d43c3383b6845427a1c",
       "Drop Ubuntu Bionic (18.04) support from PPA delivery. Ubuntu 18.04 LTS (Bionic Beaver) reached End of Life on May "
       "31, 2023, and is causing build failures for pack v0.38.0+ due to Go 1.24 incompatibility on i386 architecture.",
       [d("decision", ["bionic"], "end of life", ["ubuntu bionic"])])
commit("catchorg/Catch2", "dacbf4fd6c80d726b3d87e77c91bcacdd4fc57c0",
       "Drop VS 2017 support. We do not support specific compilers, but rather compilers with reasonable quality of their "
       "C++14 support. While developing the new random generators, I ran into issues with VS2017 where it rejects "
       "perfectly valid C++14 code, and the error does not point me in the right direction to try and work around the "
       "issue. It is time for VS2017 to go.",
       [d("decision", ["vs 2017"], "rejects perfectly valid c++14 code", ["vs 2017"]),
        d("constraint", ["c++14 support"])])
commit("jekyll/jekyll", "506ef5fc0afbc64145b0cd535b4f2e919743a856",
       "feat(lsi): switch from classifier-reborn to classifier gem. Replace classifier-reborn with the original classifier "
       "gem (v2.2+) for LSI-based related posts. The classifier gem now includes significant improvements: Native C "
       "extension for 5-50x faster LSI operations",
       [d("decision", ["classifier gem"], "5-50x faster", ["classifier-reborn"])])
commit("mockito/mockito", "6869e6b8377aa83d1754bcf06fefe471040e15ce",
       "require Java 17 and set JUnit to 6 for mockito-junit-jupiter - fixes 3779. hardcode Java 17 and JUnit 6 for "
       "mockito-junit-jupiter - fixes 3779. This is necessary to ensure compatibility with JUnit 6.",
       [d("constraint", ["java 17"], "compatibility with junit 6"), d("decision", ["junit 6"])])
commit("phoenixframework/phoenix", "35150884a2e69ef64752baf033dc9fe4cdde7a53",
       "Use elixirc_options: [no_warn_undefined: ...] instead of xref: [exclude: ...]. The `xref: [exclude: ...]` project "
       "option has been deprecated in Elixir 1.20 in favor of `elixirc_options: [no_warn_undefined: ...]`.",
       [d("decision", ["no_warn_undefined"], "deprecated", ["xref"])])
commit("rustls/rustls", "e0f8a5bebdb75183497fd83be06763acdfe98729",
       "Switch log feature backend from log to tracing",
       [d("decision", ["tracing"], None, ["log"])])
commit("sinonjs/sinon", "cffc1d4899132c43705843ba66484e7cb1b2020f",
       "Remove Husky in favor of simple script. Husky has not been working for some time. Has turned way too complicated",
       [d("decision", ["simple script"], "not been working", ["husky"])])
commit("pypa/virtualenv", "0320d6df0427b5ec4f43d43eb1efe9c14087de44",
       "Use pwsh instead of powershell.exe for activation test. powershell.exe (Windows PowerShell 5.1) hangs for 60+ "
       "seconds on Windows Server 2025 GHA runners before producing any output. Switch to pwsh (PowerShell 7) which is "
       "available on all CI runners and doesn't have this cold start issue. Fall back to powershell.exe only when pwsh is "
       "not installed.",
       [d("decision", ["pwsh"], "hangs for 60+ seconds", ["powershell.exe"])])
commit("pmndrs/zustand", "6d6383054f261579ed50cf919af6cdd45a61555a",
       "Migrate to pnpm (#2545). migrate to pnpm. some fixes. simplify. some more adjustments",
       [d("decision", ["pnpm"])])
commit("sidekiq/sidekiq", "ebd043a07d111cc47018db6b013179a40c0921b2",
       "Remove maxitest, mostly non-essential, migrate to basic minitest",
       [d("decision", ["minitest"], "non-essential", ["maxitest"])])
commit("nlohmann/json", "0c9adb13f535ae15eaa2e5cfd34324d835eff610",
       "Use SFINAE instead of 'requires' clause because of cppcheck.",
       [d("decision", ["sfinae"], "cppcheck", ["'requires' clause"])])
commit("ipython/ipython", "4c8cbd732c9fb6d7b5d91922875133f8e6a779ea",
       "Switch darker to 3.0, use ruff formatter, bump reformat commit. Bump darker to 3.0.0 in pre-commit config and CI "
       "workflow. Use ruff as the darker formatter (--formatter=ruff). Bump the reformat base revision to the current main "
       "sha",
       [d("decision", ["darker", "3.0"]), d("decision", ["ruff"])])
commit("scrapy/scrapy", "ba9476940b55d68a4807249a6335c817e650f7d5",
       "Use compression.zstd/backports.zstd and make zstd support mandatory",
       [d("decision", ["compression.zstd"]), d("constraint", ["zstd support mandatory"])])
commit("honojs/hono", "9f00ef8f460e6ac6d938a87fb6e16a4237f6b82b",
       "fix(jwt): use Math.floor instead of bitwise OR for Y2038-safe timestamp. The bitwise OR operator `| 0` truncates "
       "numbers to 32-bit signed integers, causing overflow after 2038-01-19 when Unix timestamps exceed 2^31-1. This "
       "would make expired JWT tokens pass validation.",
       [d("decision", ["math.floor"], "overflow", ["bitwise or"])])
commit("trpc/trpc", "a77f28f0a9a495720512c7d735d91a3f24633751",
       "chore(react): migrate to automatic JSX runtime. Switch from `\"jsx\": \"react\"` (classic transform requiring "
       "explicit `import React`) to `\"jsx\": \"react-jsx\"` (automatic runtime).",
       [d("decision", ["automatic jsx runtime"], "requiring explicit", ["classic transform"])])
commit("nodejs/undici", "653d513bccdc651a4b5849e17f0983005c067786",
       "Drop support for Node.js 20. BREAKING CHANGE: Node.js 20 is no longer supported. Minimum Node.js version is now 22.",
       [d("decision", ["node.js 20"], None, ["node.js 20"])])
commit("prometheus/alertmanager", "bf3ea3395e15526514332b3ca7bf9d22d9cab103",
       "Use default: none in golangci-lint v2 config to match v1 linter set. Set default: none so only the explicitly "
       "listed linters run, matching the original v1 configuration behavior. This avoids new v2 default linters "
       "(staticcheck, govet, errcheck, etc.) flagging pre-existing code style issues unrelated to the CVE fix.",
       [d("decision", ["default: none"], "match v1 linter set")])
commit("caddyserver/caddy", "564c133dd8d90c7d53260bb4ec5ba70a41a31ce6",
       "use filesystems.OsFS instead of os.DirFS",
       [d("decision", ["filesystems.osfs"], None, ["os.dirfs"])])
commit("hyperium/hyper", "b12f119e289161a2a989bd729e0929da911e775d",
       "Drop dependency on futures-channel. Tokio already provides mpsc and oneshot, and it is an unconditional "
       "dependency. Use those implementations and drop a superfluous dependency.",
       [d("decision", ["futures-channel"], "tokio already provides", ["futures-channel"])])
commit("clap-rs/clap", "6604e79ee7bddc0ecee0cb70b380aa8a3d6efd79",
       "Use BTreeMap instead of a sorted Vec. Turns out this saves some binary size and makes the code simpler.",
       [d("decision", ["btreemap"], "binary size", ["sorted vec"])])
commit("golang-migrate/migrate", "386f880fc7baaa3b234f6b810a0f83850d0566b7",
       "Migrate from github.com/docker/docker to github.com/moby/moby due to the docker namespace being deprecated",
       [d("decision", ["github.com/moby/moby"], "deprecated", ["github.com/docker/docker"])])
commit("heartcombo/devise", "3299956b2d8f6b64a5abd1cdba230822897869c6",
       "Drop support for End of Life Ruby and Rails versions",
       [d("decision", ["ruby and rails versions"], "end of life", ["end of life ruby and rails versions"])])
commit("rspec/rspec-core", "0fbdf73ff3d909d6f674d5c402a422dae22829d4",
       "Use __send__ instead of send",
       [d("preference", ["__send__"], None, ["send"])])
commit("colinhacks/zod", "8b9bcc1cbee6100ed296e4f135819ea6ff26ea27",
       "ci: replace the archived create-release action on the publish path. actions/create-release@v1 was archived in "
       "March 2021 and still declares the node12 runtime, so it only survives on GitHub's force-migration. Read its "
       "source and reproduced each field with `gh release create`, which is preinstalled on the runners",
       [d("decision", ["gh release create"], "archived", ["actions/create-release@v1"])])
commit("vuejs/pinia", "a9ad160bb38d6bfae3a52c66ae28793937af05d6",
       "refactor: rename createStore to defineStore. BREAKING CHANGE: renamed `createStore` to `defineStore`. "
       "`createStore` will be marked as deprecated during the alpha releases and then be dropped.",
       [d("decision", ["definestore"], None, ["createstore"])])
commit("tmux/tmux", "e94fcd96f9384808a404995b935d722fe3ed4358",
       "Use DECRQM to detect mode 2026, from Michael Grant.",
       [d("decision", ["decrqm"])])
# ---------------------------------------------------------------- documents: decision records
doc("wuespace/telestion", "docs/docs/adrs/0003-use-nats-as-distributed-message-bus.md",
    "ADR-0003: Use NATS as distributed message bus. Status: Accepted. Context: For Telestion to be truly extensible and "
    "modular, various aspects of the application might have to be written in different programming languages (e.g., "
    "scientists might prefer to write specific parts of the application in Python). A vendor lock in (for example into "
    "Vert.x) is therefore not advised. There are several solutions for message buses that are not vendors or "
    "library-specific. They include (apart from many others that were not deeply looked into for several reasons): "
    "RabbitMQ, Apache Kafka, NATS. From the various considered options, NATS seems to fit our requirements the best. "
    "Decision: We will use NATS as the distributed message bus/message broker for Telestion. We will no longer feature an "
    "event bus bridge, but instead connect clients directly to the NATS server.",
    [d("decision", ["nats"], "vendor lock in", ["rabbitmq", "apache kafka"]),
     d("decision", ["connect clients directly"], None, ["event bus bridge"])])
doc("macawi-ai/canidae", "adr/0002-nats-over-watermill.md",
    "ADR-0002: Use NATS with JetStream Instead of Watermill. Status: Accepted. Context: We need a robust message bus for "
    "the CANIDAE orchestration engine. Initial plan suggested Watermill (Go-native pub/sub abstraction), but we need to "
    "consider scale and features. Decision: Use NATS with JetStream directly instead of Watermill abstraction layer. "
    "Consequences: Positive: Better performance at scale. Negative: Tighter coupling to NATS (harder to switch message "
    "buses).",
    [d("decision", ["nats"], "better performance at scale", ["watermill"])])
doc("MichaelJGKopp/mkopp.dev", "docs/adr/0001-authentication-with-keycloak.md",
    "ADR 001: Authentication via Keycloak. Status: Accepted (2025-09-14). Context: Authentication must be: Secure and "
    "standards-compliant. Scalable (can handle future multi-app architecture). Preferably externalized (so we don’t "
    "reinvent user management). Decision: We will use Keycloak as the authentication and identity provider. "
    "Alternatives Considered: Custom JWT Auth in Spring Boot: Requires us to manage users, passwords, roles, and refresh "
    "tokens manually. Not enterprise-ready. Auth0 / Firebase Authentication: Ongoing cost for scaling. Less control, "
    "vendor lock-in.",
    [d("decision", ["keycloak"], "reinvent user management", ["custom jwt auth", "auth0"]),
     d("constraint", ["standards-compliant"])])
doc("ralex29/otus_software_architect_2022_09", "graduate_project/adr/adr003-message_broker_choice.md",
    "Выбор брокер сообщений. Статус: Accepted. Контекст: Необходимо выбрать брокер сообщений для использования в "
    "качестве очереди событий. Решение: Пример: Architecture Decision Records, as described by Michael Nygard, will be "
    "used to record our architecture decisions.")
# ---------------------------------------------------------------- documents: contribution and style guides
doc("almstkshfuae-lgtm/virtual-stylist", "CONTRIBUTING.md",
    "Contributing. If you make changes locally, please: npm install, git add package-lock.json. This repository expects "
    "a lockfile for reproducible builds. If you don't have one, run `npm install` to create `package-lock.json` before "
    "opening a PR.",
    [d("constraint", ["lockfile"], "reproducible builds")])
doc("nikgraf/noble-sodium", "CONTRIBUTING.md",
    "Contributing. Contributions are always welcome, no matter how large or small! We want this community to be friendly "
    "and respectful to each other. Please follow it in all your interactions with the project. Development workflow: We "
    "use pnpm as our package manager.",
    [d("decision", ["pnpm"])])
doc("ganeshkumarsv/dd-trace-httpd", "CONTRIBUTING.md",
    "Contributing. Contributions are welcome! For bug fixes, typos in comments and other incredibly minor changes, just "
    "directly open a pull request. For new features or other larger changes, an issue should be opened first. This is to "
    "confirm the change is appropriate, some advice is given about implementation details and to avoid duplication of "
    "effort. In either case, commits should be signed (`git commit -S`) to confirm your right to submit changes merged "
    "into this project and those changes will be licensed under this project's open-source license(s). This is to comply "
    "with Developer Certificate of Origin (DCO) requirements.",
    [d("preference", ["issue should be opened first"], "avoid duplication of effort"),
     d("constraint", ["commits should be signed"], "developer certificate of origin")])
doc("cashapp/check-signature-action", "CONTRIBUTING.md",
    "Verified commits and releases. This project deals with security, and as such, we require that every code change in "
    "it will be signed as well. These signatures help us attest that code changes were made by real people, and provide "
    "and additional layer of security. In addition to only allowing verified commits, we also require signing every "
    "release tag with an SSH key that belongs to one of the GitHub usernames specified in the `allowed-release-signers` "
    "entry in the release workflow file",
    [d("constraint", ["signed"], "deals with security"),
     d("constraint", ["release tag", "ssh key"])])
doc("arcesium/swiftlake", "CONTRIBUTING.md",
    "Contributing. We welcome new features and/or bug fixes. All commits must be signed to be accepted. Your signature "
    "certifies that you have the right to submit your contribution(s) to the project, in accordance with the principles "
    "described in the Developer Certificate of Origin. You must use your true name. Pseudonyms are not permitted.",
    [d("constraint", ["commits must be signed"], "right to submit"),
     d("constraint", ["true name"], None, ["pseudonyms"])])
doc("mradzinski/kotlin-styleguide", "README.md",
    "Bixlabs Kotlin Styleguide and rules. This page contains the current coding style for the Kotlin language and some "
    "rules we use to encourage a healthy development environment. Naming Style: If in doubt, default to the Java Coding "
    "Conventions such as: Hungarian notation is forbidden and I'll break your arms if I see you using it. Use of "
    "camelCase for names (and avoid underscore in names unless for constants). Use 4 space indentation",
    [d("constraint", ["hungarian notation"], None, ["hungarian notation"]),
     d("preference", ["camelcase"], None, ["underscore"]), d("preference", ["4 space indentation"])])
doc("affaan-m/everything-claude-code", ".cursor/rules/kotlin-coding-style.md",
    "Kotlin Coding Style. This file extends the common coding style rule with Kotlin specific content. Formatting: ktfmt "
    "or ktlint are mandatory for consistent formatting. Use trailing commas in multiline declarations. Immutability: "
    "`val` over `var` always. Null Safety: Avoid `!!` -- use `?.`, `?:`, `require`, or `checkNotNull`",
    [d("constraint", ["ktlint"], "consistent formatting"), d("preference", ["trailing commas"]),
     d("preference", ["val"], None, ["var"]), d("preference", ["!!"], None, ["!!"])])
# ---------------------------------------------------------------- bug reports, status chatter and a team practice
noise(G + "sqshq/sampler/issues/61",
      "panic: runtime error: index out of range. While I running command.. `sampler -c config.yml` its return `panic: "
      "runtime error: index out of range`. OS: Ubuntu 18.04. @kamfu-charlie can you show your config.yaml? Closing due to "
      "lack of details")
noise(G + "blacknon/lssh/issues/137",
      "panic: runtime error: index out of range [1] with length 1. When lssh is run without a config and no hosts "
      "available: Pressing `enter` creates this Panic. Thankyou. Apparently, this error occurs when there is nothing in "
      "the configuration file. I was able to reproduce the incident, so I will take action. Close. v0.6.9")
noise(G + "eth-protocol-fellows/cohort-four/pull/393",
      "Development updates: Week 10. Development update: Week 10 (18/09 - 24/09). Unfortunately, due to some medical "
      "issues (nothing serious), the progress last week was not good as expected. This week nothing should interrupt my "
      "work again, so I hope to make up for the lost time.")
ex(G + "sourcegraph/about/pull/2303",
   "Weekly updates on Fridays. We are experimenting with a new update format in company meeting. Our ask is for EMs and "
   "PMs to be able to highlight one thing their team made progress on that week in one sentence so we can present that "
   "at company meeting. To avoid duplicate work, we agreed to move weekly updates to Friday's and include this sentence "
   "highlight in the update itself.",
   [d("decision", ["weekly updates", "friday's"], "avoid duplicate work")])

assert_new_repositories("capture17.json")
write_heldout_set(17, "q", sys.argv[1])
