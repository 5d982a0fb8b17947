# One-off: writes capture12.json, the twelfth capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it, by a labeller who had not read the
# extractor's code nor run it on this text. The whole set is blind: it is the held-out check of the round that reads
# sets 10 and 11.
# Usage: python build_labels_12.py capture12.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall sets or of the outside held-out set is used again)
import sys

from labelset import assert_new_repositories, d, ex, noise, write_heldout_set

G = "github.com/"
# ---------------------------------------------------------------- Python dependency managers: Poetry and uv
ex(G + "Kaszanas/SC2_Datasets/issues/77",
   "Dependency Management With UV. I am using `uv` in my daily development for some time. Having to use poetry with "
   "this projects make it harder to maintain. This repository should move to be used with `uv`. This seems to be done "
   "with the merged PR.",
   [d("decision", ["uv"], "harder to maintain", ["poetry"])])
ex(G + "vprusso/toqito/pull/1337",
   "feat: switch to uv from poetry. Closes: #1315 Switch from `poetry` to `uv` for dep management.",
   [d("decision", ["uv"], None, ["poetry"])])
ex(G + "ActivityWatch/aw-server/pull/154",
   "Switches from poetry to uv. I just discovered this project and wanted to propose switching from poetry to uv. "
   "Sorry, but this isn't going to happen. We have dozens of repos all using poetry, and while I love `uv`, we won't "
   "update all the repos to use it at this time, and we aren't going to use both.",
   [d("decision", ["poetry"], "dozens of repos", ["uv"])])
# ---------------------------------------------------------------- linters and formatters
noise(G + "nestjs/typescript-starter/issues/306",
      "Replace eslint and prettier with biomejs. No need to have two tools when one can handle both! There's "
      "currently no plans to use biomejs.")
# ---------------------------------------------------------------- Create React App to Vite
ex(G + "reactplay/react-play/issues/578",
   "Migrate from Create React App to Vite. Vite is the best way to build a React app these days. Unlike CRA, it "
   "doesn't use Webpack which makes things way better. The developer experience will increase a llot if this app is "
   "migrated to use Vite instead of CRA. Could I take this up? Sure",
   [d("decision", ["vite"], "developer experience", ["create react app"])])
noise(G + "IQSS/dataverse-frontend/issues/10",
      "migrate to Vite (brighter future than Create React App and Webpack). In short, Vite seems to have a brighter "
      "future than Create React App. I think Vite would be a stronger foundation for us. This issue is about trying to "
      "migrate to Vite. It needs to be investigated whether moving to Vite will interfere with using certain "
      "components/frameworks that are available in React, but are not yet usable with Vite")
noise(G + "RolnickLab/antenna/issues/254",
      "Create React App -> Vite. CRA is no longer the recommended way to setup a React app. I think we should migrate "
      "to Vite when we get a chance. It's more performant (faster build times, etc.) and has some other advantages as "
      "well. As the FE app gets larger, I think this could be nice. Looks cool!")
ex(G + "battlecode/galaxy/issues/842",
   "Create React App -> Vite. We need to actually migrate from CRA to Vite before we can launch FE2 :sunglasses:",
   [d("decision", ["vite"], "launch fe2", ["cra"])])
# ---------------------------------------------------------------- supported Node.js versions
ex(G + "MarketSquare/robotframework-browser/issues/4267",
   "Drop node 18 support. Is your feature request related to a problem? Please describe. Drop node 18 support because "
   "node 18 is not anymore support by NodeJS",
   [d("decision", ["node 18"], "not anymore support", ["node 18"])])
ex(G + "vertesia/llumiverse/pull/219",
   "chore: drop Node 18 and Node 20 support. Many dependencies are dropping Node 18 support, we definitely do not "
   "support it. Node 20, we are not using or testing it, better to just remove it.",
   [d("decision", ["node 18"], "many dependencies", ["node 18"]),
    d("decision", ["node 20"], "not using or testing", ["node 20"])])
ex(G + "hey-api/hey-api/issues/1923",
   "Drop Node 18 support. Node 18 will be unsupported at the end of the month, on April 30th. I propose that this "
   "project drop support for it. Are there any APIs or features you're looking to unlock as a result? Not explicitly, "
   "but a package dependency of fastify has updated to require node >=20. Node 18 has reached end of life. Node 18 "
   "will be removed in the next release!",
   [d("decision", ["node 18"], "end of life", ["node 18"])])
ex(G + "github-community-projects/private-mirrors/issues/390",
   "Drop support for Node.js 18. Is your feature request related to a problem? Node.js 18 is now EOL. Per project "
   "policy, EOL versions are not supported. Describe the solution you'd like: Drop support for Node.js 18 at runtime "
   "and for development.",
   [d("decision", ["node.js 18"], "eol", ["node.js 18"]), d("constraint", ["eol versions"])])
ex(G + "makenowjust-labs/recheck/pull/1406",
   "Drop Node v18 support. Changes: Drop Node v18 support since its support will be terminated in 2025-04. This should "
   "have been semver-major, particularly before 2025-04.",
   [d("decision", ["node v18"], "terminated", ["node v18"])])
# ---------------------------------------------------------------- documentation generators: Sphinx and MkDocs
ex(G + "shakefu/pytool/issues/58",
   "Migrate documentation to use mkdocs-material. Sphinx is old and busted.",
   [d("decision", ["mkdocs-material"], "old and busted", ["sphinx"])])
noise(G + "johnthagen/python-blueprint/issues/39",
      "Consider migrating to MkDocs. MkDocs and specifically Material for MkDocs offers a very nice alternative to "
      "Sphinx to consider. Should probably migrate the README to Markdown as well.")
ex(G + "alix-tz/escriptorium-documentation/issues/6",
   "Switch to MkDocs. Having to write the documentation in Sphinx is a real slow down so I just switched the compiler "
   "to what looks like a Markdown based option: MkDocs.",
   [d("decision", ["mkdocs"], "slow down", ["sphinx"])])
ex(G + "gadomski/antimeridian/issues/140",
   "Switch to mkdocs (matrial) from sphinx",
   [d("decision", ["mkdocs"], None, ["sphinx"])])
# ---------------------------------------------------------------- state management: Redux and Zustand
ex(G + "vishwajeetraj11/osresume/issues/20",
   "Replace Redux with Zustand. Check for each state, add zustand stores and use them instead of redux. working in "
   "this.",
   [d("decision", ["zustand"], None, ["redux"])])
noise(G + "datalayer/jupyter-ui/issues/50",
      "Replace `Redux` with `Zustand`. As initial step, we could `add` Mobx and/or Zustand to Redux instead of removing "
      "completely Redux. Important criteria is the ease of integration with `Rx.js` and `Y.js`. Nowadays Zustand seems "
      "to have more contribution and downloads. I had a chat yesterday with @adrianlemess and looks like Zustand would "
      "be a great addition aside Redux")
# ---------------------------------------------------------------- test runners
ex(G + "MarketSquare/robotframework-robocop/pull/684",
   "Migrate argument_validation tests from unittest to pytest. One of our test suites was written in unittest since the "
   "beginning - I migrated it to pytest to be consistent with the rest of the code base.",
   [d("decision", ["pytest"], "consistent", ["unittest"])])
# ---------------------------------------------------------------- JavaScript package managers
noise(G + "aigeroni/Winnie_Bot/pull/236",
      "Switch from yarn to pnpm. Switch to using pnpm for package management. As straightforward as this looks in "
      "code, it is a fairly large change. I'm provisionally endorsing this change, depending on how my local testing "
      "goes.")
ex(G + "Kong/kongponents/pull/2230",
   "feat(*): pnpm. Summary: Switch from `yarn` to `pnpm`",
   [d("decision", ["pnpm"], None, ["yarn"])])
ex(G + "nolanlawson/marky/pull/41",
   "Switch from yarn to pnpm",
   [d("decision", ["pnpm"], None, ["yarn"])])
# ---------------------------------------------------------------- dependencies: the standard library over a package
ex(G + "zingolabs/zaino/pull/1020",
   "remove unnecessary dep and prefer std instead",
   [d("preference", ["std"], "unnecessary")])
noise(G + "uutils/coreutils/issues/1438",
      "Write this with only using standard library. No third party library should be used. Why? It will make them "
      "easy to understand and third party dependency less. This utilities are not complex tools. So it is perfect to "
      "use only the std lib. It's unneccesary to reinvent the wheel over and over again, especially if it results in "
      "less readable and less performant code. This is not accurate.")
ex(G + "covidatlas/li/pull/250",
   "Remove unnecessary dependency. Use regular code, not libraries, for simple things.",
   [d("preference", ["regular code"], "simple things", ["libraries"])])
ex(G + "mmottl/pcre-ocaml/pull/21",
   "Remove build dependency on Base. I removed the build dependency on base, which was rather frivolous, to be honest. "
   "In this case, the purpose of Base is easily accomplished using the standard library. Thanks, I agree that this "
   "dependency, even though it was just required for building and should build on any platform, should not be "
   "necessary.",
   [d("decision", ["standard library"], "frivolous", ["base"])])
ex(G + "mlms13/FancyArea/issues/29",
   "Get that jQuery out of here. Something this simple doesn't need to depend on another library.",
   [d("decision", ["jquery"], "something this simple", ["jquery"])])
# ---------------------------------------------------------------- supported platforms
ex(G + "Pelagicore/facelift/issues/301",
   "Drop Windows support. To be decided if Windows support is still required. The Windows build is broken for a long "
   "time now and none is complaining about it. Done",
   [d("decision", ["windows"], "broken", ["windows"])])
ex(G + "CDrummond/cantata/issues/1463",
   "Why drop windows support? Hi I was just reading through the patch notes and saw that you dropped windows support "
   "as of 2.3.3, I am wondering why you made this decision. Because I use neither windows nor macOS - in fact, I don't "
   "really use MPD anymore (switched to LMS). My time is limited, I'm working on an LMS HTML UI, so have no time for "
   "windows and mac builds.",
   [d("decision", ["windows"], "no time", ["windows"])])
ex(G + "JAM-Software/Virtual-TreeView/issues/707",
   "Drop support for Windows XP / 2003 in V7. I am aware that there are solutions, but I don't want to spend my time on "
   "them. The support for Windows XP/2003 has been dropped (issue #707). This means: We did not intentionally break XP "
   "support. We do no longer test on Windows XP/2003. We recommend to use the V6 branch on Windows XP",
   [d("decision", ["windows xp"], "spend my time", ["windows xp"])])
ex(G + "joncampbell123/doslib/issues/15",
   "DOSLIB officially will *not* support Windows 10. I am putting this notice here that I will not support or develop "
   "support for Windows 10 in DOSLIB (or DOSLIB2). Do not open issues or report bugs for issues with Windows 10, they "
   "will be removed, closed, and deleted. Microsoft's actions are unforgivable.",
   [d("decision", ["windows 10"], "unforgivable", ["windows 10"])])
# ---------------------------------------------------------------- containers: Docker and Podman
ex(G + "oss-aspen/8Knot/issues/594",
   "switch from docker compose over to podman compose. Red Hat + IBM are putting a lot of energy into Podman compose - "
   "Podman Desktop is getting to be significantly better than Docker Desktop. We were forced to do this by Docker, so "
   "this is done and just needs to be documented better in the repo.",
   [d("decision", ["podman compose"], "forced", ["docker compose"])])
ex(G + "saucelabs/forwarder/pull/757",
   "Use docker or podman compose instead of docker-compose. `podman compose` would preconfigure and run "
   "`docker-compose` if it can find it in the path. It works out of the box and gives us the best of both worlds. I "
   "also tried `podman-compose` the `docker-compose` alternative, but the performance is much worse and I failed to "
   "fix it in reasonable time. LGTM",
   [d("decision", ["podman compose"], "best of both worlds", ["docker-compose", "podman-compose"])])
noise(G + "ukaea/fair-mast/issues/8",
      "Investigate using podman instead of docker desktop. Investigate how we can use podman instead of docker "
      "desktop. We need to make sure we can still use docker compose. Please make sure to write some documentation in "
      "a readme to describe how to deploy it!")
noise(G + "containers/podman-compose/issues/276",
      "Future of podman-compose. Since the latest Podman release (v3), the `docker-compose` cli is natively supported. "
      "So I was wondering what is the roadmap regarding this project? Will it be slowly put into maintenance mode and "
      "deprecated in favor of `docker-compose`? BTW I am fine with carrying on this effort, especially if "
      "podman-compose supports more features of podman then docker-compose.")
# ---------------------------------------------------------------- date libraries
noise(G + "serverless/serverless/issues/7022",
      "Replace momentjs with dayjs or luxon to drastically reduce bundle size. Replace to reduce bundle size. Moment.js "
      "is about 20x heavier than dayjs and does basically the same thing :( @cktang88 thanks for request, PR is "
      "welcome!")
# ---------------------------------------------------------------- commit messages
ex(G + "pallets/werkzeug/commit/8c129d383efff024263218bb7fb1bdfac9591e42",
   "use sha3-256 instead of sha-1",
   [d("decision", ["sha3-256"], None, ["sha-1"])])
ex(G + "sharkdp/fd/commit/325d419e39733a8511471438ef021a8b4116c12f",
   "Replace num_cpus with std::thread::available_parallelism. I think this might help startup time a little bit, since "
   "it looks like on linux at least the std implementation uses syscalls to determine the parallelism, whereas num_cpus "
   "was processing the /proc/cpuinfo file. It also removes another dependency.",
   [d("decision", ["available_parallelism"], "startup time", ["num_cpus"])])
ex(G + "httpie/cli/commit/c901e704633cb79c686b3edaae497ed38b2978ba",
   "Replaced unmaintained OAuth plugin with new httpie-oauth1 plugin. (#1302)",
   [d("decision", ["httpie-oauth1"], "unmaintained", ["oauth plugin"])])
ex(G + "pytest-dev/pytest-xdist/commit/31bee7c56784a2ddff684851c7dca509bb06a2d1",
   "Revert using direct annotations in looponfail.py. We need to use string annotations otherwise we get this error: "
   "ValueError: (\"the use of non-builtin globals isn't supported\", ['execnet', 'Any'])",
   [d("decision", ["string annotations"], "non-builtin globals", ["direct annotations"])])
ex(G + "encode/starlette/commit/94b1d70a6b38add8d12248fc612b8f872f24904a",
   "Use ruff instead of flake8, autoflake and isort (#2110)",
   [d("decision", ["ruff"], None, ["flake8", "autoflake", "isort"])])
ex(G + "python-attrs/attrs/commit/16dfa9f7134d18abf2bc6b2a668611188aa9dd0b",
   "Stop using nodeenv (#1178). Constant downloading of Node & Pyright is flaky and a waste of resources.",
   [d("decision", ["nodeenv"], "flaky", ["nodeenv"])])
ex(G + "BurntSushi/ripgrep/commit/92dc402f7f598c3d0045f94df9988bbe1c0c79cf",
   "Switch from Docopt to Clap. There were two important reasons for the switch: 1. Performance. Docopt does poorly "
   "when the argv becomes large, which is a reasonable common use case for search tools. 2. Better failure modes. Clap "
   "knows a lot more about how a particular argv might be invalid, and can therefore provide much clearer error "
   "messages. While both were important, (1) made it urgent.",
   [d("decision", ["clap"], "performance", ["docopt"])])
ex(G + "jd/tenacity/commit/dc60786ac1d15c54bd2279293c199544f50a3867",
   "Use f-strings instead of `str.format` as faster and easier to read (#311). Since python 3.6 we are able to use it.",
   [d("preference", ["f-strings"], "faster", ["str.format"])])
# ---------------------------------------------------------------- contribution guides
ex(G + "eldang/elevation_lookups/blob/HEAD/CONTRIBUTING.md",
   "contributor guidelines. run everything through `python3 -m flake8 *.py --ignore=E303,W504` before making a PR. Use "
   "mypy to check typing consistency. It is AOK to tell it to ignore missing type hints from PEP imports, but all code "
   "in this project must have full type hints.",
   [d("constraint", ["flake8"]), d("preference", ["mypy"]), d("constraint", ["full type hints"])])
ex(G + "RSE-Sheffield/sheffield-covid-19/blob/HEAD/contributing.md",
   "Coding Style: Please format your code using `black`. Typehints: Do not use typehints. Tests: Tests are encouraged; "
   "please use `pytest`. Static Analysis: Would be interested to hear reports of using `pylint` or similar.",
   [d("preference", ["black"]), d("constraint", ["typehints"]), d("preference", ["pytest"])])
ex(G + "Brad2005-neva/hmm-hydra-swap/blob/HEAD/docs/docs/internal/conventional_commits.md",
   "Conventional commits. We enforce that all PR titles should follow the Conventional Commits standard so that we can "
   "build an automated changelog.",
   [d("constraint", ["conventional commits"], "automated changelog")])
ex(G + "db-operator/db-operator/blob/HEAD/.github/conventional_commit_comment.md",
   "Please avoid using conventional commits in this repository unless you are comfortable with your commit history "
   "being squashed. We do not have any automation based on commit messages, so conventional commit tags don't provide "
   "any value here.",
   [d("constraint", ["conventional commits"], "automation")])
# ---------------------------------------------------------------- changelogs
ex(G + "HewlettPackard/py-spiffe/blob/HEAD/spiffe/CHANGELOG.md",
   "[0.2.0] - 2025-06-09. Changed: Dropped support for Python 3.9. Updated minimum required Python version to 3.10. "
   "Notes: `cryptography>=44.0` requires Python 3.10 or later.",
   [d("decision", ["3.10"], "cryptography", ["python 3.9"])])
ex(G + "exasol/pyexasol/blob/HEAD/doc/changes/unreleased.md",
   "Unreleased. This release drops support for Python 3.9, which reached its end-of-life in 2025-10. Refactoring: "
   "#289: Dropped support for Python 3.9. #117: Replaced rsa package (deprecated) usage with cryptography",
   [d("decision", ["python 3.9"], "end-of-life", ["python 3.9"]),
    d("decision", ["cryptography"], "deprecated", ["rsa"])])
ex(G + "jgosmann/goppy/blob/HEAD/CHANGELOG.rst",
   "[1.1.0] - 2023-08-19. This release is a maintenance release to bring the code base up to date with current "
   "standards and Python versions. This drops support for Python version before 3.9, but also officially adds support "
   "for up to Python 3.11. Removed: Support for Python before 3.9.",
   [d("decision", ["3.9"], "up to date"), d("decision", ["python 3.11"])])
# ---------------------------------------------------------------- end-to-end tests: Cypress and Playwright
ex(G + "kendraio/kendraio-app/issues/610",
   "Moving end-to-end tests from Cypress to Playwright. Now the Cypress tests are ported to the faster Playwright tests "
   "and they run locally, it would be simpler to perform: Continuous Integration support for Playwright. Removal of "
   "duplicate Cypress tests",
   [d("decision", ["playwright"], "faster", ["cypress"])])
ex(G + "MetroStar/comet-starter/issues/376",
   "Migrate End to End Testing from Cypress to Playwright. Replace Cypress dependencies with Playwright. Replace "
   "existing Cypress Tests with Playwright tests. Update Readme. Update workflow action",
   [d("decision", ["playwright"], None, ["cypress"])])
ex(G + "GCTC-NTGC/gc-digital-talent/issues/9528",
   "Migrate `e2e` tests to Playwright. Debt/Refactor: Migrate all of our Cypress tests to Playwright. Details: We have "
   "made the decision to migrate from Cypress to Playwright. We already have a few tests migrated so you can follow the "
   "patterns developed there.",
   [d("decision", ["playwright"], None, ["cypress"])])
ex(G + "asyncapi/conference-website/issues/549",
   "Migrate to Playwright: free & scalable E2E testing (Outperforms Cypress pro with Cross-Browser support, faster "
   "feedback, and seamless migration). Why do we need this improvement? Cypress's paid features (parallel runs, "
   "cross-browser testing) drain budgets, also its lack of Safari/Firefox support creates blind spots.",
   [d("decision", ["playwright"], "drain budgets", ["cypress"])])
# ---------------------------------------------------------------- web frameworks: Flask and FastAPI
noise(G + "DrAdamRoe/cloud-variations/issues/5",
      "Switch from Flask to FastAPI. Many students are using FastAPI and it seems mature enough. This switch to be a "
      "good idea for this tutorial. ASGI is not yet supported natively on App Engine standard environments or Cloud Run "
      "out of the box. This seems to complicate things more than it simplifies them. Check again in half a year.")
ex(G + "deadbits/vigil-llm/issues/45",
   "Switch API server to use FastAPI. Migrate the API server use FastAPI instead of Flask. I'm more familiar with Flask "
   "but after reading about fastapi a bit, it seems preferable for APIs. The Streamlit UI won't be affected since that "
   "just hits the API (I also want to move away from Streamlit, but that's a different ticket).",
   [d("decision", ["fastapi"], "preferable for apis", ["flask"]), d("decision", ["streamlit"], None, ["streamlit"])])
ex(G + "dimensionalOS/dimos/issues/23",
   "Transition Flask to FastAPI and Uvicorn. Flask is not as reliable nor suitable for a production environment. It is "
   "also not as easy to maintain as FastAPI and Uvicorn will be.",
   [d("decision", ["fastapi"], "production environment", ["flask"])])
# ---------------------------------------------------------------- task queues
noise(G + "cheshire3/cheshire3/issues/81",
      "Consider replacing parallel TaskManager with Celery. A multi-broker distributed task queue system, that could "
      "likely easily replace the home grown TaskManager / Task code")
noise(G + "ckan/ideas/issues/66",
      "Celery for background tasks? CKAN has long had some integration with Celery for performing background tasks. "
      "However there have been issues and some people say we should do something else. Celery for: it is the most "
      "used queue for python. Celery against: past problems with using RabbitMQ as a backend. Alternatives: Pika - "
      "amqp library written in python. RQ (python-rq) - a thin wrapper on Redis to make it work as a queue")
ex(G + "aboutcode-org/dejacode/pull/56",
   "Replace Celery by RQ for async job queue #6",
   [d("decision", ["rq"], None, ["celery"])])
# ---------------------------------------------------------------- infrastructure as code: Terraform and OpenTofu
noise(G + "mmarinovic/React2AWS/issues/6",
      "Use OpenTofu instead of Terraform. Hi, As we already know Terraform changes its license from MPL 2.0 to BSL "
      "making terraform as `source-available` rather than truly `open-source`, I suggest we use alternatives like "
      "OpenTofu which is a Open Source project backed by Linux Foundation instead of Terraform.")
noise(G + "deadmanssnitch/terraform-provider-dmsnitch/issues/15",
      "OpenTofu Support. Hey, thank your work for this provider. Since the license change of Terraform, it would be "
      "nice to switch to OpenTofu. Would be great to get this ;)")
noise(G + "nebari-dev/nebari/issues/2762",
      "[ENH] - Switch from Terraform to OpenTofu. Since then, we have not updated the Terraform version that we use. We "
      "should switch to OpenTofu, a Terraform fork with an MPL license. Value and/or benefit: We can keep up-to-date "
      "without getting into a restrictive license. Given this is involves changing one of the project's major "
      "dependencies, we've opened an RFD to discuss it with the community.")
noise(G + "MusicDin/kubitect/issues/204",
      "OpenTofu switch. With the goal of providing an opensource tool that uses terraform under the hood, switching to "
      "opentofu to avoid license conflict with terraform non-opensource license would probably be a good move.")
ex(G + "BlackbirdWorks/gopherstack/issues/119",
   "Switch from Terraform to OpenTofu. Summary: Replace HashiCorp Terraform with OpenTofu for our infrastructure-as-code "
   "integration tests. OpenTofu is the open-source fork of Terraform maintained by the Linux Foundation, created after "
   "HashiCorp's BSL license change. Motivation: License: OpenTofu is MPL-2.0 (truly open source) vs Terraform's BSL 1.1",
   [d("decision", ["opentofu"], "mpl-2.0", ["terraform"])])
noise(G + "2i2c-org/infrastructure/issues/3035",
      "Switch from terraform to opentf. It should be a fairly drop-in replacement. We're in no hurry to do this, but we "
      "can't really upgrade terraform versions before doing this. Perhaps sometime before october.")
noise(G + "kubernetes-sigs/kubespray/issues/12238",
      "Migrate from terraform to opentofu. What would you like to be added: Migrate our terraform tooling to OpenTOFU. "
      "Why is this needed: Same as #12237, license uncertainties as a CNCF project. I guess we can switch to OpenTofu. "
      "(maybe no problem here)")
# ---------------------------------------------------------------- decision records
ex(G + "pbrqsl/losuj_to/blob/HEAD/adrs/0004_database_postrage_sql.md",
   "Database Engine Selection. Decision: We have decided to use PostgreSQL as the database engine for this project. "
   "Considerations: Pros: PostgreSQL is known for its reliability, performance, and advanced features. It has strong "
   "support for complex queries, transactions, and data integrity. Cons: Implementing PostgreSQL may involve a learning "
   "curve for effective management and configuration. Status: Accepted",
   [d("decision", ["postgresql"], "reliability")])
ex(G + "dobrovols/chainctl/blob/HEAD/docs/governance/decisions.md",
   "Governance Decisions. 2025-10-06 · Structured Logging Enforcement. Summary: Adopt workflow-level structured logging "
   "for cluster and application commands. Motivation: Aligns with Constitution v1.2.0 P5 requirements to capture "
   "sanitized command context and stderr for centralized troubleshooting. Implications: Bootstrap and Helm operations "
   "now fail fast if structured logging cannot initialize.",
   [d("decision", ["structured logging"], "centralized troubleshooting")])
ex(G + "CupofJavad/Starter_Pack/blob/HEAD/docs/decisions/0002-logging-approach.md",
   "Decision: Structured Logging + Redaction. Status: Accepted. Context: We need logs that help debugging and do not "
   "leak secrets. Decision: Use Python logging with a redaction filter (at minimum). Prefer structured JSON logging "
   "later if needed. Alternatives Considered: No logging discipline (too costly long-term). Full OpenTelemetry "
   "everywhere (overkill for small apps by default)",
   [d("decision", ["redaction filter"], "leak secrets", ["no logging discipline", "opentelemetry"])])
ex(G + "kattebak/rockpool/blob/HEAD/doc/ADR/007-npm-workspaces-monorepo.md",
   "ADR-007: npm workspaces monorepo. Status: Accepted. Alternatives considered: Separate repos: Harder to coordinate "
   "changes across packages, requires publishing to a registry. Turborepo / Nx: Build orchestration layers on top of "
   "workspaces. Adds complexity we don't need yet. pnpm workspaces: Viable, but npm workspaces are built-in and "
   "sufficient. Decision: Use npm workspaces with a root `package.json` that lists all packages.",
   [d("decision", ["npm workspaces"], "built-in", ["separate repos", "turborepo", "pnpm workspaces"])])
ex(G + "matdup/cto-golden-repo/blob/HEAD/docs/adr/001-monolith-first.md",
   "ADR 001 — Monolith first (modular monolith). Status: Accepted. Context: We need to ship quickly with a small team "
   "while keeping boundaries clear enough to scale later. Decision: Adopt a modular monolith backend by default. "
   "Alternatives considered: Microservices from day 1: rejected (operational overhead too high). Serverless-only: "
   "rejected (lock-in and complexity for stateful domains)",
   [d("decision", ["modular monolith"], "ship quickly", ["microservices", "serverless-only"])])
ex(G + "rogerceniza2025/pems/blob/HEAD/docs/adr/ADR-013-modular-monolith.md",
   "ADR 013 – Modular Monolith Architecture. Status: Accepted. Context: Microservices add complexity too early. "
   "Decision: Use a modular monolith with strong boundaries.",
   [d("decision", ["modular monolith"], "complexity too early", ["microservices"])])
# ---------------------------------------------------------------- what a pull request may hold
ex(G + "midnightntwrk/midnight-node/pull/460",
   "ci: skip enforcing changes check if adding new test. If we're just adding a new test, we don't need to update the "
   "changelog. Let's keep the changelog focused on functional changes. Again docs updates shouldn't require mandatory "
   "changelog entries.",
   [d("preference", ["changelog", "functional changes"])])
ex(G + "valhalla/valhalla/pull/2774",
   "adding an action to check the changelog has been modified on PRs. we semi-recently removed the changelog validation "
   "from our CI. this was because some changes didnt really warrent it. i want to add it back but make it optional. "
   "this way we can see that the job fails but we have to mentally evaluate whether that is ok or not, which should "
   "make us think twice about whether we actually need a changelog entry or not for a particular change",
   [d("decision", ["changelog", "optional"], "think twice")])
ex(G + "python/devguide/pull/635",
   "Add note about formatting-only PR. Pull requests with only code formatting changes are usually rejected. Love this "
   "addition @methane. Merging as soon as all is green.",
   [d("constraint", ["code formatting"])])
ex(G + "ethereum/go-ethereum/pull/31549",
   "chore: fix typos. We've decided not to accept changes that only fix typos, but we appreciate your contribution "
   "nonetheless. Thanks!",
   [d("constraint", ["typos"])])
ex(G + "MarioSieg/magnetron/pull/31",
   "Fix typos. Found few misspellings. Hi, thanks for your contribution. For this project, I don't accept typo-only PRs "
   "or automated search-and-replace changes (including AI-generated ones). The reason is that they add noise to the "
   "commit history and don't improve the functionality of the project.",
   [d("constraint", ["typo-only"], "noise to the commit history")])
ex(G + "MouseLand/suite2p/pull/1015",
   "Fix numerous typos using codespell. Thanks, but we don't accept this kind of pull request. I am confused -- could "
   "you elaborate on what is wrong with a PR contributing fixing typos? We accept contributions which solve significant "
   "existing problems. Nothing from automated code checkers please, they're too likely to introduce errors. Thanks.",
   [d("constraint", ["automated code checkers"], "introduce errors")])
ex(G + "curl/curl/pull/3112",
   "KNOWN_BUGS: Fix various typos. Nothing exciting, just spotted a few random typos while perusing. You can skip the "
   "PR formality for commits that are purely \"fix typo\". Fair enough, will do in the future.",
   [d("preference", ["fix typo"])])
ex(G + "dprojects/getDimensions/pull/5",
   "Fix typos. I agree with all but I am not into accepting pull requests because if you change code it needs to be "
   "fully tested each time, even if it is comment only or typo.",
   [d("constraint", ["pull requests"], "fully tested")])
# ---------------------------------------------------------------- lodash and axios to what the platform has
ex(G + "fedwiki/wiki/pull/148",
   "Remove lodash dependency. Remove lodash dependency in favor of native methods. `_.pull()` is replaced with Array "
   "`splice()`, and `_.assignIn()` is replaced with `Object.assign()`.",
   [d("decision", ["native methods"], None, ["lodash"])])
ex(G + "clauderic/react-sortable-hoc/pull/374",
   "Remove lodash dependency. This PR removes the dependency on lodash in favour of using native array methods, which "
   "drastically reduces the overall bundle size. `Array.prototype.find` is not available in Internet Explorer, so this "
   "will be a breaking change and a polyfill will be required.",
   [d("decision", ["native array methods"], "bundle size", ["lodash"])])
noise(G + "momentum-mod/website/issues/747",
      "Remove Lodash, replace with native. I keep changing my mind about Lodash and the various alternatives. Issues "
      "with Lodash are that it's often significantly slower than ES6, and just an extra dependency. So, now we're on Nx "
      "and adding little libraries is much easier, I think we may as well just just implement these ourselves.")
ex(G + "AlexGilleran/jsx-control-statements/issues/33",
   "Remove usage of lodash. Lodash is only used a few times, and all the usages seem to be pretty simple use cases that "
   "could be replaced with native functions like Array.prototype.reduce and Array.prototype.forEach. There's no point "
   "adding the weight of the entire lodash library :) Is the weight of it that much of a problem? Ah yeah that makes "
   "sense, will look into it :). Fixed in master.",
   [d("decision", ["native functions"], "weight", ["lodash"])])
ex(G + "njerschow/openai-api/issues/60",
   "Feature: replace axios to native fetch. By replacing `axios` to native `fetch` and removed `dotenv`, you can reach "
   "pure dependency.",
   [d("decision", ["fetch"], "pure dependency", ["axios"]), d("decision", ["dotenv"], None, ["dotenv"])])
noise(G + "elsewhencode/react-redux-saucepan/issues/32",
      "Remove axios in favour of native fetch API. More suggestion than Issue but maybe worthwhile to consider using "
      "node's and modern browser native fetch API vs. axios. Happy to hear your opinion because I didn't do a deep "
      "comparison between both. I mixed up that I used a library which included node-fetch. Ignore issue.")
ex(G + "docknetwork/sdk/issues/377",
   "Refactor away axios module in favour in fetch api",
   [d("decision", ["fetch api"], None, ["axios"])])
# ---------------------------------------------------------------- npm and yarn
ex(G + "igoradamenko/awsm.css/issues/52",
   "Try to use yarn. Why not? This is unnecessary complication.",
   [d("decision", ["yarn"], "unnecessary complication")])
ex(G + "betaflight/betaflight-configurator/pull/1408",
   "Moved from 'npm' to 'yarn'. Sorry, I never used yarn. What are the benefits/reasons of this change? `yarn` "
   "addresses some of the shortcomings of `npm`, mostly the continuos struggle with the lock file that it is having. It "
   "is also a bunch faster as it installs packages in parallel, which will be a benefit when running `yarn start`.",
   [d("decision", ["yarn"], "lock file", ["npm"])])
ex(G + "privacycloud/consent-manager-web-ext/issues/112",
   "Replace yarn by npm. At this time, I don't see any particular reason to use `yarn` instead of `npm`. Both offer "
   "(more or less) the same capabilities (actually, `npm` exceeds yarn now in fixing vulnerabilities). Besides, having "
   "`yarn` implies an extra step when setting up the project, since `npm` is built-in on every Node installation, by "
   "default.",
   [d("decision", ["npm"], "extra step", ["yarn"])])
# ---------------------------------------------------------------- licences
ex(G + "WorldHealthOrganization/app/issues/1645",
   "Apache 2.0 Relicensing - Please comment \"I Agree\". Planning to merge this in an hour's time. The PR also documents "
   "consents not received and why they're immaterial to the relicensing. Apache 2.0 License changed merged in. It's "
   "finally done. Thanks everyone.",
   [d("decision", ["apache 2.0"])])
ex(G + "Yale-Libs/yalexs-ble/pull/380",
   "chore: relicense the project under the Apache 2.0 license. All contributors have consented in #375, so this "
   "switches the license from GPL 3.0 to Apache 2.0. The LICENSE file now carries the Apache 2.0 text, the package "
   "metadata is updated, and CONTRIBUTING gains a short licensing section stating that opening a pull request means "
   "agreeing to license the contribution, and any previous contributions, under Apache 2.0. We are making this change "
   "so the library can be used in more projects.",
   [d("decision", ["apache 2.0"], "more projects", ["gpl 3.0"]), d("constraint", ["opening a pull request"])])
ex(G + "denali-js/core/pull/410",
   "Relicense under Apache 2.0. We are relicensing Denali under the Apache 2.0 license, primarily for the stronger "
   "patent protections. Note that this is still a permissive license - there are no copyleft provisions in Apache 2.0. "
   "Because MIT and Apache 2.0 are considered compatible licenses, we could simply append the Apache license to the "
   "LICENSE.md file and be done.",
   [d("decision", ["apache 2.0"], "patent protections")])
noise(G + "sigp/lighthouse/issues/326",
      "Lighthouse re-licensing: GPL 2.0 -> Apache 2.0. We would like to change the licensing on Lighthouse to a more "
      "permissive, less restrictive license: Apache 2.0 (presently GPL 2.0). We would like to request our contributors "
      "to provide their approval for this change. If you disagree with this change and would like to discuss further, "
      "please feel free to do so here.")
noise(G + "doccstat/fastcpd/issues/15",
      "Relicense from GPL-3.0 to Apache License 2.0. We are planning to relicense this project from GPL-3.0 to the "
      "Apache License 2.0 to allow for broader use. As a past contributor to the project, we need your permission to "
      "relicense your contribution along with the reset of the code. Could you please let us know if you agree to this "
      "change? Thank you! Yes, happy for you to relicense.")
# ---------------------------------------------------------------- bug reports and chatter about flaky tests
noise(G + "rigplane/rigplane-core/issues/398",
      "fix: Python 3.13 flaky tests (test_soft_reconnect_handles_connect_failure + test_execute_set_filter_shape). "
      "Summary: Two tests fail intermittently on Python 3.13 in CI, but pass consistently on Python 3.11/3.12. Impact: "
      "Does NOT block v0.14.0 release (published to PyPI). Only affects CI reliability on Python 3.13")
noise(G + "escoffier-labs/brigade/issues/954",
      "flaky: test_work_verify_graphtrail_delta_preexisting_db_timeout_uses_stale_baseline fails intermittently on 3.12 "
      "(KeyError: stale_graph_used). The test forces a timeout and asserts the stale-baseline path was taken, so it is "
      "timing-sensitive. Two independent CI flakes are currently in play; neither is caused by the merged code.")
noise(G + "damianvtran/local-operator/issues/463",
      "test_resume_subagents_todos.py and test_word_caret.py are flaky under CI load. These two tests fail "
      "intermittently in CI, and the failures are not tied to that PR. Failing tests vary run to run within the same "
      "file, and the same commit passes and fails in adjacent runs. That points at timing sensitivity under CI "
      "contention rather than a logic defect.")
noise(G + "urllib3/urllib3/pull/3165",
      "Mark tests known to be flaky as flaky. They really should be investigated and fixed, but this at least makes the "
      "test suite usable. I believe these are only flakey in your debian testing, right? That doesn't mean these are "
      "flakey everywhere. Is it feasible to set the CI enviromnent variable in your testing?")
noise(G + "getsentry/sentry/issues/33600",
      "[Flaky CI]: test. Flakiness Type: Timeout. Name of Job: testing slack. Name of Test: testing slack. Link to Test "
      "Run: testing slack. Details: testing slack")

assert_new_repositories("capture12.json")
write_heldout_set(12, "z", sys.argv[1])
