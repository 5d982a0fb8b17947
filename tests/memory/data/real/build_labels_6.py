# One-off: writes capture6.json, the sixth capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it. The whole set is blind.
import json
import sys

from labelset import X, d, ex, noise


G = "github.com/"
# ---------------------------------------------------------------- decision records (code search)
ex(G + "lucascatanio/distributed-ecommerce-backend/blob/HEAD/docs/adr/001-postgresql.md",
   "ADR-001: PostgreSQL as Primary Database. Context: We need a relational database for the e-commerce monolith. "
   "The system requires strong ACID guarantees (orders, payments, inventory — financial data), complex queries with "
   "joins, full-text search capabilities and JSON support for flexible attributes. Decision: Use PostgreSQL 16 as the "
   "primary database for all services. Alternatives considered: MySQL 8 (less powerful JSON support, fewer advanced "
   "features), MongoDB (no ACID across documents, eventual consistency complexity), CockroachDB (operational "
   "complexity, less mature ecosystem).",
   [d("decision", ["postgresql"], "acid", ["mysql", "mongodb", "cockroachdb"])])
ex(G + "joritkm/infotainer/blob/HEAD/docs/adr/0002-use-grpc-to-build-interface.md",
   "2. Use grpc to build interface. Context: Service components need to expose well defined and documented APIs. "
   "Clients and Service components need to be able to submit, read and stream data. Decision: We will use gRPC to "
   "implement service interfaces. It is well tested, widely available and covers all foreseeable use cases. "
   "Additionally, it enables highly performant inter process communication.",
   [d("decision", ["grpc"], "well tested")])
ex(G + "theovassiliou/doctrans-framework/blob/HEAD/doc/adr/0003-use-grpc-as-main-transport-communication.md",
   "3. Use GRPC as main transport communication. Context: By using protoc as main API language we have to decide "
   "also for a transport protocol. Decision: We are using GRPC as main transport protocol. Consequences: GRPC uses "
   "HTTP/2 as carrier and sits on top.",
   [d("decision", ["grpc"], "protoc")])
ex(G + "danilobml/workstream/blob/HEAD/docs/adr/0002-rest-externally-grpc-internally.md",
   "ADR 0002: REST externally, gRPC internally. Decision: The setup exposes a REST/HTTP API to external clients via "
   "gateway, and uses gRPC for internal service-to-service calls. Context: External clients need a simple, widely "
   "compatible interface. Internally, services benefit from a stricter contract and efficient communication.",
   [d("decision", ["grpc"], "contract")])
ex(G + "patrickjmeurer/portfolio-pms/blob/HEAD/docs/adr/0006-package-manager-pnpm.md",
   "ADR 0006: Package Manager – pnpm. Context: The PMS is a monorepo containing multiple applications and shared "
   "packages. npm was considered as the default package manager but presents limitations in enforcing dependency "
   "isolation in monorepo environments. Decision: The project will use pnpm as the package manager.",
   [d("decision", ["pnpm"], "isolation", ["npm"])])
ex(G + "sleepypod/core/blob/HEAD/docs/adr/0011-switch-to-pnpm.md",
   "ADR: Switch to pnpm for Package Management. Context: The project encountered significant issues with the SQLite "
   "adapter when using Yarn PnP. Specifically, the SQLite adapter required node module linking, which resulted in "
   "significantly slower performance. Decision: We will use pnpm as the primary package manager for this repository. "
   "All developers and CI pipelines will install/run dependencies via pnpm. Alternatives considered: Continue using "
   "Yarn v4: rejected due to performance issues with the SQLite adapter.",
   [d("decision", ["pnpm"], "sqlite adapter", ["yarn"])])
ex(G + "edmolima/typeengine/blob/HEAD/docs/adrs/005-use-pnpm.md",
   "Use pnpm as the package manager. Context: pnpm is fast, disk-efficient, and supports monorepos. Decision: All "
   "scripts and CI will use pnpm. Consequences: Consistent dependency management and faster installs.",
   [d("decision", ["pnpm"], "fast")])
ex(G + "sr198/workalaya-product-owner/blob/HEAD/specs/architecture/decisions/001-monorepo-with-pnpm-workspaces.md",
   "ADR-001: Monorepo with pnpm Workspaces. Option C: Turborepo / Nx. Cons: additional tooling complexity, pnpm "
   "workspaces already handle the core need, premature for current scale. Decision: Option A: pnpm workspaces. The "
   "project is small enough that pnpm workspaces handle everything we need without additional build orchestration "
   "tooling. We can add Turborepo later if build times become a problem.",
   [d("decision", ["pnpm workspaces"], "small enough", ["turborepo"])])
ex(G + "LuisHBarros/orchestra-planner/blob/HEAD/docs/adrs/008-observability.md",
   "ADR 008: Observability — Structured Logging & Request ID. Context: In asynchronous and distributed systems, "
   "plain-text logs (print) become ineffective for debugging failures that span multiple layers or concurrent "
   "requests. We need full traceability. Decision: Adopt structured logging using the structlog library with a "
   "mandatory correlation identifier. All production logs will be emitted in JSON format.",
   [d("decision", ["structlog"], "traceability")])
ex(G + "vk-playground/mcp-context-forge/blob/HEAD/docs/docs/architecture/adr/005-structured-json-logging.md",
   "ADR-0005: Structured JSON Logging. Decision: Use the Python standard logging module with a custom JSON formatter "
   "for structured logs and plain text output when LOG_FORMAT=plain. Consequences: Minimal dependency footprint (no "
   "third-party logging libraries). Alternatives Considered: loguru: elegant syntax, but non-standard; poor "
   "compatibility with Python ecosystem. structlog: adds context pipeline complexity; not needed for current log "
   "volume.",
   [d("decision", ["logging"], "dependency footprint", ["loguru", "structlog"])])
ex(G + "SpaceKatt/github-org-microservice/blob/HEAD/docs/adr/0002-github-actions.md",
   "0002, GitHub Actions for CI/CD Activities. Context: GitHub Actions provide an environment for performing "
   "continuous integration and delivery. TravisCI has been used by the author for previous projects. TravisCI has "
   "recently changed their free tier offering. Decision: GitHub actions will be used for all CI/CD related tasks. "
   "Changes to TravisCI's free tier will likely cause the author to forgo using it in the future.",
   [d("decision", ["github actions"], "free tier", ["travis"])])
ex(G + "ganad831/doc_helper/blob/HEAD/adrs/ADR-007-repository-pattern.md",
   "ADR-007: Repository Pattern with Raw SQL Mappers. Context: The old system had direct SQL queries scattered "
   "throughout services with hardcoded table/column names. Decision: Define repository interfaces in domain layer. "
   "Implement with SQLite in infrastructure using explicit row-to-entity mappers. No ORM—just raw SQL with typed "
   "mappers. Consequences: Full control over SQL performance; no ORM magic or N+1 surprises; more manual mapping code.",
   [d("decision", ["repository"], "scattered", ["orm"])])
ex(G + "russelltsherman/proj-research/blob/HEAD/doc/adr/0007-use-sqlalchemy.md",
   "7. Implement SQLAlchemy as Database ORM. Context: Writing raw SQL can be error-prone, difficult to maintain, and "
   "lacks built-in mechanisms for handling complex object relationships. Decision: We will use SQLAlchemy as our ORM "
   "to abstract database interactions and manage complex queries in a structured manner.",
   [d("decision", ["sqlalchemy"], "error-prone", ["raw sql"])])
ex(G + "GenesisEducationKyiv/software-engineering-school-5-0-StasNikonov/blob/HEAD/docs/adr/orm.md",
   "ADR-002: Choosing Sequelize as the ORM. Considered Options: Sequelize, TypeORM, Prisma. Decision: We will use "
   "Sequelize as the primary ORM for interacting with our PostgreSQL database. Rationale: Mature and widely used in "
   "the Node.js ecosystem; built-in support for migrations and seeders. Drawbacks: More boilerplate compared to Prisma.",
   [d("decision", ["sequelize"], "mature", ["typeorm", "prisma"])])

# ---------------------------------------------------------------- issue and pull-request threads
ex(G + "lebr0nli/GEP/pull/51",
   "Use `uv` instead of `poetry` for managing dependencies. `uv` is fast and enough stable now IMO, so I would like "
   "to switch from `poetry` to `uv`.",
   [d("decision", ["uv"], "fast", ["poetry"])])
noise(G + "unitaryfoundation/metriq-gym/issues/529",
      "Update from poetry to uv. Not a priority, but for faster depenedency management, we should use UV "
      "(additionally other UF projects also use UV over poetry).")
noise(G + "unitaryfoundation/ucc/pull/209",
      "Draft: Switch to uv for dependency management. An alternative to #78 that uses uv instead of poetry. I've "
      "found uv to be more performant locally. Withdrawing for now to focus on the poetry one, but view this as a "
      "proof of concept/reference if we decide to consider migrating in the future.")
noise(G + "poupeaua/otary/issues/31",
      "Switch from Poetry to uv for dependency management. uv tools is great and faster. Still, its CLI, commands and "
      "sub-commands are not clear enough. We will plan to do the switch once uv is more mature (maybe version 1.X.X) "
      "and offers a clearer CLI.")
ex(G + "kolenaIO/autoarena/pull/26",
   "Migrate to uv for package management. Poetry dependency version resolution had become painfully slow, sometimes "
   ">10 minutes. Migrating to uv shaves a few minutes off of CI time and improves local devx when switching around "
   "between Python versions.",
   [d("decision", ["uv"], "slow", ["poetry"])])
ex(G + "ephios-dev/ephios/issues/1641",
   "Switch to uv. uv is faster than poetry. Things to check: dynamic versioning, entrypoints, system to translate "
   "plugin content.",
   [d("decision", ["uv"], "faster", ["poetry"])])
noise(G + "SSC-ICT-Innovatie/nl-kat-coordination/issues/4049",
      "Consider replacing Poetry with uv. We should consider replacing poetry with uv for dependency management. "
      "Pro's of uv: faster than Poetry, replaces a bunch of tools, improved dependency resolution.")
noise(G + "mlte-team/mlte/issues/693",
      "Move from Poetry to uv. Consider moving from poetry to uv as dependency management system.")
ex(G + "logto-io/js/pull/62",
   "refactor: use fetch to replace axios. axios's bundle size is too large, use native `fetch` instead.",
   [d("decision", ["fetch"], "bundle size", ["axios"])])
ex(G + "xchainjs/xchainjs-lib/issues/1381",
   "replace axios with the Fetch API. unpacked size of axios 1.9.0: 2.16 MB. unpacked size of node-fetch 2.7.0: "
   "162 kB. native support for fetch in Node.js: priceless",
   [d("decision", ["fetch"], "size", ["axios"])])
noise(G + "WordPress/openverse-frontend/issues/1154",
      "Switch to fetch away from axios. Currently we use axios to manage making HTTP requests on the client. Bytes "
      "over the network aren't free and now that browsers and Node have the same fetch api, we could switch to using "
      "fully native APIs. Explore switching from axios to fetch.")
noise(G + "c2corg/c2c_ui/issues/1553",
      "Get rid of axios dependency. Now that we do not support IE11 anymore, there is room to spare a few bundle size "
      "bits. After some considerations, the use of axios we have is not that trivial. Let's forget this, at least "
      "for now.")
ex(G + "cc-archive/cccatalog-frontend/issues/1075",
   "Switch from axios to redaxios. Help decrease the size of our js bundle by switching to redaxios, same api as "
   "axios at 1/5 the size. Decided not to implement, savings was minimal and there were some compat issues.",
   [d("decision", ["redaxios"], "savings", ["redaxios"])])
ex(G + "decred/dcrdata/pull/1833",
   "replace axios with fetch. This drops the axios dependency, using fetch instead. This reduces the size of the "
   "vendors bundle from 104 KiB to 90.3 KiB, and grows app.bundle.js by 1 KiB.",
   [d("decision", ["fetch"], "size", ["axios"])])
noise(G + "react-static/react-static/issues/300",
      "Axios vs. Fetch. Why is axios used as a dependency instead of just using fetch?")
ex(G + "transifex/transifex-javascript/pull/204",
   "Optimize bundle size. The scope is to try and reduce the bundle size of @transifex/native by taking the "
   "following actions: Replace axios with fetch when making requests. Add browserslist to reduce bundle size, by "
   "dropping support for outdated browsers.",
   [d("decision", ["fetch"], "bundle size", ["axios"]), d("decision", ["browserslist"], "bundle size")])
ex(G + "mozilla-l10n/pontoon-addon/issues/156",
   "Replace enzyme by React Testing Library. Enzyme should be deprecated. Let's replace it by React Testing Library, "
   "which is kind of different though. Also enzyme never officially supported React 17, nor 18.",
   [d("decision", ["react testing library"], "deprecated", ["enzyme"])])
noise(G + "mitodl/ocw-studio/issues/1275",
      "Use React Testing Library instead of Enzyme. Maybe this should be an RFC; a bit opinion based. We should stop "
      "using Enzyme and use React Testing Library (RTL) instead.")
ex(G + "ansible/awx/issues/11723",
   "Research: Migrating from Enzyme to React Testing Library. The official React docs recommend using React Testing "
   "Library (RTL). While we currently use Enzyme for our unit tests, it may be worth exploring if we want to migrate "
   "from Enzyme to RTL. Closing this as the research is essentially done. We've decided to write new unit tests "
   "using RTL moving forward.",
   [d("decision", ["rtl"], "recommend", ["enzyme"])])
ex(G + "HedvigInsurance/market-web/pull/591",
   "Migrate from enzyme -> testing library. What? Perform migration from Enzyme to React Testing Library. Why? "
   "Testing Library is officially recommended.",
   [d("decision", ["testing library"], "officially recommended", ["enzyme"])])
ex(G + "finos/fluxnova-modeler/issues/79",
   "Migrate tests to @testing-library/react & remove enzyme dependency. What should we do? Migrate tests to "
   "@testing-library/react and remove enzyme dependency, and continue using sinon, mocha and karma for now. Why "
   "should we do it? Enzyme uses React@16 and both are deprecated. To upgrade React 16 to 18 we first need to move "
   "away from enzyme.",
   [d("decision", ["testing-library"], "deprecated", ["enzyme"])])
ex(G + "tldr-pages/tldr-python-client/issues/311",
   "Drop support for Python 3.9 (EOL). Version 3.9 reaches End-of-Life (EOL) this month, Oct 2025. We should bump "
   "the minimum version required to 3.10 following the example in the last bump PR.",
   [d("decision", ["3.9"], "end-of-life", ["3.9"])])
noise(G + "Venafi/vcert-python/issues/208",
      "RFC: Drop Python 3.9 support. Python 3.9 reached end-of-life on October 31, 2025 and no longer receives "
      "security patches. We're planning to raise the minimum supported Python version in an upcoming release. "
      "Motivation: CVE fixes for several dependencies require Python 3.10+. We haven't finalized the target version "
      "yet. Comments and concerns welcome.")
noise(G + "BasisResearch/chirho/issues/599",
      "Consider requiring Python 3.12+. We currently support Python 3.9+. We should drop support for 3.9-3.11.")
ex(G + "pola-rs/polars/pull/25984",
   "feat(python): Drop Python 3.9 support. Python 3.9 is beyond its end-of-life since 2025-10-31 and is no longer "
   "supported by the Python project itself. It's also causing us problems now in CI, as packages start giving "
   "warnings 3.9 is no longer supported. So let's bump our CI and minimum supported version to 3.10.",
   [d("decision", ["3.9"], "end-of-life", ["3.9"])])
ex(G + "svinota/pyroute2/pull/1445",
   "drop support for Python 3.9. Python 3.9 has reached its EOL, so remove it from the CI. Minimal supported Python "
   "version now is 3.10",
   [d("decision", ["3.9"], "eol", ["3.9"])])
ex(G + "pypa/twine/pull/1298",
   "Make Python 3.10 the minimum supported version. This drops Python 3.9 from the CI, since it's EOL.",
   [d("decision", ["3.10"], "eol", ["3.9"])])
ex(G + "monty5811/apostello/issues/31",
   "Consider replacing celery with django-q. Seems to be simpler than celery and better integrated with django. "
   "Switch over made in 1.5.0.",
   [d("decision", ["django-q"], "simpler", ["celery"])])
ex(G + "BuddySirJava/PastedIR/issues/3",
   "replace celery with another task queue. while celery has a lot of features that others don't, it also comes "
   "with a lot of problems: it's very hard to debug, there are some weird bugs in the source code. i recommend "
   "moving to a simpler task queue, since we aren't expecting a scale that required RabbitMQ. Indeed, I think "
   "django-tasks-scheduler should do the job. I will work on it.",
   [d("decision", ["django-tasks-scheduler"], "debug", ["celery"])])
ex(G + "dod-ccpo/atat/pull/1041",
   "Use Celery instead of RQ. Celery provides a more robust set of queueing options for both tasks and worker "
   "processes.",
   [d("decision", ["celery"], "robust", ["rq"])])
ex(G + "transientskp/tkp/issues/433",
   "Remove celery. I think by now nobody is and should use celery anymore, since the multiprocess implementation is "
   "much more stable and less cumbersome to setup. I say it is safe to delete all support for it from 3.0.",
   [d("decision", ["celery"], "stable", ["celery"])])
noise(G + "islco/mo-django/issues/23",
      "Replace Celery with rq? rq is a lightweight job/worker system similar to Celery, but based solely on Redis. It "
      "gets rid of the complexity of Celery both in configuration and usage. Thoughts?")
ex(G + "fossasia/veditor/issues/141",
   "Slimmer altenative to Celery. I guess that Veditor scale will be small. Then we should consider an alternative "
   "to bulky Celery. One that comes to my mind: RQ. Removed Celery base config and replaced it with RQ.",
   [d("decision", ["rq"], "small", ["celery"])])
ex(G + "phenopolis/phenopolis_genomics_browser/issues/85",
   "To use sqlalchemy instead of raw sql commands. We will not pursue this as SQL alchemy is proving to be "
   "inefficient.",
   [d("decision", ["sqlalchemy"], "inefficient", ["sqlalchemy"])])
noise(G + "sylvan-energy/gridpath/issues/207",
      "Switch to using an ORM? As we're starting to think more and more about our database-management, we should "
      "consider the potential benefits of ORMs.")
ex(G + "SUMSarizer/SUMSarizer/issues/47",
   "I found some raw SQL in app.py which I think should be converted to SQLAlchemy as it makes data access more "
   "abstract and portable. Thanks for your input, but it was converted to raw SQL for performance reasons. More "
   "abstract and portable is too vague of a benefit to be worth the trouble.",
   [d("decision", ["sqlalchemy"], "performance", ["sqlalchemy"])])
noise(G + "linkedin/oncall/issues/389",
      "Why is this project using raw SQL? I noticed that this project does include SQLAlchemy, so why is this using "
      "raw SQL for everything? It doesn't make a lot of sense...")
noise(G + "aio-libs/aiomysql/issues/202",
      "Investigate usage of sqlalchemy core to write queries. As we found out, writing raw SQL queries is hard and "
      "error prone. Maybe the sqlalchemy SQL builder would help us in the long term. However, we need to make sure it "
      "would be a good time investment.")
ex(G + "mozilla/zamboni/pull/3031",
   "Remove celery-tasktree. It doesn't seem like we were actually using this. Celery 3.x also has newer options to "
   "do similar task chaining so let's get rid of the dependency.",
   [d("decision", ["celery-tasktree"], "actually using", ["celery-tasktree"])])
ex(G + "danielquinn/albatross/pull/1",
   "Switch to using celery. The old method was neat, but error-prone. Using celery took a lot of refactoring, but "
   "the result is a much simpler, cleaner codebase.",
   [d("decision", ["celery"], "error-prone")])
noise(G + "savoirfairelinux/sous-chef/issues/339",
      "I explained that I used SQLAlchemy for complex queries in order to avoid using raw sql. I also said that I was "
      "going to think it over and here is what I propose: use the Django ORM everywhere except for complex queries; "
      "use SQLAlchemy Core for selects in complex queries only, but do not use SQLAlchemy ORM.")
ex(G + "zekebarger/AccuSleePy/pull/57",
   "Code cleanup. Misc. edits to improve clarity and consistency: fix type hints, use more specific exception "
   "types, use logging rather than print statements",
   [d("preference", ["logging"], "clarity", ["print"])])
noise(G + "GeneralMills/pytrends/issues/562",
      "Logging and typing. To keep this project a little more future proof I think it'd be nice to implement Logging "
      "instead of printing and python type hinting for an easier code dev environment.")

used = set(open(sys.argv[1]).read().split())
for i, x in enumerate(X, 1):
    repo = "/".join(x["source"].split("/")[1:3]).lower()
    assert repo not in used, repo
    x["id"] = f"h{i:02d}"
    x["split"] = "heldout"
repos = ["/".join(x["source"].split("/")[1:3]).lower() for x in X]
assert len(repos) == len(set(repos)), [r for r in repos if repos.count(r) > 1]
out = {"about": "capture set 6 (issue 14): labels written by reading against docs/capture-labelling.md "
                "before the extractor was run on this text; all held out (blind)",
       "exchanges": [{k: x[k] for k in ("id", "split", "source", "delta", "expected")} for x in X]}
json.dump(out, open(sys.argv[2], "w"), indent=1, ensure_ascii=False)
n = sum(1 for x in X if x["expected"])
print(len(X), "exchanges,", n, "with facts,", sum(len(x["expected"]) for x in X), "facts,", len(X) - n, "noise")
