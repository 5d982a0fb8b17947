# One-off: writes capture9.json, the ninth capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it. The whole set is blind.
# Usage: python build_labels_9.py capture9.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall set or of the outside held-out set is used again)
import sys

from labelset import X, assert_new_repositories, d, ex, noise, write_heldout_set

G = "github.com/"
# ---------------------------------------------------------------- linters: pylint to ruff
ex(G + "greenbone/gvm-tools/pull/1051",
   "Change: Replace pylint with ruff. What: Replace pylint with ruff. Why: Use ruff instead of pylint because ruff is "
   "so much faster.",
   [d("decision", ["ruff"], "faster", ["pylint"])])
ex(G + "john-kurkowski/tldextract/pull/304",
   "Switch from pycodestyle and Pylint to Ruff. Ruff subsumes pycodestyle. Ruff is much faster and less error-prone "
   "than Pylint. Ruff is not a drop-in replacement for Pylint. However, the simplicity and speed of Ruff feel better "
   "than fighting with Pylint dependencies and false positives.",
   [d("decision", ["ruff"], "faster", ["pycodestyle", "pylint"])])
noise(G + "python-hydro/pyro2/issues/213",
      "switch from pylint to ruff? pylint is slow to run on pyro. ruff is supposed to be much faster. We should "
      "consider switching. there are enough differences and incompatibilities that I am closing this until it can be "
      "done as a drop-in replacement.")
ex(G + "pixee/codemodder-python/pull/277",
   "Replace pylint with ruff. Overview: ruff is a linter similar to pylint, but it's faster so we're going to favor "
   "using it. Description: To do this switch, I removed everything pylint related and did some very small noqa "
   "changes to align with ruff. I can go a step further and actually replace black with ruff format.",
   [d("decision", ["ruff"], "faster", ["pylint"])])
noise(G + "coveragepy/coveragepy/issues/1716",
      "Move from pylint to ruff? Ruff is much faster, and has broad support. I'm slowly working on this. Pylint still "
      "does some things that ruff can't. I'd like to have ruff's speed, but can't jump that hurdle.")
ex(G + "fkie-cad/FACT_core/pull/1033",
   "added ruff pre-commit hook and removed flake8 and pylint. pylint has become so slow on modules like sqlalchemy "
   "that it is almost unusable. ruff is a linter written in Rust that can replace many checks of popular python "
   "linters and is lightning fast. removed pylint, isort and flake8 hooks (mostly replaced by ruff)",
   [d("decision", ["ruff"], "slow", ["flake8", "pylint", "isort"])])
# ---------------------------------------------------------------- package managers
ex(G + "SiaFoundation/web/pull/1167",
   "ci: migrate to bun. Switch package management from npm to bun. Using bun.lockb until nx supports bun.lock. "
   "Switch execution from npx to bunx. This change significantly speeds up CI setup steps.",
   [d("decision", ["bun"], "speeds up", ["npm"])])
ex(G + "JesusFilm/core/pull/2901",
   "feat: bun package manager. Issue: npm is painfully slow in development and ci. Solution: replace with bun as "
   "package manager for 100x improvement. External Changes: All external usage of npm replaced with bun",
   [d("decision", ["bun"], "slow", ["npm"])])
ex(G + "CreativeIT/material-angular-dashboard/issues/21",
   "Use npm instead of yarn. Since lock files appeared in npm, there is no valuable reason to use yarn anymore",
   [d("decision", ["npm"], "lock files", ["yarn"])])
ex(G + "stacks-network/docs/pull/18",
   "Use npm instead of yarn. We can use npm instead of yarn. While yarn may be preferable for advanced users, it does "
   "create an additional external dependency. For a beginner tutorial, I suggest npm is preferable. Modern npm has "
   "lockfile capability and is arguably as performant as yarn now. Let me check with the team on this one. Ok. Looks "
   "like we are going to do this. Thanks again for your help.",
   [d("decision", ["npm"], "external dependency", ["yarn"])])
noise(G + "Wiredcraft/loopback-cache/issues/55",
      "npm over yarn. just curious as to why we are using npm instead of yarn on this mixin. I don't see any specific "
      "reason why not using yarn, but this is a repo built a long time ago, maybe at that time yarn was not so "
      "popular.")
noise(G + "dwyl/technology-stack/issues/39",
      "Yarn over npm? We are currently using just npm to manage our dependencies, but I think there are better "
      "alternatives such as yarn. I have seen that we're not using it in any of our projects. Why is this?")
noise(G + "wonderunit/storyboarder/pull/289",
      "Add Yarn for the project. Yarn is a package fast manager for the code. It's another option for developers to "
      "use in place of NPM. But what's wrong with NPM? Nothing. But developers can install dependencies in two ways, "
      "using NPM or YARN. I dont think we are going to add yarn support yet.")
# ---------------------------------------------------------------- build tools
ex(G + "stellar/js-stellar-sdk/issues/219",
   "Consider replacing Gulp with npm scripts. The gulp scripts aren't very complex and could be replaced with chained "
   "npm scripts. Removing gulp would simplify our toolchain, and fewer moving parts is always better. This doesn't "
   "really add much, and the gulp scripts already work, so closing this.",
   [d("decision", ["npm scripts"], "already work", ["npm scripts"])])
noise(G + "kreativgebiet/kickup/issues/25",
      "RFC: Migrate to npm scripts from gulp. Thoughts on this? How would you go for this? I am open to this. It "
      "should be pretty straight forward. Almost anything that can be done with gulp can be done with npm scripts. "
      "I looked at the work needed for the migration and it seemed like a rewrite was required.")
ex(G + "unboxed/bops/pull/927",
   "Switch from webpacker to jsbundling-rails. Replaces the webpacker gem with jsbundling-rails, both using webpack as "
   "a backend. Webpacker is deprecated and this will allow us to remove it from our workflow. Decisions: It's "
   "possible also to switch from webpack to esbuild or some other build tool. However, the tradeoff would be "
   "increased complexity in the migration as we'd need to work out the correct configuration for esbuild.",
   [d("decision", ["jsbundling-rails"], "deprecated", ["webpacker", "esbuild"])])
ex(G + "chicago-tool-library/circulate/pull/1128",
   "Replace webpacker with esbuild. What it does: This replaces the use of webpacker for bundling JavaScript and CSS "
   "with a combination of esbuild for JS and DartSass for CSS. Why it is important: The current webpacker config "
   "means that rebuilding the JS is pretty slow. Rails has deprecated webpacker and future energy is directed in "
   "other directions.",
   [d("decision", ["esbuild"], "slow", ["webpacker"])])
ex(G + "rubyforgood/human-essentials/issues/2997",
   "[Feat] Utilize esbuild and cssbundler to speed up asset compilation. Desired Behavior: We want to be able to "
   "utilize esbuild & cssbundler instead of webpacker so that builds are faster and easier to manage. Criteria for "
   "Completion: Webpacker is removed and replaced with esbuild",
   [d("decision", ["esbuild"], "faster", ["webpacker"])])
# ---------------------------------------------------------------- TypeScript runners and types
ex(G + "shapeshift/web/issues/7300",
   "Use tsx instead of ts-node. Overview: ts-node sux, tsx rox. Acceptance Criteria: install tsx as dev dependency; "
   "remove ts-node dependency; replace all instances of ts-node with tsx; validate everything still works. Another "
   "argument in favor of TSX: --inspect-brk works with tsx while ts-node requires to use node --inspect-brk -r "
   "ts-node/register myFile.ts",
   [d("decision", ["tsx"], "inspect-brk", ["ts-node"])])
ex(G + "kevgo/text-runner/pull/1508",
   "replace ts-node with tsx. tsx is claimed to work where ts-node doesn't",
   [d("decision", ["tsx"], "claimed to work", ["ts-node"])])
ex(G + "govuk-react/govuk-react/issues/949",
   "Remove all uses of PropTypes. PropTypes should be replaced with TypeScript types.",
   [d("decision", ["typescript"], None, ["proptypes"])])
ex(G + "unkleho/reactronica/pull/32",
   "Remove ye olde prop-types. Too much work maintaining propTypes and Typescript types. TS wins.",
   [d("decision", ["typescript"], "too much work", ["prop-types"])])
ex(G + "dequelabs/cauldron/issues/1164",
   "Remove PropTypes from React Components. Maintaining both PropTypes and typescript props has been troublesome and "
   "challenging to keep in sync. Given that typescript provides the functionality to verify props, we will be "
   "removing PropTypes from components and only use typescript types going forward.",
   [d("decision", ["typescript"], "keep in sync", ["proptypes"])])
noise(G + "meteor/todos/issues/245",
      "Update React Todo to use TypeScript since PropTypes deprecation. They suggest using the prop-types package but "
      "I think using TypeScript would be a better option since it can be used with all javascript and not intended "
      "just for react. Thanks for the suggestion - we're going to stick with PropTypes for now.")
noise(G + "scout24ch/styled-svg/issues/18",
      "typescript support? Very handy library. Have you considered using typescript instead of proptypes? Unless "
      "someone is willing to do Typescript support via PR, we won't have typescript support. PropTypes will still be "
      "needed, because these two things serve different purposes.")
# ---------------------------------------------------------------- test runners: mocha to node:test
ex(G + "nolanlawson/fuite/pull/108",
   "chore: remove mocha, use built-in test runner. We can use node --test now; it's good enough for our use case.",
   [d("decision", ["test runner"], "good enough", ["mocha"])])
ex(G + "JedWatson/classnames/pull/326",
   "Replace Mocha with Node.js' built-in test runner. Replaces Mocha with Node.js' built-in test runner, reducing the "
   "amount of dependencies that need to be installed.",
   [d("decision", ["test runner"], "dependencies", ["mocha"])])
ex(G + "perplexityai/perplexity-node/pull/68",
   "test: use Node.js test runner. Summary: replace Mocha with the native Node.js test runner; remove Mocha, its "
   "types, and the custom test setup. Why: Mocha only supplied the runner and globals, while assertions and mocks "
   "came from custom test infrastructure. Node now provides the full runner, assertion, hook, skip, and mock APIs "
   "needed by this suite.",
   [d("decision", ["test runner"], "full runner", ["mocha"])])
noise(G + "exercism/javascript/issues/2566",
      "Maybe switch to node built-in test runner for simplicity. See https://nodejs.org/api/test.html")
noise(G + "kubernetes-client/javascript/issues/2338",
      "Is there interest in replacing mocha with node:test. Since v18, Node has shipped a built in test runner, which "
      "we could replace mocha with. Pros: Fewer dependencies, which have been causing us grief lately. Better "
      "security posture because it is built in. Cons: The biggest con is speed.")
# ---------------------------------------------------------------- Node.js built-ins over packages
ex(G + "webstudio-is/webstudio/pull/3218",
   "refactor: replace uuid with crypto.randomUUID(). crypto.randomUUID() is globally available in node and browser "
   "environments. Uuid package is no longer necessary for our cases.",
   [d("decision", ["randomuuid"], "globally available", ["uuid"])])
ex(G + "yoshiko-pg/difit/pull/82",
   "feat: replace uuid package to crypto.randomUUID. Since the uuid package is only used to generate uuid v4, I "
   "replaced it with crypto.randomUUID(). This reduces the number of packages that need to be maintained.",
   [d("decision", ["randomuuid"], "number of packages", ["uuid"])])
ex(G + "docker/setup-buildx-action/pull/366",
   "remove uuid package and switch to crypto. Node has a built-in crypto.randomUUID() method that can be used "
   "instead. Error: crypto is not defined",
   [d("decision", ["crypto"], "built-in", ["uuid"])])
ex(G + "guardian/dotcom-rendering/pull/9887",
   "Favour native fetch over node-fetch. What does this change? Replace usage of node-fetch with the native Node "
   "implementation, with adjustments for Buffer. The API is officially still experimental in node 18, but it is "
   "stable in node 21 without any major change, so it should be relatively safe to use. Why? One less dependency!",
   [d("decision", ["native"], "one less dependency", ["node-fetch"])])
ex(G + "CivPlatform/map-sync/pull/67",
   "Remove node-fetch and its typings. Can't we replace this with the native fetch api node introduced? Some distros "
   "don't make it easy to use a recent nodejs. Just tested and node 18 has native fetch, so the module shouldn't be "
   "necessary anymore. All good now, this is now a 'yeet node-fetch' PR",
   [d("decision", ["fetch"], "node 18", ["node-fetch"])])
noise(G + "google/zx/issues/568",
      "Update node-fetch to native fetch. Hi! Node support fetch natively from 18.0.0 version, Is it time to use "
      "Fetch natively? I can do this. Well. A lot of users still on node16. GitHub Actions for example. ok!")
# ---------------------------------------------------------------- dropping Node.js 16
ex(G + "TryGhost/Koenig/pull/1107",
   "Dropped support for Node 16. Node 16 is no longer in long-term-support and has been dropped by some of our "
   "dependencies. Node 18 LTS is now the minimum supported version. Removed Node 16 from our test matrix",
   [d("decision", ["node 18"], "long-term-support", ["node 16"])])
ex(G + "n8n-io/n8n/pull/6649",
   "ci!: Drop support for Node.js 16. Add initial support for Node.js 20. We need to drop node 16 support, as "
   "support for it is ends much earlier now, due to support for openssl 1.1.1 ending. 0.236.x releases will "
   "continue to support Node.js 16 for another two months, and 1.x.x releases will only support Node.js 18 for now.",
   [d("decision", ["16"], "openssl", ["node.js 16"])])
ex(G + "Financial-Times/dotcom-reliability-kit/issues/806",
   "Drop support for Node.js 16. Officially drop support for Node.js 16 and stop running tests against it. What "
   "problem does this feature solve? Node.js 16 is end-of-life, we can simplify and speed up our testing and "
   "discourage use of an unsupported version of Node.js. Ideal solution: We remove Node.js 16 support and release "
   "new major versions of every package. Alternatives: There are no alternatives.",
   [d("decision", ["16"], "end-of-life", ["node.js 16"])])
# ---------------------------------------------------------------- Go: logrus to slog, gorilla/mux to chi
ex(G + "synfinatic/aws-sso-cli/issues/1001",
   "replace logrus with slog. logrus is old and really deprecated. best to move to a new library... slog.",
   [d("decision", ["slog"], "deprecated", ["logrus"])])
ex(G + "github/github-mcp-server/pull/781",
   "fix: replace logrus with slog. The golang's blog article introducing slog calls out logrus directly as tooling it "
   "aims to replace with a solution in the standard language library. This change replaces logrus with slog and "
   "adjusts some of the log outputs to use structured logs.",
   [d("decision", ["slog"], "standard language library", ["logrus"])])
ex(G + "smallstep/certificates/pull/2514",
   "replace logrus with log/slog. Name of feature: Replace unmaintained sirupsen/logrus with stdlib log/slog. Pain or "
   "issue this feature alleviates: sirupsen/logrus unmaintained. Why is this important to the project: removes "
   "unmaintained dependency risk - also from downstream projects.",
   [d("decision", ["slog"], "unmaintained", ["logrus"])])
ex(G + "anthdm/hollywood/issues/54",
   "replace logrus with slog? Would you be interested in a PR which gets rid of logrus in favor of the stdlib slog? "
   "It would make go.mod one line nicer. :-) according to discord, this is something we wanna do, so I just get "
   "crackin' on this. Thanks for this",
   [d("decision", ["slog"], "go.mod", ["logrus"])])
noise(G + "arduino/arduino-create-agent/issues/1029",
      "Chore: replace logrus with slog. Check if the logrus can be replaced with the standard slog of go")
ex(G + "inverse-inc/packetfence/issues/7628",
   "Migrate away from gorilla/mux. gorilla/mux got archived. This means that it will no longer be maintained and we "
   "should migrate to another go router. Describe the solution you'd like: Choose a router and migrate our go code to "
   "it. Best candidate I found is chi, but that's TBD. EDIT: We decided to use chi",
   [d("decision", ["chi"], "archived", ["gorilla/mux"])])
ex(G + "mailgun/mailgun-go/pull/307",
   "replace gorilla/mux with go-chi/chi/v5. gorilla/mux is unmaintained, and chi is a good simple replacement. Not "
   "important, just nice to keep up to date.",
   [d("decision", ["chi"], "unmaintained", ["gorilla/mux"])])
noise(G + "flashbots/mev-boost/issues/462",
      "gorilla/mux is no longer maintained. gorilla/mux is no longer maintained router. Consider switching to a "
      "maintained one. I have pretty good experience with go-chi. not against it")
# ---------------------------------------------------------------- Rust: lazy statics
ex(G + "cyphar/libpathrs/pull/89",
   "*: migrate from lazy_static! to once_cell::sync::Lazy. Ideally we would switch to std::sync::LazyLock but that "
   "was only stabilised in Rust 1.80.0, so we have to make do with once_cell. At least once_cell has basically the "
   "same API as the merged-into-std API, so we can switch over very easily.",
   [d("decision", ["once_cell"], "1.80", ["lazy_static", "lazylock"])])
ex(G + "malbeclabs/doublezero/issues/489",
   "Rust: remove lazy_static and switch to std::cell::OnceLock. The functionality of lazy_static has been adopted "
   "into Rust std library via OnceCell and OnceLock. We should not be using this for initializing the config.",
   [d("decision", ["oncelock"], "std library", ["lazy_static"])])
ex(G + "txpipe/pallas/pull/535",
   "fix(math): update once_cell::Lazy -> std::sync::LazyLock. LazyLock is now the preferred way of doing lazy static "
   "initialization. Good to know",
   [d("decision", ["lazylock"], "preferred way", ["once_cell"])])
ex(G + "cloudwalk/stratus/issues/1996",
   "Replace once_cell in favor of std::cell::LazyCell and std::cell::LazyLock. The stdlib now implements most of the "
   "once_cell functionality.",
   [d("decision", ["lazycell", "lazylock"], "stdlib", ["once_cell"])])
ex(G + "BVE-Reborn/bve-reborn/issues/43",
   "LazyStatic and OnceCell Present in Codebase. These do the same thing. Everything should transition over to "
   "once_cell's Lazy. Yeah be lazier smh",
   [d("decision", ["once_cell"], "same thing", ["lazystatic"])])
noise(G + "kanidm/kanidm/issues/1503",
      "Use std's LazyLock instead of lazy_static. we can probably remove our lazy_statics by using std's LazyLock. "
      "Pros: One less external deps. Faster compile. I'm not sure about this. So I think I'd want to see the once "
      "cell api improve a bit more before we make a decision about this. So we just wait and see if the once cell api "
      "gets improved? Pretty much :)")
noise(G + "datenlord/datenlord/issues/475",
      "Remove lazy_static. With the stabilization of std::sync::OnceLock (in 1.70.0), there seems to be better "
      "alternatives of lazy_static. Therefore, I propose that we switch to another solution of static vars: 1. "
      "std::sync::OnceLock 2. std::sync::LazyLock: Similar to lazy_static. However, this is an unstable feature now.")
# ---------------------------------------------------------------- Python paths
ex(G + "ICTU/quality-time/issues/897",
   "Use pathlib instead of os.path. Wherever possible ... Working on it in branch 'issue-897'.",
   [d("decision", ["pathlib"], None, ["os.path"])])
ex(G + "dgilland/hashfs/issues/20",
   "Suggest using pathlib instead of os.path. The pathlib.Path module offers high-level path objects. Hello, I create "
   "a pull request to fix this issue. After some consideration, I'd like to maintain the current implementation in "
   "order to not break compatibility.",
   [d("decision", ["pathlib"], "compatibility", ["pathlib"])])
ex(G + "cole-wilson/sailboat/issues/18",
   "Use Pathlib. We should be using pathlib instead of os.path!",
   [d("decision", ["pathlib"], None, ["os.path"])])
ex(G + "fepitre/package-rebuilder/issues/2",
   "Use pathlib in code. The use of pathlib makes manipulating path much better than using extensively os.path.",
   [d("decision", ["pathlib"], "much better", ["os.path"])])
ex(G + "zhmcclient/zhmc-ansible-modules/issues/983",
   "Migrate to pyproject.toml. It turns out that such a migration is only useful for repos that produce Pypi "
   "packages. Which is not the case here.",
   [d("decision", ["pyproject.toml"], "pypi packages", ["pyproject.toml"])])
# ---------------------------------------------------------------- merge methods
ex(G + "networkservicemesh/networkservicemesh/issues/219",
   "[Proposal] Allow only squash commits. GitHub allows us to control the types of commits we can perform in the "
   "project. I recommend we use the following settings: Allow squash merging - Combine all commits from the head "
   "branch into a single commit in the base branch. The reason for disabling merge and rebase is two fold: "
   "Intermediate states representing work in progress would not be present in the repo, making history easier to "
   "read. Easier to find defects via git bisect since only states that pass the build are merged in. Any preferences "
   "or comments? +1 +1 +1 This is now implemented.",
   [d("decision", ["squash"], "bisect", ["merge commit", "rebase"])])
ex(G + "nodejs/nodejs.org/issues/839",
   "Allow squash merging. This is a new option which lets you force commit squashing on all pull requests merged via "
   "the merge button. Allowing squash commits via the merge button would be really convenient. +1 to disable merge "
   "commits and only allow squash merging. Both options are already enabled. then, +100 to only allow squash merging "
   "and disable merge commits. Alright, merge commits just disabled :)",
   [d("decision", ["squash"], "convenient", ["merge commits"])])
ex(G + "netdata/netdata/issues/4171",
   "[project management] Disable merging without squashing. Github allows to configure behavior of Merge button. "
   "Let's disable plain \"Merge\" and use \"Squash and merge\". This will give us much cleaner git history. I like "
   "this. Let me use \"Squash\" for some time before disabling \"Merge\". let's do it. You would enable it? Done",
   [d("decision", ["squash"], "cleaner git history", ["merge"])])
ex(G + "hackforla/lucky-parking/issues/276",
   "Should we Merge Pull Request, Squash and Merge or Rebase and Merge. What is our preferred way to merge pull "
   "request? We should discuss figure out the best merge for our project going forward. Merge PR would be thorough, "
   "squash is clean. feel like for the current stage, squash is good enough. I lean toward squash and merge as well. "
   "Think our issues are generally small enough that the code changes should be digestible. I've only ever done "
   "merge through PR but if you guys want squash we can do that too. Cool, decision/consensus reached!",
   [d("decision", ["squash"], "small enough", ["rebase and merge", "merge pull request"])])
ex(G + "NostrGit/NostrGit/issues/117",
   "Can we force using rebase instead of merge? can we considerate using rebase instead of merge? i love using it "
   "because it keeps the history of main branch. What do you think? Sorry, but I'm not fully comfortable with this "
   "idea. I feel the benefit of having somewhat cleaner commit history is nothing compared to the potential chaos "
   "rebasing can cause. It's a barrier of entry for casual contributors, I think. I'm a fan of squash and merge, "
   "which we are already doing. Closing",
   [d("decision", ["squash"], "barrier of entry", ["rebase"])])
ex(G + "coapjs/node-coap/issues/318",
   "Change merge method for PRs to \"Create a merge commit\"? So far commits are always squashed when a PR is merged. "
   "To make the tracking of changes easier we might consider creating a merge commit instead. What do you think? "
   "Agreed. Honestly I've never been a fan of rebasing, but I don't have a strong opinion to not do it, just a "
   "personal thing. I prefer the squash than the rebasing. Thank you for your input everyone :) I think we can "
   "conclude that we keep the current procedure.",
   [d("decision", ["squash"], None, ["merge commit"])])
ex(G + "PsiLupan/FRAY/issues/15",
   "Disable merge & squash in repo settings. Personally I think rebasing is a lot cleaner than merging or squashing "
   "(creates less distracting commits). Consider disabling merge and squash in the repository settings based on "
   "personal opinion. I'm fine with that. Just changed it.",
   [d("decision", ["rebas"], "less distracting", ["merge", "squash"])])
noise(G + "pangeo-data/pangeo-cloud-federation/issues/881",
      "Squash and merge. I'm wondering why we switched from rebase and merge to squash and merge? I thought Rebase and "
      "merge was great because the history is clean. I would vote to go back but perhaps there is something in our "
      "automation that won't allow this? I would prefer to go back to rebase merges rather than squash merges. Or, we "
      "can go back to regular merge commits which never caused us any problems. I'm open to whatever. +1 on merge "
      "commits or rebase commits :)")
ex(G + "tldr-pages/tldr/pull/14463",
   "git-terminal: prefer merge over rebase. Prefer merge over rebase. This follows the preferred way. Otherwise "
   "people will force-push in a PR which is discouraged in the beginning of the page. lgtm",
   [d("preference", ["merge"], "force-push", ["rebase"])])
noise(G + "Belco90/octochangelog/issues/120",
      "Only allow squash merges on repository. Setup this repository so that only squash merges are allowed. We can "
      "keep our history clean and understandable by only allow squash merges. Mmm, I'm not really sure about this "
      "one. It's ok for me to create a merge commit in some situations (or even in general) so I don't want to force "
      "squashing all merges.")
noise(G + "delta-io/delta-rs/issues/2542",
      "Only allow squash merge. I believe squash merge should be enforced - I think this is the common way to go "
      "about for a lib like delta-rs. We recently adopted the merge queue which doesn't support squash merges. I'm "
      "going to close this out since there's not much we can do until github's merge queue is more featureful")
# ---------------------------------------------------------------- dependency version policies
ex(G + "momentohq/client-sdk-rust/issues/155",
   "lower bound the application (library) dependencies instead of pinning. As is, the application dependencies are "
   "pinned (see: serde, log, etc). This can create dependency problems in applications that consume the library. As "
   "appropriate, unpin the dependencies and prefer major or minor version upper bounds with semver.",
   [d("preference", ["lower bound"], "dependency problems", ["pinning"])])
ex(G + "pulp/pulp_container/issues/1093",
   "Add upper and lower bounds to all pulp_container dependencies. Per the new dependency docs we should add an upper "
   "and lower bound for all dependencies. This does not need to be done for the functional and test dependencies, "
   "just the runtime pulp_container dependencies.",
   [d("constraint", ["upper and lower bound"], "dependency docs")])
noise(G + "instructlab/instructlab/issues/2454",
      "Document policy for pinning / upper+lower bounding dependencies. Across our project we have upper and lower "
      "bounds on dependencies. We should have a consistent policy for: (1) under what circumstances we pin "
      "dependencies and (2) under what circumstances (default?) we upper-bound dependencies. would either of you be "
      "interested in taking this on? My take is the default should be unpinned / un-upper-capped.")
noise(G + "boozedog/pi-codemode/issues/49",
      "Document or align runtime dependency version-pinning policy. package.json has inconsistent pinning: exact pins "
      "and caret ranges. Exact pins are defensible, but the inconsistency suggests no policy. Suggested fix: Pick a "
      "policy and document it briefly in AGENTS.md or README. Still open: there is still no short contributor-doc note "
      "describing a pinning policy, and ranges are still mixed.")
ex(G + "btclib-org/btclib/pull/347",
   "The bindings pin has no ceiling, and says why where it is. The policy: no ceiling, because the bindings are a "
   "btclib-org project developed by the same people and a breaking change there is coordinated with the release "
   "here. <0.8 would cost a btclib release per bindings minor, the ones that break nothing included; <1 constrains "
   "nothing, pre-1.0 semver putting the breaking changes in the minor.",
   [d("constraint", ["ceiling"], "same people", ["<0.8"])])
# ---------------------------------------------------------------- hosting and registries
ex(G + "dwyl/phoenix-chat-example/issues/122",
   "Chore: Migrate demo app from Heroku to Fly.io. In light of Heroku discontinuing \"hobby\" apps, We are migrating "
   "our apps off Heroku to Fly.io. Todo: Create new org for the demo app on Fly.io; Deploy the app using fly launch; "
   "Update the docs in the README.md",
   [d("decision", ["fly.io"], "discontinuing", ["heroku"])])
ex(G + "aellwein/cert-manager-webhook-netcup/issues/28",
   "Publish on Github's container registry. Currently this is published on dockerhub only, would it be possible to "
   "publish a container image on ghcr as well? sure, i can migrate the images to ghcr.io. just for curiosity: is the "
   "ghcr more reliable/preferred than the Docker Hub? The reason for this request is mainly the Docker Hub download "
   "rate limit. Pipeline is adapted, will do the 1.0.19 release in a second.",
   [d("decision", ["ghcr"], "rate limit")])
noise(G + "silverbulletmd/silverbullet/issues/273",
      "Push docker images to ghcr instead of docker hub. Not much value in this it seems, closing for now.")
noise(G + "andriyor/ghtopdep/issues/36",
      "Publish docker image to ghcr.io. Have you considered publishing the docker image to ghcr.io so that people can "
      "use the docker image without building it? I'm mentioning ghcr.io instead of dockerhub because it's easier to "
      "setup and there are no rate limits when pulling the image. If you want, I can open a PR")
noise(G + "myoung34/docker-github-actions-runner/issues/244",
      "Introduce an alternative to docker hub, like ghcr.io. The rate-limit issue on dockerhub is still a thing in "
      "2022. Did you consider to publish your images to Github Container Registry? Im not against it but im not a fan "
      "of ghcr since it requires auth in a lot of ways. If someone pushes a PR id be ok to review it though")
ex(G + "mainsail-crew/crowsnest/pull/280",
   "fix: change cs branch temporarily to fix compiling error. This is just a temporary change, until the upstream fix "
   "will be merged into camera-streamer. As a note, that no future question around this arise: We decided to stay on "
   "my forked version of camera-streamer in crowsnest, as the merge of the fix took more than 6 months. This will "
   "ensure future fixes of such bugs to get merged faster. Therefore this fix is not just temporary anymore.",
   [d("decision", ["camera-streamer"], "6 months")])
# ---------------------------------------------------------------- decision records (code search)
ex(G + "HabibaMekay/Tixie/blob/HEAD/Caching_ADR.md",
   "ADR: Caching Decision. Context: Our application requires a caching solution to improve performance by reducing "
   "the load on the database and speeding up data retrieval. Decision: We have decided to use Redis for caching. "
   "Alternatives Considered: 1. Memcached. Pros: Simple and easy to set up. Cons: Does not offer persistence. 2. "
   "In-Memory Caching with Application. Cons: Limited scalability. Rationale: Redis was chosen for its speed, "
   "flexibility, and support for a wide range of data structures.",
   [d("decision", ["redis"], "data structures", ["memcached", "in-memory caching"])])
ex(G + "nilenso/goose/blob/HEAD/architecture-decisions/pages/redis.md",
   "ADR: Redis. After spiking various options available, we've chosen Carmine for Redis client library. Avoided "
   "Designs: Celtuce & Obiwan do help with closing redis connections immediately. Obiwan isn't a full-featured Redis "
   "client library. Maintaining multiple connections to Redis is quite complicated with Celtuce.",
   [d("decision", ["carmine"], "full-featured", ["celtuce", "obiwan"])])
ex(G + "161sam/InfoTerminal/blob/HEAD/docs/adr/0003-identity-oidc-keycloak.md",
   "ADR 0003: Identity via OIDC with Keycloak. Status: Accepted. Context: Need a standards-based identity provider "
   "for authentication and user management. Decision: Use Keycloak for OpenID Connect (OIDC) and OAuth2 flows. "
   "Consequences: Provides federation and user self-service but adds an additional service to operate. "
   "Alternatives: Auth0 SaaS; DIY identity service",
   [d("decision", ["keycloak"], "standards-based", ["auth0", "diy identity service"])])
ex(G + "orue/artisan-platform/blob/HEAD/docs/adr/002-why-nats-over-kafka.md",
   "ADR-002: NATS JetStream over Kafka / SQS. Status: Accepted. Context: Need asynchronous messaging for "
   "event-driven communication between services. Decision: NATS with JetStream for persistent, at-least-once "
   "delivery. Rationale: Single binary, ~50MB RAM footprint vs. Kafka's multi-GB requirement. Trade-offs: Smaller "
   "ecosystem and community than Kafka.",
   [d("decision", ["nats"], "footprint", ["kafka", "sqs"])])
# ---------------------------------------------------------------- questions, plans and chatter
noise(G + "tonik/theme/issues/54",
      "Yarn over NPM. Is there a possibility to use Yarn over NPM in a future iteration? Yarn is exceptionally fast to "
      "load dependencies. Hi, you can use Yarn if you want to. As far I know Yarn is a drop-in replacement for NPM. "
      "You are free to use it with the starter as long as you have it installed globally.")
noise(G + "google/ground-platform/issues/34",
      "[Code health] Add type checking throughout. In the process, PropTypes can be replaced with Flow types for "
      "consistency. Obsolete; will be addressed in new version.")
noise(G + "TwiN/gatus/issues/468",
      "Gorilla mux project is archived. Gatus uses gorilla mux router, which was archived and no longer actively "
      "maintained. I think it's a good reason to find something else. Yeah, I was thinking of migrating to fiber at "
      "some point. What about Chi router?")
noise(G + "nelsonic/nelsonic.github.io/issues/234",
      "Yarn replaces NPM ? Facebook launches yarn, a faster npm client. Being forced to use Yarn because someone has "
      "created build scripts that include it.")

assert_new_repositories("capture9.json")
write_heldout_set(9, "n", sys.argv[1])
