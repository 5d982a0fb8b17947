# One-off: writes capture19.json, the nineteenth capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it, by a labeller who had not read the
# extractor's code nor its tests nor run any Lore code on this text. The whole set is blind.
# Usage: python build_labels_19.py capture19.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall sets or of the outside held-out set is used again)
import sys

from labelset import G, assert_new_repositories, commit, d, doc, ex, noise, write_heldout_set

# ---------------------------------------------------------------- JavaScript bundlers
ex(G + "DestinyItemManager/DIM/pull/11620",
   "Switch to rspack. Rspack is a mostly-compatible port of Webpack to Rust. It has a lot of stuff built in that we "
   "previously needed plugins for, but the main advantage is speed. I had to make some slight concessions to total CSS "
   "size (a KB here and there per file) but overall this should both be less stuff to keep up to date, and faster "
   "development and builds.",
   [d("decision", ["rspack"], "speed", ["webpack"])])
ex(G + "10up/10up-toolkit/pull/490",
   "Rspack with removal of Webpack. Convert from Webpack and Jest to Rspack and Rstest. Per convo with Fabian we thought "
   "was Rspack is too high a level to switch and not mature enough compared to webpack. Also it'd be nicer to switch to "
   "something more lightweight for toolkit like vite if we are going to pivot",
   [d("decision", ["rspack"], "not mature enough", ["rspack"])])
noise(G + "cesium-ml/baselayer/pull/386",
      "rspack. This PR moves from webpack to rspack. What is the motivation for rspack? A bit faster and slightly more "
      "efficient builds. Might discuss this on the iteration call. I'm on summer leave atm, but happy to discuss soon as "
      "I get back.")
# ---------------------------------------------------------------- API style
noise(G + "ImplyingProgramming/Kamina/issues/4",
      "REST or GraphQL? I tried GraphQL and even if you completely ignore the fact that it's made by Zucc it's still "
      "unusable, at least in Python, literally zero documentation. RESTful for me; much intuitive. REST is the standard. "
      "It works well and is modern enough")
# ---------------------------------------------------------------- Python task queues
ex(G + "MTES-MCT/apilos/pull/583",
   "Remplacer Dramatiq par Celery. Parce que bon je crois qu'il faut admettre que dramatiq ça commence à nous coûter "
   "cher ... replions nous sur la valeur sûre qu'est celery ;)",
   [d("decision", ["celery"], "coûter cher", ["dramatiq"])])
ex(G + "febus982/bootstrap-python-fastapi/pull/223",
   "Replace Celery with Dramatiq. Fixes the sync/async tracing decorator. Replaces Celery with Dramatiq (smaller, easier "
   "to use, supporting asyncio)",
   [d("decision", ["dramatiq"], "supporting asyncio", ["celery"])])
ex(G + "pnu-code-place/code-place/pull/405",
   "#404 Dramatiq 제거 및 Celery로 대체. 기존에 dramatiq를 사용하여 구현되었던 아래 로직들을 Celery로 대체합니다. 서버의 "
   "supervisord 설정에서 dramatiq를 제거하였습니다.",
   [d("decision", ["celery"], None, ["dramatiq"])])
noise(G + "freelabz/secator/issues/9",
      "feat: consider using Celery alternative like Dramatiq")
noise(G + "safe-global/safe-decoder-service/issues/7",
      "[Research] How to do async tasks. Define what to use for async tasks: FastAPI background tasks, Celery Beat + "
      "Celery, Dramatiq. Between Celery and Dramatiq, I haven't found a strong characteristic that makes me choose one or "
      "the other.")
# ---------------------------------------------------------------- containers and compose
ex(G + "ansible/event-driven-ansible/pull/222",
   "Replace docker-compose with podman-compose. Note that the python implementation of docker-compose is abandoned and "
   "was not updated in 3+ years, not installing on several platforms. Instead, podman-compose is actively maintained "
   "and is also able to make use of docker-compose when found on disk, so it can be used as a safe replacement.",
   [d("decision", ["podman-compose"], "abandoned", ["docker-compose"])])
ex(G + "macro-inc/macro/pull/3536",
   "chore(docker): use docker compose command so you can use podman under the hood. The legacy docker-compose command "
   "doesn't work well with podman but docker compose does.",
   [d("decision", ["docker compose"], "doesn't work well with podman", ["docker-compose"])])
# ---------------------------------------------------------------- .NET mocking and JSON
ex(G + "flagbug/Espera/pull/45",
   "Replace some of Moq with NSubstitute. NSubstitute is waaay easier to use, so ditch Moq",
   [d("decision", ["nsubstitute"], "easier to use", ["moq"])])
ex(G + "lucadallavalle/template-webapi-aspnet/issues/2",
   "Replace Moq with NSubstitute. I seems that Moq is now adware. It's necessary to move to NSubstitute.",
   [d("decision", ["nsubstitute"], "adware", ["moq"])])
ex(G + "cnblogs/Architecture/issues/139",
   "[feat] Replace Moq with NSubstitute",
   [d("decision", ["nsubstitute"], None, ["moq"])])
noise(G + "WorkMaze/JUST.net/issues/250",
      "System.Text.Json. Are there any plans to replace Newtonsoft with System.Text.Json? I took a look at how to "
      "implement, unfortunately I don't see this being implemented in the near future. so I think we should keep waiting "
      "I guess")
# ---------------------------------------------------------------- Kotlin annotation processing
ex(G + "google/ground-android/issues/3291",
   "Migrate from kapt to KSP. kapt is causing issues when upgrading the gradle to latest version. So, as per "
   "recommendation, we should first migrate to ksp to reduce the scope of gradle plugin updation PR.",
   [d("decision", ["ksp"], "causing issues", ["kapt"])])
ex(G + "twin-te/twinte-android/issues/62",
   "kapt から KSP に移行する. 注: Kapt は現在メンテナンス モードになっています。KSP をサポートするすべてのプロセッサで、kapt から "
   "KSP に移行することをおすすめします。また、KSP は kapt の 2 倍高速らしい",
   [d("decision", ["ksp"], "メンテナンス モード", ["kapt"])])
ex(G + "wikimedia/apps-android-wikipedia/pull/4097",
   "Migrate from kapt to ksp. It is now recommended to switch to ksp, and away from kapt.",
   [d("decision", ["ksp"], "recommended", ["kapt"])])
# ---------------------------------------------------------------- Redis and its forks
ex(G + "OpenCTI-Platform/docker/pull/242",
   "[docker] Replace redis with valkey. Valkey remains BSD-licensed. Redis has switched to a more restrictive license "
   "after 7.2.4. Project forked, and valkey 7.2.5 is the first \"production release\" of valkey, which is basically the "
   "same code as Redis 7.2.4, but retaining the BSD license.",
   [d("decision", ["valkey"], "more restrictive license", ["redis"])])
ex(G + "facundolucianna/amq2-service-ml/issues/2",
   "Cambiar Redis a Valkey. Dado que Redis cambio de licencia y la reacción de la comunidad, cambiar la implementación "
   "para que funcione usando Valkey en la implementacion de lotes",
   [d("decision", ["valkey"], "cambio de licencia", ["redis"])])
ex(G + "frappe/frappe_docker/issues/1364",
   "Replace Redis with Valkey due to redis licensing changes. We'll follow valkey-container. Once official images are "
   "ready we'll change. Sorry to reopen but is this still the case? Yeah, we're still using Redis. Since Redis 8 is also "
   "available under AGPLv3, it should be fine for us to use.",
   [d("decision", ["redis"], "agplv3", ["valkey"])])
ex(G + "cloudfoundry/capi-release/issues/427",
   "Switch Redis to Valkey. Redis is switching to a dual license in future versions which may cause licensing issues. "
   "Resolution: We should switch to Valkey instead which is a Redis drop in replacement that is BSD license and part of "
   "the Linux Foundation.",
   [d("decision", ["valkey"], "licensing issues", ["redis"])])
noise(G + "Crosstalk-Solutions/project-nomad/pull/420",
      "Replace Redis with Valkey. Redis switched to a non-open-source license in 2024. Valkey is the Linux Foundation's "
      "drop-in replacement with a proper OSS license. UPDATE: Still a roadmap item planned for a future version. Closing "
      "this one for now - but we have this on our radar...thanks for the contribution!")
noise(G + "getnamingo/registry/issues/184",
      "Consider replacing Redis with Valkey. For moment we can not proceed with it.")

# ---------------------------------------------------------------- Python versions, packaging, time zones, type checkers
ex(G + "willkg/everett/issues/282",
   "drop python 3.9 support (october 2025). Python 3.9 end-of-life is October 2025. We should drop support for it.",
   [d("decision", ["python 3.9"], "end-of-life", ["python 3.9"])])
ex(G + "jodal/pykka/pull/238",
   "Drop support for Python 3.9. It'll reach end of life in about two months.",
   [d("decision", ["python 3.9"], "end of life", ["python 3.9"])])
noise(G + "ApeWorX/web3.py/issues/3681",
      "Drop Python 3.9 support. Python 3.9 EOL is Oct 31, 2025. We'll be working on v8 at that point, and so can drop "
      "python 3.9 then.")
ex(G + "dmm-com/pagoda/pull/1511",
   "Replace poetry with uv. uv is a de facto, faster module management tools, a good replacement of poetry. Thank you "
   "very much for replacing modernized one",
   [d("decision", ["uv"], "faster", ["poetry"])])
noise(G + "nasa/ncompare/issues/307",
      "Consider using uv instead of poetry for dependency management")
noise(G + "plugboard-dev/plugboard/issues/58",
      "SPIKE - uv for Python dependency management. We could adopt uv instead of Poetry for dependency/Python "
      "management. Keep an eye on astral-sh/uv#6298 - needed to replace the function of the poetry-dynamic-versioning "
      "plugin.")
ex(G + "akrherz/pyIEM/pull/267",
   "replace pytz usage with zoneinfo. The pytz package has served us well over the years, but python=3.9 will come with "
   "a zoneinfo package and there's a backported package available for all the python versions we support.",
   [d("decision", ["zoneinfo"], "backported package", ["pytz"])])
ex(G + "geigi/cozy/pull/1041",
   "Migrate from using pytz to Zoneinfo. The use of pytz has been deprecated since python 3.9 and it's recommended to "
   "use zoneinfo, also in recent releases of the timezone database a change in format is causing issues in some cases "
   "with pytz so migrate to use the recommended upstream.",
   [d("decision", ["zoneinfo"], "deprecated", ["pytz"])])
ex(G + "Vanilla-OS/vanilla-installer/issues/267",
   "Replace pytz with zoneinfo. Zoneinfo provides the same functionality as pytz but as part of the standard library. "
   "This change is partially inspired by Debian's comments on how the library has a non-standard interface which tends "
   "to be error-prone. However, it is still one less dependency to worry about.",
   [d("decision", ["zoneinfo"], "error-prone", ["pytz"])])
noise(G + "getpelican/pelican/issues/2958",
      "Replace pytz dependency with zoneinfo. Python 3.9+ includes zoneinfo, which would presumably allow us to replace "
      "the pytz third-party dependency with time-zone machinery included in Python's standard library.")
noise(G + "django-ses/django-ses/issues/313",
      "Replace pytz with zoneinfo. pytz has been deprecated for some time. It would be great to replace it with "
      "zoneinfo which is a native Python library. Thanks for filing. A PR addressing this would be welcome.")
ex(G + "microsoft/teams.py/pull/81",
   "Replace mypy with pyright. Switching MyPy with Pyright. Why: Pylance (the type checker in vscode) is based off of "
   "pyright. With this change we simplify the dev process by using 1 single base typechecker. Mypy lead to a lot of "
   "unreasonable rules, and also would fail (with known issues) for a variety of use cases.",
   [d("decision", ["pyright"], "single base typechecker", ["mypy"])])
ex(G + "owid/etl/pull/599",
   "feature(pyright): replace mypy with pyright. Replace mypy type checker with pyright and fix all type problems that "
   "popped up. Pyright runs in 12s (single core) while mypy runs 150s without cache / ~60s with cache (using multiple "
   "processes).",
   [d("decision", ["pyright"], "12s", ["mypy"])])
ex(G + "pyapp-kit/magicgui/pull/11",
   "pyright -> mypy. Moving from pyright type checking to mypy.",
   [d("decision", ["mypy"], None, ["pyright"])])
ex(G + "marin-community/levanter/issues/95",
   "Switch to Pyright for type checking. pyright is better than mypy I think. We should switch to it.",
   [d("decision", ["pyright"], "better than mypy", ["mypy"])])
noise(G + "PlasmaPy/PlasmaPy/issues/2451",
      "Switch from mypy to pyright for static type checking. We recently added mypy as a static type checker in our "
      "suite of continuous integration tests. This issue proposes to switch to pyright for static type checking "
      "instead.")
noise(G + "BasisResearch/effectful/issues/220",
      "Consider switching from Mypy to Pyright. Currently we use Mypy for static type checking, but it has several bugs "
      "that have required us to disable certain checks or make certain types too imprecise. Pyright seems to handle these "
      "edge cases better, so it might be worth switching.")

# ---------------------------------------------------------------- Elixir HTTP clients
ex(G + "beyond-all-reason/teiserver/pull/1205",
   "Replace httpoison with req. Because httpoison depends on hackney, which had a bunch of vulnerabilities. The latest "
   "hackney version is fixed, but has some API breaking changes, meaning an hackney override breaks httpoison. Req "
   "doesn't have any of these problems.",
   [d("decision", ["req"], "vulnerabilities", ["httpoison"])])
ex(G + "cbh123/replicate-elixir/pull/40",
   "Switch to Req. I had issues with HTTPoison for long running requests sometimes randomly being killed. Req works "
   "better for me so far.",
   [d("decision", ["req"], "randomly being killed", ["httpoison"])])
ex(G + "rlopzc/logger_exporter/issues/45",
   "Use :httpc instead of Req. Remove Req dependency. :httpc is enough to make HTTP requests.",
   [d("decision", [":httpc"], "enough to make http requests", ["req"])])
ex(G + "fredwu/crawler/issues/35",
   "Switch to Req. Much of the Elixir community is switching from HTTPoison to Req",
   [d("decision", ["req"], "elixir community", ["httpoison"])])
noise(G + "DockYard/plausible_proxy/issues/5",
      "[Suggestion] Replace HTTPoison with Req. yes please :)")
# ---------------------------------------------------------------- PHP versions
ex(G + "Flagsmith/flagsmith-php-client/pull/82",
   "deps: drop support for php<8.1. Drop support for PHP<8.1 since they are no longer supported versions.",
   [d("decision", ["8.1"], "no longer supported", ["php<8.1"])])
ex(G + "VerifiedJoseph/intruder-alert/pull/598",
   "Drop support for php 8.1. Drops support for php 8.1 and increases minimum version to 8.2.",
   [d("decision", ["8.2"], None, ["php 8.1"])])
ex(G + "CPS-IT/project-builder/pull/46",
   "[!!!][FEATURE] Drop support for PHP 7.4. Since PHP 7.4 has reached EOL, we can safely drop support for it. The "
   "minimum supported PHP version is now 8.0.0.",
   [d("decision", ["8.0.0"], "eol", ["php 7.4"])])
noise(G + "Crell/Tukio/issues/18",
      "PHP 8.1 support. Hello, I've started work on adding PHP 8.1 support in #17, but it seems that dropping 7.2 would be "
      "required to do so. Would you be ok with that?")
# ---------------------------------------------------------------- Rails asset pipeline
ex(G + "evemonk/evemonk/pull/5977",
   "Replace sprockets-rails gem with propshaft",
   [d("decision", ["propshaft"], None, ["sprockets-rails"])])
ex(G + "mrhead/todos/pull/191",
   "Let's go #no-build. Replace sass-rails and sprockets with propshaft. Use importmap-rails. No more: esbuild, yarn, "
   "node_modules",
   [d("decision", ["propshaft"], None, ["sass-rails", "sprockets"]),
    d("decision", ["importmap-rails"], None, ["esbuild", "yarn"])])
ex(G + "cedarcode/webauthn-rails/pull/37",
   "Move from Sprockets to Propshaft. This will be useful to upgrade to rails 8",
   [d("decision", ["propshaft"], "upgrade to rails 8", ["sprockets"])])
noise(G + "ackama/rails-template/issues/505",
      "Consider replacing sprockets with propshaft. propshaft is a lighter and more modern replacement for sprockets. "
      "Investigate whether either of these are needed. This is low priority for now.")
noise(G + "sul-dlss/dlme/issues/1619",
      "Replace sprockets-rails with propshaft. Needs investigation to see how far we can get with this. Currently blocked "
      "because we're using sprockets-es6. also blocked on spotlight beta release")
# ---------------------------------------------------------------- Java tests
ex(G + "XRPLF/xrpl4j/pull/128",
   "Migrate all Junit4 tests to Junit5 Jupiter. For some reason we have a mix of Junit4 and Junit5 Jupiter tests "
   "throughout the codebase. This removes the Junit4 dependency and migrates all Junit4 tests to Junit5.",
   [d("decision", ["junit5"], "mix of junit4 and junit5", ["junit4"])])
ex(G + "cicirello/rho-mu/issues/23",
   "Migrate from JUnit 4 to JUnit Jupiter. Summary: Migrate from JUnit 4 to JUnit Jupiter 5.8.2.",
   [d("decision", ["junit jupiter"], None, ["junit 4"])])

# ---------------------------------------------------------------- Java: Lombok
ex(G + "scenarioo/scenarioo/issues/114",
   "Remove Lombok. As we have troubles with the combination of Lombok and Gradle, we decided to remove Lombok "
   "alltogether. This makes it also easier to refactor code.",
   [d("decision", ["lombok"], "troubles with the combination", ["lombok"])])
ex(G + "Azure-Samples/ms-identity-java-webapp/pull/19",
   "Remove Lombok. Lombok was causing customers problems. It's not really needed, so getting rid of it.",
   [d("decision", ["lombok"], "causing customers problems", ["lombok"])])
ex(G + "eclipse-tractusx/tractusx-edc/pull/143",
   "docs: add decision record about removing Lombok. WHAT: creates a decision record about completely excising Lombok "
   "from our code base. WHY: Lombok uses undocumented and non-public APIs of the JVM and is expected to break in upcoming "
   "Java releases.",
   [d("decision", ["lombok"], "non-public apis", ["lombok"])])
ex(G + "b3log/xiaov/issues/25",
   "移除 Lombok. 由于很多人不知 Lombok 为何物而导致编译错误，所以去除了，真为不会使用工具的人感到悲哀！",
   [d("decision", ["lombok"], "编译错误", ["lombok"])])
ex(G + "OkaeriPoland/okaeri-configs/issues/5",
   "Pls remove lombok. Hello currently project is using lombok and lombok is bad. No chance",
   [d("decision", ["lombok"])])
noise(G + "nerds-odd-e/bbuddy/issues/11",
      "Remove lambok. Why remove it? Leave Lombok for now")
# ---------------------------------------------------------------- Swift: reactive frameworks
ex(G + "p2p-org/p2p-wallet-ios/pull/417",
   "Feature/pwn 4401 rx to combine. Combine is native Apple framework to handle data flow in Reactive programming. At the "
   "beginning of the development the app, Combine wasn't compatible with application's development target, so we needed "
   "to use RxSwift as Reactive framework. The current situation has changed, we started to adopt iOS14 as minimum "
   "deployment target, which is perfectly suitable for adopting Combine. So this is the right time to move from RxSwift "
   "to Combine.",
   [d("decision", ["combine"], "ios14", ["rxswift"])])
ex(G + "trykovyura/roskachestvo-ios/pull/4",
   "Combine. New Combine framework instead of RxSwift and middleware implementation in redux",
   [d("decision", ["combine"], None, ["rxswift"])])
ex(G + "rcaos/TVToday/pull/16",
   "Migrate to Combine. Move from RxSwift to Combine. To solve: some tests are broken",
   [d("decision", ["combine"], None, ["rxswift"])])
ex(G + "uber/RIBs/issues/346",
   "Using an open-source version of Combine instead of RxSwift. Because RxSwift and Combine are so similar, and because "
   "Combine is an Apple-provided library, would it be worth it to switch to a backwards-compatible version of it, e.g. "
   "OpenCombine? In hindsight, we can now see that Apple may deprecate Combine in favor of AsyncStream and it's related "
   "operators. Guess it was a good call not to move to OpenCombine after all.",
   [d("decision", ["opencombine"], "deprecate combine", ["opencombine"])])
noise(G + "emoncms/emoncms-ios/issues/46",
      "Replace RxSwift with Combine. It would be a great exercise to replace RxSwift with Combine. We could then get rid "
      "of a huge dependency of RxSwift.")
# ---------------------------------------------------------------- C build systems
ex(G + "alexmurray/indicator-sensors/issues/17",
   "Port build system from autotools to meson. Build system has been ported to Meson (see meson.build in the repo, "
   "autotools files removed). Closing as done.",
   [d("decision", ["meson"], None, ["autotools"])])
ex(G + "bboozzoo/mconnect/issues/23",
   "autotools to meson build - upgrade. Would you guys consider moving to Meson build system (as successor of automake "
   "ugly things?). I've recently pushed meson support to a branch. I'll probably keep both autotools and meson in the "
   "tree for a while and then transition to meson only builds. Meson support is in master now.",
   [d("decision", ["meson"], "successor of automake", ["autotools"])])
# ---------------------------------------------------------------- Go logging
ex(G + "ardanlabs/service/pull/274",
   "Replacing zap logger for stdlib slog",
   [d("decision", ["slog"], None, ["zap"])])
ex(G + "dunglas/mercure/pull/1115",
   "feat!: switch from Zap to log/slog. Let's use the log/slog package provided by the standard library instead of Zap "
   "for the Mercure library. This makes the library more easy to use with other loggers, and simplify the code.",
   [d("decision", ["log/slog"], "other loggers", ["zap"])])
ex(G + "onedr0p/exportarr/issues/377",
   "Replace zap with slog. Go has a better built in logging library now, slog. We should remove zap in favor of it.",
   [d("decision", ["slog"], "better built in logging library", ["zap"])])
ex(G + "verless/verless/issues/109",
   "Use zap instead of stdlib's log package. In the future, logging should be done with zap instead of log.",
   [d("preference", ["zap"], None, ["stdlib's log package"])])
noise(G + "flashbots/go-template/issues/11",
      "[feat] Update logger to log/slog. log/slog is part of Go 1.21. Should evaluate whether it's a suitable replacement "
      "for zap.")

# ---------------------------------------------------------------- JavaScript lint and tests
ex(G + "interledger/web-monetization-extension/issues/813",
   "Replace prettier/eslint with Biome. Biome formatter is largely compatible with prettier. Its linter also includes "
   "most of eslint rules (including from plugins), and some of its own. PRs such as #803 make me migrate from eslint, "
   "along with major breaking changes and dependence on multiple plugins. With Biome, we'll have a single package, "
   "instead of 10 different ones.",
   [d("decision", ["biome"], "single package", ["prettier", "eslint"])])
ex(G + "WasiqB/ultra-reporter-app/issues/68",
   "Replace ESLint and Prettier with Biome. Biome tool is not that stable.",
   [d("decision", ["biome"], "not that stable", ["biome"])])
ex(G + "gravity-ui/uikit/pull/157",
   "feat(test): replace Enzyme with React Testing Library. Enzyme is weakly maintained now: no package updates for 2+ "
   "years; no official support for React 17. React Testing Library is recommended by official React Docs. This PR adds "
   "React Testing Library packages; removes Enzyme; rewrites existed Enzyme tests to React Testing Library.",
   [d("decision", ["react testing library"], "weakly maintained", ["enzyme"])])
ex(G + "shlinkio/shlink-web-client/issues/619",
   "Introduce react testing library as a future replacement of anzyme. Enzyme is no longer maintained, and there's not "
   "(and won't be) an official adapter for React 18, which makes tests run in React 17 mode with some warnings. We "
   "should migrate some tests as POC, and start writing new ones with the new library. Then, we should progressively "
   "migrate the rest as they need to be edited.",
   [d("decision", ["react testing library"], "no longer maintained", ["enzyme"])])
ex(G + "NIAEFEUP/nijobs-fe/issues/57",
   "Migrate fully to React Testing Library. Currently we have both Enzyme and RTL tests. We should fully migrate old "
   "tests to RTL ones, since they encourage better testing practices. Once this is done, the helper functions for Enzyme "
   "can be cleaned up. and the dependency removed",
   [d("decision", ["rtl"], "better testing practices", ["enzyme"])])
ex(G + "react-restart/ui/pull/9",
   "WIP: switch to react-testing-library. I still don't really like RTL but it seems clear now that the enzyme "
   "maintainer isn't able to to keep up with the ecosystem. I think we can move forward with this, folks can migrate "
   "tests as needed",
   [d("decision", ["react-testing-library"], "keep up with the ecosystem", ["enzyme"])])
# ---------------------------------------------------------------- reverse proxies
ex(G + "odyslam/home-urbit/issues/7",
   "Fix slow reverse-proxy by nginx. Nginx will be replaced by traefik. After testing, traefik proved to complex. Caddy "
   "will be used.",
   [d("decision", ["caddy"], "proved to complex", ["traefik", "nginx"])])
ex(G + "EasyEngine/easyengine/issues/1096",
   "Use jwilder/nginx-proxy. Porting the current code to use jwilder/nginx-proxy and test all site types are working "
   "properly. Why not Traefik anymore? Yes. We'll be posting a blog post soon about the beta3 release and why we're not "
   "including Traefik anymore.",
   [d("decision", ["nginx-proxy"], None, ["traefik"])])
ex(G + "bswinnerton/home-lab/pull/3",
   "Add Traefik. And remove the nginx-proxy that it supersedes.",
   [d("decision", ["traefik"], None, ["nginx-proxy"])])
noise(G + "geli-lms/geli/issues/740",
      "Maybe use Traefik as reverse proxy instead of nginx. As a: hoster. I want: to use a simple but powerfull reverse "
      "proxy, so that: it is easy to setup")

# ---------------------------------------------------------------- commit messages
commit("getsentry/responses", "972b4618fe19f7cae4214c19a5cd081023595048",
       "Use tomli/tomli-w instead of unmaintained toml (#596). Replace the toml dependency that is unmaintained (last "
       "release in 2020) and does not implement TOML 1.0 with more modern tomli and tomli-w packages.",
       [d("decision", ["tomli"], "unmaintained", ["toml"])])
commit("pytest-dev/pytest-mock", "ba34960598e203a5ca2ddb8a235d7d1033949842",
       "Use ruff in place of black and reorder-python-imports. Unfortunately black and reorder-python-imports are no "
       "longer compatible between each other. Take this opportunity to try out ruff.",
       [d("decision", ["ruff"], "no longer compatible", ["black", "reorder-python-imports"])])
commit("agronholm/anyio", "baad5c65d44b485107b427b7a039f93d4a24becd",
       "Replaced flake8, pyupgrade and isort with ruff",
       [d("decision", ["ruff"], None, ["flake8", "pyupgrade", "isort"])])
commit("pypa/build", "1904c7768d7591f40e5bf95014f9c383fc9d524d",
       "refactor(typing): ban explicit Any across src and tests (#1093). The codebase leaned on Any, object, and "
       "# type: ignore in places where a precise type was recoverable, so the checker could not catch real mistakes in "
       "argument shapes, config-settings handling, or mock wiring. The disallow_any_explicit mypy flag now guards both "
       "src and tests, so an accidental Any fails the type gate rather than slipping through review.",
       [d("constraint", ["explicit any"], "could not catch real mistakes", ["explicit any"])])
commit("sindresorhus/execa", "770788027308cb8a5d2002445c65e25024e1a4c6",
       "Require Node.js 12.20 and move to ESM (#478)",
       [d("decision", ["node.js 12.20"]), d("decision", ["esm"])])
commit("motdotla/dotenv", "138e87c6d20cf005d55d9a2eb5b65b090357105f",
       "Replace parser regex with hand-written character scanner. The line-matching regex in parse() is the dominant "
       "cost when parsing large .env files. Replaces it with a Uint8Array(256) lookup table for key character "
       "classification and a manual state machine over the input string. No new dependencies. No changes to public API.",
       [d("decision", ["character scanner"], "dominant cost", ["parser regex"])])
commit("golang-jwt/jwt", "bfe701fdf5f92c3238e3e69a6578660ff6cc998b",
       "When possible, instead of identifying signing methods by string, pass them in directly by name. This is less "
       "error-prone and avoids an unnecessary map lookup. Also encourage this type of usage by using it in the README.",
       [d("preference", ["by name"], "less error-prone", ["string"])])
commit("gorilla/websocket", "1d5465562bd18517af0ba4b272bfdb5ec0cfd8ca",
       "Unbundle x/net/proxy and update to recent version. Import golang.org/x/net/proxy instead of using the bundle in "
       "x_net_proxy.go. There's no need to avoid the dependency on golang.org/x/net/proxy now that Go's module system is "
       "in widespread use.",
       [d("decision", ["golang.org/x/net/proxy"], "module system", ["bundle"])])
commit("pelletier/go-toml", "1e802675584612ffc5d49dd4cd6322780569f78a",
       "parser: require \\n after parsing integer in kv (#527). Fixes #526",
       [])
commit("tokio-rs/bytes", "536db06f168bdef967afbeac0561bf774e9a1315",
       "Use ManuallyDrop instead of mem::forget (#675)",
       [d("decision", ["manuallydrop"], None, ["mem::forget"])])
commit("chronotope/chrono", "78c0fbcf181d3256c2c240a465feb8fd6c950451",
       "Migrate to core::error::Error. Stabilized in rust 1.81, behind a feature flag so as to not bump the current MSRV "
       "of 1.61.",
       [d("decision", ["core::error::error"], "stabilized in rust 1.81")])
commit("console-rs/indicatif", "880d8ce6b9e1615605fdf2c84cc24068f985a0b0",
       "Switch from number_prefix to unit-prefix (#709)",
       [d("decision", ["unit-prefix"], None, ["number_prefix"])])
commit("lostisland/faraday", "2b9a6241c6835a71a1ac64c9712f9e1f2a2d689d",
       "Use Uri.parse instead of Utils.URI (#1485). Utils.URI can be configured to use a different parser and return an "
       "object that \"behaves like a URI\". However, opaque is not available in other objects (e.g. Addressable::URI), so "
       "in this instance we need to use URI.",
       [d("decision", ["uri.parse"], "opaque is not available", ["utils.uri"])])
commit("square/okio", "9905a207e8df312bdfa471cb31156b9c7939d05b",
       "Migrate away from Kotlin JS plugin (#1521)",
       [d("decision", ["kotlin js plugin"], None, ["kotlin js plugin"])])
commit("vlucas/phpdotenv", "f1f4ca570735af96e7fb1c173f0fe71d9229b75c",
       "Drop PHP 7.1 and support PHP 8.3",
       [d("decision", ["php 7.1"], None, ["php 7.1"]), d("decision", ["php 8.3"])])
commit("thephpleague/flysystem", "b937e1a46f711d3e44326f5717fdec558c876823",
       "Replace various short-ternary operators with null coalescing ones",
       [d("preference", ["null coalescing"], None, ["short-ternary"])])
commit("elixir-ecto/ecto", "523a7a2ed7ede688387d2acd127df9e2fdc2d83d",
       "Fix subqueries in interpolated join wheres (#4765). Make the join builder construct every JoinExpr.on as a "
       "BooleanExpr, instead of only the ons synthesized from interpolated join queries.",
       [])
commit("google/googletest", "1be494659033b4df4989d77d88edae85bb35ff5e",
       "Prefer -pthread flag on CMake. In the past, GoogleTest could not set this flag unconditionally as it would break "
       "CUDA on CMake versions older than 3.13. As the project now requires at least CMake 3.16, it's safe to enable and "
       "finally prefer -pthread to -lpthread.",
       [d("preference", ["-pthread"], "cmake 3.16", ["-lpthread"])])
commit("assertj/assertj", "2a6bd0b0a7c19e1838cb47903efc16749317b874",
       "Revert JUnit 6 upgrade (#4030). Revert \"chore(deps): bump junit-jupiter.version from 5.13.4 to 6.0.0 (#3971)\"",
       [d("decision", ["junit 6"], None, ["junit 6"])])
commit("ai/nanoid", "4bf7b85814ad9425da5df7a461bb363ce2cd1201",
       "Move from Prettier and ESLint to oxfmt and oxlint",
       [d("decision", ["oxfmt", "oxlint"], None, ["prettier", "eslint"])])
commit("redis/go-redis", "9b33d16917439cd5404646aae0ab36b2e4260c33",
       "fix(cluster): data race appending to shared masters/slaves slices (#3861). clusterState is shared as an immutable "
       "snapshot but Masters keeps spare capacity from appendIfNotExist, so append(state.Masters, state.Slaves...) "
       "mutates the shared backing array under concurrent routing. Copy into a fresh slice in executeOnAllNodes, "
       "pickArbitraryNode and mapCmdsByNode.",
       [])
commit("pallets/itsdangerous", "d65fa7a16b0807448c331b7de98e6b270096072d",
       "switch to flit build backend",
       [d("decision", ["flit"])])
commit("python-trio/trio", "db082aaf671856eff9960a3d903c3d8729baa8b9",
       "Revert \"Switch to PyPy nightly\"",
       [d("decision", ["pypy nightly"], None, ["pypy nightly"])])

# ---------------------------------------------------------------- documents: decision records, contribution guides, templates
doc("yavorpanayotovdr/kinetix", "docs/adr/0004-kafka-for-async-messaging.md",
    "ADR-0004: Use Apache Kafka for Asynchronous Messaging. Status: Accepted. Decision: Use Apache Kafka 4.0 in KRaft "
    "mode (no ZooKeeper dependency). Alternatives Considered: RabbitMQ: Lower latency per message, simpler operations, "
    "but lacks replay capability. Audit trail and reprocessing require durable streams. Redis Streams: Lightweight but "
    "limited in durability guarantees and consumer group management at scale. NATS: Fast but lacks the durability and "
    "ecosystem maturity of Kafka for financial workloads.",
    [d("decision", ["kafka"], "replay capability", ["rabbitmq", "redis streams", "nats"])])
doc("grzegorz-grzeda/g2labs-api", "docs/decisions/0002-use-mongodb-with-repository-pattern.md",
    "ADR 0002 — Use MongoDB with Repository Pattern. Status: Accepted. Context: The API server needs flexible schema and "
    "rapid iteration. Direct Mongo usage inside controllers would tightly couple business logic to persistence and "
    "prevent future storage changes. Decision: We will: Use MongoDB as primary datastore. Use the official MongoDB "
    "Node.js driver. Abstract database access behind repository interfaces. Alternatives Considered: PostgreSQL, "
    "Mongoose ODM, Direct Mongo calls from services",
    [d("decision", ["mongodb"], "flexible schema", ["postgresql"]),
     d("decision", ["official mongodb node.js driver"], None, ["mongoose odm"]),
     d("architecture", ["repository interfaces"], "tightly couple", ["direct mongo calls"])])
doc("michi-haensler/EcoTrack", "docs/architecture/decisions/ADR-001-keycloak-as-identity-provider.md",
    "ADR-001: Keycloak als zentraler Identity Provider für EcoTrack. Status: Akzeptiert. Entscheidung: Wir verwenden "
    "Keycloak als zentralen Identity Provider (IdP) für alle EcoTrack-Plattformen. Alternative B: Auth0 (SaaS). "
    "Entscheidung: Abgelehnt - Kosten, Datenschutz-Bedenken für Schulprojekt. Alternative C: Firebase Authentication. "
    "Entscheidung: Abgelehnt - Zu stark auf Google-Ökosystem fokussiert. Alternative D: Authentik. Entscheidung: "
    "Abgelehnt - Keycloak ist etablierter, bessere Spring Boot Integration",
    [d("decision", ["keycloak"], "etablierter", ["auth0", "firebase authentication", "authentik"])])
doc("lucaswerkmeister/cheats", "CONTRIBUTORS.md",
    "Contributing. Any contributions are welcome! When contributing code, please consider the following rules: code "
    "indented by four spaces, no tabs. use comments. remember to make all variables local. use common sense (read: I "
    "can't be bothered to write a full guide)",
    [d("preference", ["four spaces"], None, ["tabs"]), d("preference", ["comments"]),
     d("constraint", ["variables local"])])
doc("ServiceStack/docs.servicestack.net", "MyApp/_pages/code-contribution-guide.md",
    "Code Contribution Guide. Please use whitespace instead of tabs. If you implement a new feature, please add tests "
    "for it. If you fix a bug, please add a regression test, so the bug doesn't occur anymore. Run all tests before "
    "submitting a pull request.",
    [d("preference", ["whitespace"], None, ["tabs"]), d("constraint", ["tests"]),
     d("constraint", ["regression test"], "doesn't occur anymore"), d("constraint", ["run all tests"])])
doc("DFE-Digital/single-unique-identifier", "Docs/Architecture/Decisions/ADR-TEMPLATE.md",
    "ADRXXX: [Title]. Status: [Draft | Accepted | Superseded by ADRXXX]. Decision: In a few sentences, describe the "
    "decision taken. Options considered: Briefly describe each option considered as a numbered list, marking the "
    "selected option with '(SELECTED)'. For example: 1. SQL Server 2. (SELECTED) Postgres 3. No database")
doc("alextanhongpin/architecture-decision-records", "README.md",
    "Architecture Decision Records. My own personal ADR. Why: to record the why; narrow down hard choices (most "
    "comparisons are apple vs oranges); what is obvious to you may not be obvious to others; a decision tree for "
    "architecture")

# ---------------------------------------------------------------- TypeScript rewrites and CSS frameworks
ex(G + "inikulin/parse5/issues/190",
   "Accomplish TypeScript rewrite. It would be nice to accomplish great work started by @RReverser for v4 release. "
   "We've developed quite complicated relationships with TypeScript, therefore it will not happen in the foreseeable "
   "future.",
   [d("decision", ["typescript"], "complicated relationships", ["typescript"])])
ex(G + "davidmarkclements/fast-redact/issues/61",
   "TypeScript rewrite. Would you be interested in a PR for a TypeScript rewrite? I wouldn't.",
   [d("decision", ["typescript rewrite"], None, ["typescript rewrite"])])
ex(G + "commenthol/astronomia/issues/35",
   "Stance to TypeScript? Would you be interested in rewrite of the library to TypeScript? I am personally not "
   "interested in rewriting this lib to TS as IMO this is a hell of work. I understand the need of typing's from a DX "
   "perspective and would prefer jsdoc typing's instead. I'd like to say that I won't maintain a refactoring using "
   "typescript files within this project.",
   [d("decision", ["typescript"], "hell of work", ["typescript"])])
noise(G + "ecsyjs/ecsy/pull/133",
      "rewrite into typescript. I'll be closing it by now so people that arrive here don't get false expectations that "
      "we are about to get typescript into the core other than the current approach by introducing types. This will be "
      "an ongoing conversation anyway so if in the future we decide to go back to this and give restart the discussion.")
noise(G + "lukeed/uvu/issues/159",
      "Rewrite to typescript. I read that you are rewriting this library, maybe you could just use typescript as it "
      "might lead to get more contributors. TypeScript is on the agenda – it's likely to be part of this rewrite but I "
      "haven't decided for sure yet. Closing either way, since it's either going to happen or isn't, but doesn't need to "
      "be tracked here.")
noise(G + "sb-mig/sb-mig/issues/40",
      "Rewrite to Typescript ? Closing. There is no need for that at the moment.")
ex(G + "cypress-io/cypress/issues/24907",
   "Migrate from WindiCSS to mainline TailwindCSS. Why is this needed? WindiCSS looks dead; docs are quite a bit worse; "
   "Windi will eventually slow us down, using a non maintained library isn't ideal when better, updated version exists. "
   "We did it, it wasn't too difficult.",
   [d("decision", ["tailwindcss"], "looks dead", ["windicss"])])
ex(G + "TimeWarpEngineering/timewarp-architecture/pull/67",
   "Replace Bootrap with Tailwinds. Boostrap is great but Tailwinds fits better for my goals.",
   [d("decision", ["tailwinds"], "fits better", ["bootrap"])])
ex(G + "rilldata/rill/issues/6",
   "switch to tailwind. As much as I love hand-writing css, not everyone agrees with this approach. Moving to Tailwind "
   "will probably ensure greater productivity for others and will undoubtedly help standardize my prototype styling.",
   [d("decision", ["tailwind"], "greater productivity", ["hand-writing css"])])
noise(G + "thunderbird/appointment/issues/495",
      "Remove tailwind. Now that we're getting some newer designs for pages, components, and flows we should think about "
      "moving away from tailwind. It was nice to have while prototyping but it's becoming a burden to override in some "
      "cases.")
noise(G + "tiddlyhost/tiddlyhost-com/issues/174",
      "Consider switching from Bootstrap to Tailwind. Tailwind doesn't come with components, so we'd need something from "
      "tailwindtoolbox as well. It's a bunch of work to switch, so I guess we'll probably stick with bootstrap.")
noise(G + "stellar/freighter/issues/1975",
      "SPIKE: migrate to tailwind. Freighter mobile is using nativewind but the extension uses plain CSS. It may be "
      "beneficial for us to consider using the related tailwind project to keep things consistent across projects. Lets "
      "discuss whether this is worth doing and if so, what the lift would be so we can prioritize if properly.")
noise(G + "devsoc-unsw/notangles/issues/819",
      "refactor: Tailwind Rewrite. We plan to migrate everything to Tailwind CSS in the future. Your task is to choose a "
      "few MUI components and start the conversion to Tailwind CSS. TailwindCSS lowkey not worth it (sunk cost fallacy) "
      "due to the already large number of components currently existing. Wouldn't mind doing this in the future but "
      "would rather invest that time into newer features and improvements.")


assert_new_repositories("capture19.json")
write_heldout_set(19, "w", sys.argv[1])
