# One-off: writes capture8.json, the eighth capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it. The whole set is blind.
# Usage: python build_labels_8.py capture8.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall set or of the outside held-out set is used again)
import sys

from labelset import X, assert_new_repositories, d, ex, noise, write_heldout_set


G = "github.com/"
# ---------------------------------------------------------------- linters and formatters: Biome
ex(G + "BePo65/license-report/pull/263",
   "pu: switch from eslint/prettier to biome. Biome gives a much better performance",
   [d("decision", ["biome"], "performance", ["eslint", "prettier"])])
ex(G + "joshmedeski/joshmedeski.com/pull/49",
   "Switch to Biome. Switching to Biome and removing Prettier and Eslint.",
   [d("decision", ["biome"], None, ["prettier", "eslint"])])
ex(G + "stevedylandev/bhvr/issues/7",
   "Use Biome. Biome is faster than prettier and eslint. While I do love biome, I think it's best to stick with the "
   "Vite defaults here and let people choose to override it if they want to.",
   [d("decision", ["biome"], "vite defaults", ["biome"])])
ex(G + "lilkraftwerk/lineboi3000/pull/87",
   "replace eslint and prettier with biome. Biome is ridiculously faster than prettier and eslint and requires fewer "
   "plugins.",
   [d("decision", ["biome"], "faster", ["eslint", "prettier"])])
ex(G + "mislam/fresh/issues/8",
   "[Suggestion] Replace ESLint and Prettier with Biome. Great project! Would you consider replacing ESLint and "
   "Prettier with Biome? Should be a pretty simple change. Great suggestion! Will look into it. Sounds good. I've been "
   "a big fan so far. We migrated to Biome. Care for testing it out? Let me know if looks good.",
   [d("decision", ["biome"], "simple change", ["eslint", "prettier"])])
ex(G + "captableinc/captable/issues/307",
   "Replace prettier + eslint with biomejs. I have been hearing a lot about biome and the results look promising. "
   "Let's replace our prettier + eslint setup, along with the pre-hook setup with biomejs. Picking this up :)",
   [d("decision", ["biome"], "promising", ["prettier", "eslint"])])
# ---------------------------------------------------------------- terminal colours: chalk to picocolors
ex(G + "scpwiki/wikijump/pull/686",
   "Use picocolors instead of chalk for coloring. This is a tiny PR to use the picocolors package instead of chalk for "
   "terminal coloring. Picocolors is a tiny dependency compared to Chalk. This doesn't actually remove Chalk, because "
   "we have other dependencies which use it, so... Really, I just wanted to remove Chalk because it had a fixed "
   "dependency version, due to it being strictly ESM only past V5.",
   [d("decision", ["picocolors"], "tiny dependency", ["chalk"])])
ex(G + "windicss/windicss/pull/715",
   "chore: replace chalk with picocolors. picocolors is 14x smaller and 2x faster than chalk.",
   [d("decision", ["picocolors"], "smaller", ["chalk"])])
ex(G + "elegantapp/pwa-asset-generator/pull/1188",
   "feat(core): replace chalk with picocolors. This PR replaces chalk with picocolors, a lightweight alternative to "
   "chalk. This will reduce install footprint as well as installation time, which is perhaps even more important than "
   "the former, as pwa-asset-generator is commonly used with npx and yarn dlx.",
   [d("decision", ["picocolors"], "footprint", ["chalk"])])
noise(G + "mrcgrtz/stylelint-formatter-pretty/issues/45",
      "Replace chalk with picocolors. picocolors is 14 times smaller and 2 times faster than chalk. To reduce bundle "
      "size, a replacement should be evaluated.")
noise(G + "MQuy/webpack-deadcode-plugin/issues/60",
      "Replace chalk for smaller install size? Picocolors offer smaller install size can be use as a drop-in "
      "replacement for chalk because the API is identical.")
ex(G + "sverweij/dependency-cruiser/pull/945",
   "refactor: replaces chalk with tinycolors. Description: replaces chalk with picocolors; test: removes chalk setup "
   "& tear down code in before & after triggers in lieu of setting the NO_COLOR environment variable. Motivation and "
   "Context: picocolors is ~ 1/3 of the size of even the chalk which better for both loading times & download times/ "
   "footprint. picocolors suports NO_COLOR which is helpful for dependency-cruiser's A11Y.",
   [d("decision", ["picocolors"], "loading times", ["chalk"])])
ex(G + "denoland/dnt/pull/279",
   "feat: replace chalk dev dependency with picocolors. Replace chalk@^4.1.2 by picocolors@^1.0.0. Why: chalk@^4.1.2 "
   "depends on ansi-styles and supports-color; chalk add lots of stuff for only 4 calls (green(text), red(text), "
   "gray(text), underline(text)). Note: I'm not affiliated with the picocolors project. I would prefer to use "
   "picocolors@1.0.0 rather than picocolors@^1.0.0 but that is another discussion. LGTM. Thanks!",
   [d("decision", ["picocolors"], "4 calls", ["chalk"])])
# ---------------------------------------------------------------- command-line parsing: argparse to click
ex(G + "rehosting/penguin/pull/746",
   "Cli. The goal of this PR is to update __main__.py to use click instead of argparse. The reason is simple: it's "
   "much easier to adjust and maintain arguments with click. I've attempted to make the output as close to the "
   "original as possible with an easier to maintain backend.",
   [d("decision", ["click"], "maintain", ["argparse"])])
ex(G + "rwnx/pynonymizer/issues/7",
   "replace argparse with click. I'd like to clean up the current argparse - pynonymize function with a call to the "
   "click cli package. using click properly we should be able to eliminate a whole class of tests from the test suite",
   [d("decision", ["click"], "class of tests", ["argparse"])])
ex(G + "djpugh/MTfit/issues/44",
   "Update CLI/argparsing to use click. Current argparsing is not very nicely/pythonically implemented, use click to "
   "handle the argparsing",
   [d("decision", ["click"], "pythonically", ["argparse"])])
ex(G + "ehmatthes/py-bugger/pull/11", "Use click for CLI. Use Click instead of argparse for CLI.",
   [d("decision", ["click"], None, ["argparse"])])
# ---------------------------------------------------------------- documentation: Sphinx to MkDocs
ex(G + "CDCgov/PyRenew/issues/536",
   "Migrate to mkdocs. We should switch from the sphinx-based documentation to mkdocs, taking care to port over all "
   "existing documentation. I'm prepared to say this should be MkDocs given that we use it extensively elsewhere",
   [d("decision", ["mkdocs"], "extensively elsewhere", ["sphinx"])])
noise(G + "nanograv/holodeck/issues/86",
      "migrate from sphinx to mkdocs. Sphinx sucks. Use mkdocs instead. After looking into this a bit further, it "
      "seems worth sticking with sphinx, at least for now. If more communities shift to mkdocs, then reevaluate.")
ex(G + "pypsa-meets-earth/pypsa-earth/issues/448",
   "migrate documentation from sphinx to mkdocs. MkDocs uses Markdown which is simpler than rst. Will help others "
   "contribute more easily in the long run.",
   [d("decision", ["mkdocs"], "simpler", ["sphinx"])])
noise(G + "Drenderer/klax/pull/58",
      "Migration from Sphinx to MkDocs. Since using Sphinx turned out to be quite tedious here is a proposal to "
      "migrate the docs of klax from sphinx to mkdocs. TODO: Update the README.md for the new docs.")
# ---------------------------------------------------------------- async runtimes (Rust)
ex(G + "svenstaro/genact/pull/707",
   "Switch from async-std to tokio. async-std is kinda crusty so let's finally make this switch.",
   [d("decision", ["tokio"], "crusty", ["async-std"])])
ex(G + "westerndigitalcorporation/spdm-utils/pull/176",
   "Switch to the Tokio async runtime. The async-std crate is deprecated and we want to incorporate some more async "
   "so let's switch to Tokio.",
   [d("decision", ["tokio"], "deprecated", ["async-std"])])
ex(G + "spacedentist/spr/pull/87",
   "Move to tokio runtime. While I like some ideas behind the \"smol\" runtime and ecosystem, it is clearly less "
   "popular then the tokio run-time. For example, many libraries that perform work asynchronously assume the tokio "
   "runtime, which meant we had to linked against it anyway and had to call .compat() on the returned futures to make "
   "them awaitable with our smol-based runtime. Moving to tokio reduces friction, let's do it!",
   [d("decision", ["tokio"], "less popular", ["smol"])])
ex(G + "attunehq/hurry/pull/15",
   "Async-ify the codebase. Converts the codebase to async: Uses tokio since it's the widely accepted psuedo-default "
   "runtime. Moves everything that does IO to async, either natively or using spawn_blocking.",
   [d("decision", ["tokio"], "widely accepted")])
# ---------------------------------------------------------------- supported Pythons and platforms
noise(G + "earwig/mwparserfromhell/issues/221",
      "Drop Python 2 support. I dropped Python 2 support downstream in the Debian package earlier today. We should "
      "drop support for Python 2 on/before the clock runs out. My plan is to drop it in the first release of 2020.")
ex(G + "lwa-project/lsl/issues/53",
   "Drop Python2 support. It's time. There are currently two \"drop Py2 support\" branches - drop_py2 and "
   "drop_py2_take2. I'm leaning towards drop_py2_take2 right now.",
   [d("decision", ["python"], None, ["python2"])])
ex(G + "GetStream/stream-python/issues/113",
   "Drop python 2 support. Python 2 support ended so we can safely drop our support too.",
   [d("decision", ["python"], "support ended", ["python 2"])])
ex(G + "tailscale/tailscale/issues/14419",
   "Please add the Windows 7 version. Should not be abandoned. Microsoft gave up on Windows 7 nearly 5 years ago. We "
   "do not plan to bring back Windows 7 support. We were barely able to keep it alive even when Microsoft still "
   "supported it.",
   [d("decision", ["windows 7"], "barely able", ["windows 7"])])
noise(G + "isbg/isbg/issues/51",
      "Drop Windows support. I do not use Windows and thus can't check if it works on it. I also do not wish to jump "
      "through hoops to make Windows support functional. With v.1.01, there are very good chances the Windows support "
      "will be dropped.")
ex(G + "maranda/metronome/issues/20",
   "Phase out Windows Support. Old, not up to date, very partial, buggy... and also I do not wish to work on it.",
   [d("decision", ["windows"], "buggy", ["windows"])])
ex(G + "Azure/draft-classic/pull/411",
   "drop Windows support from install guide. due to #406 we should drop Windows from the install guide. We'll "
   "continue to build and release Windows binaries, but given its current state we shouldn't \"support\" it until we "
   "can fix these showstoppers.",
   [d("decision", ["windows"], "showstoppers", ["windows"])])
ex(G + "cocodataset/cocoapi/pull/189",
   "State that windows is not supported in README.md. The decision that windows won't be supported has been made a "
   "long time ago but this is stated nowhere except this issue which leads to many confused people that think windows "
   "should be supported.",
   [d("decision", ["windows"], None, ["windows"])])
noise(G + "notepad-plus-plus/notepad-plus-plus/issues/10124",
      "Windows 8 support ended. Windows 8 is not supported anymore. According to SUPPORTED_SYSTEM.md Notepad++ on "
      "Windows 8 is still supported. Is this right?")
noise(G + "spolu/breach_core/issues/198",
      "Windows Support. Will it be there some support of Windows sometime in future? Thanks.")
noise(G + "logotype/MyoAS3/issues/2",
      "Any update on windows availability? Will you still be adding support for windows? Unfortunately, I don't have "
      "time to build a Windows compatible version. However, the Mac version will be updated to 64-bit soon.")
# ---------------------------------------------------------------- jQuery to plain JavaScript
ex(G + "dokieli/dokieli/issues/47",
   "Remove jQuery dependency. Should work with vanilla JavaScript. Well... that was fun. Thank you jQuery for all the "
   "help.",
   [d("decision", ["jquery"], None, ["jquery"])])
ex(G + "copperdogma/dnd-phb-5e-index/pull/19",
   "Removed jQuery dependency from converter.html. Replaced jQuery with vanilla JavaScript. There's not really that "
   "much going on in this page that requires jQuery.",
   [d("decision", ["vanilla"], "not really that much", ["jquery"])])
ex(G + "smile-io/code-samples/issues/9",
   "Remove jQuery Dependecy. Remove uses of jquery replacing with vanilla javascript so we can keep our code samples "
   "as minimal as possible.",
   [d("decision", ["vanilla"], "minimal", ["jquery"])])
# ---------------------------------------------------------------- container base images: Alpine to Debian
ex(G + "DependencyTrack/dependency-track/issues/1090",
   "Migrate Docker image from Alpine to Debian Slim. Alpine images can cause some incompatibility issues due to its "
   "use on musl instead of glibc. This ticket is to track the migration of the Dockerfile from using an Alpine base "
   "image to one based on Debian slim.",
   [d("decision", ["debian"], "musl", ["alpine"])])
ex(G + "ynqa/jnv/pull/52",
   "Update Dockerfile. Use debian slim image instead of alpine. Current -slim image is already sufficiently small. "
   "Although I don't think there are any dependencies at the moment, I will prepare an environment using glibc "
   "instead of musl as much as possible.",
   [d("decision", ["debian"], "sufficiently small", ["alpine"])])
ex(G + "svix/svix-webhooks/pull/331",
   "Change base Docker image to debian-slim. musl is claimed to have performance issues and random DNS bugs. It's "
   "just not worth the hassle, especially given debian-slim should be fine.",
   [d("decision", ["debian"], "dns bugs")])
ex(G + "dndx/phantun/pull/108",
   "chore(docker): use Debian as base image. Alpine has worse performance and musl does not work well with Rust libc "
   "version 3, use Debian instead.",
   [d("decision", ["debian"], "worse performance", ["alpine"])])
ex(G + "sdr-enthusiasts/docker-piaware/pull/19",
   "Move to debian:stable-slim. Having annoying issues with Alpine due to musl instead of libc.",
   [d("decision", ["debian"], "musl", ["alpine"])])
ex(G + "hypothesis/via/pull/831",
   "Temporarily switch Via to be a Debian Slim-based container. This PR works around a limitation in Musl libc's DNS "
   "resolver, lack of support for TCP retries, by temporarily switching the base image of Via to be based on Debian "
   "Slim (which uses glibc instead of Musl) rather than Alpine Linux.",
   [d("decision", ["debian"], "tcp retries", ["alpine"])])
noise(G + "mitre/hipcheck/issues/104",
      "Investigate transitioning Docker image to Debian instead of Alpine. Right now the Containerfile in the project "
      "is based on Alpine Linux, which means it uses musl libc. This isn't really a problem per-se, but musl is "
      "opinionated and can suffer some unusual limitations. To start, we'll want to investigate the size difference "
      "between Alpine and Debian-based images.")
noise(G + "jlesage/docker-baseimage-gui/issues/119",
      "[Feature Request] Add image based on debian-slim. Would it be possible to add an image based on debian-slim? "
      "Alpine is minimal but is challenging due to it's use of musl")
# ---------------------------------------------------------------- identifiers: UUID v7
ex(G + "kitsune-soc/kitsune/pull/35", "Use UUID v7 for primary keys",
   [d("decision", ["uuid"])])
ex(G + "opral/lix/issues/74",
   "use uuid v7 for identifiers. We can speed up the database by easing the creation of indexes by using sortable "
   "uuid v7 instead of random uuid v4.",
   [d("decision", ["uuid"], "indexes", ["v4"])])
noise(G + "umami-software/umami/issues/3161",
      "Consider supporting UUID v7 instead of v4 for keys. When testing Umami, I noticed that UUID v4 is used for "
      "primary keys and indexed columns. While v4 is good for security, they are notoriously bad for database index "
      "performance.")
noise(G + "msupply-foundation/open-msupply/issues/4038",
      "Use UUIDv7 instead of v4. The suggestion: Since uuid7 produces time sortable ids, using uuid7 as primary key "
      "should result in better DB performance. Triage, looks like a small change, if the benefits are practical then "
      "a should have")
noise(G + "cakephp/cakephp/issues/18007",
      "Update Text::uuid() to generate UUIDv7. Primary benefit being time sortable. The general advice seems to be "
      "simply not use UUID as primary keys for MySQL and Postgres has it's own UUID column type, so probably this "
      "change is not worth it.")
# ---------------------------------------------------------------- minimum supported Rust version
ex(G + "eminence/procfs/pull/170",
   "Bump MSRV to 1.42. This means that we will support approximately 2 years of old rust versions, which I think is "
   "a fairly reasonable MSRV policy. Once our MSRV reaches 1.56.0 we can put this version in Cargo.toml :)",
   [d("decision", ["1.42"], "2 years")])
ex(G + "smithy-lang/smithy-rs/issues/1318",
   "Bump MSRV to 1.58.1. per our 2-versions behind MSRV policy. Released as part of v0.11",
   [d("decision", ["1.58"], "2-versions behind")])
ex(G + "itsakeyfut/avio/pull/1323",
   "docs: document the MSRV policy. Objective: Resolve the MSRV policy decision so contributors and users know how "
   "avio treats its minimum supported Rust version. Decision: keep 1.93.0 as an intentional, recent MSRV. This matches "
   "avio's domain peers (gstreamer-rs 1.92, wgpu workspace 1.93) and its own dependency floor (wgpu library 1.87); no "
   "Cargo.toml change is needed.",
   [d("decision", ["1.93"], "domain peers")])
ex(G + "astral-sh/ruff/issues/16370",
   "Document and establish new MSRV policy. Update Ruff's versioning policy to allow MSRV bumps in patch versions. "
   "Decide on whether we want to use latest - 1 or latest - 2 (future bumps should happen as part or shortly after "
   "bumping the rust toolchain version). Bump the MSRV accordingly. Sure, I can do this. I checked off the \"decide on "
   "N-1 vs N-2\" task above, since I think we've agreed on N-2.",
   [d("decision", ["patch"]), d("decision", ["n-2"], None, ["n-1"])])
noise(G + "rust-embedded/wg/pull/449",
      "[RFC] Minimum Supported Rust Version Revisit. Marked as a draft, as not all fields of the RFC have been "
      "completed, but the major points are all there. When incrementing the MSRV of a crate, the crate must make a "
      "semver-minor version increment.")
noise(G + "delta-io/delta-kernel-rs/issues/661",
      "define MSRV policy. we should set expectation of when we will bump MSRV")
noise(G + "near/borsh-rs/issues/106",
      "Add MSRV check to CI. Currently, changes can bump the MSRV without noticing. Would be good to have this "
      "documented and stable. Hmm, I completely understand the viewpoint, and maybe we make no guarantees about "
      "bumping msrv during minor/patch versions, but is it not still beneficial to have this msrv controlled and "
      "visible? Feel free to close, I don't have an actual opinion on this")
# ---------------------------------------------------------------- merge conventions
ex(G + "bhouston/hdrify/issues/34",
   "chore: disable squash merges. Repository allows squash merges. Disable squash merging in repo settings (keep merge "
   "commits and rebase), and document in CONTRIBUTING.md that PRs are merged with merge commits. Motivation: Squash "
   "merges rewrite history and break the per-commit Conventional Commit / release analysis used by semantic-release.",
   [d("decision", ["merge commit"], "rewrite history", ["squash"])])
ex(G + "lhz960904/atrium/pull/47",
   "docs: require squash-merge for PRs. Records the squash-merge convention in CLAUDE.md, and the repo is now "
   "configured to allow squash only (rebase / merge-commit disabled) with the squash subject forced to the PR title.",
   [d("constraint", ["squash"], None, ["rebase", "merge-commit"])])
ex(G + "jonassaa/platypusgit/pull/14",
   "docs: switch merge convention to squash and merge. Switches the repository's integration convention from rebase "
   "and merge to squash and merge, per the maintainer's decision.",
   [d("decision", ["squash"], None, ["rebase"])])
noise(G + "ppy/osu-wiki/issues/1762",
      "[Proposal] Squash and Merge as default Merge strategy for Repository. Rationale: based on what we discussed, "
      "#1761 and #1756 might be too much for new contributors. This proposal will overturn both referenced proposals "
      "as it would effectively eliminate non-adhering commits.")
ex(G + "tenstorrent/tt-metal/pull/8442",
   "#8441: Add note about squash merging. Merge commits are not allowed in our main branch. We enforce a linear "
   "history. You can use either of the following methods to merge your branch on the GitHub UI: Squash and merge; "
   "Rebase and merge.",
   [d("constraint", ["merge commit"], "linear history", ["merge commit"])])
noise(G + "smogon/pokemon-showdown/pull/3018",
      "CONTRIBUTING.md: Make squashing optional. Because squash-merge is a thing now, we probably don't have to "
      "enforce this as heavily as we used to.")
ex(G + "Starfield-Reverse-Engineering/CommonLibSF/pull/7",
   "ci: enforce conventional commits in PR titles. Why squash instead of rebase? I prefer rebase personally. Rebase "
   "doesn't get rid of the bad commits message that don't conform. Squash is intended to be used to get rid of them "
   "so it's a singular commit that follows convention. I changed the settings to default to the title and default to "
   "squash.",
   [d("decision", ["conventional commit"]), d("decision", ["squash"], "conform", ["rebase"])])
# ---------------------------------------------------------------- test doubles
ex(G + "ansible/ansible/pull/77886",
   "Prefer unittest.mock over mock. This allows tests under newer Python versions to use the standard library "
   "unittest.mock instead of the third-party mock.",
   [d("preference", ["unittest.mock"], "standard library", ["mock"])])
ex(G + "pypi/warehouse/pull/20149",
   "test: replace pretend in the top-level unit test modules. Migrate eleven top-level modules under tests/unit/ off "
   "the pretend library, using pytest-mock and existing fixtures instead.",
   [d("decision", ["pytest-mock"], None, ["pretend"])])
ex(G + "microformats/mf2py/issues/221",
   "mock is now part of the Python standard library. Replace mock with unittest.mock. Thanks!",
   [d("decision", ["unittest.mock"], "standard library", ["mock"])])
ex(G + "saltstack/pytest-salt-factories/pull/7",
   "tests: Support unittest.mock. unittest.mock provides everything that is needed. Therefore try to use this "
   "built-in module. Okay. Change to just use from unittest import mock.",
   [d("decision", ["unittest"], "everything that is needed")])
noise(G + "snudler6/time-travel/issues/67",
      "use unittest.mock instead of mock. Could you please consider to use builtin unittest.mock instead of mock, as "
      "a fallback at least? You are more than welcome to send a PR :)")
# ---------------------------------------------------------------- dependency policies
ex(G + "modelcontextprotocol/python-sdk/pull/3215",
   "Publish versioning, roadmap, and dependency policies for v2. Dependency Policy: mcp is a library that lives inside "
   "other people's environments, so its requirements are chosen to constrain your resolver as little as possible "
   "while still describing what the SDK needs. Every runtime dependency is a >= floor set to the oldest version that "
   "provides what the SDK uses, with no upper bound unless a dependency's next major is known to break the SDK. A "
   "floor is raised only when the SDK starts relying on something that first appeared in that version, not because "
   "the dependency published a security advisory.",
   [d("constraint", ["upper bound"], "resolver"), d("constraint", ["raised"])])
ex(G + "UWNetworksLab/uProxy-networking/pull/74",
   "make freedom runtime dep into a dev dep so its not our only runtime dep. This made sense to me at the time...but "
   "now it's our only runtime dependency and there's no reason really why it's any different to any of our other "
   "dependencies. LGTM",
   [d("decision", ["freedom"], "only runtime dependency")])
noise(G + "nfedyashev/retryable/pull/13",
      "Adding dependency badge to README. There are no runtime dependencies. Keep up the good work.")
noise(G + "finos/legend-sdlc/pull/420",
      "Update Pure to 2.0.0 and Engine to 3.0.0. Are you sure about all those new runtime dependencies? I would have "
      "thought most of those should be optional, and if desired should be brought in as additional dependencies where "
      "the libraries are used.")
# ---------------------------------------------------------------- TypeScript, databases, styling
ex(G + "highcharts/highcharts/issues/12741",
   "Migrate masters to TypeScript. We need to migrate the masters to TypeScript. This is done since January 2021.",
   [d("decision", ["typescript"])])
noise(G + "rmuif/web/issues/466",
      "Migrate to TypeScript? Is there any plan? There is no plan for this at the moment. Maybe in the future, once "
      "the template has matured a bit and there's more time and contributors, we can try to maintain two versions of "
      "it.")
noise(G + "posit-dev/publisher/issues/3877",
      "Update CLAUDE.md to reflect current state of TypeScript migration. So that Claude knows whether it should look "
      "in TS or Go code for a given feature.")
ex(G + "danfhernandez/cloud-platyform/issues/1",
   "Migrate from mongo to postgres. Started with mongo for ease sake but data model fits postgres better.",
   [d("decision", ["postgres"], "data model", ["mongo"])])
ex(G + "x42protocol/xServer/issues/69",
   "Postgres to Mongo Migration. Full removal of postgres database in favor on MongoDB. Currently, the Profile "
   "Reservation and Profile are using Mongo for the data storage, together with the dApps deployments, amongst "
   "others.",
   [d("decision", ["mongo"], None, ["postgres"])])
ex(G + "Zuehlke/poinz/issues/383",
   "Move from styled-components to tailwind. styled-components is not really the way to go anymore, lets use tailwind",
   [d("decision", ["tailwind"], "way to go", ["styled-components"])])
ex(G + "Kong/insomnia/pull/6189",
   "Tailwind. Replace less with tailwind. Moving forward we want to: Remove styled-components; Replace any custom css "
   "classes with tailwind; Use as much of react-aria-components as possible before creating our custom components",
   [d("decision", ["tailwind"], None, ["less"]), d("preference", ["react-aria-components"])])
ex(G + "ooni/design-system/issues/174",
   "Implement components using TailwindCSS (and remove the use of styled-components + styled-system). This is a part "
   "of \"consolidating frontend components\" work. As part of this issue, we want to remove the use of styled-system "
   "and styled-components and update it to use TailwindCSS.",
   [d("decision", ["tailwind"], "consolidating", ["styled-components", "styled-system"])])
ex(G + "opensource-place/backend/issues/66", "We need to change our css base from tailwind to styled components",
   [d("decision", ["styled"], None, ["tailwind"])])
ex(G + "open-keychain/open-keychain/pull/708", "Prefer composition to inheritance. minor tidying...",
   [d("preference", ["composition"], None, ["inheritance"])])
noise(G + "novoda/novoda/pull/31",
      "Discuss inheritance over composition issue. This PR is to discuss what I raised. My proposal is to prefer "
      "making multiple protocol conformance explicit by forcing it to be explicit. That way it is far easier to see "
      "the issue in the code.")
# ---------------------------------------------------------------- decision records (code search)
ex(G + "SumoSumir/kata-na/blob/HEAD/ADR/ADR_07_Tracing_and_Logging.md",
   "ADR-07: Tracing & Logging Technology – OpenTelemetry. Status - accepted. Context: Modern distributed applications "
   "require robust tracing and logging for monitoring, debugging, and performance optimization. Several solutions "
   "exist for this purpose: OpenTelemetry; Prometheus; Zipkin / Jaeger; Opencensus (predecessor to OpenTelemetry, "
   "less actively maintained). Decision: We will adopt OpenTelemetry as the basis for our tracing and logging system. "
   "Justification: It is the industry standard for open, vendor-neutral observability.",
   [d("decision", ["opentelemetry"], "vendor-neutral", ["opencensus"])])
ex(G + "BenWork17/Vexeviet-BE/blob/HEAD/docs/adr/001-mysql-vs-postgresql.md",
   "ADR 001: MySQL vs PostgreSQL Choice. Status: Accepted. Context: The original SAFe plan specified PostgreSQL as the "
   "primary RDBMS. During implementation of Iteration 1-2, the team chose MySQL 8.0 instead. This ADR documents the "
   "decision and rationale. Decision: We will use MySQL 8.0+ as the primary relational database for the VeXeViet "
   "platform. Rationale: 1. Team Familiarity & Expertise: 70% of backend developers have more experience with MySQL.",
   [d("decision", ["mysql"], "familiarity", ["postgresql"])])
# ---------------------------------------------------------------- questions and plans about an API style
noise(G + "faldez/tanoshi/issues/34", "switch to graphql. look into possibility to swith to graphql")
noise(G + "cleverbeagle/pup/issues/125",
      "GraphQL by default. Starting to consider this for a few reasons: 1. Less immediate coupling with Meteor. 2. "
      "Removes the need to learn Meteor-specific APIs that are rumored to go away. Thoughts on this? It wouldn't take "
      "much work technically to wire it up, however, it would introduce some pretty big paradigm shifts into how we "
      "work with folks.")
noise(G + "CashlessSociety/together_app/issues/24",
      "As a developer I can develop against GraphQL so that later we can move back end without too much fuss. need to "
      "get us some thoughts on this one. Marking as blocked just to symbolize that we need to do some more research on "
      "this and make a decision.")

assert_new_repositories("capture8.json")
write_heldout_set(8, "e", sys.argv[1])
