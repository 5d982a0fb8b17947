# One-off: writes capture10.json, the tenth capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it. The whole set is blind.
# Usage: python build_labels_10.py capture10.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall set or of the outside held-out set is used again)
import sys

from labelset import X, assert_new_repositories, d, ex, noise, write_heldout_set

G = "github.com/"
# ---------------------------------------------------------------- package managers and build tools
ex(G + "api3dao/airnode-docs/pull/797",
   "Replace yarn with pnpm. I have little to no experience with PNPM but it looks good to me. Shouldn't be hard to get "
   "used to. Yep exactly - pretty much interchangeable as you see from the various commands; one major benefit is it "
   "tends to be a lot faster",
   [d("decision", ["pnpm"], "faster", ["yarn"])])
ex(G + "abi/screenshot-to-code/pull/243",
   "Use pnpm to Replace Yarn. pnpm has a better efficiency compared to yarn. It will increase the speed of package "
   "management, and will also speed up builds. Hi there, I appreciate the PR but I'm more familiar with yarn than "
   "pnpm and this isn't going to meaningfully impact shipping velocity on this project so I'm closing it.",
   [d("decision", ["pnpm"], "familiar", ["pnpm"])])
ex(G + "leighmacdonald/bd/pull/61",
   "Use pnpm. This switches us over to pnpm from the older yarn 1.2",
   [d("decision", ["pnpm"], None, ["yarn"])])
ex(G + "codecov/codecov-cli/pull/33",
   "Removing poetry. Replacing poetry with setuptools. We want to use non-pure packages eventually. Using poetry for "
   "those might be a problem, as there is no stabilized/documented way of doing that",
   [d("decision", ["setuptools"], "non-pure packages", ["poetry"])])
ex(G + "OSInside/kiwi/issues/2370",
   "Replace setuptools with poetry. Setuptools is long in the tooth and our workflows with it are rather painful. "
   "Let's move to poetry so that we can simplify our dev, test, and packaging workflows.",
   [d("decision", ["poetry"], "simplify", ["setuptools"])])
ex(G + "aisk/pick/pull/159",
   "Migrate from Poetry to uv",
   [d("decision", ["uv"], None, ["poetry"])])
noise(G + "felipeangelimvieira/prophetverse/issues/209",
      "[ENH] Migrate from poetry to uv. Motivation: Poetry was good, uv is better. Take. I'll be migrating to uv soon "
      "(better late than never)")
ex(G + "evan-buss/openbooks/pull/31",
   "Switch from Create React App to Vite. Vite provides a much faster development and build experience. We didn't use "
   "any CRA specific features so the switch was trivial.",
   [d("decision", ["vite"], "faster", ["create react app"])])
noise(G + "paytonjewell/ReactPortfolioTemplate/issues/22",
      "CRA to Vite. Since create-react-app is no longer being maintained, I propose you switch to Vite. I can help with "
      "the switch too if you don't mind you can assign the issue to me.")
noise(G + "rewbs/sd-parseq/issues/190",
      "Switch from react-scripts to vite. Improve app performance by changing from CRA to Vite. Hi, if you need help "
      "handling this issue you can assign to me. Thanks for the offer! I don't plan to work on this in the near term "
      "so please go ahead.")
noise(G + "SwanandD121/FeatherPerfect_fe/issues/83",
      "converting create react app to vite. converting cra to vite to enhance development experience. Its already on "
      "vite. sir probably there is some miscommunication as i can see this web app is bundled with cra. please correct "
      "if i am wrong")
ex(G + "fedspendingtransparency/data-act-broker-web-app/issues/346",
   "Migrate to webpack. This would be a great use case for a React app built on gulp to be transitioned to using "
   "webpack instead. Hey, we switched over to Webpack for JS primarily for its code splitting functionality, but our "
   "Sass compiling is still built on our previous Gulp process.",
   [d("decision", ["webpack"], "code splitting", ["gulp"])])
ex(G + "AlexAtNet/modelx/issues/14",
   "migrate to webpack. done",
   [d("decision", ["webpack"])])
noise(G + "brickspert/react-family/issues/26",
      "Why not migrate to vite or rspack based. Webpack is so complex")
ex(G + "metabase/metabase/pull/23679",
   "Revert \"Replace babel presets with esbuild-loader\". ESBuild broke production build. I couldn't figure our how to "
   "fix it within reasonable time, so I'm reverting that PR. Tested and the production build seems to work as "
   "expected now.",
   [d("decision", ["babel"], "broke production build", ["esbuild"])])
ex(G + "subquery/subql/pull/2891",
   "Revert back to webpack for project building. Switching back to using webpack from esbuild due to various side "
   "effects. The change was not worth it for support for pnpm",
   [d("decision", ["webpack"], "side effects", ["esbuild"])])
ex(G + "stevenpetryk/mafs/pull/27",
   "Switch from webpack to esbuild. Webpack was always a bit overkill. This switches to esbuild for production builds, "
   "while using Gatsby's development server for dev work.",
   [d("decision", ["esbuild"], "overkill", ["webpack"])])
ex(G + "FxEmbed/FxEmbed/pull/383",
   "Replace webpack with esbuild (and other fixes). Switching to esbuild saves time while building and produces "
   "slimmer bundles than our previous webpack configuration.",
   [d("decision", ["esbuild"], "slimmer bundles", ["webpack"])])
noise(G + "orangejellyfish/serverless-starter/issues/636",
      "Should we switch webpack for esbuild?")
ex(G + "demisto/vscode-extension/pull/25",
   "changed esbuild to webpack, the extension continue working. Description: Due to a problem with esbuild, changed "
   "to web-pack that preserves the install of node_modules.",
   [d("decision", ["webpack"], "node_modules", ["esbuild"])])
ex(G + "sourcegraph/sourcegraph-public-snapshot/pull/57365",
   "use esbuild for client/web builds. Use esbuild instead of Webpack for builds of client/web, for faster builds (dev "
   "and prod) and greater dev-prod parity. This PR completely removes all use of Webpack in this repository.",
   [d("decision", ["esbuild"], "faster builds", ["webpack"])])
# ---------------------------------------------------------------- merge conventions
ex(G + "LemmyNet/lemmy-js-client/issues/195",
   "Could you do merge squashes instead of merges. Could you do merge squashes instead of merges, history of the main "
   "branch is now quite convoluted. Thanks, I've dissallowed merging now, squashes only.",
   [d("preference", ["squash"], "convoluted", ["merges"])])
ex(G + "fastify/fastify/issues/712",
   "Squash commits before merging. I would like to disable \"allow merge commits\", and leave only squashing. This "
   "should help with LTS. Is anybody against this? Works for me. I am in favour of this 👍 Jep 👍 Done",
   [d("preference", ["squash"], "lts", ["merge commits"])])
noise(G + "kubernetes-sigs/controller-runtime/issues/1569",
      "Retaining LGTM through squashes. Considering the process advantage that this provides, would controller-runtime "
      "prefer having this as well? I don't really care one way or another, ppl usually either know to squash or I apply "
      "the tide mergemethod label so it gets merged on squash. /close")
noise(G + "theketchio/ketch/pull/236",
      "Shipa 2578. looks great! lets discuss which PR we want to merge. Closed in favor of #238")
# ---------------------------------------------------------------- HTTP clients, standard library
ex(G + "vaadin/web-components/pull/10802",
   "chore: replace axios with native fetch(). Description: Replaces axios usage with the native fetch() API.",
   [d("decision", ["fetch"], None, ["axios"])])
ex(G + "muety/anchr/issues/67",
   "Replace Axios with Fetch API. fetch is available natively in Node since 18.x.",
   [d("decision", ["fetch"], "natively", ["axios"])])
noise(G + "NeeRaj-2401/ReacTube/issues/1",
      "Replace axios with fetch. as fetch is now natively supported by latest node.js, you can discontinue using axios. "
      "hey, i am no longer actively working on this project. if time allows, i will work on this. or else your PR on "
      "that would be appreciable.")
ex(G + "lc/cspparse/pull/3",
   "Changed HTTP request client from 3rd party client to a client using the standard library, made simplifications "
   "along the way",
   [d("decision", ["standard library"], None, ["3rd party client"])])
ex(G + "HeliumProject/Engine/issues/10",
   "Remove dependency on the boost c++ library. The std library does what we need it to nowadays.",
   [d("decision", ["boost"], "does what we need", ["boost"])])
noise(G + "TBD54566975/ssi-service/pull/532",
      "I like my deps small. No need to use something that's supported by the standard lib. Complete removal will be "
      "done when the ssi-sdk PR is merged and we upgrade. The PR this depends on was closed as not happening, so "
      "closing this as well.")
noise(G + "vitiral/artifact/issues/164",
      "use stdx instead of a bunch of dependencies. I recently updated a bunch of dependencies, but using a single "
      "library would be easier. Waiting on toml=0.4.5. this probably isn't as good an idea as I thought, closing")
noise(G + "JSBSim-Team/jsbsim/issues/71",
      "[Dependencies] Boost libraries. Considering the relevance of the Boost libraries in the C++ community, are there "
      "good reasons why we should not depend on them? I wouldn't say that we should automatically depend on Boost, in "
      "general the fewer dependencies the better. So I'd suggest rather waiting for some new feature or large "
      "refactoring where someone motivates a good case.")
ex(G + "inko-lang/inko/issues/734",
   "Add standard library support for HTTP 1.1, HTTP 2.0 and HTTP 3. We'll start with HTTP 1.1 and if feasible HTTP 2. "
   "The adoption of HTTP 3 is still limited and its use compared to HTTP 1.1 and HTTP 2 is a bit debatable. In "
   "addition, it requires an entire QUIC stack such that implementing it would likely be a lot of work. As such, "
   "we'll skip HTTP 3.",
   [d("decision", ["http 1.1"], "adoption", ["http 3"])])
noise(G + "llm4s/llm4s/issues/414",
      "Standardise on one http client. LM4s currently uses both Java's HttpClient and STTP's DefaultSyncBackend. It may "
      "be preferable to use Java's HttpClient since it's lighter-weight and avoids backend lifecycle management inside "
      "library code.")
noise(G + "elastic/logstash/issues/3500",
      "Standardize on http client libraries used in Logstash. Do we need to standardize on one library, or should we "
      "use Faraday which allows pluggable backends? Manticore has better performance, but works only on JRuby -- so "
      "should we be using this for all plugins? Thoughts?")
noise(G + "mozilla-mobile/firefox-tv/issues/2653",
      "Use only one http client. Currently we are using both HttpUrlConnectionClient and OkHttpClient in different "
      "places in the code. Acceptance criteria: One library is decided on. All usages of the other library are "
      "replaced.")
# ---------------------------------------------------------------- test runners and end-to-end tests
ex(G + "godatadriven/evol/issues/19",
   "Switch from unittest to py.test. We've decided we want to switch from unittest to py.test. See #34. Merged #34",
   [d("decision", ["py.test"], None, ["unittest"])])
ex(G + "jnikula/hawkmoth/pull/43",
   "Test switch to pytest. Switch from unittest to pytest, although it adds another development dependency. The "
   "dynamic test parametrization gets cleaner. Decided to merge test changes without waiting for review.",
   [d("decision", ["pytest"], "parametrization", ["unittest"])])
ex(G + "scikit-hep/uproot3/pull/163",
   "switch from unittest to pytest. The first commit uses pytest's unittest compatibility to simply switch over: is "
   "there anything else to do? now when I run python setup.py test, it runs pytest instead of unittest. I don't plan "
   "to migrate back to unittest, so I'd happily accept pytest decorators that don't work in unittest.",
   [d("decision", ["pytest"], None, ["unittest"])])
ex(G + "ixartz/Next-js-Boilerplate/issues/133",
   "Migrate from Cypress to Playwright. Is it any reason to switch from Cypress to Playwright? I would try Playwright, "
   "but not 100% convinced yet. I'm currently working to add Playwright instead of Cypress. Next.js Boilerplate now "
   "uses Playwright instead of Cypress, I just merged the PR.",
   [d("decision", ["playwright"], None, ["cypress"])])
ex(G + "bishopZ/2026-Boilerplate/issues/164",
   "Switch Cypress to Playwright. There is already a skill for this transformation. We want to make Playwright the "
   "default, and remove Cypress. We can remove the skill.",
   [d("decision", ["playwright"], None, ["cypress"])])
ex(G + "ooni/explorer/issues/1071",
   "Replace Cypress with Playwright. Since we're adding visual tests in Playwright already, we should migrate other "
   "tests to Playwright too, since it's better and more performative and unlike Cypress an entirely open framework.",
   [d("decision", ["playwright"], "open framework", ["cypress"])])
noise(G + "tokens-studio/figma-plugin/issues/3010",
      "Migrate from Cypress to Playwright. Replace cypress usage with Playwright. Removing from current sprint, lets "
      "pause this for now")
# ---------------------------------------------------------------- supported Pythons
ex(G + "numaproj/numaflow-python/pull/322",
   "chore: Drop Python 3.9 support. Drop Python 3.9 support. Make 3.10 as the minimum version. Interesting, Python now "
   "has match :)",
   [d("decision", ["3.10"], None, ["3.9"])])
ex(G + "aio-libs/yarl/pull/1609",
   "Drop Python 3.9 to fix CI. What do these changes do? Drop Python 3.9 support. Python 3.10 is now the minimum "
   "supported version. Are there changes in behavior for the user? Users on Python 3.9 will need to upgrade to Python "
   "3.10+.",
   [d("decision", ["3.10"], "fix ci", ["3.9"])])
noise(G + "rsheftel/pandas_market_calendars/issues/381",
      "Why was Python 3.9 support dropped? How long can we count on 3.10 support being here? It's not that 3.9 or 3.8 "
      "will not work, it is just that I cannot ensure that it will. Could you change it back and just add "
      "documentation saying >= 3.10 is preferred?")
# ---------------------------------------------------------------- dependency bots
ex(G + "topgrade-rs/topgrade/pull/1486",
   "chore: replace Dependabot with Renovate. As Renovate is now installed, we don't need Dependabot anymore",
   [d("decision", ["renovate"], "installed", ["dependabot"])])
noise(G + "PayButton/paybutton/issues/161",
      "Switch from Dependabot to Renovate. Apparently Renovate respects dependencies which Dependabot clearly doesn't. "
      "Sounds like maybe this might cause more problems than it solves.")
ex(G + "jenkinsci/analysis-pom-plugin/pull/1536",
   "Replace Dependabot with Renovate. Renovate seems to be more active in the meantime.",
   [d("decision", ["renovate"], "more active", ["dependabot"])])
ex(G + "canonical/snap-vault/pull/75",
   "chore: Replace renovate with dependabot. Replace renovate with dependabot to bring this project in line with the "
   "other TLS owned project where dependabot is the tool bumping dependencies.",
   [d("decision", ["dependabot"], "in line", ["renovate"])])
ex(G + "martis42/depend_on_what_you_use/pull/173",
   "Replace dependabot with renovate. Renovate supports Bazel (although we don't use it for now) and pre-commit "
   "updates which dependabot does not. GitHub Actions can be managed by both.",
   [d("decision", ["renovate"], "pre-commit", ["dependabot"])])
ex(G + "vmware/build-tools-for-vmware-aria/issues/538",
   "Switch from dependabot to renovate. Renovate provides similar functionality with some improve visuals and "
   "automated actions. For now we do not have option to enable this for a particular repo this since the "
   "organisation wide policy is using dependabot moving forward.",
   [d("decision", ["dependabot"], "policy", ["renovate"])])
ex(G + "fedora-infra/bodhi/pull/5456",
   "Replace dependabot with renovate. I wonder if the shared renovate config will be suitable for monorepo... Let's "
   "try",
   [d("decision", ["renovate"], None, ["dependabot"])])
# ---------------------------------------------------------------- Rust errors
ex(G + "qitechgmbh/qitech_lib/issues/127",
   "Abondon anyhow. Use of anyhow on libraries is bad. Library users cannot determine anything useful from the error "
   "and only pass it to their logger. We should use thiserror as is already done in qitech framework.",
   [d("decision", ["thiserror"], "cannot determine", ["anyhow"])])
noise(G + "near/near-lake-framework-rs/issues/42",
      "remove anyhow dependency. Imho the anyhow dependency should never be used in a library. The thiserror crate is "
      "designed for library code and should be used instead. This is a fair point, but we are out of capacity at the "
      "moment, so we choose to run with anyhow for the time being. We would happily review and merge a PR.")
ex(G + "loco-rs/loco/pull/1098",
   "Add anyhow error. I'm working with a lot of libraries that are using anyhow and found adding anyhow error helps a "
   "lot. Hi, it is generally accepted that libraries should use something like thiserror and not anyhow. This is why "
   "we use thiserror exclusively. Please use map_err to convert your anyhow error to one of the options we have.",
   [d("preference", ["thiserror"], "generally accepted", ["anyhow"])])
ex(G + "mxpv/openusd/issues/77",
   "Get rid of anyhow/thiserror (pick one). We currently use both anyhow and thiserror (and originally started with "
   "anyhow). thiserror is more suitable for libraries, so need to look through the codebase and replace anyhow!, "
   "bail!, ensure!, etc with typed errors via thiserror.",
   [d("decision", ["thiserror"], "suitable for libraries", ["anyhow"])])
noise(G + "robertknight/ocrs/issues/224",
      "Request: Switch away from Anyhow for the library crate. Anyhow should only be used for binary crates which "
      "won't have dependents. To clarify, this is about the ocrs crate. I generally agree. For this reason I think it "
      "will make sense to separate the internal and external error types.")
# ---------------------------------------------------------------- Go logging
ex(G + "shopware/shopware-cli/issues/125",
   "Migrate to Zap Logger. Currently used Logrus is in maintenance mode only. So we should switch to Zap logger. Zap "
   "is already in the dependencies so it should be convenient to switch",
   [d("decision", ["zap"], "maintenance mode", ["logrus"])])
noise(G + "rapidpro/mailroom/issues/246",
      "Move away from using logrus in favor of zap? logrus is in maintenance mode and given how much we log it may "
      "make sense to use something like zap which is ~30x faster.")
ex(G + "googleforgames/open-saves/issues/346",
   "Switch to zap for better logger performance. zap is a structured, type-safe logger for Go and we should switch "
   "from logrus.",
   [d("decision", ["zap"], "performance", ["logrus"])])
ex(G + "robbydyer/sports/pull/3",
   "Implement zap logger. Replaces logrus with zap logger",
   [d("decision", ["zap"], None, ["logrus"])])
ex(G + "daixiang0/gci/pull/58",
   "Revert \"replace log with logrus\". Reverts #52. Switch to zap as it is more active.",
   [d("decision", ["zap"], "more active", ["logrus"])])
# ---------------------------------------------------------------- Python logging
ex(G + "PostHog/posthog/pull/8155",
   "Use structlog over logging. Now we follow the coding conventions format everywhere. LGTM. Should we rely only on "
   "the CI test for this? Next step is probably remove all the print statements we still have. Yes - this is a "
   "relatively safe refactor.",
   [d("decision", ["structlog"], None, ["logging"])])
ex(G + "EOPF-Explorer/data-model/pull/72",
   "use structlog for logging. replaces print statements with usage of structlog, which means we can more easily test "
   "and control logging output.",
   [d("decision", ["structlog"], "easily test", ["print"])])
ex(G + "brightway-lca/brightway2-data/pull/194",
   "Replace print with logging and add optional structlog. Partial fix for #189 - replaces all print statements in "
   "bw2data with logging calls. Uses structlog by default, but uses normal logging if env var BRIGHTWAY_NO_STRUCTLOG "
   "is set to anything truthy.",
   [d("decision", ["structlog"], None, ["print"])])
# ---------------------------------------------------------------- documentation sites
ex(G + "mshibanami/redirect-web/pull/51",
   "Migrating to Docusaurus from Docsify - part 1. I checked Gitbook, MkDocs, and Docusaurus and decided to migrate "
   "to Docusaurus. While Gitbook and MkDocs are not bad, I believe Docusaurus is more powerful and pretty easy to "
   "maintain. Not only it has matured, but also the user base has been huge.",
   [d("decision", ["docusaurus"], "more powerful", ["docsify", "gitbook", "mkdocs"])])
ex(G + "thomaspoignant/go-feature-flag/issues/378",
   "(change) migrate doc to docusaurus. Requirements: Mkdocs was great but docusaurus is better. We should migrate the "
   "doc.",
   [d("decision", ["docusaurus"], "better", ["mkdocs"])])
ex(G + "OffchainLabs/prysm/issues/4301",
   "Migrate Docs to Docusaurus. Gitbook is becoming hard for us to maintain and customize for our growing "
   "documentation needs. A big part of it has to do with how closed source it is. Instead, Docusaurus was suggested "
   "as an alternative. It looks nice, is open source, allows for all sorts of customization, and we can host it "
   "ourselves. Opening this issue to migrate to this solution.",
   [d("decision", ["docusaurus"], "hard for us to maintain", ["gitbook"])])
ex(G + "prisma/web/pull/5855",
   "Docusaurus migration. Resolves DA-55. Migrate our content from Gatsby to Docusaurus. Heroic effort! ❤️",
   [d("decision", ["docusaurus"], None, ["gatsby"])])
# ---------------------------------------------------------------- databases
ex(G + "muep/rehearser/blob/HEAD/doc/adr/adr-7-postgresql.md",
   "ADR-7 Use PostgreSQL for Application Data Persistence. Context: This data must be persisted in a self-hostable "
   "database that can run in both local development and production environments, and meet requirements for EU data "
   "residency. Decision: Adopt PostgreSQL as the primary database for application data. Expected Consequences: Using "
   "PostgreSQL from the start allows the application to take advantage of its rich data type support. Candidate "
   "Comparison: 1. PostgreSQL (chosen) 3. Other self-hostable databases (e.g., MariaDB, MySQL) Cons: May lack "
   "advanced data types or features.",
   [d("decision", ["postgresql"], "data type", ["mariadb", "mysql"])])
ex(G + "igorbmaciel94/blood-watch/blob/HEAD/docs/adr/0002-postgres.md",
   "ADR 0002 — Postgres as primary datastore from day one. Status: Accepted. Context: We need: migrations; consistent "
   "query semantics across dev and prod; historical snapshots + indexing. Switching from SQLite later can introduce "
   "subtle differences and migration churn. Decision: Use Postgres as primary datastore for dev and prod. Use Docker "
   "Compose for local Postgres. Consequences: + Consistent behavior across environments - Slightly heavier local "
   "setup (mitigated by Docker)",
   [d("decision", ["postgres"], "migration churn", ["sqlite"])])
ex(G + "maci0/resembl/blob/HEAD/docs/adr/002-sqlite-primary-store.md",
   "ADR 002: SQLite as Default Storage Backend. Context: resembl needs a persistent store for snippets and their "
   "MinHash fingerprints. Options considered: flat JSON files, SQLite, PostgreSQL. Decision: SQLite is the default "
   "backend, with support for alternative backends via the DATABASE_URL environment variable. Rationale: Zero "
   "configuration: No server process, no port, no credentials. A single file.",
   [d("decision", ["sqlite"], "zero configuration", ["json files", "postgresql"])])
ex(G + "arunmenon/eval-control-plane/blob/HEAD/docs/adr/0013-database-backend-sqlite-for-local-development.md",
   "ADR-0013: Database backend – SQLite for local development. Status: Accepted. Context: PostgreSQL is a strong fit "
   "for production, but it introduces setup friction for local development and evaluation demos. Decision: For local "
   "development and initial demos, we will use SQLite via Prisma. Consequences: (+) Local setup is simple (no "
   "Postgres dependency; a single SQLite file).",
   [d("decision", ["sqlite"], "setup friction")])
ex(G + "theforeman/theforeman.org/pull/1404",
   "Post: dropping MySQL. Most of our development team use PostgreSQL and there are dozens of things that are "
   "different in MySQL. This takes a lot of our time we could invest in features, bugfixing or performance "
   "improvements. We have dicussed preferring PostgreSQL many times, but the last time was different and we came to "
   "conclusion that dropping MySQL the right thing to do. Foreman 1.23 will be the last version with MySQL support.",
   [d("decision", ["mysql"], "a lot of our time", ["mysql"])])
ex(G + "apache/age-website/issues/340",
   "Update website to reflect only Postgres will be supported. We should remove mention of MySQL and MariaDB on "
   "overview page. Lets leave this open until the website reflects the changes :)",
   [d("decision", ["postgres"], None, ["mysql", "mariadb"])])
ex(G + "ManageIQ/manageiq/pull/4453",
   "we only support postgres. We don't need the mysql vs postgres logic",
   [d("constraint", ["postgres"], None, ["mysql"])])
ex(G + "GetLuna/Luna/issues/367",
   "Drop support for PostgreSQL. I don't think there is any need to keep supporting this.",
   [d("decision", ["postgresql"], "need to keep", ["postgresql"])])
noise(G + "getsentry/self-hosted/issues/80",
      "How to switching MySQL from PostgreSQL. Hi, I want to use mysql, how to switch it? Thank you! We don't support "
      "this. I got some clarification and I slightly misspoke. We're not explicitly removing support for MySQL, but "
      "we just haven't supported it in a long time.")
ex(G + "MagicStack/asyncpg/issues/6",
   "please support SQLAlchemy. please add SQLAlchemy support. We can consider merging a PR that adds SA support, but "
   "we aren't interested in implementing it ourselves. I would go as far as to suggest that SA support be implemented "
   "as a separate module on top of asyncpg. We would like to keep the asyncpg API specific to PostgreSQL protocol and "
   "features.",
   [d("decision", ["postgresql"], None, ["sqlalchemy"])])
ex(G + "antonputra/tutorials/pull/380",
   "remove SQLAlchemy ORM. Replace SQLAlchemy ORM with asyncpg. Changes: Replaced ORM with asyncpg raw SQL; "
   "Implemented connection pooling; Migrated models to schema.sql. Thanks! I'll test it in a few days",
   [d("decision", ["asyncpg"], None, ["sqlalchemy"])])
ex(G + "logan-connolly/mychef/pull/55",
   "refactor: use sqlalchemy over orm. Goal: Switch from orm to pure sqlalchemy solution now that it supports async "
   "funcitonality. Advantages: simplify dependencies (sqlalchemy is also more stable); sessions are easier to "
   "dependency inject into endpoints",
   [d("decision", ["sqlalchemy"], "simplify dependencies", ["orm"])])
ex(G + "mcdonc/klangk/issues/464",
   "Replace raw SQL with SQLAlchemy ORM/DAL. Now that #456 has landed the SQLAlchemy async engine with connection "
   "pooling, the next step is to replace the raw SQL queries in model.py with a proper data access layer using "
   "SQLAlchemy's higher-level constructs. Benefits: Type-safe query construction; No more hand-built SQL strings",
   [d("decision", ["sqlalchemy"], "type-safe", ["raw sql"])])
# ---------------------------------------------------------------- configuration
ex(G + "forloopend/fanboi2/issues/17",
   "Drop configuration file for environment variable. Since we need environment variable support for environment "
   "where configuration file isn't the most ideal (e.g. Docker/Heroku), and having to support multiple configuration "
   "scheme can complicate the startup process. We ultimately decided supporting only environment variable is the way "
   "to go.",
   [d("decision", ["environment variable"], "docker", ["configuration file"])])
ex(G + "mozilla-services/antenna/pull/65",
   "Nix INI files. All configuration will be done with environment variables going forward. At some point, it might "
   "behoove us to use env files--we can do that then. Looks good! Merging!",
   [d("decision", ["environment variables"], None, ["ini files"])])
ex(G + "MatthieuLemoine/open-image-feed/issues/28",
   "Use env variables instead of config file. Replace server/config.json by env variables.",
   [d("decision", ["env variables"], None, ["config"])])
noise(G + "alexwennerberg/gourami/issues/29",
      "Change from env variables to config files (with maybe env variable override). I drank too much of the 12 factor "
      "app kool aid. Maybe this is fine")
# ---------------------------------------------------------------- languages and frameworks
ex(G + "companieshouse/styleguides/pull/95",
   "Adding TypeScript style guide. TypeScript is now the default language for all JavaScript and Node.js projects. "
   "Why Use TypeScript? TypeScript is a superset of JavaScript that allows you to write code more efficiently. It uses "
   "type definitions and a built-in checker to highlight errors.",
   [d("decision", ["typescript"], "efficiently")])
ex(G + "saitho/ts-appversion/issues/12",
   "Rewrite codebase with TypeScript. Code base should be rewritten into TypeScript to allow structuring the code "
   "better.",
   [d("decision", ["typescript"], "structuring")])
ex(G + "satoshipay/solar/issues/2",
   "Migrate to TypeScript. This was the last project I wrote without TypeScript. Time to change that as long as the "
   "code is not yet too large.",
   [d("decision", ["typescript"], "too large")])
noise(G + "HTBox/allReady/issues/284",
      "Up for Discussion: TypeScript? Currently, all our client side code is written in JavaScript. Do we want to "
      "switch to use TypeScript? Comments? My vote is that we do move to TypeScript. I support this, too.")
ex(G + "NERC-CEH/datalab/blob/HEAD/architecture/decisions/0020-redux-for-state-store.md",
   "20. Redux for state store. Status: Accepted. Context: Building a complex web application brings challenges around "
   "how to manage state. Decision: We have decided to adopt the Redux architecture to provide a clean separation "
   "between our views, actions and state store. Consequences: No foreseen consequences of this choice.",
   [d("decision", ["redux"], "clean separation")])
ex(G + "Opetushallitus/ehoks-ui/blob/HEAD/TECHNICAL_DECISIONS.md",
   "Technical decisions. State handling: mobx-state-tree was chosen over redux for reduced boilerplate, included type "
   "system for data models and better built-in async support. Actions: You can only mutate state using actions "
   "defined inside types.model(..).actions(). Asynchronous actions should use flow method with generator function, "
   "you can't use async/await because it's transpiled in a way that mobx-state-tree can't hook to it.",
   [d("decision", ["mobx-state-tree"], "boilerplate", ["redux"]),
    d("constraint", ["flow"], "transpiled", ["async/await"])])
ex(G + "getsentry/develop/pull/293",
   "feat: Start hooks guide. Complex chained applications of useEffect should be avoided and 'controller' components "
   "should remain class based at this time. Likewise the useReducer hook overlaps with state-management which "
   "currently has an undecided future. We would like to avoid yet another state management pattern, so at this time "
   "avoid useReducer.",
   [d("preference", ["usereducer"], "state management pattern", ["usereducer"])])
# ---------------------------------------------------------------- CSS
ex(G + "cds-snc/notification-api/issues/1133",
   "Make a final decision on whether we want to adopt Tailwind for CSS. Done when: We either have committed to "
   "Tailwind, or proposed and committed to an alternate solution. We have decided to go forward with Tailwind. Design "
   "team approved!",
   [d("decision", ["tailwind"])])
noise(G + "dcgtc/dgrants/issues/4",
      "Decide on a CSS approach/framework. We may opt to replace Nightwind and Tailwind but we can leave them for now. "
      "I'm currently in between as I have not used Tailwind before and would like to give it a shot. I think we can "
      "decide this over the next week or two. My recommendation > tailwind")
ex(G + "bloomberg/coffeechat/pull/10",
   "feat(tailwind): switch from @emotion to tailwind. Describe your changes: enable tailwindcss by following "
   "tailwind's official nextjs guide; remove @emotion and related config. docs/architecture/decisions/"
   "0006-use-tailwind-css-instead-of-emotion.md: Decision: We will use tailwindcss instead of emotion for styling",
   [d("decision", ["tailwind"], None, ["emotion"])])
ex(G + "vercel/commerce/issues/545",
   "Bike-Shedding Reasons. One thing I was wondering about were some of the tool choices for the project, specifically "
   "the choice of TailwindCSS and CSS Modules. Why use Tailwind with CSS Modules? We really enjoyed developing with "
   "Tailwind that's why we chose it. If there are any significant perf issues with x lib we would consider removing "
   "it for sure.",
   [d("decision", ["tailwind"], "enjoyed")])
ex(G + "diescake/igata/issues/341",
   "Try out tailwindcss framework. I suppose that I try out tailwindcss in order to reduce to struggle basic component "
   "styles. In my conclusion, I have decided not to adapt tailwindcss. It is really interesting and I have agreed with "
   "the philosophy. However, the library isn't good with css-modules because the library is used like a CSS-in-JS "
   "library.",
   [d("decision", ["tailwind"], "css-modules", ["tailwindcss"])])
ex(G + "ocftw/open-star-ter-village/pull/35",
   "chore(tailwind): install tailwind. Major: Install tailwind. Minor: Upgrade Create React App to support tailwind. "
   "We will use Chakra-UI instead of tailwind after the discussion our use cases.",
   [d("decision", ["chakra-ui"], "use cases", ["tailwind"])])
ex(G + "openpredictionmarkets/socialpredict/issues/97",
   "Will Using Tailwind Reduce Code Complexity? The proposed design decision is to use tailwind to modify our site, "
   "rather than using the blk react theme. If we had used blk from the start it may have made sense, however since we "
   "didn't do that, the thought now is we should pivot to tailwind to move faster. Tailwind has been implemented in "
   "stylepage branch which will go into master soon.",
   [d("decision", ["tailwind"], "move faster", ["blk"])])
noise(G + "hex-digital/lucidity-next-sanity-starter/issues/46",
      "Decide on CSS approach. My gut feel is a mix of Tailwind for layout utilities, and CSS Modules for main "
      "styling. What other approaches might work in a similar way? This approach sounds promising. It might be worth "
      "considering a tailored tailwind.config.js.")
ex(G + "paritytech/governance-ui/pull/102",
   "css mosule -> tailwind. These adds tailwind and comverts the current styles from CSS modules to tailwind. If this "
   "sounds good I believe tailwind will be a good option to use for styling. LGTM!",
   [d("decision", ["tailwind"], None, ["css modules"])])
# ---------------------------------------------------------------- dates
ex(G + "WikiEducationFoundation/WikiEduDashboard/pull/4069",
   "Migrating away from momentjs. this is a dead end, right? The main motive to migrate to dayjs was the fluff and the "
   "unneeded locale files that was bloating the size of momentjs. Both the fluff and the locale files have been "
   "removed and moreover charts.js and moment.recur have moment as their dependency as well so this PR was abandoned.",
   [d("decision", ["dayjs"], "dependency", ["dayjs"])])
ex(G + "hitgeek/simple-hl7/issues/96",
   "momentjs. Any plans of migrating from momentjs? migration to dayjs seems to be pretty simple, almost a drop-in "
   "replacement. v4 migrated to dayjs",
   [d("decision", ["dayjs"], "drop-in", ["momentjs"])])
ex(G + "fossasia/open-event-frontend/issues/5619",
   "Replace momentjs by dayjs. Moment JS has stopped being maintained and is huge in comparison to alternatives (70 KB "
   "vs 2 KB). Even though date-fns would be a good choice considering it is tree shakable, but dayjs uses same API as "
   "moment and is just 2 KB so it will be easier to migrate to. Move to dayjs and remove moment from project.",
   [d("decision", ["dayjs"], "same api", ["moment", "date-fns"])])
ex(G + "MarkBind/markbind/pull/2007",
   "Migrate moment to dayjs. Overview of changes: Migrate moment to dayjs; Add unit test for the date usage. LGTM! Fine "
   "with the migration :) I think of the main benefits is dayjs size is significantly smaller than moment",
   [d("decision", ["dayjs"], "smaller", ["moment"])])
ex(G + "greenbone/gsa/pull/4409",
   "Migrate from moment to dayjs. What: Migrate from momentjs to dayjs. Why: momentjs will not get any further "
   "features and is rather big out of the box compare to the more modular dayjs.",
   [d("decision", ["dayjs"], "further features", ["moment"])])
noise(G + "jupyterlab/jupyterlab/issues/9012",
      "Migrate from moment.js. Given the project status, it sounds like we should evaluate alternatives to migrate to "
      "from moment.js. This is probably not urgent. Moment.js is going into maintenance mode, but will still keep its "
      "timezone support current.")
noise(G + "espocrm/espocrm/issues/2831",
      "Moment.js. Choose a different library, personal recommendation: Luxon. Could you consider switching to a new "
      "modern alternative such as Luxon? Migration can be done only in a major release. Considering v8.0 is about to "
      "be out, it can be done not earlier than v9.0.")
noise(G + "arqex/react-datetime/issues/742",
      "Migrate momentjs. Momentjs is no longer a good choice for new projects. You could use Luxon or Dayjs which has "
      "relatively the same syntax as momentjs which makes migration a lot easier. I don't know, maybe you should start "
      "a new repo.")
# ---------------------------------------------------------------- CI
ex(G + "haraldk/TwelveMonkeys/issues/662",
   "Remove Travis CI from repository. After the switch to GitHub Actions, we can save some heat by removing the Travis "
   "build. Done.",
   [d("decision", ["github actions"], "save some heat", ["travis"])])
ex(G + "blue-yonder/devpi-builder/pull/162",
   "Switch CI to GitHub Actions. Travis.org no longer runs CI for us. If we have to migrate anyhow we might just go "
   "directly to GitHub actions and loose the additional dependency.",
   [d("decision", ["github actions"], "no longer runs", ["travis"])])
ex(G + "claw-project/claw-compiler/issues/611",
   "Switch CI to Github Actions. The free Travis CI for OSS will end on June 15th. I have put together a simple Github "
   "Action to re-create the same workflow for CI. I propose to disable Travis and rely on Github Actions from now on. "
   "Are you ok with this? yes please go ahead",
   [d("decision", ["github actions"], "will end", ["travis"])])
# ---------------------------------------------------------------- repository hygiene and policies
ex(G + "weswilliams/GivWenZen/pull/5",
   "Remove generated files. Remove generated files from VCS so that people don't keep committing automated changes "
   "that are irrelevant. Add's a .gitignore file so this does not happen again",
   [d("constraint", ["generated files"], "irrelevant")])
ex(G + "dlang/dlang.org/pull/1834",
   "Ignore generated PDF files. General policy is that instead of adding more things to .gitignore, to move the files "
   "to .generated instead. Would that be trivial here? It's the LaTeX pipeline that generates these files, so I am "
   "not sure whether it would be trivial.",
   [d("preference", [".generated"], None, [".gitignore"])])
ex(G + "DMOJ/online-judge/pull/2138",
   "Pin packaging to < 22. Temporarily fixes #2116. We should look into migrating off of LegacyVersion in the future.",
   [d("constraint", ["packaging"])])
ex(G + "finos/technical-oversight-committee/pull/314",
   "Adopt Architecture Decision Records (ADR-0001). Status: Accepted. Deciders: TOC members. Unless I'm missing "
   "something in the comment thread, #308 is unrelated to the decision to start tracking ADRs here. This was adopted "
   "by silent consensus on the Aug 26 FINOS TOC call.",
   [d("decision", ["architecture decision records"])])

assert_new_repositories("capture10.json")
write_heldout_set(10, "x", sys.argv[1])
