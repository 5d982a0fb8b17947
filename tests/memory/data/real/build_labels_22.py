# One-off: writes capture22.json, the twenty-second capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it, by a labeller who had not read the
# extractor's code nor its tests nor any earlier set's failures, nor run any Lore code on this text. The whole set is blind.
# Usage: python build_labels_22.py capture22.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall sets or of the outside held-out set is used again)
import sys

from labelset import G, assert_new_repositories, commit, d, doc, ex, noise, write_heldout_set

# ---------------------------------------------------------------- continuous integration: leaving Travis CI
ex(G + "jfowkes/pycutest/issues/19",
   "Migrate to GitHub Actions. As the free Travis CI is now deprecated and not running, we should switch our CI over to "
   "GitHub Actions. This should be relatively straightforward and largely a case of migrating the travis.yml file over "
   "to the GitHub Actions syntax.",
   [d("decision", ["github actions"], "deprecated", ["travis ci"])])
noise(G + "mitchellkrogza/nginx-ultimate-bad-bot-blocker/issues/419",
      "Travis-CI > Github Actions. Any members that have migrated any of their travis-ci.org repo's to Github actions? "
      "If so could any of you offer assistance to see how easy it would be for this repo to migrate as Travis-CI is "
      "going South which I have been expecting for some time now. Never mind I have figured out actions on another "
      "repo so will be moving this one day soon to Github Actions.")
ex(G + "mikesouza/serverless-deployment-bucket/issues/25",
   "Migrate from TravisCI to GitHub Actions. Now that GitHub Actions have a free usage tier, I'd like to migrate the "
   "existing CI workflow to it. Closed by PR #26",
   [d("decision", ["github actions"], "free usage tier", ["travisci"])])
ex(G + "memkind/memkind/issues/417",
   "Move travis job to Github Actions. Done with #455",
   [d("decision", ["github actions"], None, ["travis"])])
# ---------------------------------------------------------------- JavaScript tests and Python linters
ex(G + "open-sauced/hot/issues/190",
   "Feature: Replace Jest with Vitest. Current behavior: In order to run Jest in our Vite environment, we needed to "
   "include a few different libraries. By leveraging vitest, there is no need for those. Suggested solution: npm "
   "install vitest -D",
   [d("decision", ["vitest"], "few different libraries", ["jest"])])
ex(G + "jledentu/vue-finder/pull/212",
   "chore(deps): replace jest by vitest. This PR adds Vitest as test runner as replacement of Jest",
   [d("decision", ["vitest"], None, ["jest"])])
ex(G + "bartfeenstra/betty/pull/1513",
   "Replace Black, Flake8, and Pydocstyle with Ruff",
   [d("decision", ["ruff"], None, ["black", "flake8", "pydocstyle"])])
ex(G + "GreatBahram/shecan-cli/issues/15",
   "retire black and flake8; willkommen ruff. Here I want to remove black and flake8 and replace them with ruff",
   [d("decision", ["ruff"], None, ["black", "flake8"])])
noise(G + "indica-mcf/Indica/issues/299",
      "Investigate ruff. Ruff can potentially replace black, zimports and flake8 (but not mypy) and cut configuration. "
      "It is also faster.")
# ---------------------------------------------------------------- databases: leaving MySQL
ex(G + "TimePulse/TimePulse/issues/71",
   "Migration pathway from MySQL to PGSql. We need a task or tool that will move our data from a MySQL instance of the "
   "TP database to a PostgreSQL instance. (Since our improvements to the scheme are going to require PG capabilities, "
   "and we're trying to get away from MySQL anyway.)",
   [d("decision", ["postgresql"], "require pg capabilities", ["mysql"])])
ex(G + "PecanProject/pecan/pull/178",
   "Edits reflecting migration from MySQL --> PostgreSQL. Use of MySQL as backend will be deprecated ... shortly",
   [d("decision", ["postgresql"], None, ["mysql"])])
# ---------------------------------------------------------------- Swift: CocoaPods and the Swift Package Manager
ex(G + "danielsaidi/SwiftKit/issues/3",
   "Remove CocoaPods support. SwiftKit 2.0 will only support SPM.",
   [d("decision", ["spm"], None, ["cocoapods"])])
ex(G + "duemunk/Async/issues/142",
   "Lacking CocoaPods support. CocoaPods support has been missing for a long time (#29, #124, and more), and last time "
   "I gave it a shot, CocoaPods didn't play nice. I don't use it, so I'm considering just removing support for it "
   "completely. Any thoughts? In my experience Swift packages are significantly easier to create and maintain, and "
   "now that Xcode 11 includes built-in SwiftPM support I don't see any reason to use CocoaPods in my own projects. If "
   "you decide to drop support and want someone to take care of removing it from the repository I can make a pull "
   "request. Thanks for offering. I think we should do that then!",
   [d("decision", ["cocoapods"], "didn't play nice", ["cocoapods"])])
ex(G + "codeandtheory/YMatterType/pull/11",
   "[CM-827] Remove cocoapods support. Introduction: Cocoapods was great when there were no native package managers, "
   "but now we have Swift Package Manager. We should focus on that. Purpose: Remove Cocoapods support by deleting the "
   "podspec from the repo. Discussion: My main issue with cocoapods is the fact that we need to make a commit to alter "
   "the version in the .podspec file whenever we want to release a new version. SPM support is much simpler in that it "
   "only requires applying a tag to the git repo. If we get sufficient requests to add cocoapods support back, we will "
   "reconsider.",
   [d("decision", ["swift package manager"], "alter the version", ["cocoapods"])])
ex(G + "Clipy/Sauce/pull/82",
   "Drop CocoaPods support. Summary: remove CocoaPods support from this release by deleting Sauce.podspec; drop "
   "CocoaPods-related badges and installation instructions from the README. Why: CocoaPods has become read-only, so "
   "this version no longer supports distribution through CocoaPods. Impact: users should install Sauce via Swift "
   "Package Manager instead of CocoaPods",
   [d("decision", ["swift package manager"], "read-only", ["cocoapods"])])
ex(G + "jessesquires/Foil/issues/8",
   "Drop CocoaPods support? I hope I don't get shunned, but curious on how many feel about dropping CocoaPods support "
   "and just go pure Swift Package? Not only will this be less maintenance, but also we could get rid of the .xcodeproj "
   "and use only Package.swift. Thanks for bringing this up! I think there is still a strong case to support CocoaPods "
   "-- it is not dead yet. In fact, every major iOS project I have worked on in the past few years still depends on "
   "it, especially for bigger teams at bigger companies. Currently, there are significant barriers to entirely "
   "replacing CocoaPods with SwiftPM for most teams and most non-trivial projects. Until those are fixed, I'm committed "
   "to distributing libraries via both SPM and CocoaPods.",
   [d("decision", ["cocoapods"], "significant barriers")])
noise(G + "sindresorhus/Defaults/issues/62",
      "Drop support for Carthage and Cocoapods. There's really no reason not to use Swift Package Manager. I don't want "
      "the overhead of other package managers. I plan to drop support for these in the next major Defaults version.")
# ---------------------------------------------------------------- C build systems: autotools and Meson
ex(G + "jdykstra/ucsd-psystem-os/pull/2",
   "Complete switch to Meson. Tidy up meson.build, delete autotools files, and update BUILDING. Once again, thank you "
   "for the excellent work!",
   [d("decision", ["meson"], None, ["autotools"])])
noise(G + "Ericsson/xcm/issues/36",
      "Use Meson instead of Automake. Switch from the arcane Automake system to Meson. If not too much hassle, a "
      "meson/ninja-based build system should be introduced and supported alongside Autoconf, rather than switching "
      "from one to the other in a particular release.")
# ---------------------------------------------------------------- community chat: Gitter to Discord
ex(G + "sparckles/Robyn/issues/239",
   "Migrate the community to discord. Description: Gitter was initially chosen as the community platform due to it "
   "being FOSS. However, I've come to realise that not many people are on gitter and having a community platform "
   "without a community defeats the purpose. DIscord is the most common platform these days, so we are moving to "
   "discord. Expected Behavior: Move to discord. All done!",
   [d("decision", ["discord"], "not many people are on gitter", ["gitter"])])
ex(G + "OrchardCMS/OrchardCore/issues/13707",
   "Move community chat from Gitter to Discord. Almost everyone is suggesting to move to Discord. I think we should "
   "move. Already see 70+ member that are there which is good. I think we should post a note on Gitter mentioning "
   "everyone and lock it/close it so that anyone visit it knows how to join us on Discord. Last thing our small "
   "community needs is division across multiple platforms. Agree with both. I added a @room message on Gitter, what we "
   "unfortunately can't pin. I also removed the remaining references.",
   [d("decision", ["discord"], "division across multiple platforms", ["gitter"])])
ex(G + "namhyung/uftrace/pull/1688",
   "doc: Change the chat from gitter to discord. We've had gitter for chat room but it'd be better to switch it to "
   "discord. I hope many more people to join the community and let's talk in discord. LGTM",
   [d("decision", ["discord"], "many more people to join", ["gitter"])])
ex(G + "holoviz/holoviz/pull/360",
   "Replace gitter with discord. We have left Gitter behind and moved to discord. This updates the docs. Awesome, "
   "thanks Marc!",
   [d("decision", ["discord"], None, ["gitter"])])
noise(G + "streamaserver/streama/issues/608",
      "Move chat from Gitter to Discord. I think Gitter sucks. Why are notifications not instant? It's supposed to be "
      "instant message. I also find that it is buggy and not nice to use in general. This is why I think we should move "
      "the official chat to discord. We can have channels for different topics, proper notifications, moderation "
      "tools. The downsides I can see: it doesn't have login-via github, so you'll need to create an account; and "
      "getting people to move across. If anyone has any opinions or other options I'd love to hear them. No objections "
      "here :)")
noise(G + "akka/akka-core/issues/32064",
      "Update the gitter channel? Seems no one is chatting on gitter, should it be replaced to discord room/channel? I "
      "don't think anyone in the core team is interested/has time for hanging out in chats though, so it is more of a "
      "community place. Seems to be some activity now and then in the gitter, if the community moved over to discord "
      "I'd be fine with pointing to that but I don't know it did. I see.")
noise(G + "apostrophecms/apostrophe/issues/1714",
      "Replace Gitter chat with Discord. Gitter has been great for connecting with the developers in the ApostropheCMS "
      "community so far, but as we look ahead long term it seems like Discord may be a better solution. Some "
      "advantages: multiple channels; better search capabilities. Some downsides: people would need to register / join "
      "the new Discord server. This would be a transition that could happen over time. I think the pros here outweigh "
      "the cons, but want to make sure there's general agreement and I'm not missing anything.")
# ---------------------------------------------------------------- documentation generators
ex(G + "jodal/biip/pull/373",
   "Port docs from Sphinx to Material for MkDocs",
   [d("decision", ["mkdocs"], None, ["sphinx"])])
# ---------------------------------------------------------------- the default branch: master to main
ex(G + "cdk/cdk/issues/899",
   "renaming main/master from master to main. It's the new git default, but we can make the switch too. Using main as "
   "the main branch is becoming very common, and besides all the other good reasons for why the rename happened, I'm "
   "getting very used to it and it's shorter. If you agree, I can update this repository. Feedback from everyone most "
   "welcome! I have no strong feeling either way. I'd be strongly for changing to main given the reasons why this came "
   "up as an issue in the first place. I'll do it later today, first will switch to main and leave master intact then "
   "remove that after a week or so. Done, as I said rather than rename globally I renamed locally then switch the "
   "default.",
   [d("decision", ["main"], "shorter", ["master"])])
ex(G + "patternfly/patternfly/issues/3227",
   "Rename master to main. We should change the naming of our main branches across all of PatternFly from master to "
   "main. Could we consider the name default as the main branch instead? It aligns with Mercurial SCM and might be more "
   "familiar/intuitive than main. We're planning on making the switch to main when Github provides an automated "
   "process for this, sometime before the end of the year. ok to close now? Yep! Finished renaming yesterday.",
   [d("decision", ["main"], None, ["master", "default"])])
noise(G + "icpc/ccs-specs/issues/303",
      "Rename master to main. GitHub changed the default branch from master to main in 2020. It's not critical, but "
      "that's been the standard/expectation for long enough now that we should just rename ours. I see no advantage to "
      "doing this, other than to break everyone's existing git config (or whatever other utility that someone may be "
      "using with git). I think this is in the category of, \"if it ain't broke...\" Just MHO.")
ex(G + "COMCIFS/cif_core/issues/332",
   "Rename the default branch from 'master' to 'main'. The renaming should happen after the majority of the "
   "outstanding PRs are merged. Are there any objections to this proposal? I have no objections. This has now been "
   "done.",
   [d("decision", ["main"], None, ["master"])])
ex(G + "OpenSlides/OpenSlides/issues/5829",
   "Rename default branch from master to main. We should do this in all active repositories. why? Among many others "
   "the Software Freedom Conservancy is promoting this issue. GitHub has taken this path as well. I think that also the "
   "OpenSlides community can make this step to use a less offensive language. I would prefer main for the reason that "
   "it's just shorter. Over all possible terms, I'd prefer \"stable\" but this would be a lie :-P Thanks, acknowledged. "
   "done for media service",
   [d("decision", ["main"], "less offensive language", ["master", "stable"])])
# ---------------------------------------------------------------- contributor agreements: CLA and DCO
ex(G + "kudobuilder/kudo/pull/1164",
   "Change KUDO to using DCO instead of CLA. The DCO is much more simple, and we don't need a bot to verify, just need "
   "to see that commits have been signed.",
   [d("decision", ["dco"], "much more simple", ["cla"])])
ex(G + "cnabio/cnab-spec/pull/41",
   "remove DCO wording as we are going to use CLA",
   [d("decision", ["cla"], None, ["dco"])])
noise(G + "trustoverip/TechArch/issues/63",
      "Easy CLA vs. DCO. Comment on TechArch about investigating EasyCLA allowance to turn off DCO. I haven't used CLA "
      "before tbh, but from what I've seen, it should be able to replace DCO. So the answer is yes, we can turn off DCO "
      "w/ CLA, but should understand that CLA imposes a tradeoff. I think this can be closed. Agreed. Closing this "
      "issue.")
ex(G + "loopbackio/loopback.io/pull/1030",
   "Update CLA section. Update the CLA section to include instructions about signing off commits and setting up alias "
   "to sign the commits. To simplify the contribution process and encourage community contribution, we are gradually "
   "switching the contribution method from Contributor License Agreement (CLA) to Developer Certificate of Origin "
   "(DCO). As an alternative to CLA, a Developer Ceritifcate of Origin (DCO) is a more lightweight contribution method.",
   [d("decision", ["dco"], "simplify the contribution process", ["cla"])])
# ---------------------------------------------------------------- licences
ex(G + "MrTango/rispy/issues/39",
   "relicense from GPLv2 to MIT. I propose relicensing this project to MIT or another more permissive license. For this "
   "change to occur, every contributor must agree to it. If you agree to relicense your contributions under MIT, please "
   "comment \"I approve changing the license to MIT\" in the comments below. I approve changing the license to MIT. I "
   "approve changing the license to MIT. I approve changing the license to MIT with great enthusiasm!",
   [d("decision", ["mit"], "more permissive", ["gplv2"])])
ex(G + "goodrobots/vision_landing/issues/126",
   "Licensing change. This project was always intended to be MIT licensed, as with all goodrobots projects/repos/code. "
   "For some reason this repo has ended up with a GPL license which is a major oversight! We should do whatever is "
   "necessary to relicense as MIT and cut a new release (as you cannot retrospectively relicense previous releases).",
   [d("decision", ["mit"], "always intended", ["gpl"])])
noise(G + "LibreShift/red-moon/issues/26",
      "move to GPL. I was wondering how you'd feel about moving to GPLv3+. I'd be sad if a proprietary fork with added "
      "features came along and this app died out because they didn't give back. Hey, thanks for the suggestion! I "
      "actually prefer the GPL too, the reason that I've licensed Red Moon under the MIT License for now is that Shades, "
      "which Red Moon is based on, was already MIT and I'm not sure how to relicense it. Do you know how I would go "
      "about relicensing to the GPLv3+?")
ex(G + "droidrun/mobilerun-portal/pull/148",
   "Relicense from MIT to AGPL-3.0. Relicenses the project from MIT to the GNU Affero General Public License v3. "
   "Replaces LICENSE with the verbatim AGPL-3.0 text. As sole copyright holder, this relicense applies going forward; "
   "existing MIT-licensed copies remain under MIT.",
   [d("decision", ["agpl-3.0"], None, ["mit"])])
noise(G + "space-wizards/RobustToolbox/issues/6138",
      "legal.md is incomplete regarding the GPL -> MIT relicensing. probably also needs a final audit to ensure no GPL "
      "code was left behind in there")
# ---------------------------------------------------------------- front-end packages: Bower and npm
ex(G + "SentiSocial/frontend/issues/31",
   "Bower. Bower has flat dependency tree making it supersede NPM for managing frontend web dependencies. Migrate "
   "frontend web dependencies from NPM to Bower: npm install --save-dev bower. We do no need to use Bower since our "
   "dependencies are very minimal. At this point it would be an unnecessary complication.",
   [d("decision", ["bower"], "dependencies are very minimal", ["bower"])])
ex(G + "CityOfPhiladelphia/patterns/issues/99",
   "bower.json missing some dependencies. I think some of the bower_components might be missing from bower.json. Not "
   "sure if they're still used or not. Not sure if you had a chance to look through the PR that closes this issue, but "
   "Bower has been removed. You'll likely need to run npm install after pulling the latest gh-pages. Just wondering, "
   "was there a particular reason Bower support was removed? You'll be able to do an npm install to pull in all the "
   "dependencies and get started just as quickly. I set up patterns with Bower a long time ago and began vendoring, "
   "but at some point that got out of sync with the actual dependencies.",
   [d("decision", ["npm"], "out of sync", ["bower"])])
ex(G + "use-init/init/pull/125",
   "Remove Bower and use npm for all dependencies. Bower will soon go away as can seen by the shift that's happening "
   "inside npm. Bower's current development is nearly non-exisiting. npm will soon be the leading Front-End package "
   "management system. Apart from that we currently use two package managers which is overhead.",
   [d("decision", ["npm"], "nearly non-exisiting", ["bower"])])
noise(G + "meanjs/mean/pull/485",
      "Remove Bower, rely on npm for all dependencies. What do you think about removing bower and using npm for the "
      "frontend dependencies? Don't merge this just yet, it has the following issues: Only the Gulpfile is updated so "
      "far. This change might have implications for the generator. This pull-request should mainly be basis for "
      "discussion.")
ex(G + "creativedotdesign/tofino/pull/146",
   "Feature ReplaceBower. Use NPM instead of Bower for front-end dependencies",
   [d("decision", ["npm"], None, ["bower"])])
# ---------------------------------------------------------------- JavaScript types: Flow and TypeScript
noise(G + "Khan/aphrodite/issues/371",
      "Replace flow with TypeScript. What do folks think? Should we switch everything over to TypeScript? After think "
      "about this some more, I think that staying with flow and generating TypeScript lib defs is probably the way to "
      "go. The API is pretty small so generating lib defs shouldn't be too bad. Flow's type safety is a lot better that "
      "TypeScript's. Beyond lib defs are there other reasons why we'd want to switch? More people are familiar with "
      "TypeScript, so switching will make it easier for those folks to contribute to this project.")
ex(G + "scalableminds/webknossos/issues/5338",
   "Migrate from Flow to Typescript. Static Type checking for JavaScript is done with Flow in webKnossos. It seems like "
   "TypeScript has a number of advantages, most notably better community support. We could try using flow-to-ts to "
   "migrate. In the Racemap codebase the transition from flow to typescript was pretty seamless. When migrating to "
   "typescript we should take care of these and ensure that the typing is at least on par.",
   [d("decision", ["typescript"], "better community support", ["flow"])])
# ---------------------------------------------------------------- search engines: Elasticsearch's licence and OpenSearch
ex(G + "codelibs/fess/issues/2614",
   "Replace with OpenSearch. Elasticsearch changed the license in 2021. OpenSearch is a fork which continues to use the "
   "old license.",
   [d("decision", ["opensearch"], "changed the license", ["elasticsearch"])])
noise(G + "eclipse-rdf4j/rdf4j/issues/3548",
      "Switch from Elasticsearch to OpenSearch. Problem description: In early 2021 Elasticsearch has changed their "
      "license to a non-free one. Preferred solution: Amazon Web Services have forked the last Apache-2.0-licensed "
      "release of Elasticsearch as OpenSearch. I believe switching from Elasticsearch to OpenSearch would be a more "
      "sustainable solution in order to cater for wider audiences. Are you interested in contributing a solution "
      "yourself? No. Could indeed be useful. Any thoughts on this? I guess we could reuse the ES code and do a "
      "find/replace for package names/dependency names.")
noise(G + "sipcapture/homer7-docker/issues/104",
      "Elastic Search removed free software license. Replace with OpenSearch. ElasticSearch have stopped using a free "
      "software license. The project has been forked, OpenSearch is based on the last release of ElasticSearch under a "
      "free license. Therefore, it would be helpful to change the Docker config to use OpenSearch instead of "
      "ElasticSearch")
noise(G + "zalando-incubator/es-operator/issues/169",
      "Interest in contributing to OpenSearch. I am not sure if you've seen the news that ElasticSearch has turned into "
      "a proprietary SSPL license and is no longer open source. Do you plan on moving to OpenSearch over at Zalando? I "
      "can't speak for all teams at Zalando; the ones I know of are watching the progress but have no plan to move to "
      "OpenSearch so far. As long as the APIs don't change, the ES operator should work without any adaptation. Is "
      "there a plan to introduce those breaking changes?")
ex(G + "sepinf-inc/IPED/issues/1329",
   "Changes the references of elasticsearch to opensearch. Following the change of the license of the elasticsearch, "
   "we are now using the opensearch brach, so I suggest changing the references to opensearch.",
   [d("decision", ["opensearch"], "change of the license", ["elasticsearch"])])
noise(G + "misskey-dev/misskey/issues/8219",
      "use OpenSearch instead of Elasticsearch. Elasticsearch is not open source, as of last year. OpenSearch is a fork "
      "of Elasticsearch 7.10.2, developed by Amazon, which stays open source and removes Elastic telemetry. As a free "
      "and open source project, Misskey should switch from using proprietary software to using other free alternatives. "
      "+1 on this! In my opinion this is unnecessary because Elasticsearch is already on the way out for Misskey. I "
      "think it may be appropriate to move to OpenSearch as an intermediary step while that issue is fleshed out.")
# ---------------------------------------------------------------- container images
ex(G + "earthcubeprojects-chords/chords/issues/383",
   "Switch to the slim Docker base image. Many images are avaiable which are built from a \"slim\" version of debian. "
   "Completed in dfe42f2.",
   [d("decision", ["slim"])])
# ---------------------------------------------------------------- decision records and contribution guides (read through the code search)
doc("paunchygent/skriptoteket", "docs/adr/adr-0001-ui-server-driven-htmx.md",
    "Server-driven UI with HTMX-style partial updates. status: superseded. Context: The MVP must be easy to maintain, "
    "accessible, and fast to iterate on without building a large SPA. Decision: Use server-rendered HTML and HTMX-style "
    "partial updates for forms and results. Status note: This ADR is superseded by ADR-0027 (full Vue/Vite SPA "
    "migration).",
    [d("decision", ["vue"], None, ["htmx"])])
doc("eargollo/ditto", "docs/decisions/ADR-004-htmx-tailwind.md",
    "ADR-004: HTMX and Tailwind for the Web UI. Decision: Use HTMX and Tailwind CSS for the Web UI implementation. "
    "Context: ADR-003 chose a Web UI with server-rendered HTML and minimal JavaScript. We needed to pick concrete "
    "technologies for interactivity and styling. HTMX was chosen because it fits the interaction model (forms, tables, "
    "expand-in-place, polling) without a SPA or heavy JS framework. Tailwind was chosen to ship a consistent, "
    "modern-looking UI quickly and to keep styling colocated with markup in templates.",
    [d("decision", ["htmx"], "interaction model", ["spa"]),
     d("decision", ["tailwind"], "colocated with markup")])
doc("procopio420/OrcaZap", "docs/adr/0002-why-htmx.md",
    "ADR 0002: Why HTMX for Admin Panel. Status: Accepted. Context: OrcaZap needs an admin panel for quote approvals, "
    "price management and freight rule management. Decision: We will use HTMX with Jinja2 templates for the admin "
    "panel. Decision Drivers: Fast development: No build step, no JS framework complexity. Considered Options: Option 1: "
    "HTMX + Jinja2. Option 2: React + Vite. Cons: Build step required; more complex deployment.",
    [d("decision", ["htmx"], "no build step", ["react"])])
doc("sapuente1/CIDM6325_Final_Project", "docs/travelmathlite/adr/adr-1.0.17-ui-stack-bootstrap5-htmx.md",
    "ADR-1.0.17 UI stack: Bootstrap 5 + HTMX, no SPA. Status: Proposed. Intent and scope: Standardize on vanilla "
    "Bootstrap 5 for layout and components with HTMX for progressive enhancement; avoid SPA frameworks and bundlers. "
    "Problem and forces: Constraints: No bundlers; use CDN or vendored assets. Options considered: A) Bootstrap 5 + HTMX "
    "+ a few utility classes. Pros: Fast to build; accessible; no build step. B) TailwindCSS or custom SCSS build. Cons: "
    "Requires build tooling; steeper learning. Decision: We choose A. Use CDN Bootstrap in local; pin versions in prod.",
    [d("decision", ["bootstrap 5"], "no build step", ["tailwindcss"]),
     d("constraint", ["bundlers"])])
doc("cloudoperators/juno", "docs/decision_monorepo_tooling.md",
    "Decision Document: Monorepo Adoption. The decision to adopt a monorepo structure for our projects is driven by the "
    "need for improved dependency management, task performance, and a streamlined release process. Decision Points: "
    "Tool Adoption: Adoption of turborepo is proposed to optimize task management and leverage caching for performance "
    "improvements. Release Management: The changeset CLI tool will be used to manage versioning and changelogs for "
    "packages within the monorepo.",
    [d("decision", ["monorepo"], "dependency management"),
     d("decision", ["changeset"])])
doc("anhnv24810310060-source/SWARM-INTELLIGENCE-NETWORK", "docs/adr/0001-monorepo-decision.md",
    "ADR 0001: Monorepo Strategy Adoption. Status: Accepted. Context: Original roadmap mentioned potential polyrepo. "
    "Rapid iteration across Rust/Go/Python services with shared proto, resilience, and core telemetry utilities would "
    "have high coordination overhead split across repos. Decision: Adopt a single monorepo for the first 6–9 months to "
    "accelerate cross-language proto/schema evolution.",
    [d("decision", ["monorepo"], "coordination overhead", ["polyrepo"])])
doc("TourmalineCore/inner-circle-documentation", "time-tracker/adrs/002-time-zone.md",
    "002: Time Zone. Status: Accepted. Decision: When an employee tracks time in the time-tracker, we will save the time "
    "without time zone (i.e., wall time, what the clock says) as timestamp without time zone in the database. The "
    "user's time zone will be stored in a separate database column. Alternatives: Saving in UTC along with the time "
    "zone (timestamptz). The option with UTC suits well for saving past events. However, the time-tracker will feature "
    "planning future events, and in this case it's better to store the wall time and time zone separately.",
    [d("decision", ["timestamp without time zone"], "planning future events", ["timestamptz"])])
doc("mhallum/calista", "docs/dev/adr/0009-timekeeping.md",
    "ADR-0009: Timekeeping. Status: Accepted. Context: Events must have reliable timestamps. Decision: Store recorded_at "
    "in UTC, RFC3339 format. Consequences: Consistent ordering across environments. No timezone drift issues.",
    [d("decision", ["utc"], "consistent ordering")])
doc("mgmacri/OP_Client-Companion", ".github/skills/timestamps-utc/SKILL.md",
    "Skill: Timestamps UTC. Hard Rules: Backend must stamp submitted_at_utc server-side in UTC for all submissions. "
    "Backend must ignore any client-provided submitted_at_utc field. Frontend must never send localized time back as "
    "source-of-truth.",
    [d("constraint", ["utc"]), d("constraint", ["client-provided"]), d("constraint", ["localized time"])])
doc("OlivierBroekman/herringbone", "docs/CONTRIBUTING.md",
    "Contributing. Code: Please write in PEP-8 (auto-formatter <3). Please use type-hinting as much as possible. "
    "Preferable to use a one-line doc-string to document a function. Please use the __ prefix to indicate private "
    "variables.",
    [d("preference", ["pep-8"]), d("preference", ["type-hinting"]), d("preference", ["one-line doc-string"]),
     d("preference", ["__ prefix"])])
doc("kalolad1/cosmos", "cosmos_django/style_guide.md",
    "Contributing Guide. Project specific: Use typing for all python. Aim to test every code path. We will not specify "
    "a code coverage threshold such as 85%. Instead we will emphasize that tests help us maintain developer velocity "
    "and product excellence. Run pylint before committing.",
    [d("constraint", ["typing"]), d("decision", ["coverage threshold"], "developer velocity", ["coverage threshold"]),
     d("constraint", ["pylint"])])
doc("alexschimpf/fastapi-versionizer", "CONTRIBUTE.md",
    "Pull Requests: All pull requests should be made against the main branch. All checks must pass before merging. "
    "Type Checking: Mypy (in strict mode) is used to type-check this project. The \"Any\" type is discouraged, although "
    "sometimes necessary. Linting: Flake8 is used to lint this project.",
    [d("constraint", ["main branch"]), d("constraint", ["checks must pass"]), d("decision", ["mypy"]),
     d("preference", ["any"]), d("decision", ["flake8"])])
# ---------------------------------------------------------------- JavaScript package managers: yarn to pnpm
noise(G + "commercetools/ui-kit/pull/2898",
      "PNPM Migration [DRAFT] [WIP]. Summary: I am trying to figure out what needs to be adjusted to replace yarn with "
      "pnpm. What better approach than to dive right into the codebase and figure it out.")
noise(G + "opencrvs/opencrvs-core/issues/9563",
      "Migrate from yarn to pnpm. Description: Reasoning is it's faster and consumes way less space as it uses symlink "
      "to a central \"node_modules\" instead of having physical copies for each project. Tasks: Explore how much effort "
      "it is to migrate. If the effort to migrate is more than 2 days of work, then let's schedule for later time. "
      "Complete the migration in all repositories. Find and replace mentions of yarn in our documentation.")
ex(G + "danprince/vsnetrw/pull/22",
   "Pnpm. Migrating from yarn to pnpm.",
   [d("decision", ["pnpm"], None, ["yarn"])])
noise(G + "pnpm/pnpm.io/issues/337",
      "Migrating to pnpm from Yarn (links). I've put together some resources to assist those migrating from Yarn to "
      "pnpm. I'm not sure if they fit into the docs in any way, but thought I'd put them here to make them at least "
      "somewhat discoverable. If there is a spot for them in the docs, happy to open a PR. Migrating to pnpm would "
      "likely require moving from dependabot to renovatebot.")
# ---------------------------------------------------------------- Android: RxJava to coroutines
ex(G + "dangquanuet/The-Movie-DB-Kotlin/pull/71",
   "migrate-coroutines-bye-rxjava. migrate project to coroutines; good bye rxjava",
   [d("decision", ["coroutines"], None, ["rxjava"])])
ex(G + "JoaquimLey/transport-eta/issues/78",
   "Migrate from Rx to Coroutines. Context: Instead of depending on the Rx library we can leverage the built-in Kotlin "
   "tech. Good resource/tutorial by Chris Banes. Moar talks from KotlinConf 2018.",
   [d("decision", ["coroutines"], "built-in kotlin tech", ["rx"])])
noise(G + "jakepurple13/OtakuWorld/pull/504",
      "Rx removal with coroutines. Still have work to do, but it's a really good start")
ex(G + "element-hq/element-android/issues/4087",
   "Replace RxJava 2 usages. tags for search: rx rxjava rxkotlin rxandroid reactive reactivex. Thanks for the intel. We "
   "are planning to move away from Rx to use Kotlin coroutines Flow in the near future. Finalized in #4942",
   [d("decision", ["coroutines"], None, ["rxjava"])])
# ---------------------------------------------------------------- Rust command lines: structopt to clap
ex(G + "tbillington/kondo/pull/82",
   "Replace structopt with clap/clap-derive. structopt is a dated crate currently in maintenance, receiving no updates "
   "at this time. clap-derive (within the clap crate) is the continuation of structopt. Using clap opens the door to "
   "shell completion as well. This looks great, thank you :) !",
   [d("decision", ["clap"], "in maintenance", ["structopt"])])
ex(G + "KevinGimbel/mktoc/issues/10",
   "Replace structopts with clap. structopts will not receive new features and is integrated with clap. As clap v3 is "
   "now out, and the structopt features are integrated into (almost as-is), structopt is now in maintenance mode: no "
   "new feature will be added. Yes, clap's derive feature is a pretty easy switch from structopt. I'll give this a go. "
   "Thanks a ton! Will be released as part of the 3.1 release!",
   [d("decision", ["clap"], "will not receive new features", ["structopt"])])
noise(G + "mycognosist/solar/issues/60",
      "Migrate CLI from structopt to clap. structopt is in maintenance mode and clap has supported a custom derive macro "
      "since v3. I will probably perform this change will working on the configuration refactor.")
ex(G + "kpcyrd/cargo-debstatus/pull/42",
   "Port to clap 4. The derive feature was added in clap 3, so using clap through the structopt crate is not necessary "
   "anymore. Sorry I missed this! Looks good and works locally for me.",
   [d("decision", ["clap"], "not necessary anymore", ["structopt"])])
# ---------------------------------------------------------------- data frames: pandas to polars
ex(G + "instadeepai/winnow/issues/49",
   "Migrate from pandas to polars",
   [d("decision", ["polars"], None, ["pandas"])])
ex(G + "statespace-tech/statespace/issues/33",
   "Swap out pandas for polars. As far as I know, polars has a pandas-compatible API, but is much more performant, and "
   "supports some extra features like streaming/async/lazy operations?",
   [d("decision", ["polars"], "much more performant", ["pandas"])])
noise(G + "NatLabRockies/EMeRGE/issues/24",
      "[Feature]: Migrate from pandas to polars. Tell us what you would like to see: To gain some speed while running "
      "the simulation may be see migration to polars makes sense.")
# ---------------------------------------------------------------- Java: Java 8 and the Gradle Kotlin DSL
ex(G + "gitflow-incremental-builder/gitflow-incremental-builder/issues/425",
   "Drop support for Java 8. Java 11 has been out for a long time and Java 17 is the current LTS, so time to move on.",
   [d("decision", ["java 8"], "out for a long time", ["java 8"])])
ex(G + "commercetools/commercetools-sync-java/pull/840",
   "Migrate the minimum support to Java 11. Summary: Upgrade Java version minimum support from 8 to 11. Description: We "
   "are missing updates from different libraries If we are still using Java 8 as minimum version, Hence upgraded to "
   "next stable version 11 as minimum version. It looks good to me",
   [d("decision", ["java 11"], "missing updates", ["java 8"])])
noise(G + "Kotlin/kotlindl/issues/464",
      "Convert Groovy to Kotlin script for Gradle build scripts. Is there any reason Groovy is used for the Gradle build "
      "scripts? Since we're probably all Kotlin enthusiasts it would be nice to use it for the Gradle build scripts as "
      "well :) I can take a look at this right away if someone hasn't started with it. Added PR now (not including "
      "gradle dir yet, will do it later)")
noise(G + "kylecorry31/Trail-Sense/pull/937",
      "Migrate Gradle scripts from Groovy to Kotlin DSL. Hopefully you will find this useful as well. Thanks! Thanks - "
      "I'm not familiar with Kotlin DSL or the recommended best practices from Android on this vs Groovy, I'll do some "
      "research over the next few days before merging this in.")
ex(G + "spotbugs/spotbugs-gradle-plugin/pull/799",
   "Convert build scripts to Kotlin DSL. Seems that Gradle is going to make the Kotlin DSL default in the next year. So "
   "try to convert our builds script from Groovy to Kotlin. great stuff! lgtm",
   [d("decision", ["kotlin dsl"], "default in the next year", ["groovy"])])
ex(G + "AdamMc331/AndroidAppTemplate/issues/15",
   "Using Kotlin build scripts? I'm wondering if we should change all the gradle files to gradle.kts files. This might "
   "be a little opinionated and not something everyone is interested in. I would like to see the kotlin dsl migrated "
   "version. This is mostly done, just considering if I want to migrate some of the dependency setup files like "
   "detekt.gradle and githooks.gradle.",
   [d("decision", ["gradle.kts"])])
ex(G + "piappstudio/GiftRegister/pull/1",
   "Groovy to Kotin DSL migration. Kotlin is preferred over the Groovy for writing Gradle scripts because Kotlin is more "
   "readable and offers better compile-time checking and IDE support.",
   [d("decision", ["kotlin"], "more readable", ["groovy"])])
# ---------------------------------------------------------------- infrastructure as code: Terraform's licence and OpenTofu
noise(G + "K-PaaS/container-platform/issues/4",
      "Changing your Terraform license. Terraform's license has changed to BSL, which requires an open source change. "
      "Check. OpenTofu will take over Terraform and keep it open source. The LinuxFoundation-based open source was "
      "created by forking Terraform and now follows MPL2.0.")
ex(G + "terrakube-io/terrakube/issues/492",
   "OpenTofu Support. As terraform licensing changed are we moving towards opentf? Terrakube is compatible with the new "
   "BSL license. We will add support for opentf once there is an stable version and they expose an opentf index that we "
   "can use to donwload the opentf binary. I was thinking that maybe we can support both, or maybe add some kind of "
   "flag so you can select which one to use, but it is just some idea. I added tofu support from version "
   "2.19.0-beta.5 if you would like to test, all feedback is welcome.",
   [d("decision", ["tofu"])])
ex(G + "Kong/terraform-provider-konnect/issues/15",
   "Add module to OpenTofu registry. After Terraform changing its license to BSL, a lot of users have started adopting "
   "OpenTofu as an alternative. Please consider submitting this module to the OpenTofu registry. All done! You can now "
   "install 0.2.2 from the OpenTofu registry",
   [d("decision", ["opentofu registry"], "started adopting opentofu")])
noise(G + "binbashar/leverage/issues/255",
      "Feature | Starting with tf version 1.7 support and migrate from Terraform to OpenTofu. Describe the Feature: "
      "First, do an analysis to fully understand the extent of this change. Secondly, sketch out a small migration "
      "plan. Finally, proceed with execution of the migration plan. Starting with Terraform version 1.7, HashiCorp has "
      "transitioned its licensing to the Business Source License (BSL) v1.1. To ensure compliance, we propose the "
      "following actions: Migrate to OpenTofu: Transition from Terraform to OpenTofu, an open-source alternative that "
      "aligns with our commitment to open-source principles.")
# ---------------------------------------------------------------- Rails: leaving Webpacker
ex(G + "SplitTime/OpenSplitTime/pull/1114",
   "Remove webpacker in favor of esbuild (another try). Now that jQuery has been removed, here's another shot at "
   "switching webpacker out for esbuild using jsbundling-rails and cssbundling-rails.",
   [d("decision", ["esbuild"], None, ["webpacker"])])
ex(G + "HabitatMap/AirCasting/pull/522",
   "Remove webpacker. This PR removes outdated webpacker gem, it adds webpack configuration on its own, as well as "
   "jsbundling gem.",
   [d("decision", ["jsbundling"], "outdated", ["webpacker"])])
ex(G + "ryanwi/rails-on-docker/pull/359",
   "Remove Webpacker, switch to jsbundling-rails with webpack. Why? Webpacker has been retired",
   [d("decision", ["jsbundling-rails"], "retired", ["webpacker"])])
# ---------------------------------------------------------------- records of decisions, and questions about them
ex(G + "dimagi/commcare-hq/pull/25652",
   "Add ADR for warehouse removal. Decision: To reduce our infrastructure dependencies and focus our efforts on existing "
   "databases, we have decided to remove the warehouse and stop any efforts to iterate on it. This decision is not "
   "because we believe that the warehouse is a worse implementation than Elasticsearch. This decision is because we "
   "believe that with our current priorities, we will not be able to spend the appropriate amount of time to make the "
   "warehouse a robust solution for generic reports in the near future. Thanks, I think this is quite clear and a very "
   "positive outcome given where we are today.",
   [d("decision", ["warehouse"], "infrastructure dependencies", ["warehouse"])])
ex(G + "hackforla/peopledepot/issues/306",
   "ER: create DR for decision to use Alpine. Emergent Requirement - Need to record why we switched to Alpine. Did you "
   "have to do something temporarily: YES went ahead with the Alpine switch. What happens if this is not addressed: "
   "Future team/members won't know how we weighed the options to reach the decision and might reverse the decision "
   "with less thought.",
   [d("decision", ["alpine"])])
noise(G + "wswld/menage/issues/94",
      "Migrate to PostgreSQL. Is this really that necessary?")
noise(G + "pe-wu/astor/issues/9",
      "Entscheidungsprozess dokumentieren. Warum haben wir uns gegen Laufzeit und für Jumps entschieden? Wieso nehmen "
      "wir Lines of code als Metrik? Warum ist uns die Bewertung der Codeveränderungen wichtig?")
ex(G + "future-architect/arch-guidelines/pull/461",
   "理由は「から」「ので」で示し、「ため」は目的に絞る. 根拠には「ため」よりも「から」や「ので」を使いたい。「ため」は多義なので、気を抜くと「ため」が"
   "文章中に溢れがちだから、目的の用途に絞りたい. 変更内容: 規則を1節追加する。「ため」が多義であることと、理由には「から」「ので」を使うこと。本文で理由を表して"
   "いた「ため」20箇所を「から」「ので」に改める",
   [d("preference", ["から"], "多義", ["ため"])])
ex(G + "yasslab/railsguides.jp/pull/1778",
   "スタイル統一: 使用 - >使う、利用、用いるなど. これまで「使用」ではなく「使う」「利用」「用いる」などで統一していましたが、不徹底な部分があったので更新しました。"
   "「使用する」より「使う」などの方が文字数が少なく簡潔であることと、この置き換えによって他の改善点も目につくようになるという効果があると思っています。あくまでスタイ"
   "ル上の変更なので、バックポートはしません。CIがパスしたらマージします。",
   [d("preference", ["使う"], "簡潔", ["使用"]),
    d("decision", ["バックポート"], "スタイル上の変更", ["バックポート"])])
noise(G + "webdino/gitfab2/issues/949",
      "[Discussion Needed]change name of 'Usage'. 使うものだけを作るとはかぎらないので、Usageという言葉は適さないのでは。")
ex(G + "nalgo-intern/team-c-2026-summer-08-24/issues/77",
   "使うものを決める段階では、これを使うのが良いなと思っても1度止まって精査してから決定する。 8/28 久野",
   [d("preference", ["精査"])])
ex(G + "CERTCC/SSVC/issues/989",
   "Revise content to reflect shift towards Decision Table. This is a parent issue for individual changes to pages that "
   "are overly focused on \"decision tree\" terminology and could do with a refresh given our shift toward \"decision "
   "table\" as the preferred term. Create child issues as needed to track changes.",
   [d("preference", ["decision table"], None, ["decision tree"])])
noise(G + "galaxie-works/galaxie-toolbox/issues/1165",
      "[DECISÃO] Trocar o transporte do Remote (WebRTC/str0m + coturn) por Iroh (QUIC)? — pergunta do PO. Isso inverte o "
      "sinal, não só atualiza o número. Agora trocar por Iroh significaria abrir mão de congestion control que funciona "
      "e reconstruí-lo sobre datagrama QUIC. \"não trocar agora\" fica mais forte, não igual. A comparação deixou de ser "
      "prematura — agora um espinho mediria transporte, não a nossa configuração.")
noise(G + "PostHog/wizard/issues/529",
      "09 — Decide, ramp, and decouple. Summary: Use the metrics + parity scorecard to decide whether pi replaces "
      "anthropic, then ramp it — and if so, drop the coupled SDK. If anthropic still wins: keep it the default runner. "
      "Not done: @anthropic-ai/claude-agent-sdk is still a dependency on main and anthropic is still the resolved "
      "default, so no decision has been recorded or ramped.")
# ---------------------------------------------------------------- styling React: styled-components and CSS Modules, both ways
ex(G + "mpigsley/sectors-without-number/pull/6",
   "Share Link. This is the beginning of the move away from styled-components. It was a nice little experiment while it "
   "lasted. Long live CSS Modules.",
   [d("decision", ["css modules"], None, ["styled-components"])])
ex(G + "gravitational/docs/pull/2",
   "css-modules migration. Remove all things styled-components and styled-system. Switch to css-modules. Add stylelint "
   "to lint css. Remove a bunch of dead code from components. Enable swc and fast builds on vercel. Looks good. I don't "
   "know CSS Modules at all - so cannot comment on the code with much expertise.",
   [d("decision", ["css-modules"], None, ["styled-components", "styled-system"]), d("decision", ["stylelint"]),
    d("decision", ["swc"])])
ex(G + "Terreii/andromeda-viewer/issues/38",
   "Use styled-components for css. Switch from CSS-Modules to Styled-Components for handling CSS. This is useful "
   "because create-react-app doesn't use css-modules! And style and component would be in one file. Merged in #39",
   [d("decision", ["styled-components"], "create-react-app doesn't use css-modules", ["css-modules"])])
ex(G + "sysgears/apollo-universal-starter-kit/issues/293",
   "Feature Discussion: CSS Modules? Have you ever considered CSS modules for this project? Curious on thoughts. This "
   "project is using Styled Components. We consider them to be superior then CSS modules. Sure, just curious the "
   "reasoning here. Not telling you that you should use modules, just trying to understand the decisions made. "
   "Closing due to topic starter inactivity.",
   [d("decision", ["styled components"], "superior", ["css modules"])])
ex(G + "cision/rover-ui/issues/264",
   "Replace styled component references with CSS modules. styled-components is being imported for just Grid at this "
   "point. Let's kill it!",
   [d("decision", ["css modules"], "just grid", ["styled-components"])])
noise(G + "shiguredo/sora-devtools/pull/604",
      "[WIP] Redux -> Zustand")
# ---------------------------------------------------------------- game engines: Godot 3 to Godot 4
ex(G + "notapixelstudio/starship-olympics/issues/1007",
   "Porting to Godot 4.0. #1006 The porting to Godot4.0 started. Let's decide if it's worth it. It's worth it indeed.",
   [d("decision", ["godot 4"])])
ex(G + "martindzejky/heist-game/issues/43",
   "Convert the project to Godot v4. This project was so far developed in Godot v3. Converting it to v4 is not that "
   "straightforward, I tried already and most of the models are broken. The code does not compile either. In the "
   "process of moving to Godot 4, I have decided to slightly pivot the project and make it into a casual highway "
   "driver. Given that this is a hobby side project, I probably won't be able to turn this into a proper money robbing "
   "game. The new theme is just driving on the highway and causing havoc.",
   [d("decision", ["godot 4"], None, ["godot v3"]),
    d("decision", ["highway driver"], "hobby side project", ["money robbing game"])])
noise(G + "gdquest-demos/godot-visual-effects/issues/16",
      "Port project to Godot 4. Thank you very much for the tutorial provided. Do you have any plans to provide the code "
      "for the Godot4 version? Agreed. Would be extremely helpful. Please consider. If someone would like to contribute "
      "this, it'd be most welcome. I won't have time to port Godot projects soon.")
ex(G + "Mattiny/yamms/issues/25",
   "Migrate to Godot 4.3. Godot 4.3 has been released. Migrate the project to Godot 4.3. Migrated project file to godot "
   "4.3",
   [d("decision", ["godot 4.3"])])
noise(G + "ctkerns/GoldSandbox/issues/20",
      "Convert project to Godot 4.0 upon release")
# ---------------------------------------------------------------- microcontroller firmware: Arduino IDE and PlatformIO
noise(G + "philipellisis/arduino-virtual-pinball-board/pull/7",
      "Switch from Arduino IDE to Platformio. platformio.org offers a more powerful IDE compared to Arduino IDE. And "
      "using the platfromio tools it is easy to leverage github actions to perform tests and to build the firmware. I "
      "would also like to participate, but I also prefer to use PlatformIO. Sorry for the delay on this, I will be "
      "looking into merging this soon")
noise(G + "DukeRobotics/robosub-ros/issues/344",
      "Transition from Arduino IDE to PlatformIO. PlatformIO is an alternative to the Arduino IDE and build system. I "
      "need to do further research to be confident that it would be an improvement, but in my personal projects it has "
      "been a big upgrade over the Arduino IDE. I wanted to go ahead and put this up to get people's thoughts on this. "
      "This is extremely low priority and just a small qol improvement. Probably something I will poke around with time "
      "permitting.")
noise(G + "openbikesensor/OpenBikeSensorFirmware/issues/24",
      "Switch to PlatformIO. Hallo alle miteinander, ich würde das Projekt gerne von der Arduino IDE weg auf PlatformIO "
      "umstellen, was haltet Ihr davon? Vorteile von PlatformIO: Man kann gleichzeitig unterschiedliche Projekte "
      "bearbeiten die unterschiedliche library dependencies haben. VS Code macht viel besseres Syntax Highlighting und "
      "Auto Completion. Was haltet ihr davon? Ich habe leider keine Erfahrung mit PlatformIO. Ich teste PlatformIO gerne "
      "mal.")
ex(G + "ZZ-Cat/CRSFforArduino/pull/7",
   "Migrate library to PlatformIO. Overview: As you can see, support for the Arduino IDE is being discontinued. It just "
   "so happens that two days prior to this, I have been conducting preliminary tests with PlatformIO with the "
   "intention of migrating all of my projects over to it, starting with CRSF for Arduino. This Pull Request is "
   "precisely that - Moving to PlatformIO.",
   [d("decision", ["platformio"], "being discontinued", ["arduino ide"])])
ex(G + "RoboJackets/urc-firmware/pull/5",
   "Using PlatformIO. This PR does the following: Replaces the Arduino IDE setup with PlatformIO setup. Fixes #4. Looks "
   "good!",
   [d("decision", ["platformio"], None, ["arduino ide"])])
noise(G + "MarginallyClever/Makelangelo-firmware/issues/95",
      "Feature Request: Switch to PlatformIO. As this Firmware is very huge Arduino is really messy. A switch to "
      "PlatformIO will give a full-blown, yet easy to use IDE. A working PlatformIO version can be found on a branch. "
      "Someone has submitted a PR that makes this happen. Can you tell if it works? I'm not yet setup to check.")
# ---------------------------------------------------------------- secrets in logs, dependency rules
ex(G + "PwdLess/Cierge/issues/5",
   "Security concern for logging the JWT token. This seems like trouble. Access tokens should be considered security "
   "critical data and security critical data should never be logged. Same goes for the nonce, now that I think about "
   "it. Agreed - will remove from PwdLess and 2.0. I am currently busy with other projects - but I should fix a lot of "
   "bad logging code once I get back to working on 2.0 in a few days. This is fixed in branch 2.0. Should be merged "
   "with master by Jan 2018.",
   [d("constraint", ["token", "log"], "security critical data")])
ex(G + "pinerylabs/project-management/issues/482",
   "Login tokens should not be written to the log outside of development",
   [d("constraint", ["token", "log"])])
ex(G + "oauth-wg/oauth-transaction-tokens/pull/125",
   "clarified logging recommendation. Looks good to me. Logging: Txn-Tokens should not be logged. This is in order to "
   "prevent abuse of tokens via log files. The content from the Txn-Tokens may be logged after the signature has been "
   "removed. Removing the signature is one way to make the token not replayable, but it's not the only way to address "
   "the logging concerns. Complete Txn-Tokens must not be logged verbatim due to the potential replay risk of tokens "
   "extracted from the log files.",
   [d("constraint", ["txn-tokens", "log"], "abuse of tokens")])
ex(G + "aalsanie/codes/pull/18",
   "fix(core): restore zero runtime dependencies. README: Java 17+. Zero runtime dependencies.",
   [d("constraint", ["zero runtime dependencies"]), d("decision", ["java 17"])])
ex(G + "modelcontextprotocol/go-sdk/issues/635",
   "Add a dependency update policy. Part of the newly accepted SDK tiering system is the presence of a dependency "
   "update policy. I'm trying to clarify the requirements for such a policy, but in any case we should add a "
   "dependency policy to our contributing.md. Primarily, this sill serve as a foundation for when it's OK to update "
   "dependencies, or add a new dependency.",
   [d("decision", ["dependency", "policy"], "tiering system")])
# ---------------------------------------------------------------- bug reports after a change of tool
ex(G + "yorkie-team/yorkie-js-sdk/issues/799",
   "Hot reloading not working when running npm run dev. Description: After switching from webpack to vite in #795, "
   "running npm run dev does not result in hot reloading when changes are made in the public example files. Why: It "
   "allows developers to make changes to the source code and see those changes take effect immediately without having "
   "to stop or restart the program. This issue has been resolved in PR #984.",
   [d("decision", ["vite"], None, ["webpack"])])
noise(G + "flekschas/regl-scatterplot/issues/67",
      "Hot reloading is broken in Vite setup. Code changes under examples does not trigger a hot reloading event. As "
      "@manzt found out, it might be due to vite-plugin-virtual-html-template. Wow! You're too fast haha. There's "
      "already a PR to address this: #66")
noise(G + "jvorcak/universal-react-kit/issues/24",
      "Hot reload is broken")
noise(G + "EranGrin/vue-web-component-wrapper/issues/21",
      "No Vite hot reload when changing component. The component doesn't reload when I change it's code except for "
      "styling. If this isn't reproducible I can create a minimal project to reproduce it! Please create a minimal "
      "project to reproduce the issue. Great catch this bug seems to be related to the latest release and doesn't exist "
      "on v1.4.4. I'll try to fix it in the coming days. I added a bugfix, please let me know if all work as expected. "
      "Seems to work correctly now!")
noise(G + "wso2/oxygen-ui/issues/90",
      "CI build fails at PNPM. Describe the issue: pnpm install fails with the following error in CI. How to reproduce: "
      "Send a PR. Check the CI stacktrace. CI is using the latest version of pnpm and there seems to be breaking "
      "changes. Expected behavior: CI should pass.")
ex(G + "RealDevSquad/website-www/issues/1165",
   "CI fails at pnpm install on every PR because the workflow installs pnpm latest (now 11). Every pull request on this "
   "repo currently fails the Continuous Integration workflow at the Install Dependencies step. pnpm 11 turns the "
   "\"ignored build scripts\" warning into a hard error. A full migration to pnpm 11 is a separate piece of work. Until "
   "then, CI should pin the pnpm major it was green on.",
   [d("decision", ["pin", "pnpm"], "hard error", ["latest"])])
ex(G + "thangngoc89/blog/pull/50",
   "Use pnpm for faster build. Failing with inconsistency message. It just works locally, but on CI, it often fail.",
   [d("decision", ["pnpm"], "faster build")])
# ---------------------------------------------------------------- npm and yarn, both ways and back
ex(G + "bufferoverflow/verdaccio-gitlab/pull/30",
   "refactor: migrate from npm to yarn. ok, good bye npm ... we switch back to npm as soon as the yarn is merged back to "
   "npm",
   [d("decision", ["yarn"], None, ["npm"])])
ex(G + "the-control-group/authx/pull/623",
   "Use NPM instead of yarn. In the intervening time since we switched to yarn, NPM has added the requisite "
   "functionality for this project. At the same time, yarn has continued to go its own direction which is less aligned "
   "with this project's needs. This drops yarn and replaces it with npm.",
   [d("decision", ["npm"], "requisite functionality", ["yarn"])])
ex(G + "directus/app/pull/276",
   "Revert \"Move from NPM to Yarn (#274)\". This reverts commit 46353751cde20477b6b42afcc1b990abed62a092. What can I "
   "say, NPM is the default with Node, most people use it, I don't want to maintain both yarn.lock and "
   "package-lock.json soooooooooooo 👋 👋 yarn",
   [d("decision", ["npm"], "default with node", ["yarn"])])
ex(G + "StoDevX/AAO-React-Native/pull/5496",
   "yarn to npm. Let's go back to npm! switch from yarn to npm in package.json; enable npm's package-lock.json; switch "
   "from yarn.lock to package-lock.json; remove yarn from Brewfile; update CONTRIBUTING instructions; remove danger "
   "from the project; update github workflows to use npm; update to node 16 in github actions",
   [d("decision", ["npm"], None, ["yarn"]), d("decision", ["danger"], None, ["danger"]),
    d("decision", ["node 16"])])
ex(G + "cisco-ce/jsxapi/pull/39",
   "Switch to npm. We don't really use any exclusive feature of yarn to warrant depending on additional tools. "
   "Switching back to npm for this reason.",
   [d("decision", ["npm"], "exclusive feature", ["yarn"])])
ex(G + "kaievns/a-plus-forms/issues/19",
   "Use npm instead of yarn. We no longer really need to use yarn, might as well convert this back to npm. Actually it "
   "was already converted but still has a yarn.lock, I will delete it. yarn.lock has been deleted.",
   [d("decision", ["npm"], "no longer really need", ["yarn"])])

# ---------------------------------------------------------------- commit messages (cited by full hash, read with git show)
commit("dandavison/delta", "ce41a39bf6ebd3b7bbac4c73954cf6078ed96fc5",
       "Replace deprecated error_chain crate with anyhow (#1405). The error_chain crate is now deprecated for a long time "
       "and anyhow has proven to be a popular replacement for applications. This also improves the current error "
       "messages for panics.",
       [d("decision", ["anyhow"], "deprecated", ["error_chain"])])
commit("ajeetdsouza/zoxide", "5de13befbce1539ca19bfcbb19e6814f641d7b2a",
       "Replace xtask with justfile",
       [d("decision", ["justfile"], None, ["xtask"])])
commit("eza-community/eza", "cc691f5dbe25eac3bbae76c3ed605ac6d18f0e43",
       "refactor: replace lazy_static with once_cell",
       [d("decision", ["once_cell"], None, ["lazy_static"])])
commit("sveltejs/svelte", "da98c894b82c9265c57f5a7a5d596369d7c1a05f",
       "chore: switch to tinyglobby (#15388)",
       [d("decision", ["tinyglobby"])])
commit("restic/restic", "60245970280c6e6442cc57777bd570cb49f66448",
       "drop support for s3legacy layout",
       [d("decision", ["s3legacy"], None, ["s3legacy"])])
commit("nedbat/coveragepy", "055ae4148ecef400ef12721585f5e5b0c3ea30e8",
       "docs: don't use 'just' to imply something is simple",
       [d("constraint", ["just"])])
commit("streamlink/streamlink", "6ea1bb4dbc789d2712c39102ef8f8a24d3cb2167",
       "build: replace *-requirements.txt with PEP-735",
       [d("decision", ["pep-735"], None, ["requirements.txt"])])
commit("jazzband/django-debug-toolbar", "4c78e2eef7b97a45a528d8e28e0dc7a496cd25d0",
       "Switch to const and let binding for improved JavaScript scoping. The const and let keywords are supported in all "
       "modern browser and are a part of the ES6 spec. They provide improved block level scoping rather than the "
       "function hoisting behavior of var.",
       [d("preference", ["const"], "block level scoping", ["var"])])


assert_new_repositories("capture22.json")
write_heldout_set(22, "q", sys.argv[1])
