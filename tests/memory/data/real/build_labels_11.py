# One-off: writes capture11.json, the eleventh capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it, by a labeller who had not read the
# extractor's code. The whole set is blind.
# Usage: python build_labels_11.py capture11.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall sets or of the outside held-out set is used again)
import sys

from labelset import assert_new_repositories, d, ex, noise, write_heldout_set

G = "github.com/"
# ---------------------------------------------------------------- build systems: Maven and Gradle, CMake and Meson
ex(G + "TNG/JGiven/issues/39",
   "Switch from Maven to Gradle. Replace the given Maven build system with Gradle",
   [d("decision", ["gradle"], None, ["maven"])])
ex(G + "togglz/togglz/issues/398",
   "Use Gradle instead of Maven? Not that it affects me much but I think that would be a good move. @kevinstembridge "
   "Thanks for your response. I think it could speed up the build times of this multi module project. Maybe mwnd is "
   "also an option. I decided to stick with Apache Maven.",
   [d("decision", ["maven"], None, ["gradle"])])
ex(G + "aehmttw/Tanks/pull/47",
   "Switch Build from Maven to Gradle. This one has been a long time coming, but I finally decided to sit down and "
   "learn gradle. We now have gradle build files which are just plain better. No more need for pre-initalization "
   "scripts and we don't require you to have maven on your machine anymore!",
   [d("decision", ["gradle"], "pre-initalization scripts", ["maven"])])
ex(G + "jopenlibs/vault-java-driver/pull/69",
   "Switch from Gradle to Maven. With this PR we switch from Gradle to Maven. Reasons are two: Version of Gradle used "
   "is too old. THis doesn't permit to upgrade to new Java versions. Upgrade of Gradle isn't direct possible, because "
   "build.gradle has too deprecated statements. So, to resolve the problem, I've decided to switch to Maven.",
   [d("decision", ["maven"], "too old", ["gradle"])])
ex(G + "ATLauncher/ATLauncher/issues/242",
   "Switch to Gradle. As title states, I'd like to look into switching to Gradle again on a more serious and "
   "technical perspective. Yes - Dreams do come true. But I just got used to Maven on Eclipse not that long ago :p "
   "Alright I'm happy to give the go ahead with this for the 3.3.0.0 branch. We are now using Gradle. It's much "
   "clearer",
   [d("decision", ["gradle"], "clearer")])
noise(G + "bitcoinj/bitcoinj/issues/1150",
      "Use Gradle instead of Maven? How would this make people feel? Gradle supports all the maveny repos and Maven -> "
      "Gradle is a fairly easy transition source code wise. Can you ask such questions on the mailing list? Shall do.")
ex(G + "ElektraInitiative/libelektra/blob/HEAD/doc/decisions/6_implemented/gradle.md",
   "Replacing Maven as Java-related build system with Gradle. Problem: Originally, Maven was used as the build system "
   "for Elektra's Java-related modules. Considered Alternatives: Ant is a popular build tool that uses XML files to "
   "define build processes. CMake is a build tool, which only has limited support for Java. Decision: We are "
   "switching from Maven to Gradle. Gradle natively supports Kotlin. Gradle offers an easy migration path from Maven.",
   [d("decision", ["gradle"], "kotlin", ["maven", "ant", "cmake"])])
ex(G + "c3lang/c3c/pull/3521",
   "Add Meson build system. Meson and Ninja build configurations to replace CMake across all platforms. CMake "
   "maintenance has become excessively complex across multi-platform toolchains and packaging targets. Meson provides "
   "simpler dependency resolution, faster configuration, and cleaner cross-platform handling.",
   [d("decision", ["meson"], "excessively complex", ["cmake"])])
ex(G + "nubificus/vaccel/pull/106",
   "Introduce the meson build system. With this PR, we introduce the meson build system that will (eventually) "
   "replace cmake. Additionally, it includes minor changes in the examples to accommodate static builds. thanks "
   "@papazof, LGTM!",
   [d("decision", ["meson"], None, ["cmake"])])
ex(G + "xmidt-org/cjwt/pull/44",
   "Move to use the meson build tool from cmake.",
   [d("decision", ["meson"], None, ["cmake"])])
ex(G + "andlabs/libui/issues/469",
   "[Question] CMake deprecated? It seems almost all the CMakeLists.txt are removed in the project now. It seems meson "
   "is the replacement. Yes, that is correct. The build system has been switched to Meson. This change was made "
   "because the previous build system, CMake, caused countless headaches over trivial issues. Meson was chosen due to "
   "how unproblematic setting up libui's build just right was.",
   [d("decision", ["meson"], "countless headaches", ["cmake"])])
ex(G + "libgit2/libgit2/issues/4707",
   "Using Meson instead of CMake. Hey can we try/use meson build system instead of CMake. Meson is much more easier "
   "and faster than CMake. I'm not particularly in love with cmake, in fact I think it's pretty obnoxious. However "
   "I've not seen a compelling replacement that can handle all our platforms and configurations. Yes, MSVC solution "
   "generation is a hard requirement.",
   [d("constraint", ["msvc"])])
noise(G + "Philip-Scott/Spice-up/issues/276",
      "Switch to the meson build system. I think you should switch from cmake to meson. I can work on it if you want. "
      "I'm not 100% sure atm, but iirc switching build systems is not as easy as just removing cmake and adding meson. "
      "I'm waiting to merge your branch in Notes-Up for one day that I have free to be able to see what the "
      "consequences of changing it are")
noise(G + "paolostivanin/OTPClient/issues/107",
      "Switch to Meson build system. would it make sense to switch from CMake to Meson? I really like meson and I find "
      "it way more powerful, easier and intuitive than cmake. As I don't see the need to immediately switch to meson, "
      "I won't spend any more time on this until v3.0 where GTK4 will be used")
noise(G + "eidheim/Simple-Web-Server/pull/80",
      "support for meson build system. Supporting meson project would be great, but we should maybe not have two build "
      "systems (cmake and meson)? Is ditching cmake an option? I'd prefer to stick to cmake for now, but we can keep "
      "this PR open until a time if or when it would be appropriate to move to meson build system.")
noise(G + "geotopmodel/geotop/issues/77",
      "still use CMake in version 3.0? Do you mind if we remove cmake from the v3.0 and leave just meson? Personally I "
      "love meson. But I'm not so convinced. Meson is a tool that is not yet so common as cmake. If you agree, I would "
      "propose to try to use just meson. I disagree... let us keep cmake in...")
# ---------------------------------------------------------------- type checkers
ex(G + "ethereum/py-snappy/pull/8",
   "Enable stricter mypy checks. What was wrong? Not all mypy checks where enabled. It's much easier to be strict "
   "right from the start compared to trying to refactor into more strictness later on. How was it fixed? Use --strict "
   "(same as we use in lahja library).",
   [d("decision", ["strict"], "right from the start")])
noise(G + "skops-dev/skops/pull/63",
      "Add mypy non strict with additional checks. Add a few flags to make mypy stricter, trying to strike a middle "
      "ground between too strict and not strict enough. After discussion with @adrinjalali we decided to go for "
      "non-strict type checks for the time being.")
noise(G + "raiden-network/raiden/pull/4205",
      "stricter mypy for decreasing errors. @palango I think we should also have the strict checks enabled, do you know "
      "if using /dev/null will do that? I don't think so. From my understanding you have to explicitely enable it")
ex(G + "python-anydi/anydi/pull/175",
   "Use pyright instead of mypy",
   [d("decision", ["pyright"], None, ["mypy"])])
ex(G + "lordgordon/py-scaffolding/issues/103",
   "Use pyright instead of mypy. Don't want this.",
   [d("decision", ["pyright"], None, ["pyright"])])
noise(G + "airbytehq/airbyte-python-cdk/issues/97",
      "Consider migrating from mypy to pyright. Pyright is faster, more robust, and more \"modern\" compared with mypy. "
      "We should probably consider using it for these reasons. Or, if we find a strong reason not to use it, we can "
      "close this as \"won't do\".")
ex(G + "gurmeetsaran/sqltesting/issues/65",
   "migrate codebase to use pyright for typechecking and remove mypy. pyright is faster alternative for mypy",
   [d("decision", ["pyright"], "faster", ["mypy"])])
# ---------------------------------------------------------------- licences
ex(G + "yuliskov/SmartTube/issues/5376",
   "Announcement: Relicense contributions to MIT License. We are relicensing the SmartTube project from GPL to MIT to "
   "simplify maintenance, distribution, and better reflect the current development model.",
   [d("decision", ["mit"], "simplify maintenance", ["gpl"])])
noise(G + "jlhutch/pylru/issues/36",
      "Proposal: Relicense the project from GPL to MIT. I would like to relicense Pylru from GPL-2.0-or-later to MIT. "
      "The goal is to make the library easier to use in a wider range of projects. I am asking for feedback, "
      "specifically acceptance or objections to this proposal from the other contributors.")
ex(G + "fisharebest/webtrees/issues/4556",
   "Consider re license to Apache/MIT. If the project doesn't have another GPL project inside, consider changing the "
   "license to another more permissive one. I am very happy with the GPL licence. All existing contributions were "
   "made under GPL. This includes the translations. For libraries, I agree that MIT is a good licence. But for a "
   "project like this, I think GPL is the better licence.",
   [d("decision", ["gpl"], "existing contributions", ["mit"])])
noise(G + "digidem/mapeo-desktop/issues/183",
      "Question on License. Is there a special reason for why you have chosen the MIT license over e.g. GPL? I believe "
      "we decided to transfer to GPL for the time being, right @gmaclennan? if so I'll go ahead and update it.")
ex(G + "PsuAeroacoustics/OpenCOPTER/pull/23",
   "Relicense. Changing from GPLv3 to MIT. This PR makes sure the whole tree is GPL free. Looks good, let's do it!",
   [d("decision", ["mit"], None, ["gplv3"])])
ex(G + "CommunityToolkit/ColorCode-Universal/pull/25",
   "Relicense to MIT. After getting buy-in from past contributors and vetting the code history, as discussed in #20, "
   "we're relicensing the project to MIT to better align with the other licenses of projects within the Community "
   "Toolkit organization.",
   [d("decision", ["mit"], "align")])
ex(G + "xxxserxxx/gotop/issues/36",
   "Relicensing to MIT. The current gotop license is AGPL. I am re-licensing gotop under MIT 3-clause.",
   [d("decision", ["mit"], None, ["agpl"])])
# ---------------------------------------------------------------- supported Java versions
ex(G + "maruTA-bis5/mattermost4j/issues/474",
   "Drop Java 8 support. I decided to update the minimum requirement of Java to 11 to reduce maintenance costs and use "
   "newer API and language features.",
   [d("decision", ["java", "11"], "maintenance costs", ["java 8"])])
ex(G + "linkedpipes/etl/issues/711",
   "Drop support for Java < 11. Java 11 is the new LTS version. Java 8 has limitations such as no support for TLS 1.3, "
   "which starts to be required by modern web servers, making resources hosted on them inaccessible for users running "
   "on older Java. There is no obstacle in upgrading, so we no longer need to support older versions. Done.",
   [d("decision", ["java 11"], "tls 1.3", ["java 8"])])
ex(G + "sosy-lab/java-smt/pull/178",
   "Drop Support for Java 8 and Require Java 11. Java 8 is out of support. Java 11 is the latest release with LTS.",
   [d("decision", ["java 11"], "out of support", ["java 8"])])
ex(G + "nulab/backlog4j/issues/93",
   "Drop support for Java 8. In order to use Java 11 specific improvements and concentrate the use of limited "
   "resources in the most efficient way, we think it's good thing that Backlog4j no longer supports Java 8. So the "
   "next release, 2.6.0 will drop support for Java 8 and will require java 11 or newer version.",
   [d("decision", ["java 11"], "limited resources", ["java 8"])])
ex(G + "agrestio/agrest/issues/515",
   "Switch to Java 11. Stop supporting Java 1.8 for Agrest 5.0. Min supported version will be Java 11.",
   [d("decision", ["java 11"], None, ["java 1.8"])])
noise(G + "hapifhir/org.hl7.fhir.core/pull/1010",
      "Update to Java 11 Minimum. This change drops Java 8 support, and requires a Java 11 build. Still doesn't work on "
      "Windows. For reasons. Do not merge.")
# ---------------------------------------------------------------- deployment manifests
ex(G + "block/ftl/pull/3081",
   "chore: remove Kustomize. Everything is now managed by helm",
   [d("decision", ["helm"], None, ["kustomize"])])
ex(G + "cybozu-go/accurate/issues/10",
   "Helm chart. What: It's a bit tedious to customize manifests using kustomize. Replace them with Helm charts.",
   [d("decision", ["helm"], "tedious", ["kustomize"])])
ex(G + "ory/k8s/pull/108",
   "WIP: To provide a gist of moving the deployment to kustomize. We do not use helm as a way to orchestrate our "
   "istio deployment - we use helm to distribute our open source stack in the most consumable way. That is what helm "
   "is for! I think I can say that we wont switch to Kustomize because even though your arguments come from "
   "experience in dealing with helm / kustomize, I fear that helm is the closest \"all-in-one\" solution that most "
   "people use at the moment for packaged upstream depemdencies.",
   [d("decision", ["kustomize"], "all-in-one", ["kustomize"])])
noise(G + "keptn/lifecycle-toolkit/pull/489",
      "chore: add helm chart support (PoC). This PR is a PoC for #426. Since a working solution for Kustomize already "
      "exists, it would make sense to keep it, and rather consider the idea of adopting Helm as an additional release "
      "strategy. The prioritization might be an important factor for this decision")
# ---------------------------------------------------------------- changelogs
ex(G + "reef-technologies/django-business-metrics/blob/HEAD/CHANGELOG.md",
   "Changed: BREAKING support for Python 3.8 has been removed. Django 4 is now supported. dependencies version pins "
   "are now open-ended to allow for upgrades at the responsibility of the user",
   [d("decision", ["python 3.8"], None, ["python 3.8"]), d("decision", ["django 4"]),
    d("preference", ["open-ended"], "upgrades")])
ex(G + "martius-lab/cluster_utils/blob/HEAD/CHANGELOG.md",
   "Unreleased. Changed: Breaking Change: Drop support for Python versions < 3.8. Relevant for Dev's only: Use ruff "
   "instead of flake8 for linting.",
   [d("decision", ["3.8"]), d("decision", ["ruff"], None, ["flake8"])])
ex(G + "taskipy/taskipy/blob/HEAD/CHANGELOG.md",
   "Changed: Error messages now go to stderr instead of stdout. Removed: Support for Python 3.6 and Python 3.7 has "
   "been dropped.",
   [d("decision", ["stderr"], None, ["stdout"]), d("decision", ["python 3.6"], None, ["python 3.6", "python 3.7"])])
ex(G + "bitranox/pprint3x/blob/HEAD/CHANGES.rst",
   "v3.10.4.3, 2023-07-13: introduce PEP517 packaging standard, introduce pyproject.toml build-system, remove "
   "setup.cfg, remove setup.py, update black config",
   [d("decision", ["pyproject.toml"], None, ["setup.py", "setup.cfg"])])
# ---------------------------------------------------------------- contribution guides
ex(G + "samverrall/pgxmigrations/blob/HEAD/CONTRIBUTING.md",
   "Avoid Dependencies. Adding a dependency is a big deal. While on occasion a new dependency may be accepted, the "
   "default answer to any change that adds a dependency is no.",
   [d("constraint", ["dependency"], "big deal")])
ex(G + "majewsky/gg/blob/HEAD/CONTRIBUTING.md",
   "This repository accepts contributions as follows: For new methods and functions, feel free to submit a PR right "
   "away. Generally, we dislike library dependencies in this house because every dependency means extra work from "
   "Dependabot.",
   [d("preference", ["dependencies"], "dependabot")])
ex(G + "mitgobla/TL-3DPrinter/blob/HEAD/CONTRIBUTING.md",
   "Pull Request Method: You must have your pull request reviewed by at least one reviewer. You may ask again in a "
   "later date if your pull request is declined.",
   [d("constraint", ["reviewer"])])
# ---------------------------------------------------------------- decision records
ex(G + "bcgov/visitz-api/blob/HEAD/docs/decisions/0008-api-specification.md",
   "API Specification. status: accepted. Context and Problem Statement: We want to have an up-to-date specification "
   "of our API accessible at will. Decision Drivers: Easily accessible; Reliably up-to-date. Considered Options: "
   "OpenAPI; No other options were considered. Decision Outcome: Chosen option: OpenAPI",
   [d("decision", ["openapi"], "up-to-date")])
# ---------------------------------------------------------------- testing policies
ex(G + "openssl/technical-policies/pull/13",
   "Add a Testing Policy. All Pull Requests adding new functionality to the applications, libraries, providers or "
   "engines must include suitable tests. Closing this vote now: Topic: Accept openssl/technical-policies PR#13 - "
   "Testing policy as of commit ac9026d. This will become an official OTC policy. Accepted: yes (for: 7, against: 1, "
   "abstained: 1, not voted: 1)",
   [d("constraint", ["tests"])])
ex(G + "vilnius/vilnius-carpool/pull/168",
   "Develop branch tests fixed. From now we should accept only Pull Requests if tests are passing",
   [d("constraint", ["tests"])])
ex(G + "Lasagne/Lasagne/issues/67",
   "Deciding for a testing policy. I think our policy has been pretty much decided, we want pull requests to come with "
   "tests as much as possible (and if they don't we should encourage the submitter to add them, or add them ourselves "
   "before merging). So I'll close this issue.",
   [d("preference", ["tests"])])
ex(G + "django-cumulus/django-cumulus/issues/109",
   "Acceptance tests. This library does not have a test set that could verify that even the basic functionality works "
   "when making a new release. This makes merging pull requests and releasing a dreaded task for me. No pull requests "
   "adding functionality without introducing tests for that functionality will be merged.",
   [d("constraint", ["tests"], "dreaded task")])
noise(G + "ORNL-CEES/DataTransferKit/pull/147",
      "Added contributing guidance to README. I would also add something like \"send us a pull request with your "
      "contributions and associated unit tests\" to make it clear we expect tests to be delivered with any new code. I "
      "feel like it is a much higher barrier. I would lower the requirements for PR, but once PR is submitted encourage "
      "the submitter to provide the tests. I don't agree with this premise.")
noise(G + "solidusio/solidus/pull/497",
      "Add more pull request guidelines. Some ideas discussed by the core team around pull request guidelines. Feedback "
      "welcome.")
# ---------------------------------------------------------------- API styles
noise(G + "Monstarrrr/rebutify/issues/66",
      "Decision on API standard. I'm sure graphql has amazing benefits. Is the switch and learning curve really worth "
      "slowing down our development speed for? If the benefits can't outweigh the cost, we should stick with REST/plain "
      "JSON. Just looking for your opinion on this so I take it into account while creating the decision doc")
noise(G + "CodeverDotDev/codever/issues/19",
      "migrate from REST to GraphQL. oversizing starts to become cumbersome - consider trying GraphQL")
ex(G + "park-junha/junha.dev/issues/12",
   "Replace REST API with GraphQL API. Replace the current REST API with a GraphQL API. Perhaps write the new API with "
   "Go? Closed by #14",
   [d("decision", ["graphql"], None, ["rest"])])
ex(G + "jmcdo29/zeldaPlay/issues/351",
   "Switch back to HTTP. Using GraphQL has been okay so far, but there are times in the dev cycle that GraphQL is "
   "getting in the way with having to re-learn how to implement ideas that are known with HTTP and REST. As most of "
   "the objects are already created, it should be a quick switch over, only needing to create controllers and modify "
   "tests so they still work for REST.",
   [d("decision", ["rest"], "re-learn", ["graphql"])])
# ---------------------------------------------------------------- test runners
ex(G + "ets-einer/einer/pull/24",
   "MERGE ASAP - change jest to vitest on all scripts and deps. Why: move from jest to vitest. Brief description of "
   "the changes: replaced jest on all scripts and deps. Good to go",
   [d("decision", ["vitest"], None, ["jest"])])
ex(G + "cs-discord-at-ucf/lion/pull/771",
   "refactor: use vitest instead of jest. Removes jest in favor of vitest. Jest is consdirably more bloated and slower "
   "than vitest. Vitest offers almost the exact API as jest so the migration is straightforward.",
   [d("decision", ["vitest"], "bloated", ["jest"])])
ex(G + "modelence/modelence/pull/271",
   "chore: migrate to vitest. migrated jest tests to a modern alternative vitest. Reasoning: 1. There are a lot of "
   "experimental and unstable features that we were using from Jest, and Vitest supports them natively 2. Vitest "
   "supports typescript natively (jest requires ts-jest). I don't have any objections on moving from jest to vitest",
   [d("decision", ["vitest"], "natively", ["jest"])])
ex(G + "OpenLake/Activity-Tracker/pull/63",
   "Replace jest with vitest. vitest allows running tests with the same transforms as vite avoiding the need to "
   "configure everything twice.",
   [d("decision", ["vitest"], "configure everything twice", ["jest"])])
# ---------------------------------------------------------------- repository layout
ex(G + "knockout/tko/issues/17",
   "Move to a monorepo. Now that we've got a fairly logical ES6 hierarchy, and I think the essential build tools are "
   "set, it might be time to bring it all together. I'm in favor of a monorepo. I tried working with the tko "
   "repositories and found it quite cumbersome (and resource heavy). This is complete",
   [d("decision", ["monorepo"], "cumbersome")])
noise(G + "open-rmf/rmf-web/issues/123",
      "Discussion: Should we move to a monorepo? With the ongoing work at romi-js-api-server, there is now a package "
      "that is closely linked with romi-dashboard. A monorepo will make testing and releasing easier. Suppose if we "
      "decide to go monorepo, which related repo should we merge together?")
noise(G + "syndesisio/syndesis/issues/23",
      "Big Bang Move to Monorepo. Before doing the bing bang, the following point needs to be checked: Can we keep the "
      "Git History? We are planning to move soon to a monorepo. Any idea how this would affect the pipeline builds and "
      "productisation?")
ex(G + "steelbrain/motion/pull/420",
   "Move package to top level. We no longer need monorepo",
   [d("decision", ["monorepo"], None, ["monorepo"])])
ex(G + "ckeditor/ckeditor5/issues/6466",
   "Migration to monorepo. We've been using multirepo for quite some time now, but as the time goes by we see that it "
   "is being less and less productive for our use case. Release tools are much more complicated with multirepo, more "
   "synchronization needed.",
   [d("decision", ["monorepo"], "less and less productive", ["multirepo"])])
ex(G + "enketo/enketo-core/issues/970",
   "Migrating to a monorepo. In the next couple of months, we will migrate the following projects to a monorepo: "
   "enketo-express (which will become the monorepo), enketo-core, enketo-transformer, openrosa-xpath-evaluator. Why? "
   "Migrating to a monorepo will improve: tracking issues affecting multiple sub-packages, or manifesting further up "
   "the stack",
   [d("decision", ["monorepo"], "tracking issues")])
# ---------------------------------------------------------------- commit messages
ex(G + "pypa/pipx/commit/67af8e56c5017dc112a655351a8fb0b455a9619e",
   "docs: migrate from MkDocs to Sphinx (#1957). pipx's documentation was a MkDocs site whose CLI reference was "
   "hand-generated from a fixed list of commands, so it had drifted: eleven subcommands were missing, several "
   "environment-variable defaults were wrong. This migrates the docs to the Sphinx system that tox-dev/turbohtml uses "
   "and fixes those problems in the same pass.",
   [d("decision", ["sphinx"], "drifted", ["mkdocs"])])
ex(G + "jazzband/pip-tools/commit/103d92e1ad0621c1bbfdeb40d8e160909d40bf34",
   "Switch to pathlib for pip_compat module. Use pathlib for relativizing paths, checking absolute paths. This "
   "replaces some os.path usage.",
   [d("decision", ["pathlib"], None, ["os.path"])])
ex(G + "sharkdp/bat/commit/ea7fafca1e6191dbfc4c55f039930e350b4412b2",
   "windows: statically link the CRT to remove vcruntime dependency. Add a .cargo/config.toml that sets "
   "target-feature=+crt-static for the i686, x86_64, and aarch64 MSVC targets so bat.exe no longer depends on the "
   "vcruntime DLL. Mirrors the fix applied to fd in sharkdp/fd#1891.",
   [d("decision", ["crt"], "no longer depends", ["vcruntime"])])
ex(G + "pre-commit/pre-commit/commit/379db4cb880b30b05863035d2d29a1f66b5795d9",
   "Use 'go install' instead of 'go get'. go install is the recommended way to install modules starting from go "
   "1.16. In go 1.18 go get cannot be used anymore to install packages. go 1.18 is not released yet.",
   [d("decision", ["go install"], "recommended", ["go get"])])
ex(G + "encode/httpx/commit/e27d1b83330d0520f87a7d1da1818e4dcb2add02",
   "replace pytest-asyncio and pytest-trio with anyio (#2512). replace pytest-asyncio with anyio. remove pytest-trio "
   "also. Update setup.cfg. use anyio.Lock in test_auth",
   [d("decision", ["anyio"], None, ["pytest-asyncio", "pytest-trio"])])
ex(G + "junegunn/fzf/commit/92bfe68c741913cb663e19386269bc28119e0961",
   "Use a shared work queue instead of static partitioning in matcher. Replace static chunk partitioning "
   "(sliceChunks) with a shared atomic counter that workers pull from. This gives natural load balancing; workers "
   "that finish chunks quickly grab more work instead of idling.",
   [d("decision", ["shared work queue"], "load balancing", ["static partitioning"])])
ex(G + "tqdm/tqdm/commit/f95187c0301ded32df5a0943ee86c6985b09f8f5",
   "drop py3.4 (no longer tested)",
   [d("decision", ["py3.4"], "no longer tested", ["py3.4"])])
ex(G + "pallets/click/commit/f7aa074a7cbf7025e2b92de58a341004be540944",
   "eval-rst switched to native MyST",
   [d("decision", ["myst"], None, ["eval-rst"])])
# ---------------------------------------------------------------- policies in decision records
ex(G + "Moffran/calibrated_explanations/blob/HEAD/improvement_docs/adrs/ADR-011-deprecation-and-migration-policy.md",
   "ADR-011: Deprecation & Migration Policy. Status: Accepted. Context: Stabilizing public contracts while evolving "
   "internals requires a clear policy for deprecations and migrations to maintain user trust. Decision: Adopt a "
   "simple, predictable deprecation policy: Timeline: minimum of two minor releases before removal. Alternatives "
   "Considered: 1. Immediate breaking changes with major version bumps (too disruptive for research users). 2. Silent "
   "aliasing without warnings (users unaware of upcoming removals).",
   [d("constraint", ["two minor releases"], "user trust", ["immediate breaking changes", "silent aliasing"])])
ex(G + "hyperledger-identus/neoprism/blob/HEAD/changes/archive/2025-11-26-sqlite-backend-support.md",
   "SQLite Backend Support — Architecture Decision Record. Status: implemented (2025-11-26). Why: Provide a "
   "lightweight embedded backend for local/dev/CI while keeping schema parity and behavior with PostgreSQL. What "
   "Changes: Backend Selection. From: Dedicated --db-backend flag plus URL. To: Backend inferred from NPRISM_DB_URL / "
   "--db-url scheme (postgres:// vs sqlite://); missing URL defaults to per-network embedded SQLite path. Reason: "
   "Simpler UX, fewer mismatches.",
   [d("decision", ["sqlite"], "lightweight"), d("decision", ["scheme"], "simpler ux", ["--db-backend"])])
# ---------------------------------------------------------------- timestamps
ex(G + "beestat/app/issues/184",
   "Store and return all timestamps in ISO8601 format. The API should return timestamps in ISO8601 format so that "
   "timezone is always explicit. The convention is that all timestamps will be stored in UTC and returned in the "
   "Y-m-d H:i:s format and be in UTC. This is because MySQL stores them in Y-m-d H:i:s and changing the format in the "
   "database connector tends to break things because you can't insert an ISO8601 value into a timestamp column.",
   [d("constraint", ["utc"], "mysql", ["iso8601"])])
ex(G + "dnsimple/dnsimple-developer/pull/118",
   "API v2: ISO-8601 timestamps. Timestamps: All the timestamps and the dates are formatted according the ISO-8601 "
   "standard. All the timestamps are UTC.",
   [d("decision", ["iso-8601"]), d("constraint", ["utc"])])
ex(G + "mozilla/kitsune/pull/3910",
   "Return timestamps in UTC in the API.",
   [d("decision", ["utc"])])
noise(G + "DeployHubProject/DeployHub-Pro/issues/129",
      "API calls should return timestamps in UTC. Currently timestamps are returned in local time since the epoch "
      "which is non-standard and painful to deal with. I must have gotten something mixed up yesterday, because "
      "looking today everything seems to be in order. I will discuss with Phil tomorrow to be sure, but this issue "
      "will probably be closed.")
# ---------------------------------------------------------------- log formats
ex(G + "suitenumerique/conversations/issues/733",
   "(back) emit structured JSON logs in production. What to build: Log lines emitted in production should be JSON "
   "objects with named fields, so Grafana/Loki can filter by field instead of running regexes over flat text. "
   "dockerflow is already a dependency and ships MozlogFormatter. Development keeps the current human-readable "
   "format.",
   [d("decision", ["json"], "filter by field")])
ex(G + "safe-global/safe-events-service/pull/14",
   "Log JSON in production mode. Logs will follow this structure on production mode: "
   "{\"timestamp\":\"2023-06-21T12:35:23.939Z\",\"context\":\"InstanceLoader\",\"level\":\"log\","
   "\"message\":\"AppModule dependencies initialized\"}",
   [d("decision", ["json"])])
noise(G + "vllm-project/production-stack/issues/416",
      "feature: Add json logging. For structured logging and sorting the events into correct indexes, logging in json "
      "format is the industry standard. We should provide the option to switch to json logging. My team or myself "
      "could look into this. that'll be great if your team could look into it!")
# ---------------------------------------------------------------- JavaScript type systems
ex(G + "amilajack/ast-metadata-inferer/issues/85",
   "Migrate from Flow to TypeScript. This has been something I've been planning on doing for a while. The reasoning "
   "for this mostly stems from better tooling around the typescript community. Future contributors are also probably "
   "more familiar with TypeScript than flow because of the greater adoption of TS.",
   [d("decision", ["typescript"], "better tooling", ["flow"])])
ex(G + "brandly/Lax/pull/124",
   "Move from Flow to TypeScript. As mentioned in #101, TypeScript is probably a better decision nowadays. I've been "
   "writing a lot of TypeScript for a while now, so it's also hard to keep track of Flow's differences.",
   [d("decision", ["typescript"], "flow's differences", ["flow"])])
ex(G + "tabwrangler/tabwrangler/issues/359",
   "Migrate from Flow to TypeScript. Flow is... basically dead, except if you're an FB employee. It doesn't seem like "
   "too much work to migrate to TS. Will have to adjust the build system though. Absolutely agree with this. I support "
   "switching from Flow -> TypeScript.",
   [d("decision", ["typescript"], "dead", ["flow"])])
ex(G + "screee/screess/issues/110",
   "Rewrite using flow instead of TypeScript. TypeScript is a pain in the butt and probably going to get overtaken by "
   "Flow in the medium term. It would be a significant boon to the compilation and debugging process to use flow "
   "instead of TypeScript. This is going to be a huge task. Flow supports a v different feature set.",
   [d("decision", ["flow"], "compilation and debugging", ["typescript"])])
noise(G + "facebook/flow/issues/9117",
      "Release the official TypeScript migration tool and kill Flow. Proposal: It's obvious that TypeScript won. I "
      "propose to make an official TypeScript migration tool. Or just stop the project development, put it in the "
      "maintenance mode and release security fixes only.")
# ---------------------------------------------------------------- sign-offs
ex(G + "system76/ec/issues/207",
   "Require sign-off on commits. Developer Certificate of Origin. Require sign-off for all commits going forward. This "
   "can be enforced as a check on PRs with the probot/dco integration.",
   [d("constraint", ["sign-off"])])
ex(G + "chaoss/metrics/issues/129",
   "require DCO for all new commits. This issue is to activate protobot/dco (or similar bot) to check that all commits "
   "have a sign-off. The CHAOSS Project Charter requires that all contributions are signed-off. DCO is required.",
   [d("constraint", ["dco"], "charter")])
ex(G + "LF-Decentralized-Trust-labs/LF-Decentralized-Trust-labs.github.io/pull/56",
   "Update README.md with link to DCO. For the sake of clarification, every commit in our repo that is proposed to "
   "Hyperledger has to have the signed-off-by line? Isn't it enough, at least for DCO purposes, to have a single "
   "sign-off per developer? Every incoming commit has to have DCO. Okay. Understood.",
   [d("constraint", ["dco"])])
# ---------------------------------------------------------------- desktop shells
ex(G + "Eugeny/tabby/issues/5964",
   "Tauri. Any plan to migrate to tauri project? There's very little reason to. The only upside is smaller binary "
   "size, while the downside is rewriting half of Electron's functionality in Rust and an inconsistent JS environment "
   "between OSes.",
   [d("decision", ["tauri"], "rewriting half", ["tauri"])])
ex(G + "me-shaon/devtools/issues/2",
   "Tauri build (~1.8 MB vs 170+ MB Electron). I've created a tauri branch in my fork with a working Tauri-based "
   "version of the app. Thanks a lot. However, since I don't know Rust at all, it'd be challenging for me to maintain "
   "a Rust-based codebase. You can continue a Separate project based on Rust.",
   [d("decision", ["tauri"], "challenging", ["tauri"])])
ex(G + "antfu-collective/icones/issues/14",
   "Use tauri.rs (instead of electron) to build desktop apps. Main benefit of using tauri.rs is that it is built using "
   "rust so, performance is no issue, moreover the build (release) size of an electron app is too big. Sounds great. "
   "I also found the electron is too complex to setup the build. I don't think we need too much setup either. Let's "
   "go with it!",
   [d("decision", ["tauri"], "too complex", ["electron"])])
noise(G + "streetwriters/notesnook/issues/572",
      "Suggestion to swap to Tauri. Instead of staying with Electron, you could switch over to Tauri for much, much "
      "smaller bundles and less ram usage. This is not a bad idea but electron has a very powerful ecosystem. Perhaps "
      "when Tauri adds Deno bindings we can consider this but for now, we are sticking with Electron.")
noise(G + "UdaraJay/Pile/issues/7",
      "Tauri Move. Suggesting a move from Electron > Tauri... This will cut down the app size significantly")
ex(G + "LucidVR/opengloves-ui/pull/2",
   "Electron->Tauri. Electron is slow and has a huge bundle size. This PR switches Electron to use Tauri, saving ~50MB "
   "(53MB->3MB) and increasing load times 4x.",
   [d("decision", ["tauri"], "bundle size", ["electron"])])
ex(G + "erkyrath/lectrote/issues/169",
   "Consider tauri instead of electron? I know this is a \"why don't you re-write everything...\" kinda thing, but I "
   "just wanted to make you aware of Tauri. I was aware of it, but rewriting everything is not a viable path forward.",
   [d("decision", ["tauri"], "rewriting everything", ["tauri"])])
noise(G + "yang991178/fluent-reader/issues/354",
      "Consider switching from electron to tauri. It can render HTML just like electron but has a much smaller "
      "footprint on RAM and binary size. This app relies heavily on features of electron and chromium, so I don't "
      "think it can be migrated to another platform without rewriting most of the code at least for now.")
noise(G + "RudraSwat/modren/issues/2",
      "Use tauri instead of electron. Maybe it is a good idea now that it is starting to see the possibility of using "
      "tauri as a rendering engine. It is lighter than Electron (the binary usually weighs about 15mb maximum).")
noise(G + "torcado194/opti/issues/40",
      "switch to tauri. Changing this from electron to tauri is probably not a trivial task, but it could potentially "
      "reduce its deploy size and memory footprint")
# ---------------------------------------------------------------- version schemes
noise(G + "gramps-project/gramps-web/issues/253",
      "Switch to CalVer? I am considering switching from SemVer to CalVer fror Gramps.js. ... but in a SemVer "
      "compatible way e.g. 23.7.29 or 2023.7.29. Leaning towards YY.M.MICRO now, so the next release would be 23.8.0.")
noise(G + "idaholab/Malcolm/issues/139",
      "consider switching from semantic versioning (SemVer) to calendar versioning (CalVer). I'm considering switching "
      "from semantic versioning (SemVer) to calendar versioning (CalVer). I'm considering using the YY.0M[.micro] "
      "format")
ex(G + "stumpy-dev/stumpy/issues/701",
   "Move to CalVer. Currently, STUMPY uses Semantic Versioning. It might make sense to switch to Calendar Versioning "
   "and follow Year.Month.Micro. @jacobtomlinson wrote an excellent article on this topic and I am now convinced that "
   "STUMPY would find little value by switching to CalVer. Closing this...",
   [d("decision", ["calver"], "little value", ["calver"])])
ex(G + "ossf/best-practices-badge/pull/1530",
   "Allow CalVer. Fixes #1507. Modify the SUGGESTed version format to allow either SemVer or CalVer. The big problem "
   "with CalVer is support for multiple simultaneous branches, but that is easily addressed; we simply also note that "
   "\"It is SUGGESTED that those who use CalVer include a micro level value\". lgtm",
   [d("decision", ["calver"])])
# ---------------------------------------------------------------- contribution guides: style and merge rules
ex(G + "ess-dmsc/kafka-to-nexus/blob/HEAD/CONTRIBUTING.md",
   "Contributing. We use clang-format v3.4 LLVM default style as discussed in the group. Due to availability of "
   "clang-format on the different systems that we use in development, we decided on this lowest common denominator.",
   [d("decision", ["clang-format"], "availability")])
ex(G + "PrismLauncher/PrismLauncher/blob/HEAD/CONTRIBUTING.md",
   "Signing your work. In an effort to ensure that the code you contribute is actually compatible with the licenses "
   "in this codebase, we require you to sign-off all your contributions. This can be done by appending -s to your git "
   "commit call",
   [d("constraint", ["sign-off"], "compatible with the licenses")])
ex(G + "liberatix/automaton-core/blob/HEAD/docs/contribution_guidelines.md",
   "C++ Style Guide. We follow Google C++ Style Guide with some exceptions: Names for classes and functions are all "
   "lowercase, with underscores between words instead of Camel Case.",
   [d("preference", ["google c++ style guide"]), d("preference", ["underscores"], None, ["camel case"])])
ex(G + "VeriBlock/alt-integration-cpp/blob/HEAD/CONTRIBUTING.md",
   "Requirements for Pull-Requests. A Pull-Request can be merged into master only if: 1. Code is formatted with "
   "clang-format. 2. Continuous Integration system is green (all checks passed). 3. 1 approving review is present.",
   [d("constraint", ["clang-format"]), d("constraint", ["continuous integration"]),
    d("constraint", ["approving review"])])
# ---------------------------------------------------------------- decision records: orchestration and RPC
ex(G + "katas-bytebusters/MonitorMe/blob/HEAD/ADRs/ADR5.md",
   "ADR 5: Kubernetes for Container Orchestration. Status: Accepted. Context: System components are containerized, "
   "requiring an orchestration solution for scalability and reliability. Decision: Implement Kubernetes for container "
   "orchestration. Consequences: Positive: Enhances scalability, deployability, and manageability of applications. "
   "Negative: Complexity of Kubernetes management and configuration.",
   [d("decision", ["kubernetes"], "scalability")])
ex(G + "smarter-sh/smarter/blob/HEAD/docs/source/adr/003-kubernetes.rst",
   "ADR-003: Kubernetes. Status: Accepted. Context: Kubernetes is the industry standard for container orchestration "
   "and is supported by all major cloud providers. However, supporting multiple cloud platforms increases complexity "
   "and maintenance overhead. Decision: Production deployments will use AWS Elastic Kubernetes Service (EKS) as the "
   "default and only supported platform. Alternatives Considered: Supporting multiple cloud providers from the "
   "outset. Using self-managed Kubernetes clusters. Using alternative orchestration platforms.",
   [d("decision", ["eks"], "maintenance overhead", ["multiple cloud providers", "self-managed"])])
noise(G + "thoughtworks/build-your-own-radar/blob/HEAD/radars/descriptions/gRPC.md",
      "gRPC is a modern open source high performance RPC framework that can run in any environment. Pros: CNCF "
      "incubating project; Bi-directional communication; Faster than standard REST based services. Cons: Not "
      "universally supported. Being considered for interservice communication requests. When decision made: 1/1/2020. "
      "When decision will be revisited: 1/1/2022")
# ---------------------------------------------------------------- more open proposals
noise(G + "Frojd/Wagtail-Pipit/issues/2020",
      "Replace mypy with pyright. Investigate if it's possible to replace mypy with Pyright.")
noise(G + "airbytehq/PyAirbyte/pull/208",
      "[Do not merge]: Replace mypy type checking with pyright. This is an experiment. Pyright (at least on paper) is "
      "faster, more robust, more customizable, and more actively contributed to.")
noise(G + "citra-emu/citra/issues/3723",
      "Consider exploring Meson. Hey! I'm not in any way affiliated with the Meson team, but I've recently had a great "
      "experience with their build system and hope to spark some interest with those who think the current CMake "
      "build system could still be improved.")
noise(G + "divamgupta/diffusionbee-stable-diffusion-ui/issues/354",
      "Replace Electron with Tauri. To reduce the large size of the app could it switch to Tauri? It does the same "
      "thing as Electron, but is written in Rust and far more lightweight. Looking at this comparison It will be very "
      "hard, also there is no python backend support so not sure how the switch will be possible.")

assert_new_repositories("capture11.json")
write_heldout_set(11, "y", sys.argv[1])
