# One-off: writes capture15.json, the fifteenth capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it, by a labeller who had not read the
# extractor's code nor run it on this text. The whole set is blind.
# Usage: python build_labels_15.py capture15.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall sets or of the outside held-out set is used again)
import sys

from labelset import assert_new_repositories, d, ex, noise, write_heldout_set

G = "github.com/"
# ---------------------------------------------------------------- tooling: lint and format
ex(G + "chloe463/panelgrid/issues/17",
   "Use biome instead of eslint and prettier. Install Biome. Configure biome. Make sure that current ESLint rules are "
   "preserved and don't break any styles. Uninstall eslint and prettier.",
   [d("decision", ["biome"], None, ["eslint", "prettier"])])
ex(G + "lukevella/rallly/pull/1697",
   "♻️ Replace eslint and prettier with biome",
   [d("decision", ["biome"], None, ["eslint", "prettier"])])
# ---------------------------------------------------------------- error handling and logging
ex(G + "wellcomecollection/platform/issues/6232",
   "Replace prints with structlog in utils and client code. Do a good sweep for `print` to make sure they're all gone",
   [d("decision", ["structlog"], None, ["prints"])])
ex(G + "kisielk/og-rek/pull/19",
   "Return errors rather than doing panics. This makes it simpler to handle errors in code importing this package.",
   [d("preference", ["return errors"], "simpler to handle errors", ["panics"])])
ex(G + "vmware-archive/image-relocation/pull/48",
   "Return error instead of panicking. Although these panics should never occur, they make downstream consumers "
   "nervous and have led to users forking the code. So the code now returns an error which should never be non-nil and "
   "it is up to the caller to handle it appropriately. Also fix a few lint and formatting issues.",
   [d("decision", ["return error"], "downstream consumers nervous", ["panicking"])])
ex(G + "open-component-model/ocm/issues/52",
   "Remove `panic`s from the code and improve general error handling. What would you like to be added: There are a lot "
   "of `panic`s in the code. Since OCM is destined to also be used as a library, we shouldn't panic but always return a "
   "useful error that is handled at the top level eventually.",
   [d("preference", ["useful error"], "used as a library", ["panic"])])
noise(G + "rs/xid/issues/33",
      "Remove panics. As a library that is used by many other application perhaps a \"panic\" is not the correct way to "
      "handle errors as that would cause the user app to die when that said app should be able to choose what to do? "
      "The \"New()\" function should then return (ID, error). Breaking Change. A panic should never happen in reality, "
      "and if it ever happen it would be during program launch, not randomly at runtime.")
# ---------------------------------------------------------------- storage and identifiers
ex(G + "strinking/futaba/issues/7",
   "Convert SQLite to Postgres. Convert the functions that store command/cog data to use Postgres rather than SQLite as "
   "suggested by @ammongit . Doing this will enable a number of features that can be useful for the bot that SQLite "
   "does not have. Completed in #6",
   [d("decision", ["postgres"], "number of features", ["sqlite"])])
ex(G + "WilliamMarti/confgr/issues/1",
   "Move to Postgres. Move to Postgres off of sqllite3",
   [d("decision", ["postgres"], None, ["sqllite3"])])
noise(G + "gbaranski/houseflow/issues/170",
      "consider replacing postgres with sqlite")
ex(G + "samundra/whoowesme/pull/271",
   "feat:db use uuid as column type for primary key. Before, we were using `id` as primary key. Now, this has been "
   "changed to `uuid` type. Since uuid is more unique and also favorable for wide cases, moving forward it will be used "
   "as primary key for all entities.",
   [d("decision", ["uuid"], "more unique", ["`id`"])])
ex(G + "equinor/ert/pull/1040",
   "UUID primary key. instead of using autoincremented integers we want to use uuid's and expose those as identifiers "
   "through the api. To avoid human interpretation of the id's - i think it's better have an id which have no other "
   "purpose than to identify an object.",
   [d("decision", ["uuid"], "human interpretation", ["autoincremented integers"])])
ex(G + "arecker/moolah/pull/24",
   "fixed id to use integer, uuid the worst for performance. UUIDs should never be used for database keys, and they "
   "should not be the primary key on a field, unless you want to randomize the order of the rows on your database. "
   "Thanks for the PR, but I'm going to leave the UUIDs in for now. Ints are probably faster and smaller, but iam not a "
   "fan of how guessable they are.",
   [d("decision", ["uuids"], "guessable", ["ints"])])
# ---------------------------------------------------------------- performance and resource limits
ex(G + "odoo/runbot/pull/493",
   "[IMP] runbot: limit memory usage of containers. In some conditions, it appears that a containerized build can eat "
   "up all memory of the container host. This leads to disturbance of other builds as the kernel OOM killer enters the "
   "dance. With this commit, the docker ability to limit memory usage of a container is used. The OOM killer will "
   "choose its victim among the container processes. The containers memory limit has to be set in the runbot settings. "
   "If not set, no memory limit is used.",
   [d("decision", ["limit memory usage"], "disturbance of other builds")])
noise(G + "Zilliqa/zq2/pull/2609",
      "feat: DEVOPS-1944 zilliqa container hard memory limit to 6g. We are getting OOM in the VMs and this it is "
      "affecting to the SSH, Logs and Metrics collection services, necessary to debug the issues that cause the high "
      "memory usage, among others. We propose to set a memory limit in the container in order to avoid the other "
      "services in the VM to be affected.")
ex(G + "odysseus-dev/odysseus/pull/6383",
   "chore(compose): bound container memory with mem_limit. All four services run with Docker's default memory limit of "
   "`0` — unlimited — so any one container can consume the entire host. A container with a limit set hits the *cgroup* "
   "OOM killer instead, a separate path that does fire and does log. This sets `mem_limit` on all four services at a "
   "few multiples of each one's observed steady state.",
   [d("decision", ["mem_limit"], "consume the entire host")])
noise(G + "teemtee/tmt/issues/498",
      "RFE: Support memory limits for Containers. I think I'm failing on OOM in my container. Is there any way to "
      "allow for more memory usage? Let's leave this up to the system. There's probably no expectation for TMT to "
      "support this as of now.")
ex(G + "medik8s/poison-pill/pull/35",
   "remove memory limit and increase requested memory. I've seen OOM and problem during container startup which made it "
   "fail. this was manually resolved by increasing the memory.",
   [d("decision", ["memory limit"], "oom", ["memory limit"]), d("decision", ["requested memory"], "oom")])
# ---------------------------------------------------------------- API design
ex(G + "ArroyoSystems/arroyo/pull/932",
   "Switch all REST JSON objects to use snake_case instead of camelCase. Ensures our API is consistent with regards to "
   "camelCase vs snake_case by using snake_case everywhere.",
   [d("decision", ["snake_case"], "consistent", ["camelcase"])])
ex(G + "zalando-incubator/catwatch/issues/6",
   "Follow REST API guidelines: snake_case JSON properties. The Catwatch API should follow the Zalando REST API "
   "guidelines, including: Snake-case JSON properties (i.e. use \"organization_name\" instead of \"organizationName\"). "
   "Currently the \"/projects\" endpoints (to name one) returns camelCase JSON properties. It's about consistency, and "
   "your personal opinion aside: the swagger.yaml already has partly snake_case. Ok... I agree about consistency.",
   [d("decision", ["snake"], "consistency", ["camelcase"])])
ex(G + "VariantEffect/mavedb-api/issues/45",
   "Inconsistent API endpoint capitalization. All of the API endpoints use camelCase -- which I realize isn't very "
   "Pythonic. I'd actually prefer kebab-case for URL elements, with JSON property names remaining in camelCase. "
   "kebab-case for URL and camelCase for property names sounds good to me. Let's make that change sooner rather than "
   "later before people get used to the current conventions.",
   [d("decision", ["kebab-case"], "isn't very pythonic", ["camelcase"]), d("decision", ["camelcase", "property names"])])
ex(G + "apache/airavata-custos/issues/143",
   "Is there any reason behind following snake case in JSON responses. I wonder why the API responses do not follow the "
   "camel case instead of the snake case in the JSON properties. Hi Dinuka, proto3 style guide suggests to write in "
   "snake case for field names. Anyway, json convention is done at envoy proxy so it converts those fields to snake case",
   [d("decision", ["snake case"], "proto3 style guide", ["camel case"])])
noise(G + "interagent/http-api-design/issues/18",
      "Shouldn't JSON properties be camelCase? It's _JavaScript_ Object Notation after all...")
# ---------------------------------------------------------------- deployment: container images
ex(G + "santiment/academy/pull/146",
   "Update docker file. Change node base image to debian based 17.1-slim instead of alpine",
   [d("decision", ["17.1-slim"], None, ["alpine"])])
ex(G + "GoogleCloudPlatform/cloud-foundation-fabric/pull/1033",
   "strongSwan: switch base image to debian-slim. This PR changes the base image from alpine to debian-slim for better "
   "compliance.",
   [d("decision", ["debian-slim"], "better compliance", ["alpine"])])
ex(G + "knative/docs/pull/77",
   "move to alpine base image. 7 characters that save us 800 Mb. If we want to stick to Debian base images, let's move "
   "to `python:slim`",
   [d("decision", ["alpine"], "800 mb")])
ex(G + "aidalgol/dockered-language-servers/pull/8",
   "Go back to alpine. Worth saving a bit of space, but I've left a note about debian-slim being preferred for the very "
   "few cases where alpine isn't an option. And I've reformatted the file.",
   [d("decision", ["alpine"], "saving a bit of space"), d("preference", ["debian-slim"])])
# ---------------------------------------------------------------- dependencies: update bots and pinning
ex(G + "Seneca-CDOT/telescope/issues/2609",
   "Switch to Renovate from Dependabot for pnpm support. Every dependabot PR is breaking, due to pnpm. Until dependabot "
   "has pnpm support, let's try renovate. Renovate pins dependencies by default vs Semver style (can be configured), "
   "which style are we pursuing if we add this? I personally like version pinning with `pnpm-lock` because it makes "
   "sure it works for everyone for having to exact same dependencies installed. I'm fine with pinning. We can change "
   "later if we don't like it. Thanks for working on this.",
   [d("decision", ["renovate"], "pnpm support", ["dependabot"]),
    d("decision", ["pinning"], "exact same dependencies", ["semver style"])])
ex(G + "robinostlund/volkswagencarnet/pull/175",
   "Add renovate config. do you have strong opinions about dependabot vs renovate? I tested out renovate (which has "
   "support for updating the pre-commit versions also), and this is what the onboarding PR says. Well havent used "
   "renovate, but i would like to keep dependabot as it gives you so much out of the box and is maintained by github "
   "and the secrets integration to github is very good also :)",
   [d("decision", ["dependabot"], "maintained by github", ["renovate"])])
ex(G + "orcasound/orcasite/issues/998",
   "Use renovate for dependency updates. Renovate is now installed at the organization level. We should replace "
   ".github\\dependabot.yml with renovate.json with equivalent functionality. Nothing against it, but what motivated the "
   "change? Some annoying things with dependabot that it is less smart about. For example, there's cases where a "
   "dependency in a yaml file references a SHA hash and puts the version in a comment. If the version was already "
   "incorrect, dependabot won't update it, whereas renovate will correct it.",
   [d("decision", ["renovate"], "less smart", ["dependabot"])])
ex(G + "notable/notable/pull/510",
   "Add renovate. Renovate is an automated dependency updater. This PR adds a barebones config for renovate. Pinned "
   "versions give you the benefit of having a reproducible build, and ranges aren't required when the pinned versions "
   "can be updated automatically. Thanks for the PR but I don't like those kinds of bots. Not true actually, as those "
   "pinned dependencies will themselves probably have non-pinned dependencies, you need a lockfile for reproducible "
   "builds.",
   [d("decision", ["renovate"], "don't like those kinds of bots", ["renovate"])])
# ---------------------------------------------------------------- testing practice: no network in tests
ex(G + "BrianMitchL/weatherBot/issues/23",
   "Mock all network calls in tests. They're not really unit tests if they depend on a network call.",
   [d("preference", ["mock all network calls"], "not really unit tests")])
ex(G + "pittcsc/PittAPI/issues/50",
   "Unit tests should be hermetic. I noticed your tests are making actual calls to Pitt's website each time they are "
   "run. While this does shield against API changes from Pitt's side, it does so at the expense of slowing down your "
   "test runs and increases the amount of traffic that Pitt's website may have. Ideally, your unit tests should not "
   "make any network, disk, etc. calls. Thank you for this suggestion. I'm right now in the process of actually making "
   "this happen since the builds keep failing due to the current nature of our tests.",
   [d("preference", ["hermetic"], "slowing down your test runs")])
ex(G + "MTES-MCT/acceslibre/pull/1473",
   "Disallow network calls in tests. We will have to decide what to do with those tests using external HTML validator",
   [d("constraint", ["network calls"])])
ex(G + "usds/justice40-tool/issues/796",
   "Ensure test suite does not make live HTTP requests to external sites. We want to make sure that we're not hitting "
   "external sites when our test suite runs (it's rude, and could potentially slow down our test suite if an external "
   "site is having performance/uptime issues). We should check for any external HTTP requests and implement stubs for "
   "them so that we are asserting the we are making a request to the right location but are not actually making the "
   "request.",
   [d("constraint", ["live http requests"], "it's rude"), d("decision", ["stubs"])])
ex(G + "grafana-cold-storage/oncall/pull/5315",
   "chore: add `pytest-socket` library + disable network calls in tests. What this PR does: Inspired by this "
   "discussion. tldr; ensures that if any of our tests try making an external network call, they will fail.",
   [d("decision", ["pytest-socket"])])
# ---------------------------------------------------------------- tooling: type checking
ex(G + "olitheolix/square/pull/53",
   "20 Type Hints and MyPy in CI. This PR adds type hints to all functions and runs MyPy in CI. Fixes #20",
   [d("preference", ["type hints"]), d("decision", ["mypy"])])
ex(G + "varlink/python/pull/56",
   "Assorted cleanup and a few type hints. Enough type hints to not make mypy run away in its stock config. Can we also "
   "already run mypy in CI with these changes? Yes. It's not very useful at the moment, but I'll add it. Thanks!",
   [d("decision", ["mypy"])])
ex(G + "tcmetzger/sphinx-favicon/issues/4",
   "Type checking with mypy. The code already has (some) type hints and I'd like to add type checking with mypy to the "
   "CI!",
   [d("decision", ["mypy"])])
noise(G + "byu-dml/metalearn/issues/200",
      "Add `mypy` Check to CI. It might be useful to add a `mypy` check to our Travis CI build script, so we can get "
      "typing hints on whether we are using our code correctly or not.")
noise(G + "open-atmos/PyMPDATA/issues/349",
      "add mypy to CI workflows, add more type hints in the codebase. temporarily not on the radar...")
ex(G + "Deltares/Ribasim/issues/203",
   "Enforce mypy linting in CI. We currently add type hints to Ribasim Python, but we don't check in the CI if we do it "
   "correctly. Wrong type hints can be quite confusing to users which is why we should run mypy on Github Actions to "
   "ensure that our annotations are valid.",
   [d("decision", ["mypy"], "confusing to users")])
# ---------------------------------------------------------------- architecture: repositories
noise(G + "bit-bots/bitbots_main/pull/222",
      "Create Monorepo. This PR creates a monorepo for all bitbots related software. ROS sports and 3rd party libs are "
      "still in other repos, but this is fine and can be managed with vcs tool. All git history is preserved! CI as "
      "well as repo handling should be much easier that way. What to you think? We originally decided to have multiple "
      "repositories because it makes dealing with git and conflicts easier and facilitates independent work on "
      "different parts of the software. I think these reasons are still valid. This is a huge change and I am not sure "
      "if it really improves things.")
ex(G + "Talaxie/studio-se-master/pull/6",
   "chore: monorepo. Merge all these projects into a single mono-repo: studio-se-master, tbd-studio-se, "
   "tcommon-studio-se, tdi-studio-se, tdq-studio-se, tesb-studio-se. Each project has its own dedicated folder. Will "
   "just fast forward develop instead. Do not want to create an extra merge commit, and rebase is an absolute no-go.",
   [d("decision", ["mono-repo"]), d("decision", ["fast forward"], "extra merge commit", ["rebase"])])
# ---------------------------------------------------------------- error handling: retries and back-off
ex(G + "zoedsoupe/mentor/pull/8",
   "feat: support exponential backoff. Problem: The project lacks a retry mechanism with exponential backoff for "
   "handling failed structured output requests. Solution: Added exponential backoff support with configurable "
   "parameters when retrying failed requests, implementing a system that increases wait time between retry attempts. "
   "Rationale: Exponential backoff provides a more efficient approach to retry logic by gradually increasing wait "
   "times, reducing server load while improving success rates.",
   [d("decision", ["exponential backoff"], "reducing server load")])
ex(G + "transcend-io/cli/pull/69",
   "Adds retries to requests. Adds retries to handle timeouts or flakes.",
   [d("decision", ["retries"], "timeouts or flakes")])
ex(G + "openeverest/openeverest/pull/1169",
   "EVEREST-1754 | do exponential backoff for HTTP 429. Do exponential backoff for failed requests with HTTP 429. 4 "
   "retries are set, meaning the timeline for the requests is: Original request at t = 0; Retry #1 at t = 1s; Retry #2 "
   "at t = 2s; Retry #3 at t = 4s; Retry #4 at t = 8s;",
   [d("decision", ["exponential backoff", "429"]), d("decision", ["4 retries"])])
ex(G + "FGRibreau/node-request-retry/issues/72",
   "Add exponential backoff. Would be awesome if you could add exponential backoff as a default retry strategy. This "
   "gist has sample code. Did you read the README? Added Exponential backoff would cause a breaking change so a new "
   "major release. We won't do it now but you may in the future. In the mean time you can always specify the "
   "delayStrategy that you want :)",
   [d("decision", ["exponential backoff"], "breaking change", ["exponential backoff"])])
# ---------------------------------------------------------------- API design: versioning
ex(G + "desec-io/desec-stack/issues/5",
   "add API versioning in REST URLs. currently, the API is available under `/api/`. It should be available under "
   "`/api/v1/` to allow for future incompatible changes under `v2/`.",
   [d("decision", ["/api/v1/"], "future incompatible changes", ["`/api/`"])])
ex(G + "scrutmydocs/scrutmydocs/issues/38",
   "API are like diamonds, forever! So we include now version number in path. All API should have a version number. "
   "REST API will run now under `/scrutmydocs/api/v/API` where `v` is the version number of the API and `API` the api "
   "name. For example, search API run by now at `/scrutmydocs/api/1/search`. When a new version of search API will be "
   "released, first version will still run at `/scrutmydocs/api/1/search` and second version will run at "
   "`/scrutmydocs/api/2/search`.",
   [d("constraint", ["version number"], "like diamonds, forever")])
ex(G + "torrust/torrust-index/pull/159",
   "Add API version prefix in API URLs. BREAKING CHANGE: API urls have the prefix `/v1/...`",
   [d("decision", ["/v1/"])])
noise(G + "Pigmice2733/peregrine-backend/issues/169",
      "Version the API. When we have a stable API we should prefix all the endpoints with `/v1`")
# ---------------------------------------------------------------- commit messages (read with git show)
ex(G + "sqlalchemy/alembic/commit/70e1fba53c648feee305508369d678a916f0aa40",
   "Use zoneinfo instead of dateutil. Replaced ``python-dateutil`` with the standard library module zoneinfo. This "
   "module was added in Python 3.9, so previous version will been to install the backport of it, available by "
   "installing the ``backports.zoneinfo`` library. The ``alembic[tz]`` option has been updated accordingly.",
   [d("decision", ["zoneinfo"], "standard library", ["dateutil"])])
ex(G + "uber-go/zap/commit/f4ba5f528e5ff1f03ff94425545dcff89bcfdd30",
   "make: Switch from golint to revive (#1238). golint is no longer maintained. Switch to revive which is a near "
   "drop-in replacement. This is also what goleak did (uber-go/goleak#97).",
   [d("decision", ["revive"], "no longer maintained", ["golint"])])
ex(G + "pytest-dev/pluggy/commit/4dd2443ab8353ad3da638141597920b3bd7f7e5e",
   "Require Python 3.10+, modernize type annotations. Bump requires-python to >=3.10 in pyproject.toml. Remove Python "
   "3.9 from classifiers, CI matrix, tox envlist. Modernize type hints: Union → |, Optional → | None.",
   [d("decision", ["python 3.10+"], None, ["python 3.9"]), d("preference", ["type hints"], None, ["union", "optional"])])
ex(G + "go-chi/chi/commit/a54874f0e2f12647a19e82ee70dfa8185014100c",
   "Bump minimum Go to 1.23, always use request.Pattern (#1048). Go 1.26 is out now so we can bump our minimum Go to "
   "1.23",
   [d("decision", ["go to 1.23"], "go 1.26 is out"), d("preference", ["request.pattern"])])
ex(G + "tox-dev/tox/commit/9080a91159e649f2810b64d6dd2e8853e254f3f3",
   "Replace prettier with mdformat and yamlfmt (#3984)",
   [d("decision", ["mdformat", "yamlfmt"], None, ["prettier"])])
ex(G + "chalk/chalk/commit/fa16f4ec37c1c25bda6ca1864bf53ecd3ea3d3c9",
   "Require Node.js 12 and move to ESM",
   [d("decision", ["node.js 12"]), d("decision", ["esm"])])
ex(G + "pallets/jinja/commit/81825095d24f4dbccb40f787fff70db54989b91c",
   "use \"Jinja\" instead of \"Jinja2\"",
   [d("preference", ["jinja"], None, ["jinja2"])])
ex(G + "stretchr/testify/commit/5c949551ee9608c5eb900229b79cbd5a548f9066",
   "assert.CallerInfo: micro optimization by using LastIndexByte. Use strings.LastIndexByte instead of strings.Split to "
   "extract the function name in CallerInfo. This reduces memory allocations.",
   [d("decision", ["lastindexbyte"], "reduces memory allocations", ["strings.split"])])
ex(G + "gin-gonic/gin/commit/a749e4d33c2db35835581c60604720614e570cd6",
   "docs: replace AUTHORS.md with link to GitHub contributors page (#4582). AUTHORS.md was a manually maintained list of "
   "400+ contributors that had no automation to keep it current. Replace it with a link to GitHub s built-in "
   "contributors page which is always up-to-date.",
   [d("decision", ["contributors page"], "no automation", ["authors.md"])])
ex(G + "marshmallow-code/marshmallow/commit/937141daa37aff3e64c95c387c9e6a3556d80beb",
   "Dev chores (#2226). Migrate to pyproject.toml. Migrate to ruff. Remove black badge.",
   [d("decision", ["pyproject.toml"]), d("decision", ["ruff"])])
ex(G + "encode/uvicorn/commit/93e07fd601ec29dbf0176e8006b93f32f5177630",
   "Send HTTP 400 response for invalid request (#1352). Given an invalid request, respond with an HTTP 400 error "
   "instead of closing the connection without a response.",
   [d("decision", ["http 400"], None, ["closing the connection"])])
ex(G + "jackc/pgx/commit/023281e597e33a62e02feadcac0845a745b2b002",
   "pgconn: replace net/url URI parsing with libpq-compatible parser. Connection URIs are now parsed by a hand-written "
   "parser that matches libpq's URI parser behavior exactly instead of net/url, so pgx accepts and rejects the same "
   "URIs as libpq. Also aligns multiple host/port handling and improves connection error messages.",
   [d("decision", ["libpq-compatible parser"], "same uris as libpq", ["net/url"])])
ex(G + "mkdocs/mkdocs/commit/4ce945e72c62f99920fac04bea0c24078c80cd14",
   "Set logging levels on the logger rather than just the stream. Otherwise currently `log.getEffectiveLevel()` always "
   "reports `1` and doesn't allow optimizing away debug logging statemets.",
   [d("preference", ["logging levels", "logger"], "optimizing away debug logging", ["the stream"])])
ex(G + "jpadilla/pyjwt/commit/40e3147eb5f790d8d041772e5fc00728a176c812",
   "Migrate development extras to dependency groups (#1152). This introduces the following changes: The `dev` extra is "
   "moved to a dependency group. The `tests` extra is moved to a dependency group. The `docs` extra is moved to a "
   "dependency group. `tox.ini` has been updated to use the dependency groups. In addition, when tox was run, the "
   "`lint` environment failed because pyupgrade doesn't support Python 3.9. Therefore, one additional change was made: "
   "The `lint` tox environment's `basepython` is updated to Python 3.10.",
   [d("decision", ["dependency groups"], None, ["development extras"]),
    d("decision", ["basepython", "python 3.10"], "pyupgrade doesn't support python 3.9")])
ex(G + "Textualize/rich/commit/27fe68c85fda8d78c2ff47e751dd2a37a8be6f65",
   "Remove all `sys.version_info >= (3, 8)` checks as Python 3.7 is no longer supported",
   [d("decision", ["sys.version_info"], "python 3.7 is no longer supported", ["sys.version_info"])])
# ---------------------------------------------------------------- commit message conventions
noise(G + "project-oak/rust-verification-tools/issues/58",
      "Consider adopting conventional-commits. todo: possibly enforce with precommit hooks; check that this is "
      "consistent with Google commit message guidelines")
noise(G + "flowr-analysis/flowr/issues/513",
      "Should we move to \"conventional commits\"? What is your opinion @Ehcsan, @Core5563, @LukasPietzschmann? I would "
      "not be opposed to moving to „conventional commits“, however I think that we should incorperate the current "
      "commit standard (possibly under scope or footings). Following a standard is, in my opinion, always a good thing. "
      "And as our current commit messages do not differ too drastically from \"conventional commits\", I am in favor of "
      "using the new standard.")
noise(G + "vrtbl/passerine/issues/43",
      "Commit Convention? Right now, commit messages are a bit all over the place. I think we should instate something "
      "along the lines of conventional commits. The downside to this are that I'm not sure conventional commits are the "
      "convention I want to adopt; I've never personally been a fan of them, I'm only considering them after a "
      "suggestion from a friend. Doesn't seem like a huge deal, I'm going to close this issue for now.")
ex(G + "aws/aws-cdk-rfcs/pull/237",
   "chore: remove the messaging around conventional commits. We don't use conventional commits in our rfc repo.",
   [d("decision", ["conventional commits"], None, ["conventional commits"])])
noise(G + "hufilter/hufilter/issues/557",
      "Introduce conventional commits. Current commit messages are a bit messy. Conventional commits has several "
      "advantages detailed on their website. Tasks: Add commitlint and commit-msg git hook; Enforce these rules in CI. "
      "If the maintainers agree, I can implement this. I have thought about this already, as well as about the issue "
      "templates. Honestly, I’m neutral, but I always end up thinking that this is a small repo, and the current "
      "methods provide enough freedom.")
ex(G + "mdo/ama/issues/303",
   "What do you think about Conventional Commits? I have been using Conventional Commits for a while and I'm enjoying it "
   "for now. As far as I can tell, you don't adapt it. Is there a reason for that? or do you plan to adapt anytime "
   "soon? No plans to adopt a system for writing commits. I try to keep it organic and either rebase or squash to "
   "avoid some noise.",
   [d("decision", ["system for writing commits"], "keep it organic", ["conventional commits"]),
    d("preference", ["rebase or squash"], "avoid some noise")])
# ---------------------------------------------------------------- bug reports: memory
noise(G + "robotmay/photographer-io/issues/205",
      "Workers leak memory. There's a memory leak somewhere in the workers, which causes the memory usage to gradually "
      "climb up. When I checked today it had gained 600MB over its initial idle consumption.")
noise(G + "moira-alert/worker/issues/49",
      "High memory consumption by worker processes. We encounter the issue that when the checker service had been off "
      "for several days after starting it up the worker processes eat up all the RAM and eventually are killed by "
      "kernel. During normal operation the memory consumption is much lower.")
noise(G + "aspnet/AspNetCoreModule/issues/217",
      "Inprocess: While stress testing with NativeIISSample app, the memory usage keeps increasing. This might be a "
      "memory leak. I'll put this under dotTrace when I get the chance. Good find. I investigated recently and I didn't "
      "see any memory leaks. Dotnet will not aggressively garbage collect until around 400 MB of process memory. The "
      "amount of heap memory used never got above 7 MB and didn't grow after ~20 minutes. Closing for now.")
# ---------------------------------------------------------------- performance: caching
noise(G + "osmlab/to-fix-backend/issues/2",
      "Caching. Need to cache larger queries, especially around stats. Thinking redis.")
noise(G + "Caleydo/ordino/issues/47",
      "think about using redis for caching query results. simple option to cache query/score results on the server "
      "side. or redis, since it seems to outperform memcached for larger data files")
noise(G + "biothings/biothings_explorer/issues/83",
      "Investigate redis in memory database for cacheing query results. This is helpful to speed up nodejs app when "
      "there're multiple queries asking for the same edge. Use redis docker image for easier deployment. Use .env to "
      "store redis url/password info. closing since probably not relevant, we have other tickets debugging the use of "
      "redis / caching")
ex(G + "empirical-org/Empirical-Core/pull/5627",
   "Cache Questions.all query in Redis for index action. WHAT: Cache the results of `Question.all` in the "
   "`QuestionController.index` action. WHY: The database query pulls so much data that it takes 2,000ms just in SQL "
   "most of the time, and this is putting a lot of strain on the DB (slowing down all other queries). HOW: Cache the "
   "results of the query in Redis, and on subsequent calls see if that data is still there, preferring to send Redis "
   "data over re-running the SQL query.",
   [d("decision", ["redis"], "strain on the db")])
ex(G + "weavedb/weavedb/pull/454",
   "[node] disable Redis query cache",
   [d("decision", ["redis query cache"], None, ["redis query cache"])])
# ---------------------------------------------------------------- documents: decision records
ex(G + "cornjacket/platform-docs/blob/HEAD/decisions/0004-error-handling-philosophy.md",
   "ADR 0004: Error Handling Philosophy. Context: The distributed, event-driven architecture (ADR-0001) has multiple "
   "failure points across the write path and consumer path. A consistent error handling philosophy is needed to ensure "
   "reliability without over-engineering. Decision: Delivery Guarantee: At-Least-Once. Events may be delivered more "
   "than once; consumers must handle duplicates. Retry Strategy: Hybrid with Exponential Backoff. All consumers use the "
   "same retry pattern: 1st retry: Immediate; 2nd retry: 1 second delay; 3rd retry: 2 second delay; Give up after 3 "
   "retries (~3 seconds total). Dead Letter Queue (DLQ): Per-consumer DLQ in Postgres (not Redpanda topic). Durable "
   "beyond Redpanda's 24-hour retention.",
   [d("decision", ["at-least-once"]), d("constraint", ["handle duplicates"]),
    d("decision", ["3 retries"]), d("decision", ["dlq in postgres"], "24-hour retention", ["redpanda topic"])])
ex(G + "datahelix-consulting/customer-management-api/blob/HEAD/docs/adrs/proposals/Telemetry.md",
   "Decision to Add Telemetry for Observability. Status: Proposed. Context: To meet the project's observability goals, "
   "telemetry is necessary to monitor and understand the application’s behavior in real time. Decision: The project "
   "will implement telemetry using one or more of the following solutions: Micrometer, OpenTelemetry, Structured "
   "Logging, New Relic, DataDog, Loggly. Alternatives Considered: Basic Logging Only: Rejected because it lacks the "
   "depth and real-time capabilities of full telemetry solutions. Periodic Manual Monitoring: Rejected because it is "
   "reactive and labor-intensive, leading to slower issue resolution.",
   [d("decision", ["telemetry"], "observability goals", ["basic logging only", "periodic manual monitoring"])])
ex(G + "hypernetix/hyperspot/blob/HEAD/docs/unified-error-system/ADR/0002-cpt-cf-ues-adr-rfc9457.md",
   "Adopt RFC 9457 Problem Details as Error Response Format. Considered Options: RFC 9457 Problem Details "
   "(`application/problem+json`); Custom JSON error format; GraphQL-style errors (with `extensions` object); gRPC "
   "Status with details (protobuf `google.rpc.Status`). Decision Outcome: Chosen option: \"RFC 9457 Problem Details\", "
   "because it is an IETF standard specifically designed for HTTP API error responses, provides a well-defined "
   "extension mechanism for module-specific data, uses a registered media type (`application/problem+json`), and is "
   "widely supported by API tooling and client libraries.",
   [d("decision", ["rfc 9457"], "ietf standard",
      ["custom json error format", "graphql-style errors", "grpc status"])])
ex(G + "liercesantos/dev-atlas/blob/HEAD/docs/adr/0004-rest-vs-graphql-api-strategy.md",
   "ADR 0004 — REST vs GraphQL API Strategy. Decision: We adopt a hybrid API strategy, using REST and GraphQL side by "
   "side, each where it provides the most value. Key decisions: Use REST for simple, predictable, and cache-friendly "
   "operations; Use GraphQL for complex, client-driven data requirements; Share application and domain logic between "
   "REST and GraphQL; Avoid duplicating business logic across API layers. Alternatives Considered: REST-only: Limited "
   "flexibility for complex UI needs. GraphQL-only: Added complexity for simple operations. BFF (Backend for "
   "Frontend): Increased maintenance cost; Not justified at current scale.",
   [d("decision", ["hybrid api strategy"], None, ["rest-only", "graphql-only", "bff"]),
    d("constraint", ["duplicating business logic"])])
ex(G + "Work-Ninjas/portal-api-docs/blob/HEAD/adr/ADR-002-error-model.md",
   "ADR-002 — Error Model (Problem Details). Decision: Use an RFC7807-style payload with: `type`, `title`, `status`, "
   "`code`, `detail`, `traceId`, `errors[]` (422), `meta`. Rationale: Standard, predictable error shape; easy to parse "
   "and log. Consequences: Clients should not rely on free-text in `detail`; use `code` and `errors[]`.",
   [d("decision", ["rfc7807"], "predictable error shape"), d("constraint", ["free-text in `detail`"])])
ex(G + "Ez-C99/tasman-dataeng-task/blob/HEAD/docs/architecture/decisions/0007-api-paging-and-limits.md",
   "ADR 0007 — API paging and limits. Status: Accepted. Context: USAJOBS Search caps at 10,000 rows per query and 500 "
   "rows per page. Public jobs are returned by default. Decision: Use `ResultsPerPage=500` and sequential paging with "
   "exponential backoff on 429/5xx. Prefer API-side filtering (e.g., `LocationName` + `Radius`) to reduce payload and "
   "cost. Options considered: Sequential paging (chosen); Bounded concurrency (future optimization); Client-side "
   "geo-filtering only (deprioritized).",
   [d("decision", ["resultsperpage=500"], "500 rows per page"),
    d("decision", ["sequential paging"], None, ["bounded concurrency"]),
    d("preference", ["api-side filtering"], "reduce payload and cost", ["client-side geo-filtering"])])
ex(G + "kevinhagel/northstar-funding/blob/HEAD/northstar-notes/decisions/002-testcontainers-integration-test-pattern.md",
   "ADR 002: TestContainers Integration Test Pattern. Status: Accepted. Context: When writing integration tests for "
   "Spring Data JDBC repositories with TestContainers, there is a critical choice between two approaches: @DataJdbcTest "
   "- Sliced test that only loads JDBC components; @SpringBootTest - Full application context test. Decision: Use "
   "@DataJdbcTest for individual repository tests. Use @SpringBootTest for full integration/workflow tests. Each "
   "repository gets its own test class. Use @DataJdbcTest - Loads only JDBC slice, faster startup.",
   [d("preference", ["@datajdbctest", "repository tests"], "faster startup"),
    d("preference", ["@springboottest", "integration"]), d("preference", ["own test class"])])
ex(G + "Nexis-LLC/bbs-docs/blob/HEAD/docs/03_Architecture/ADRs/007-k8s-gitops.md",
   "ADR 007: Kubernetes + GitOps (ArgoCD & Helm) for Deployment. Context: We need repeatable, standardized, and "
   "auditable deployments with easy rollbacks and autoscaling. Decision: Use Kubernetes for orchestration, Helm charts "
   "for templating, and ArgoCD for continuous deployment via GitOps. Consequences: Pros: Declarative infra-as-code, "
   "Git‑driven audit trail. Easy rollbacks by reverting Git commits. Cons: Learning curve for Helm templating best "
   "practices.",
   [d("decision", ["kubernetes"], "autoscaling"), d("decision", ["helm"]),
    d("decision", ["argocd"], "easy rollbacks")])
ex(G + "Krayirhan/ds-project/blob/HEAD/docs/adr/004-helm-gitops-deployment.md",
   "ADR-004: Helm + GitOps Deployment. Status: Accepted — 2026-02-18. Context: The project started with raw Kubernetes "
   "YAML manifests in `deploy/k8s/`. As the deployment grew (canary, HPA, PDB, NetworkPolicy, PrometheusRule), "
   "managing environment-specific configurations became error-prone: Staging vs production differ in replica count, "
   "resource limits, and feature flags; Manual `kubectl apply` is risky and unauditable; No drift detection if someone "
   "manually edits a live resource. Decision: Helm Chart (`deploy/helm/ds-project/`): Parameterize all Kubernetes "
   "resources via Helm templates. Secrets referenced by name (not embedded in values). GitOps (ArgoCD primary, Flux "
   "alternative).",
   [d("decision", ["helm"], "error-prone", ["raw kubernetes yaml manifests"]),
    d("constraint", ["secrets referenced by name"]), d("decision", ["argocd"], None, ["kubectl apply"])])
# ---------------------------------------------------------------- documents: contribution and style guides
ex(G + "nicobou/shmdata/blob/HEAD/doc/contributing.md",
   "CONTRIBUTING. Coding style: We use Google C++ Style Guide, with two exceptions: A function call’s arguments will "
   "either be all on the same line or will have one line each. A function declaration’s or function definition’s "
   "parameters will either all be on the same line or will have one line each. For python code, we use PEP8 style "
   "guide with maximum line length set to 120.",
   [d("decision", ["google c++ style guide"]), d("constraint", ["arguments", "one line each"]),
    d("constraint", ["parameters", "one line each"]), d("decision", ["pep8", "120"])])
ex(G + "zorggomat/FractalCryptGUI/blob/HEAD/CONTRIBUTING.md",
   "Style Guides. Encoding should be UTF-8. Use modular architecture to group similar classes, functions, etc. Always "
   "use tabs for indentation. Filenames should be all lowercase, without underscores or dashes. Type names should use "
   "UpperCamelCase. Function and variable names should use lowerCamelCase. Look at the existing style and adhere "
   "accordingly.",
   [d("constraint", ["utf-8"]), d("preference", ["modular architecture"]), d("constraint", ["tabs"]),
    d("constraint", ["filenames", "lowercase"]), d("constraint", ["type names", "uppercamelcase"]),
    d("constraint", ["function and variable names", "lowercamelcase"])])
ex(G + "jhert0/toxirc/blob/HEAD/docs/CONTRIBUTING.md",
   "Contributing. Style: 4 spaces is used for indentation. Braces for functions should be on the same line as the "
   "function declaration and touching the parentheses. There should be a space in between the keyword and the first "
   "parentheses. Braces for if, while, for, etc. Should have a space in between the parentheses and the brace and the "
   "brace should be on the same line.",
   [d("constraint", ["4 spaces"]), d("constraint", ["braces", "same line"]),
    d("constraint", ["space in between the keyword"])])
ex(G + "jvkersch/hsmmlearn/blob/HEAD/CONTRIBUTING.md",
   "Contributing. If you want to make changes to the API, add a major new feature, or fix a bug, please consider "
   "opening a GitHub issue first to discuss the changes. Small bug fixes don't need an issue and can just be addressed "
   "in a pull request. As a general rule, pull requests for which the tests don't pass will not be reviewed. If you "
   "have trouble getting tests to pass, please indicate so on the pull request.",
   [d("constraint", ["tests don't pass", "not be reviewed"])])
ex(G + "openeemeter/eemeter/blob/HEAD/CONTRIBUTING.md",
   "Contributing. Guidelines: Commit messages should start with a capital letter (\"Fix issue with...\", not \"fix "
   "issue with\"). Write new tests and run old tests! Make sure that % test coverage does not decrease. Prefix new "
   "feature branches with `feature/` and bug fix branches with `fix/` and make pull requests directly against "
   "`master`. Contributions that add new required dependencies to the library will be given a more thorough review to "
   "ensure that those dependency additions do not pose a security risk and 2) are absolutely necessary.",
   [d("constraint", ["capital letter"]), d("constraint", ["test coverage does not decrease"]),
    d("preference", ["`feature/`", "`fix/`"]), d("constraint", ["dependencies", "thorough review"], "security risk")])
ex(G + "AVSLab/bsk_rl/blob/HEAD/CONTRIBUTING.md",
   "Code Style. Pull requests must adhere to style guidelines enforced by a variety of tools. Departures from the style "
   "(i.e. noqa comments) must be justified. The formatters and linters used by this repository are: Black formatter "
   "(88 column line default); Ruff linter; isort import organizer; Commit message requirements: Must take the form "
   "`Issue #XXX: Commit message`, not exceeding 72 characters.",
   [d("constraint", ["noqa", "justified"]), d("decision", ["black"]), d("decision", ["ruff"]),
    d("decision", ["isort"]), d("constraint", ["issue #xxx", "72 characters"])])
ex(G + "basilfx/python-eetlijst/blob/HEAD/CONTRIBUTING.md",
   "Contributing. To contribute to this repository, use GitHub pull-requests to contribute code to this repository. A "
   "few things to pay attention to: Dependencies are managed using poetry. Code is formatted using Black and imports "
   "are sorted using isort. Documentation conforms to the Google Python Style Guide. Your branch is linear and "
   "logical.",
   [d("decision", ["poetry"]), d("decision", ["black"]), d("decision", ["isort"]),
    d("preference", ["google python style guide"]), d("preference", ["linear"])])
ex(G + "sirupsen/logrus/blob/HEAD/README.md",
   "Logrus is in maintenance-mode. We will not be introducing new features. It's simply too hard to do in a way that "
   "won't break many people's projects, which is the last thing you want from your Logging library (again...). This "
   "does not mean Logrus is dead. Logrus will continue to be maintained for security, (backwards compatible) bug "
   "fixes, and performance (where we are limited by the interface). There doesn't seem to be a reason to do a major, "
   "breaking iteration into Logrus V2, since the fantastic Go community has built those independently.",
   [d("decision", ["new features"], "break many people's projects", ["new features"]),
    d("decision", ["logrus v2"], "built those independently", ["logrus v2"])])
ex(G + "Trackunit/developer-hub/blob/HEAD/api-docs/rate-limit.md",
   "Rate & Size Limiting. Rate Limits: To ensure a consistant experience for all consumers of the Trackunit REST APIs, "
   "a basic rate limit and page size limit is enforced. Rate Limits may change: Trackunit might adjust the rate limits "
   "to balance our demand and reliability. Requests that are rate limited will get an error with a HTTP response code "
   "`429` back. Size Limits: Unless other limits are specified in the API documentation the page size is: Default page "
   "size 20, Max Page Size 1000.",
   [d("constraint", ["rate limit"], "consistant experience"), d("constraint", ["429"]),
    d("decision", ["default page size 20"]), d("constraint", ["max page size 1000"])])
# ---------------------------------------------------------------- storage: ORMs and query layers
ex(G + "helpwave/services/issues/465",
   "Re-evaluate our ORM. @FoseFx thanks for the write-up and the poc-branch. The clean and straightforward approach of "
   "SQLc while maintaining a proper abstraction level for our developers seams very appealing to me and the "
   "organization. Lets decide for SQLc! Would you like to open the first setup issues to initiate the migration to "
   "SQLc? After that, we can move on entity after entity. Move to SQLc is now tracked in #557. Closing this as "
   "completed as a decision was made.",
   [d("decision", ["sqlc"], "clean and straightforward approach")])
ex(G + "nukomeet/coworfing/pull/113",
   "Postgresql switch. Major change. Moving from Mongoid to ActiveRecord ORM.",
   [d("decision", ["activerecord"], None, ["mongoid"])])
ex(G + "absmach/magistrala/pull/265",
   "MF-201 - Replace ORM with SQL. LGTM!",
   [d("decision", ["sql"], None, ["orm"])])
noise(G + "stablekernel/postgresql-dart/pull/23",
      "Add pool connection. Hi @joeconwaystk. Whats next steps for this PR? As we need to go forward we need our pool "
      "request to be merged. What is your point on this - should we correct something or it is ok? Or may be you are "
      "not interested in changes anymore? My apologies @andrewst, I'm still catching up from being out last week. I'm "
      "not comfortable merging with the current implementation and level of testing in this PR. If it is satisfactory "
      "for your use, can I recommend that you create a separate postgres_pool package?")
# ---------------------------------------------------------------- build and configuration
ex(G + "hashicorp/vscode-terraform/pull/649",
   "Draft: add webpack. Closes #364. We adopted esbuild as a minifier, so this PR is no longer needed.",
   [d("decision", ["esbuild"], None, ["webpack"])])
ex(G + "mike-lloyd03/rudric/pull/23",
   "Replace yaml with toml. Use toml for the config file instead of yaml.",
   [d("decision", ["toml"], None, ["yaml"])])
noise(G + "sqlfluff/sqlfluff/pull/6133",
      "[DRAFT] Rationalise caching layer of configs. This PR is probably too big (hence draft), but I'm staging it here "
      "to run tests and then break it apart into smaller pieces.")
noise(G + "palantir/atlasdb/pull/5356",
      "[WIP] [LW/AC] Cache draft. Very very work in progress caching draft. Just opening a PR to keep track for myself. "
      "Superseded by #5381.")
ex(G + "JuliaQUBO/ToQUBO.jl/pull/136",
   "Benchmark julia-actions/cache for CI runtime. Closing this benchmark PR because the measured warm-cache improvement "
   "did not meet issue #135's materiality threshold, and the cache change was removed after review. The PR now has no "
   "net diff to merge.",
   [d("decision", ["julia-actions/cache"], "materiality threshold", ["julia-actions/cache"])])
noise(G + "Samsung/CredSweeper/pull/204",
      "Test benchmark. Just a test to check benchmark cache. Thanks! Hypothesis: the cache is kept when ONE or FIRST "
      "pull request is opened")
noise(G + "SciTools/iris/pull/1988",
      "IEP 1. I'm going to merge this PR, after it hanging around for over 3 years. I'm keen to bank the content, which "
      "is just documentation, and merging is no commitment to implementing this proposal - it's just a proposal.")
noise(G + "operasoftware/devopera/pull/214",
      "New version ready for final review. @KrystianGorski, could you please tell us what’s the status for this pull "
      "request? Do you still need it to be merged, is information up to date? It is on hold now. When there will be "
      "decision to go live or drop it then I will write a comment here. Closed, since it couldn’t be merged and “on "
      "hold” for almost three months.")
noise(G + "textX/textX/pull/109",
      "Issue107. I agree. This requires some more discussion and design considerations. For me, this PR could be "
      "dropped (it will still be available as \"closed\" but not \"merged\"?). We could maybe put a comment in issue "
      "107 or so... I agree. This issue should hopefully be fixed properly by #111. Thanks for your work. :)")
# ---------------------------------------------------------------- code style: indentation
noise(G + "github/swift-style-guide/issues/32",
      "Why \"Tabs, not spaces\"? I have a question rather than issue. Why \"Tabs, not spaces\"? I think spaces is better "
      "than tabs. Because tabs configuration is different for each development environment. See "
      "github/objective-c-style-guide#57 for a previous discussion on this.")
noise(G + "synfig/synfig/issues/293",
      "Tabs vs spaces in code. I've been wondering for a while: are we using tabs only because they were used initially "
      "or do some current developers prefer them as well? I love tabs. ^__^ Ok. Since this is so widely discussed "
      "issue, i won't be trying to convince you in spaces superiority ;)")
ex(G + "alexshpilkin/dvrip/issues/5",
   "Project indentation code style? PEP8 clearly says Spaces are the preferred indentation method. And large majority "
   "of Python project follow. But dvrip uses tabs. Is there a reason for that? The simple answer is that I like it "
   "that way. I prefer my code (in whatever language) indented with tabs and aligned with spaces. If I had an "
   "objective reason to switch over—e.g. a contributor that couldn’t configure their editor that way—I would do so, but "
   "I don’t.",
   [d("preference", ["indented with tabs"], "i like it that way"), d("preference", ["aligned with spaces"])])
# ---------------------------------------------------------------- bug reports: builds
noise(G + "mkeeter/antimony/issues/197",
      "antimony doesn't build with cmake 3.11. Antimony stopped building when cmake was updated from 3.10.2 to 3.11.2. "
      "CMake Error at CMakeLists.txt:36 (message): Could not find boost::python3. Taken by itself, that doesn't look "
      "like a CMake issue – it looks like a problem finding libraries.")
noise(G + "koide3/iridescence/issues/136",
      "Error CMake with new version. Hello, I was using your code in direct_visual_calibration and I realized lately was "
      "not working anymore giving this error on the cmake: Could NOT find Iridescence (missing: Iridescence_LIBRARIES). "
      "Thank you for reporting the issue. The error should be resolved by removing `cmake/FindIridescence.cmake` in the "
      "calibration package. I'll fix it later.")
# ---------------------------------------------------------------- more commit messages (read with git show)
ex(G + "google/go-cmp/commit/63c2960be651bb95aaf14535bd5e36e86b6b5458",
   "remove xerrors (#292). Versions older than Go 1.13 are no longer in use. Remove unnecessary dependencies.",
   [d("decision", ["xerrors"], "no longer in use", ["xerrors"])])
ex(G + "mattn/go-sqlite3/commit/49540487aea6e53135051e9f64afb7af03d4342c",
   "reduce CGO call overhead for exec and bind paths. Add _sqlite3_exec_no_args() C function that combines "
   "prepare+step+finalize into a single CGO crossing for parameterless exec (most common case). Use semaphore channel "
   "instead of result struct channel in context-aware exec/Next paths to reduce allocations. benchstat (n=8): "
   "BenchmarkExec: -29.44% sec/op, -50% B/op, -33% allocs/op",
   [d("decision", ["single cgo crossing"], "reduce cgo call overhead"),
    d("decision", ["semaphore channel"], "reduce allocations", ["result struct channel"])])
ex(G + "dtolnay/anyhow/commit/d00c6822dd06c13993c2fb796926d1c02eedaa91",
   "Remove backtrace dependency, always unused. Since #436 rust older than 1.65 is no longer supported",
   [d("decision", ["backtrace dependency"], "always unused", ["backtrace dependency"])])
ex(G + "charmbracelet/bubbletea/commit/21eecd586367fd0cd78da6842c48f9c4b1185b6f",
   "fix: send batch commands to cmds channel instead of executing them in event loop (#1473). We shouldn't execute "
   "commands in the event loop ourselves. Instead, we should send them to the commands channel where the command "
   "handlers will take care of executing them.",
   [d("preference", ["commands channel"], "command handlers", ["executing them in event loop"])])
ex(G + "getsentry/sentry-python/commit/3fbf49b8640c38c20321a9d050b5daf0e75c60b2",
   "test(httpx,httpx2): Split into sync/async tests (#7152). Instead of parametrizing on sync/async httpx(2) client, "
   "split each test case into a sync and async variant, with the async variant as a proper `async def` function with "
   "`@pytest.mark.parametrize`. I did this because the tests routinely fail for me locally, and switching to using "
   "`pytest-asyncio` fixes that.",
   [d("preference", ["sync and async variant"], "routinely fail", ["parametrizing on sync/async"]),
    d("decision", ["pytest-asyncio"], "routinely fail")])
# ---------------------------------------------------------------- performance: start-up time
noise(G + "barnowl/barnowl/pull/91",
      "Load Jabber module lazily. We have a ton of modules, and they currently cost us quite a bit in both startup and "
      "memory. It would be probably good to load the modules on-demand in some way. Exactly how, I don't know. Here's "
      "an idea for just doing it within each module. We could also do it at the module-loading layer instead.")
noise(G + "NVIDIA/cudf-spark-tools/issues/1013",
      "[BUG] Delay in user tools start up. As we have included some datasets in user tools, I am starting to notice "
      "delay in the start up of user tools. We should check if we can load the models lazily or improve the startup "
      "time. Closing this as unable to reproduce. I find the start up delay getting worse. As we included more "
      "third-party modules, we should probably use something like lazy module loading.")
noise(G + "fossasia/susper-legacy/issues/1412",
      "Use Lazy loading for increasing the performance of start time loading speed. Currently app is loaded complete "
      "like every component is first loaded then only app is ready to use which take time lead to slow performance. "
      "Using lazy loading we can reduce startup time by only loading those component which is required at that time .. "
      "this wiil increase the performance. @shreyanshdwivedi @rajvaibhavdubey what do u think ? @subhahu123 It's a good "
      "to go :+1:")
# ---------------------------------------------------------------- documents: code conventions
ex(G + "wejusdgfsJKA/Gloomy-Prison/blob/HEAD/Code_Conventions.md",
   "Code conventions. Variable naming (includes properties): Exposed variables: uppercase. Protected/private variables: "
   "camelcase. Local variables: lowercase. Trunk based development: Prefer many small commits and small PRs. Develop "
   "in short-lived branches. High emphasis on fast continuous integration. High turnaround time on PR reviews. Strive "
   "for branches that live a few hours or a day instead of weeks to prevent large merges.",
   [d("constraint", ["exposed variables", "uppercase"]), d("constraint", ["private variables", "camelcase"]),
    d("constraint", ["local variables", "lowercase"]), d("decision", ["trunk based development"]),
    d("preference", ["small commits"]),
    d("preference", ["short-lived branches"], "prevent large merges", ["weeks"])])

assert_new_repositories("capture15.json")
write_heldout_set(15, "y", sys.argv[1])
