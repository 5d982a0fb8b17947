# One-off: writes capture13.json, the thirteenth capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it, by a labeller who had not read the
# extractor's code nor run it on this text. The whole set is blind.
# Usage: python build_labels_13.py capture13.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall sets or of the outside held-out set is used again)
import sys

from labelset import assert_new_repositories, d, ex, noise, write_heldout_set

G = "github.com/"
# ---------------------------------------------------------------- Go logging: logrus and zap
ex(G + "CenterEdge/shawarma/pull/41",
   "Switch from logrus to zap logging. Motivation: logrus is only maintained for security purposes, other modern "
   "frameworks like zap are more performant.",
   [d("decision", ["zap"], "only maintained for security purposes", ["logrus"])])
ex(G + "ossf/criticality_score/pull/182",
   "Switch to Zap for logging instead of Logrus. Zap is better maintained and more useful. Logrus is in maintenence "
   "mode. zapdriver is added for GCP support. Its not well maintained, but has few dependencies, so it is okay.",
   [d("decision", ["zap"], "better maintained", ["logrus"]), d("dependency", ["zapdriver"], "gcp support")])
noise(G + "networkservicemesh/sdk/issues/418",
      "[Question] Should we switch logrus to uber/zap. zap is Blazing fast, structured, leveled logging in Go. It has "
      "better performance than logrus ~30x times. Question: Should we try to replace logrus to zap? So is the "
      "motivation performance? Does it support richer semantics like logrus does (adding tags to entries etc)?")
# ---------------------------------------------------------------- JavaScript dates: moment and date-fns
ex(G + "build-canaries/nevergreen/issues/193",
   "Switch to date-fns to reduce bundle size. moment is currently not modularised and will include all locales which "
   "results in large bundles when using webpack. We only use a few functions from moment, mostly around formatting "
   "timestamps, so replacing these with date-fns should give us a good reduction in final bundle size.",
   [d("decision", ["date-fns"], "bundle size", ["moment"])])
noise(G + "bcgov/entity/issues/2566",
      "Replace moment with Date fns. What is the problem? Currently the system handling the date display using moment. "
      "since the package size of moment is big and not modular, hence the size affects the bundle size of the final "
      "build. Proposed solution: We can use Date fns, since its modular and light-weight, and has the required "
      "functions of moment.")
ex(G + "dangrossman/daterangepicker/issues/1582",
   "moment.js replacement with date-fns for reducing size. Can we replace moment.js dependency with date-fns, since it "
   "can drastically reduce the size of the library? This would be cool. No, this would be a breaking change",
   [d("decision", ["date-fns"], "breaking change", ["date-fns"])])
ex(G + "gravitational/webapps/issues/467",
   "[infra] Replace momentjs npm package with date-fns. Lets replace momentjs (that adds ~200kb to our bundle) with "
   "date-fns.",
   [d("decision", ["date-fns"], "200kb", ["momentjs"])])
ex(G + "monkeytypegame/monkeytype/pull/2707",
   "Using date-fns instead of moment. Still need to update chart.js to 3.x to remove moment completely. 300kb vs 90kb "
   "minified. Even moment devs themselves don't want you to use it anymore and provide a list of alternatives",
   [d("decision", ["date-fns"], "don't want you to use it", ["moment"])])
# ---------------------------------------------------------------- .NET JSON: Newtonsoft.Json and System.Text.Json
ex(G + "dzaliznyak/Meta.Lib/issues/6",
   "Migrate from Newtonsoft.Json to System.Text.Json. Why switch? Over the years System.Text.Json has come a long way "
   "and improved a lot, even beyond Newtonsoft.Json. Some major reasons of switching to System.Text.Json include: A "
   "major increase in performance when serializing and deserializing Data. Cutting down on a 3rd party library and "
   "replacing it with an official one. Done in v. 2.0",
   [d("decision", ["system.text.json"], "performance", ["newtonsoft.json"])])
ex(G + "asulwer/RulesEngine/pull/32",
   "Switch from Newtonsoft.Json to System.Text.Json. Why the Change? Performance: `System.Text.Json` is faster and uses "
   "less memory. Built-in: It's part of .NET Core and .NET 5+, so fewer external dependencies.",
   [d("decision", ["system.text.json"], "faster", ["newtonsoft.json"])])
ex(G + "jtwotimes/PokeApiNet/issues/44",
   "Migration to System.Text.Json. Hello, would it be possible to study the change to using System.Text.Json? I "
   "understand that using Newtonsoft is beneficial due to the issue of compatibility with previous versions. There are "
   "benchmarks that show the improvement in efficiency of System.Text.Json compared to Newtonsoft. I have a release "
   "coming out soon that switches to `System.Text.Json` for all serialization, stay tuned. Just released v4.0.0 with "
   "change.",
   [d("decision", ["system.text.json"], "efficiency", ["newtonsoft"])])
ex(G + "loic-sharma/BaGet/pull/559",
   "Move to System.Text.Json. Replaces Newtonsoft.Json with System.Text.Json. This will simplifies the route-to-code "
   "migration.",
   [d("decision", ["system.text.json"], "route-to-code", ["newtonsoft.json"])])
# ---------------------------------------------------------------- Java tests: JUnit 4 and 5
noise(G + "refactorfirst/RefactorFirst/issues/23",
      "Migrate from JUnit 4 to JUnit 5 Vintage. Let's see if migrating from JUnit 4 to JUnit 5 Vintage can be done "
      "without breaking anything. This will hopefully make migrating to JUnit 5 much easier.")
noise(G + "vsch/flexmark-java/issues/451",
      "Migrate to JUnit 5. Suggestion: Migrate the code from JUnit 4 to JUnit 5.")
ex(G + "openEHR/archie/issues/688",
   "Migrate to JUnit 5. We should migrate tests from JUnit 4 to JUnit 5.",
   [d("decision", ["junit 5"], None, ["junit 4"])])
# ---------------------------------------------------------------- Rust: lazy_static and once_cell
ex(G + "iqlusioninc/abscissa/pull/167",
   "core: replace lazy_static with once_cell. Replaces usages of `lazy_static` by the terminal subsystem with "
   "`OnceCell`. The usage pattern here was a better fit for `OnceCell` anyway, but the larger goal is to completely "
   "replace `lazy_static` (in a followup PR).",
   [d("decision", ["once_cell"], "better fit", ["lazy_static"])])
ex(G + "odilia-app/odilia/issues/15",
   "Stop using `lazy_static`. The `lazy_static` crate is great, but `once_cell` is more flexible, and doesn't require "
   "macros. It's not quite as old but just as well supported and battle tested.",
   [d("decision", ["once_cell"], "more flexible", ["lazy_static"])])
ex(G + "getsentry/relay/pull/1436",
   "chore: Replace lazy_static and lazycell. The go-to crate for lazy initialization nowadays is `once_cell`, "
   "containing valid replacements for both `lazy_static` and `lazycell`. This PR refactors all code to use these "
   "types.",
   [d("decision", ["once_cell"], "go-to crate", ["lazy_static", "lazycell"])])
# ---------------------------------------------------------------- JavaScript tests: Jest and Vitest
ex(G + "NickDJM/accessible-menu/issues/200",
   "Feat: replace jest with vitest. Summary: Since we'll be moving to vite for the build system, it makes sense to "
   "swap jest for vitest. This should also reduce the time it takes to run tests- I'll maybe look into getting some "
   "snapshot tests set up with the switch as well.",
   [d("decision", ["vitest"], "moving to vite", ["jest"])])
ex(G + "visualize-admin/visualization-tool/issues/1993",
   "Switch from jest to vitest. Currently we are using jest for unit tests, which is slower and requires more "
   "configuration and mocking that much more recent vitest – we should make the switch to improve developer "
   "experience and performance of writing and running unit tests.",
   [d("decision", ["vitest"], "developer experience", ["jest"])])
ex(G + "jsynowiec/node-typescript-boilerplate/pull/56",
   "Switch from Jest to Vitest. I now recommend using Vitest over Jest for unit and integration testing of TypeScript "
   "code. This PR has breaking changes and replaces Jest with Vitest. Throughout 2023, my team and I gradually "
   "switched from Jest to Vitest in all the projects. We've found out that generally, Vitest is faster than Jest, "
   "especially for large test suits.",
   [d("decision", ["vitest"], "faster", ["jest"])])
# ---------------------------------------------------------------- CI: Travis CI and GitHub Actions
ex(G + "earthlab/earthlab.github.io/issues/995",
   "Move CI from TRAVIS from GH Actions. We need to slowly move from Travis given the costs to run there. actions is "
   "also much easier given it 's all within the same interface. Done #1024",
   [d("decision", ["actions"], "costs", ["travis"])])
ex(G + "NLeSC/mcfly/issues/272",
   "Migrate CI from travis to GitHub actions. Travis is dropping free support, so we need to move the CI. Probably be "
   "easiest would be to simply go to GitHub actions. Fixed in PR #273",
   [d("decision", ["github actions"], "dropping free support", ["travis"])])
ex(G + "Brightspace/bmx/pull/185",
   "Replace TravisCI with GitHub Actions. This completes the work for replacing TravisCI with GitHub Actions. This PR "
   "removes the files for TravisCI and references to TravisCI. Moving forward, the CI workflows exist in "
   ".github/workflows, and the badges are built into the repository itself.",
   [d("decision", ["github actions"], None, ["travisci"])])
# ---------------------------------------------------------------- Python linters: flake8, isort and ruff
ex(G + "prefect-archive/prefect-recipes/pull/215",
   "replace `flake` and `isort` with `ruff`. ruff is crazy fast, and replaces the need for isort / flake8",
   [d("decision", ["ruff"], "crazy fast", ["isort", "flake8"])])
noise(G + "HyphaApp/hypha/issues/3101",
      "Consider replacing flake8 and iSort with ruff. Ruff is a replacement for flake8, implemented in rust for "
      "performance. It supports many flake8 plugins by default and is compatible with iSort and black. +1 from me, "
      "seems to be very popular and blazing fast.")
ex(G + "KapJI/homeassistant-stubs/pull/487",
   "Replace flake8 and isort with ruff. Ruff is a modern alternative to flake8 and its plugins. It's much faster and "
   "provides more lints.",
   [d("decision", ["ruff"], "much faster", ["flake8", "isort"])])
ex(G + "CTFd/CTFd/issues/2263",
   "Replace flake8 with ruff. This is so much better than flake8. We should be able to replace all our flake8 "
   "integrations with ruff for speed improvements and fewer dependencies. Closed in #2278",
   [d("decision", ["ruff"], "speed improvements", ["flake8"])])
# ---------------------------------------------------------------- supported Java versions
noise(G + "libp2p/jvm-libp2p/issues/240",
      "Drop support for Java 8. I'm planning to drop support for Java 8, 9 and 10 - raising the minimum Java version "
      "to 11. Java 8 hasn't been supported for a while so seems fairly unreasonable to continue supporting it. "
      "Probably too soon to move straight to Java 17, hence Java 11.")
ex(G + "carrotsearch/hppc/issues/239",
   "Bump minimum required Java to 11. Motivated by dependencies (tools and plugins) that need at least Java 11. "
   "Anybody still on Java 8?... Seems like ancient history. I think bumping the minimum to 11 seems ok. I understand "
   "corporate needs but... you know - this is a hobby project... I think we'll stick with JDK11 as the minimum.",
   [d("decision", ["jdk11"], "tools and plugins", ["java 8"])])
ex(G + "officefloor/OfficeFloor/pull/960",
   "Dropping Java8 support. Given IDEs now force 11 and Cloud has Java11 support, no need for Java8 any further.",
   [d("decision", ["java8"], "ides now force 11", ["java8"])])
ex(G + "digital-preservation/droid/issues/1138",
   "Remove support for Java 8 from Droid. We support Java 8 as a minimum version for Droid. As Fewer and fewer people "
   "use Java 8, and updates to it have been long gone, I think we should stop supporting Java 8 from next version "
   "onwards. We should go to (at least) Java 11 as a minimum java version as it is the next LTS version after 8. Java "
   "8 support has been removed. The bundled Java version has been updated to 21",
   [d("decision", ["java 8"], "fewer and fewer people", ["java 8"])])
ex(G + "Tisawesomeness/Minecord/issues/63",
   "Drop support Java 8. Drop support for java 8-10 and support java 11 up as there are no advantages to supporting "
   "java 8 and java 11 brings new features. gradle and jshell forced my hand",
   [d("decision", ["java 11"], "no advantages", ["java 8"])])
# ---------------------------------------------------------------- Go HTTP routers: gorilla/mux and chi
ex(G + "containers/selinuxd/pull/126",
   "Use go-chi instead of gorilla as a router. gorilla is no longer maintained: this means we shouldn't probably be "
   "using it. I chose go-chi as the replacement because the handler structure is very similar (unlike gin) and since "
   "our routing needs are very basic, we wouldn't need much of gin's complexity. go-chi is also quite lightweight.",
   [d("decision", ["go-chi"], "handler structure", ["gorilla", "gin"])])
noise(G + "Mangatsu/server/issues/6",
      "Research and test if using Chi as the HTTP router would benefit us. gorilla/mux (used currently)")
ex(G + "amir20/dozzle/pull/2232",
   "chore(deps): remove gorilla mux in favor of using go-chi",
   [d("decision", ["go-chi"], None, ["gorilla mux"])])
# ---------------------------------------------------------------- container base images: Alpine and Debian slim
ex(G + "dbinfrago/capella-dockerimages/issues/247",
   "Switch from debian to alpine base. Currently, we use debian:slim as base image for our Docker images. debian has "
   "many outdated libraries and security updates are released slower than with alpine.",
   [d("decision", ["alpine"], "outdated libraries", ["debian"])])
ex(G + "daytonaio/daytona/pull/4021",
   "chore(api): use debian slim instead of alpine for docker image. Use debian slim instead of alpine for docker image "
   "for better performance. Alpine uses musl libc instead of glibc. DNS resolution in particular is a known pain "
   "point",
   [d("decision", ["debian slim"], "better performance", ["alpine"])])
ex(G + "vulnlog/vulnlog/pull/285",
   "feat: Switch container base image from Debian slim to Alpine. Moves the CLI app container from "
   "`debian:trixie-slim` to `alpine:latest`. The Alpine image cuts the final container size by more than half "
   "compared to Debian slim. Why: Smaller base image means faster pulls, less attack surface, and lower "
   "storage/registry footprint.",
   [d("decision", ["alpine"], "faster pulls", ["debian slim"])])
noise(G + "osixia/container-baseimage/issues/4",
      "Use alpine linux instead of debian. What do you think to use Alpine Linux as base image of this project instead "
      "of Debian? I can help you if you want. Hello, yes sure :) I made a test a few months ago with linux alpine on "
      "feature-linux-alpine branch but I'm not very familiar with alpine so i didn't release that.")
# ---------------------------------------------------------------- C build systems: autotools and Meson
ex(G + "shimmerproject/Greybird/issues/187",
   "Switch Greybird from autotools to meson. I think it might be useful if Greybird switched to meson instead of "
   "autotools. Several high-profile projects have switched to it and several GNOME modules will switch later this "
   "year. We switched to meson some time ago and missed this issue. Closing it as resolved :)",
   [d("decision", ["meson"], "high-profile projects", ["autotools"])])
ex(G + "canonical/snapd-glib/issues/33",
   "Switch from autotools to Meson. I've been conservatively using autotools to be able to build anywhere but Meson is "
   "probably sufficiently widespread to use it.",
   [d("decision", ["meson"], "sufficiently widespread", ["autotools"])])
ex(G + "the-cavalry/light-locker/issues/129",
   "Use Meson build system. Because Autotools does the job but is complicated",
   [d("decision", ["meson"], "complicated", ["autotools"])])
noise(G + "libratbag/libratbag/issues/142",
      "Switch to meson as build system. The meson build system is gaining a fair bit of traction, parts of GNOME are "
      "being switched over and we are currently discussing it for X.Org and Wayland. It'd remove automake, the big "
      "benefit is a great speedup in configure + build time. I have a test branch that adds meson, if we're happy with "
      "this I think we should go ahead here.")
noise(G + "christophgysin/pasystray/pull/130",
      "Add meson build system. If you are interested in a clean switch from autotools to meson, I can follow this up "
      "with another commit to remove autotools.")
# ---------------------------------------------------------------- message brokers
noise(G + "colinin/abp-next-admin/issues/264",
      "Switch MQ To Apache Kafka. For quick deployment of MQ clusters and integration testing, Kafka has many "
      "advantages over RabbitMQ and will replace MQ with Apacha Kafka in future releases. You don't have to worry about "
      "all the integration issues, I'm going to assign the image in docker-compose.yml. ignore...")
# ---------------------------------------------------------------- dependencies and the pull requests that bring them
ex(G + "nautilus-cyberneering/git-queue/pull/139",
   "Issue 24: add ajv and lodash.isequal. Finally, we are not going to use that dependency. We decided to implement "
   "our own function. It's very simple. It does not worth it to add a new dependency.",
   [d("decision", ["own function"], "very simple")])
ex(G + "Kinto/kinto-emailer/pull/444",
   "Group dependencies pull-requests. Since this repository is a library, we don't necessarily need individual "
   "pull-requests for dependencies",
   [d("decision", ["group dependencies"], "library", ["individual pull-requests"])])
ex(G + "ILIAS-eLearning/ILIAS/pull/1369",
   "Docu: Clarification on the Procedures for Dependencies. I hereby proposed that we explicitly demand PRs for new "
   "composer libraries or patches of composer libraries. Jour Fixe, 17 DEC 2018 : We highly appreciate this PR. "
   "Please merge it and add this information to the Bower README as well.",
   [d("constraint", ["composer libraries"])])
# ---------------------------------------------------------------- databases: SQLite and PostgreSQL
ex(G + "cal-itp/benefits/pull/1",
   "Use sqlite for simple app config db. PostgreSQL is an unnecessary overhead for this simple app.",
   [d("decision", ["sqlite"], "unnecessary overhead", ["postgresql"])])
ex(G + "munshkr/muxy/pull/30",
   "Revert postgres migration back to sqlite3. In retrospect, I think it was a good idea to use SQLite because it is "
   "simpler to setup, manage, consumes less resources and it's good enoguh for the requirements of this application.",
   [d("decision", ["sqlite"], "simpler to setup", ["postgres"])])
ex(G + "econchick/new-coder/issues/101",
   "(scrape) Why PostgreSQL and not simply SQLite? From what I see a simple SQLite database would be sufficient for a "
   "local scraping script. PostgreSQL is a lot more complicated to set up and maintain. You're right that sqlite is "
   "very sufficient - there's no reason not to use sqlite. I elected postgres simply because of it's popularity, and "
   "I wanted to get new coders exposed to a widely-used \"buzzword\" database.",
   [d("decision", ["postgres"], "popularity", ["sqlite"])])
ex(G + "omnivore-app/omnivore/issues/3253",
   "SQLite support for database. Postgres might be an overkill for such a \"simple\" app. It would have been great if "
   "SQLite was supported too - this would enable to self-host it way easier than currently. Thanks for the request, I "
   "appreciate your input however we can't realistically change our database engine so I'm going to close this one.",
   [d("decision", ["sqlite"], "can't realistically change", ["sqlite"])])
noise(G + "akiver/cs-demo-manager/issues/690",
      "SQLite backend. What problem is this solving: Simplifying installation and usage for regular users. Proposed "
      "solution: Having a SQLite backend would simplify greatly the installation and usage for users. SQLite is "
      "arguably lighter (disk space wise) than PostgreSQL, and doesn't require a server service running, or setting up "
      "passwords.")
# ---------------------------------------------------------------- supported platforms: Windows 7
ex(G + "PCSX2/pcsx2/issues/4538",
   "Why was Windows 7 support dropped? I am not trying to start anything, but to me, it makes no sense. Windows 7 is "
   "perfectly capable of emulating the PS2 and at full speed with this emulator. We made the changes to drastically "
   "improve our workflow and move forward with the emulator, supporting old unsupported OS's going forward made no "
   "sense to us since it was hindering progress. Good news for you though is that older versions (1.6 and below) will "
   "continue to work on Windows 7.",
   [d("decision", ["windows 7"], "hindering progress", ["windows 7"])])
ex(G + "pbatard/rufus/issues/2081",
   "What is the benefit of stopping Windows 7 support? What do you gain from stopping Windows 7 support? Time, better "
   "maintainability, and not having to deal with entitled people. Obsolete systems do hold development back. For "
   "instance, having to support an obsolete system like Windows 7 is directly responsible for adding complexity in "
   "handling partitioning, formatting, UI, Windows To Go, and so on",
   [d("decision", ["windows 7"], "better maintainability", ["windows 7"])])
ex(G + "opencor/opencor/issues/2288",
   "Remove support for Windows 7. Microsoft officially stopped supporting Windows 7 on 14 January 2020, so we need to "
   "do the same for OpenCOR.",
   [d("decision", ["windows 7"], "stopped supporting", ["windows 7"])])
noise(G + "dotnet/core/issues/4894",
      "Could we drop Windows 7 support in .NET 5.0? We need to consider to drop Windows 7 support, because Windows 7 SP1 "
      "has reached end of extended support timeline.")
# ---------------------------------------------------------------- Rust: unsafe code
ex(G + "cloudflare/cloudflare-rs/pull/211",
   "Forbid unsafe code. None of this uses unsafe and it shouldn't ever need to.",
   [d("constraint", ["unsafe"], "shouldn't ever need to")])
ex(G + "emilk/egui/pull/3603",
   "Keep unsafe code forbidden when puffin is disabled. This helps document what unsafe is being used for, and "
   "prevent other uses from going unnoticed. Good call",
   [d("constraint", ["unsafe"], "going unnoticed")])
noise(G + "softprops/hubcaps/pull/138",
      "Forbid unsafe code. This was just an idea. Not necessary.")
# ---------------------------------------------------------------- Kubernetes manifests: Helm and Kustomize
noise(G + "authelia/chartrepo/issues/126",
      "consider using Kustomize. Wow. I have never seen such complicated helm charts, and I have seen quite a few. I "
      "would suggest as an alternative that you consider using Kustomize or jsonnet instead of Helm. Kustomize is "
      "something we had in mind to use in the future, the helm chart is beta at present as clearly documented and has "
      "a long way to go before we'll be happy with it.")
noise(G + "llm-d/llm-d-router/issues/1005",
      "Experiment on using Kustomize to deploy llm-d router. What would you like to be added: Experiment using "
      "Kustomize for installation and compare pros/cons with helm. Why is this needed: Our helm charts are becoming "
      "complex and hard to maintain")
# ---------------------------------------------------------------- APIs: GraphQL and REST
ex(G + "CDCgov/prime-simplereport/issues/3297",
   "SPIKE: Begin planning for a migration off GraphQL to regular REST endpoints. Why are we doing this? GraphQL is the "
   "source of a lot of heartburn in our current implementation. We can streamline things quite a bit of we migrate to "
   "the use of regular REST endpoints, but there is a lot of planning involved. Consider iceboxing in favor of moving "
   "towards the Spring for GraphQL library when that eventually comes out. Closing as most of the frustrations here "
   "have been addressed in the upgrade to Spring for GraphQL.",
   [d("decision", ["spring for graphql"], "frustrations", ["rest"])])
ex(G + "ivan-ngchakming/Facial-Recognition-Database-Management-System/issues/22",
   "Migrate from GraphQL to REST api. Migrate all existing APIs from GraphQL API to REST API. There doesn't seem to be "
   "any advantage in using GraphQL over REST in this application. But building the GraphQL API takes more time and "
   "seems to be less flexible. Migrating to REST API will reduce the project's dependencies.",
   [d("decision", ["rest"], "takes more time", ["graphql"])])
# ---------------------------------------------------------------- commit messages read from the repositories' history
ex(G + "rs/zerolog/commit/95cf29c88c32a03634b38e647960f1dc0adaaba2",
   "chore: switch to go-goverage-report action as gocover.io is closing",
   [d("decision", ["go-goverage-report"], "gocover.io is closing", ["gocover.io"])])
ex(G + "psf/black/commit/468ceafca571454fd279f3b428076631fdaffd3d",
   "Switch build backend to Hatchling (#3233) This implements PEP 621, obviating the need for `setup.py`, `setup.cfg`, "
   "and `MANIFEST.in`. The build backend Hatchling (of which I am a maintainer in the PyPA) is now used as that is the "
   "default in the official Python packaging tutorial. Hatchling is available on all the major distribution channels "
   "such as Debian, Fedora, and many more. Python support: The earliest supported Python 3 version of Hatchling is "
   "3.7, therefore I've also set that as the minimum here. Python 3.6 is EOL and other build backends like flit-core "
   "and setuptools also dropped support.",
   [d("decision", ["hatchling"], "packaging tutorial", ["setup.py"]),
    d("decision", ["3.7"], "eol", ["python 3.6"])])
ex(G + "casey/just/commit/63ad7cc17688c72f3487a7d6ae4c3009ce638be6",
   "Use std::io::IsTerminal instead of atty crate (#2066)",
   [d("decision", ["isterminal"], None, ["atty"])])
ex(G + "sindresorhus/got/commit/670b2289dd3d0809e699c1cc6e8251faa08307ee",
   "Use native `FormData` global instead of `form-data-encoder` Fixes #2077",
   [d("decision", ["formdata"], None, ["form-data-encoder"])])
ex(G + "tokio-rs/tracing/commit/0c32367cf9df27e750c4c81803de62a4e64e2ef1",
   "core: Use const initializers instead of `once_cell`",
   [d("decision", ["const initializers"], None, ["once_cell"])])
ex(G + "mitsuhiko/insta/commit/294d6c2d21455a6c4bc52a0b0389f1a58f36ba74",
   "Switch from pin-project to pin-project-lite (#737) This gets rid of the only proc macro dependency of insta. Both "
   "pin-project and pin-project-lite are maintained by the same person.",
   [d("decision", ["pin-project-lite"], "proc macro", ["pin-project"])])
ex(G + "square/okhttp/commit/c1989e82e585fea6622e83290c0c0287869c5ec9",
   "Change Gradle version from 9.0.0 to 8.14.3 (#9071) Gradle 9.0.0 is not supported by the Android Gradle Plugin "
   "(AGP), and attempting to use it tends to cause various build breakages caused by deprecated Gradle methods going "
   "away. AGP works with Gradle 8.x, though.",
   [d("decision", ["8.14.3"], "android gradle plugin", ["9.0.0"])])
ex(G + "tiangolo/typer/commit/f9ef711fd63182526e93c7d70d03650b7ba0f0fe",
   "Bring back pytest-cov because coverage can't detect pytest-xdist (#484)",
   [d("decision", ["pytest-cov"], "can't detect pytest-xdist")])
ex(G + "spf13/viper/commit/24ece16a9a4db83c5f5cd0b0fbe48370c42bcdcb",
   "drop std' logger in favor of jww one",
   [d("decision", ["jww"], None, ["std"])])
ex(G + "aio-libs/aiohttp/commit/c1981efd5f751b95f3569e956b6ee91f314aa7cb",
   "docs: replace deprecated ujson with orjson in client quickstart (#12152)",
   [d("decision", ["orjson"], "deprecated", ["ujson"])])
# ---------------------------------------------------------------- JavaScript bundlers: webpack and esbuild
ex(G + "shufo/blade-formatter/pull/462",
   "chore: migrate from webpack to esbuild. This PR migrates compilation/bundler from webpack to esbuild. Motivation "
   "and Context: Webpack is bit slow to build (2~3s) and has too complex configurations/dependencies. esbuild has "
   "matured enough to use small/mid size project",
   [d("decision", ["esbuild"], "slow to build", ["webpack"])])
noise(G + "lockstep/rails_new/pull/195",
      "Migrate to esbuild. `esbuild` is at least 100x faster than webpack. If viable, it allows us to bundle faster and "
      "keep the config simpler. It's also a step towards Rails 7 where it becomes the recommended way to bundle JS/CSS. "
      "Is this ready to go? TLDR; no. The migration of this repo was quick as a PoC. However, codebase of our platform "
      "is more complex. Migrating it will need more research and an actual proof `esbuild` meets our requirements "
      "(it's simpler than webpack). Then we can merge this.")
noise(G + "visgl/hubble.gl/issues/242",
      "[Proposal] [Small] esbuild to replace webpack. Looking for faster build times compared to webpack. Plenty of "
      "examples how to do this online")
# ---------------------------------------------------------------- languages: TypeScript and Kotlin
ex(G + "Reflio-com/reflio/issues/55",
   "Convert codebase to TypeScript. Start with a basic implementation and then slowly add proper types etc over time. "
   "Started to implement TypeScript in the codebase.",
   [d("decision", ["typescript"])])
noise(G + "apicase/core/issues/17",
      "Convert base to TypeScript. Would you be open to refactoring the codebase to typescript? I'm open but it would be "
      "better if someone will help with TS/Flow")
ex(G + "cuberite/android/pull/76",
   "Migrate to Kotlin. Kotlin is mature enough at this point, and is the direction Android development has gone in.",
   [d("decision", ["kotlin"], "mature enough")])
noise(G + "Njack-IITP/IITP-Connect/issues/73",
      "Migrate to Kotlin. Actual Behaviour: The app is currently written in Java. Expected Behaviour: Kotlin bring "
      "exciting new features and hence should be used. Now is a good time since we have a small codebase right now. "
      "Not a priority right now.")
noise(G + "niedev/RTranslator/issues/191",
      "Any plan for kotlin migration ? Hi, not for now, but if one day I will do an iOS version, I will definitely do "
      "the migration to kotlin before that (this way I can recycle parts of the app, thanks to kotlin multiplatform). "
      "It is a very good language (probably better than java), but the app is already written entirely in Java, and I "
      "think that a full conversion makes sense only if it brings other benefits.")
# ---------------------------------------------------------------- build tools: Bazel
ex(G + "berty/berty/pull/2127",
   "remove bazel. I really like Bazel, but at the status of our project it brings more problems than it solves ones "
   "to maintain two ways of building the same project. I hope we can later switch back to Bazel and build everything "
   "in this repo in a unique command",
   [d("decision", ["bazel"], "more problems than it solves", ["bazel"])])
ex(G + "adrianblancode/Cheddar/pull/19",
   "Move to bazel. Attempt moving Cheddar app to bazel. Hi, unfortunately Bazel is too much for a project like this "
   "as it's meant to follow best practices in https://github.com/android/nowinandroid, so Gradle will be kept for the "
   "foreseeable future",
   [d("decision", ["gradle"], "too much", ["bazel"])])
noise(G + "kubernetes-sigs/metrics-server/pull/440",
      "[WIP] Bazel. Looks like usage of Bazel is currently under discussion in community. I will postpone work on "
      "migrating to it.")
noise(G + "google/seesaw/issues/109",
      "Consider switching to bazel instead of make. We should switch to https://bazel.build/ instead of `make` for "
      "building.")
noise(G + "google/guava/issues/2850",
      "Migrate from Maven to Bazel when Bazel is stable and cross-platform. I pinged this thread to determine "
      "receptiveness, and it doesn't sound like we have good reception as they have a long term plan they want to "
      "execute.")
# ---------------------------------------------------------------- supported Python versions: questions and plans
noise(G + "rocksdict/RocksDict/issues/145",
      "python 3.13. Hi all, is there support planned for python 3.13 on the roadmap? Will probably have a look at the "
      "issue next week.")
noise(G + "SciTools/cf-units/issues/506",
      "Support Python 3.13. 3.13 was released 2024-10-07. Aligning with SPEC0, this would mean we support 3.11, 3.12, "
      "3.13 + drop 3.10. Presumably, that is ok.")
# ---------------------------------------------------------------- rules for pull requests: tests and sign-off
ex(G + "GoMudEngine/GoMud/issues/202",
   "PR's should run unit tests before they can be merged. When Pull Requests are submitted, unit tests should run, so "
   "we can avoid merging PR's that break unit tests.",
   [d("constraint", ["unit tests"], "break unit tests")])
ex(G + "apache/rocketmq-site/pull/8",
   "Added having unit tests as a necessary condition for PR (when applicable). Sure, I just wanted to be sure this "
   "addition to the PR submission policy is ok ;) LGTM :-)",
   [d("constraint", ["unit tests"])])
ex(G + "chaoss/grimoirelab/issues/188",
   "Require DCO sign-off for new commits. This issue is to activate protobot/dco (or similar bot) to check that all "
   "commits have a sign-off in this repository. The CHAOSS Project Charter section 8.2.1 requires that all "
   "contributions are signed-off. Developers and users were informed used GrimoireLab mailing list. The date to start "
   "with DCO was set to April 1st.",
   [d("constraint", ["sign-off"], "charter")])
# ---------------------------------------------------------------- bug reports
noise(G + "openvenues/libpostal/issues/690",
      "Latest master not building on arm64 - segfault. That looks like a bug in gcc, probably have to disable something "
      "in confit. Can you try it one commit at a time and see which one breaks? updated docker image to golang 1.24 and "
      "problem disappear. Big thanks for library!")
noise(G + "pytorch/pytorch/issues/157626",
      "Segmentation faults in test_ops.py tests with gcc13 on AArch64 (v1). We have identified 5 tests that are failing "
      "due to segmentation fault on AAarch64 neoverse-v1. ( neoverse-v2 i.e. aws c8g seems to be unaffected ). This can "
      "be reproduced consistently with a nightly build.")
# ---------------------------------------------------------------- documents: contribution guides, a changelog, decision records
ex(G + "lodgify/javascript/blob/HEAD/modules/no-default-exports.md",
   "No default exports. Use named exports only. No default exports. ESLint rule `no-default-exports`. Why? Reduce "
   "both mental burden and the chance of failure by enforcing consistent naming across files.",
   [d("preference", ["named exports"], "consistent naming", ["default exports"])])
ex(G + "n1c01a5/recover-website/blob/HEAD/CONTRIBUTING.md",
   "Contributing. use gitflow. use kebab-case for the filename. standardjs for the linter.",
   [d("preference", ["gitflow"]), d("preference", ["kebab-case"]), d("decision", ["standardjs"])])
ex(G + "freenode/web-7.0/blob/HEAD/CONTRIBUTING.md",
   "Contributing. Branches and issues: If feature/pull-request branches have only one developer, please regularly "
   "rebase them onto master until they are merged in. Don't merge branches with meaningless commit messages; always "
   "squash them instead. Editorial content: Use British English.",
   [d("preference", ["rebase"]), d("constraint", ["squash"]), d("preference", ["british english"])])
ex(G + "swigley/mapr-vagrant/blob/HEAD/CONTRIBUTING.md",
   "Contributing. Pull requests: Please do pull requests to the `master` branch. Before opening a PR, please rebase "
   "from master. Rebasing keeps history easier to follow, lets you solve any conflicts before the merge and CI tests "
   "run against what the code looks like after merging, giving us more confidence.",
   [d("preference", ["master"]), d("preference", ["rebase"], "history easier to follow")])
ex(G + "markusfisch/bots/blob/HEAD/CONTRIBUTING.md",
   "Contribution Guidelines. Please try to keep things in good shape and comply to what's there. Use the feature "
   "branch workflow to add new features and make sure to squash when merging into master. Then write a good commit "
   "message to keep the history meaningful and useful. One feature, one commit.",
   [d("preference", ["feature branch workflow"]), d("preference", ["squash"], "history meaningful")])
ex(G + "bevry/discourser/blob/HEAD/HISTORY.md",
   "History. v2.0.0 2023 November 1. Updated license from `MIT` to `Artistic-2.0`. Minimum required node version "
   "changed from `node: >=12` to `node: >=18` to keep up with mandatory ecosystem changes. Now uses the Node.js "
   "`fetch` builtin",
   [d("decision", ["artistic-2.0"], None, ["mit"]),
    d("decision", [">=18"], "mandatory ecosystem changes", [">=12"]),
    d("decision", ["fetch"])])
ex(G + "VannaDii/Revaer/blob/HEAD/docs/adr/017-sqlx-named-bind.md",
   "Avoid `sqlx-named-bind`. Status: Accepted. Context: We considered adding the `sqlx-named-bind` crate to allow "
   "`:name`-style parameters on SQL queries. Introducing another proc-macro layer would broaden the attack surface and "
   "add coupling to `sqlx`’s internal SQL parsing while providing limited benefit because we already control SQL "
   "strings in the DAL. Decision: Do not adopt `sqlx-named-bind`. Continue using plain `sqlx` with stored procedure "
   "calls and explicit `_arg => $1` named argument mapping in the DAL.",
   [d("decision", ["sqlx-named-bind"], "attack surface", ["sqlx-named-bind"])])
ex(G + "FredericBisaillon/docvault/blob/HEAD/apps/docs/app/adr/0001-sql-first-migrations.md",
   "ADR 0001 — SQL-first database migrations (no ORM). Status: Accepted. Using an ORM migration engine would abstract "
   "away many of these concerns and reduce visibility into the actual database behavior. Decision: We use SQL-first "
   "migrations written manually in `.sql` files. No ORM is used for schema management or migrations",
   [d("decision", ["sql-first migrations"], "visibility", ["orm"])])
ex(G + "Netcracker/qubership-observability-operator/blob/HEAD/docs/adr/0001-opentelemetry-for-traces-metrics-logs.md",
   "OpenTelemetry format for Traces, Metrics, Logs. Status: Accepted. Decision: We will adopt OpenTelemetry as the "
   "sole framework for collecting and exporting Metrics, Traces, and Logs across all services in the Qubership "
   "platform. Justification: OpenTelemetry is widely adopted and supported by numerous tools, reducing the risk of "
   "vendor lock-in and future-proofing our system.",
   [d("decision", ["opentelemetry"], "vendor lock-in")])

assert_new_repositories("capture13.json")
write_heldout_set(13, "w", sys.argv[1])
