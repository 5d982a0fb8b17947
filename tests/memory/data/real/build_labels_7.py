# One-off: writes capture7.json, the seventh capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it. The whole set is blind.
# Usage: python build_labels_7.py capture7.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall set or of the outside held-out set is used again)
import sys

from labelset import X, assert_new_repositories, d, ex, noise, write_heldout_set


G = "github.com/"
# ---------------------------------------------------------------- state management
ex(G + "ike-gg/songuess/pull/18",
   "feature: switch to zustand. replaced whole redux with zustand for future purposes",
   [d("decision", ["zustand"], "future purposes", ["redux"])])
ex(G + "codepod-io/codepod/pull/11",
   "Replace redux with zustand for state management. Redux introduced too much overhead: reducers, actions, and async "
   "middleware. We hereby replace it with the lightweight zustand library. The code is much more simplified.",
   [d("decision", ["zustand"], "overhead", ["redux"])])
noise(G + "tmikoss/zkb-map/issues/5", "Redux -> zustand?")
# ---------------------------------------------------------------- test runners
ex(G + "monocongo/climate_indices/issues/219",
   "Conversion of tests for migration from unittest to pytest. Pytest appears to be a simpler/better testing "
   "framework, for example see this article with a comparison and this reddit discussion for details. "
   "unittest2pytest may make this a no-brainer. Resolved by #221. We need to update the documentation to show pytest "
   "as the command to use for launching tests.",
   [d("decision", ["pytest"], "simpler", ["unittest"])])
ex(G + "life4/deal/issues/16",
   "Migrate on pytest. Simple and important task. We have a bunch of unittest-based tests that are difficult to "
   "maintain and write new. We're already running them with pytest. The next step is change unittest-based test on "
   "pytest-based.",
   [d("decision", ["pytest"], "difficult to maintain", ["unittest"])])
ex(G + "Aunsiels/pyformlang/issues/23",
   "Suggestion: Migrate to pytest. Unit tests in pyformlang are written using unittest framework, however, CI runs "
   "these tests with pytest. Of course, pytest supports unittest test cases, but still it looks strange. Maybe it "
   "would be better to convert existing tests to pytest ones? Alternatively, we can get rid of pytest, and run tests "
   "with unittest instead. Thank you for the suggestion! I wrote the migration as you suggested and got rid of "
   "unittest.",
   [d("decision", ["pytest"], "looks strange", ["unittest"])])
ex(G + "maldoinc/wireup/issues/34",
   "Move from unittest to pytest. Check out any existing libs to ease migration.",
   [d("decision", ["pytest"], None, ["unittest"])])
# ---------------------------------------------------------------- linters
ex(G + "phuocng/csslayout/issues/125",
   "Use eslint instead of tslint. tslint and tslint-react are deprecated. Replace them with eslint.",
   [d("decision", ["eslint"], "deprecated", ["tslint"])])
ex(G + "vitaly-t/iter-ops/pull/83",
   "switch from TSLint to ESLint. Can you tell me what's wrong with the tslint? TSLint was deprecated in 2019 and "
   "thus is now obsolete. Thank you! I wasn't up-to-date on tslint obsolescence :)",
   [d("decision", ["eslint"], "deprecated", ["tslint"])])
ex(G + "legumeinfo/gcv/issues/303",
   "Replace tslint with eslint. tslint is being deprecated in support for the eslint project. Switching from one to "
   "the other will require some tweaking of the Angular CLI configuration. Done in commit "
   "bdae4ce4764f545c6416f63b3663fbea7e83e1b2.",
   [d("decision", ["eslint"], "deprecated", ["tslint"])])
# ---------------------------------------------------------------- message brokers (decision records, code search)
ex(G + "ayushgit2406/atlas-erp/blob/HEAD/docs/adr/0001-broker-choice.md",
   "ADR-0001: Broker Choice — Kafka vs RabbitMQ. Status: Accepted. Context: Atlas ERP is event-driven. The broker "
   "must support durable event retention and replay to: coordinate sagas and compensation; rebuild reporting "
   "projections; support audit/debugging workflows. Decision: Use Apache Kafka as the event broker. Options "
   "considered: 1. Apache Kafka 2. RabbitMQ.",
   [d("decision", ["kafka"], "replay", ["rabbitmq"])])
ex(G + "pateatlau/payments-system-mfe-microservices-fullstack-nx-2026/blob/HEAD/docs/adr/backend/poc-3/"
   "0001-rabbitmq-event-hub.md",
   "ADR-0001: RabbitMQ for Production Event Hub. Context: We need to migrate from Redis Pub/Sub (used in POC-2) to a "
   "production-ready event hub for POC-3. The POC-2 implementation validated the event-based architecture, but Redis "
   "Pub/Sub has limitations (no message persistence, no guaranteed delivery). Decision: We will migrate from Redis "
   "Pub/Sub to RabbitMQ for the event hub in POC-3. Alternatives Considered: 1. Apache Kafka. Cons: Very complex "
   "setup and operation; Overkill for POC-3 needs.",
   [d("decision", ["rabbitmq"], "persistence", ["redis", "kafka"])])
ex(G + "Katatubies/kata2022/blob/HEAD/4.ADR/adr-rabbitMQ.md",
   "We use RabbitMQ. Status: Accepted. Context: We need distributed event store and stream-processing platform. "
   "Consequences: Positive: RabbitMQ is best for simple use cases. RabbitMQ is much more flexible and easy to use in "
   "these circumstances as compared to Kafka. Negative: As Kafka is designed to handle high volumes of data, it's "
   "overkill if you need to process only a small amount of messages per day.",
   [d("decision", ["rabbitmq"], "flexible", ["kafka"])])
# ---------------------------------------------------------------- web frameworks
ex(G + "cisco-open/BLAZE/pull/58",
   "Migration from flask to fastapi. This pull request implements the migration from Flask to FastAPI. It replaces "
   "the existing Flask-based functionality with equivalent or enhanced features using FastAPI. The migration aims to "
   "improve performance, maintainability, and scalability of the application.",
   [d("decision", ["fastapi"], "performance", ["flask"])])
ex(G + "avijeett007/Knotie-AI/issues/29",
   "Move away from Flask to FastAPI. To make this more production like setup, we need to move from flask to fast api",
   [d("decision", ["fastapi"], "production", ["flask"])])
ex(G + "dkackman/fing/pull/16", "Fastapi. Convert from Flask to FastAPI",
   [d("decision", ["fastapi"], None, ["flask"])])
# ---------------------------------------------------------------- logging (Rust)
ex(G + "near/nearcore/issues/4346",
   "Change log to tracing. We currently use both log and tracing for logging in nearcore. Given that tracing is a "
   "superset of log in terms of functionalities, we should switch all the logging crates to tracing.",
   [d("decision", ["tracing"], "superset", ["log"])])
ex(G + "leftwm/lefthk/pull/22", "Replacing log crate with tracing. Replacing log crate with tracing",
   [d("decision", ["tracing"], None, ["log"])])
# ---------------------------------------------------------------- turn-downs, support
ex(G + "mysociety/alaveteli/pull/2413",
   "Add rack-insight. Closing as we decided it's not ready enough to add a new dependency",
   [d("decision", ["rack-insight"], "not ready", ["rack-insight"])])
ex(G + "orbeon/orbeon-forms/issues/4674",
   "Consider dropping support for IE11. We probably won't do this in 2020, but 2021 is likely. Microsoft Team stops "
   "supporting IE11 on November 30, 2020. Microsoft 365 stops supporting IE11 on August 17, 2021. IE11 has a share "
   "at 2.61%. Vue 3 is dropping IE11. IE11 share is now at 1.08%. Resolution: we drop support for IE11 in 2022.1. We "
   "will add this to the compatibility section of the release notes.",
   [d("decision", ["ie11"], "stops supporting", ["ie11"])])
ex(G + "wearerequired/rest-likes/issues/141",
   "Drop support for IE 11 (legacy browsers). Since IE 11 is officially EOF and to simplify the script handling we "
   "should drop the support for legacy browsers.",
   [d("decision", ["ie 11"], "eof", ["ie 11"])])
noise(G + "go-gitea/gitea/issues/6147",
      "Consider dropping IE 11 support. This came up in #6139. In my opinion it's time we drop IE11 support. It's "
      "cumbersome to test on for non-Windows users and has a ton of weird bugs that are never going to be fixed. I "
      "think we should put a statement to only support modern (evergreen) browsers. Do we have any statistics how "
      "many users use IE on the gitea website?")
# ---------------------------------------------------------------- package managers
ex(G + "streetsidesoftware/cspell/pull/3375",
   "ci: Use pnpm instead of npm. Curious if there is a motivation for the switch? Just haven't seen PNPM used too "
   "much, so I haven't installed it before. pnpm has been picking up popularity very quickly over the past couple of "
   "years. It does a better job of handling workspaces than npm or yarn.",
   [d("decision", ["pnpm"], "workspaces", ["npm"])])
ex(G + "replit/desktop/pull/8",
   "Switch to pnpm. It's better than yarn and consistent with what we use in web and newer repos. We should just "
   "switch now before it's too painful",
   [d("decision", ["pnpm"], "consistent", ["yarn"])])
ex(G + "Svelte-Sirens/svelte-sirens/issues/19",
   "Switch to PNPM. Going to make the switch over to pnpm I think. Reopening to explore in response to this post. I "
   "really want pnpm but I still with the opinion that it's easier to wait for native support. However not opposed "
   "to it so if it's wanted then go for it. Completed in #80 now that Netlify has full pnpm support 🥳",
   [d("decision", ["pnpm"], "netlify")])
noise(G + "papermark/papermark/issues/554",
      "Migration from npm to pnpm. If you want this I am ready to work on this? I prefer NPM to be honest. Any "
      "particular reason for pnpm? I think it is a good time to migrate to PNPM. I don't see the need for it yet. We "
      "don't have multiple app / packages where pnpm would shine. So right now it would just replace npm for no real "
      "added benefit.")
noise(G + "adityaoberai/Alt-Text-Generator/issues/3",
      "chore(dep): migrate to pnpm. Why to use pnpm? pnpm is faster than npm; Disk space efficiency; security etc. I "
      "want to work on it. Not sure if this switch is really necessary, considering the relatively not-so-high scale "
      "of the project as well as the use of a limited number of well-tested dependencies. If you could share more "
      "about the potential impact of switching to pnpm on this particular app, I'd be happy to consider it.")
noise(G + "bettergovph/bettergov/issues/221",
      "[IDEA]: Migrate from npm to pnpm as package manager. As of now, the project is currently using npm as a "
      "package manager. We know that there are alternatives and pnpm is worth considering. I understand that the "
      "migration process is not ideal for now, It may take some time too, especially for the things that currently "
      "requires npm in CI/CD pipelines. I just want to promote an idea and to open a discussion for the possibility "
      "of migration in the future.")
noise(G + "runabol/tork-web/issues/26",
      "Switch to pnpm. I would recommend switching to pnpm as a package manager as it's better than npm. You can "
      "read more about it here for reference. We can do this once we've fixed up the frontend to the point where "
      "we've migrated away from HeadlessUI and icons etc and are using Tailwind v4 with Shadcn components only.")
# ---------------------------------------------------------------- storage
ex(G + "SwanHubX/SwanLab/issues/202",
   "[FEATURE] Use SQLite. Features description: Change the file organization form of JSON to SQLite storage. What "
   "problem does this feature solve: More efficient. This issue does not consider compatibility problems, but it is "
   "recommended for developers to keep files from older versions.",
   [d("decision", ["sqlite"], "efficient", ["json"])])
ex(G + "kushaldas/shonku/issues/2", "Remove sqlite dependency and use json instead. As the file database.",
   [d("decision", ["json"], None, ["sqlite"])])
noise(G + "sungshon/PimpMyStremio/issues/2",
      "Use SQLite as DB. Currently storing all data in files, SQLite would be an improvement. I'm debating never "
      "doing this, storing to json files might be enough for this project.")
noise(G + "sourcegraph/thyme/issues/31",
      "Use SQLite instead of JSON. Wouldn't sqlite be a better choice to store the data as compared to json? To add "
      "new entry to json, we first need to parse the existing file. That may be true, but so far, performance of "
      "updating the JSON file has not been an issue. Also, SQLite is a fairly heavy dependency to bring in. If the "
      "perf of thyme track becomes an issue, I'd be receptive to PR that changes the write to append-only.")
noise(G + "jamiefdhurst/journal/issues/42",
      "Move Away from SQLite. The small single-table database should allow a static JSON file to be used, it's never "
      "going to have much data. I don't know why I decided that this was a good idea, I'm closing this for now as I "
      "think SQLite is fair enough for now.")
# ---------------------------------------------------------------- dates
ex(G + "davidcostadev/fastexpress/issues/51",
   "Replace moment to luxon. Description: The bundle of moment is so big, need to be replaced.",
   [d("decision", ["luxon"], "bundle", ["moment"])])
ex(G + "microsoft/accessibility-insights-web/pull/3360",
   "perf: ~9% bundle size reduction by replacing moment with luxon. Description of changes: The Moment.js "
   "maintainers announced today that they consider moment to be \"a legacy project in maintenance mode\". This isn't "
   "necessarily a problem for us using it, but it prompted me to look into what alternatives existed. Luxon, a newer "
   "library by some of the same developers as Moment, is the one that stuck out from Moment's \"recommend "
   "alternatives\" list, since I think its internationalization support uses a strategy that I think is more likely "
   "to stay maintained long-term than its peers.",
   [d("decision", ["luxon"], "bundle size", ["moment"])])
ex(G + "katelyynn/bleh/issues/144",
   "switch from moment to luxon. Moment is long EOL, and it has a massive bundle size. Bleh should be using luxon "
   "instead.",
   [d("decision", ["luxon"], "eol", ["moment"])])
ex(G + "Hylozoic/hylo/issues/65",
   "Switch from Moment to Luxon. This reduces bundle size and gives us built in browser timezone and "
   "internationalization support. After PR #132 is merged into dev, I'll start this one.",
   [d("decision", ["luxon"], "bundle size", ["moment"])])
ex(G + "Availity/availity-reactstrap-validation/issues/125",
   "Swap moment with dayjs. moment accounts for over 60% of this packages size. moment: 65.9KB, dayjs: 2KB. Luxon "
   "would also be a good alternative. Luxon would be good as well although its still 16KB larger than dayjs",
   [d("decision", ["dayjs"], "size", ["moment", "luxon"])])
noise(G + "MatheusrdSantos/vue-quick-chat/issues/25",
      "Proposal: Replace moment.js with date-fns or Luxon.js. This thread purpose, is to discuss if it should be "
      "done. Why? -> Bundle size, thats why :-) When looking at the package size of moment.js, its \"medium-huge\"... "
      "Luxon is supposed to replace moment.js, with better webpack support (include what you need).")
# ---------------------------------------------------------------- API style
ex(G + "sahende/Course_Project_Epam/blob/HEAD/innovate-portal/specs/adr/005-api-architecture.md",
   "ADR 005 — API Architecture: REST vs GraphQL. Status: Proposed. Context: We must choose an API style that "
   "balances simplicity for quick MVP delivery, ease of testing, and the ability to evolve the API without excessive "
   "breakage. Decision: Adopt RESTful JSON APIs for the MVP, implemented as Next.js App Router handlers. Revisit "
   "GraphQL if the API surface grows complex and clients require flexible queries across deeply nested relations. "
   "Rationale: REST is simple to implement, easy to test, and fits well with existing contract tests and CI tooling. "
   "GraphQL adds power for flexible queries but increases complexity (schema design, caching, query cost controls, "
   "authorization complexity) which is undesirable during an accelerated MVP.",
   [d("decision", ["rest"], "simple to implement", ["graphql"])])
noise(G + "fossasia/labs.fossasia.org/issues/271",
      "Transition of Open-Event Server Architecture from REST to GraphQL. One of the projects include adding the "
      "organizer feature for Open-Event Server. This might make the whole API bit clumsy. So maybe we could change "
      "the core of the backend server from REST to GraphQl? But I think our use case is a little different where "
      "GraphQl might not actually improve the functioning as of now.")
noise(G + "Materials-Consortia/OPTIMADE/issues/48",
      "REST vs. GraphQL. Dear colleagues, it seems GraphQL spec has many advantages over REST: better logical "
      "encapsulation and multiplexing; more explicit implementation guidelines; no overfetching. What do you think on "
      "including GraphQL into OPTiMaDe? I think GraphQL may have been shortly mentioned during the first meeting. "
      "But, the idea was (and is) to stay as minimal as possible, and a home-rolled query language in REST may be "
      "less complex to work with. Nothing is preventing us at a future point to add GraphQL support onto the REST "
      "API, i.e., support both.")
noise(G + "MicrosoftDocs/cloud-adoption-framework/issues/775",
      "Including GraphQL as an alternative to REST. GraphQL is increasing popularity at the moment, and while is not "
      "a replacement for REST it can provide some benefits for specific requirements/scenarios. It would be "
      "beneficial perhaps to include it as an alternative guidance in the diagram. Yes GraphQL could be an "
      "alternative but I do not think that we should add additional API's and clutter the diagram")
noise(G + "fastapi/fastapi/issues/3984",
      "Choice between graphQL and REST fastAPI. Hi community, I have a quick question that turns me on for a while. "
      "I work with both graphQL and fastAPI, however I can see through documentation and tutorials that REST API are "
      "by far more usual. Are they definitely better than graphQL? Since I just started my graphQL API I wonder "
      "whether I should move on REST or keep going on with strawberry?")
# ---------------------------------------------------------------- monorepo tooling
ex(G + "tyhopp/prpl/pull/68",
   "Chore remove lerna. Remove Lerna since it's no longer maintained and does way more than what this project "
   "requires. Todo: Try development with npm workspaces (not npm link) to make sure it works",
   [d("decision", ["lerna"], "no longer maintained", ["lerna"])])
ex(G + "open-telemetry/opentelemetry-lambda/pull/2239",
   "chore(nodejs): use native npm workspaces instead of lerna. We don't use any lerna features, it's simply used as "
   "a script runner that uses the underlying npm workspaces. Therefore I just got rid of it entirely in favour of "
   "native npm workspace usage.",
   [d("decision", ["workspace"], "script runner", ["lerna"])])
ex(G + "Shopify/foundational-design-system-proto/issues/267",
   "Remove lerna in favor of only using npm workspaces. We are only using lerna to run npm scripts but this can be "
   "done using npm 7 workspaces. Opt to remove lerna as a dependency.",
   [d("decision", ["workspaces"], "npm scripts", ["lerna"])])
ex(G + "capricorn86/happy-dom/issues/427",
   "Move from Lerna to NPM Workspaces. Lerna has caused several issues with bugs and security vulnerabilities. We "
   "should therefore move to NPM Workspaces. I'm using the pnpm workspace feature for my monorepos and it is working "
   "great so far. nice to hear! Using NPM workspaces has worked well, so the project will continue with it for now "
   "as NPM is a standard and therefore makes it a bit easier to contribute.",
   [d("decision", ["workspaces"], "security", ["lerna"])])
noise(G + "nearform/titus/issues/923",
      "Switch from lerna to npm workspaces. This should be done in a branch which assumes Node 16 and hence "
      "npm@>=7, without porting it to the main branch until Node 16 is LTS. We should collect some takeaways in "
      "order to figure out how npm workspaces work and what they're missing compared to lerna / yarn workspaces. "
      "Blocked by npm/cli#4056. How do we release packages when we remove lerna?")

assert_new_repositories("capture7.json")
write_heldout_set(7, "s", sys.argv[1])
