# One-off: writes capture14.json, the fourteenth capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it, by a labeller who had not read the
# extractor's code nor run it on this text. The whole set is blind.
# Usage: python build_labels_14.py capture14.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall sets or of the outside held-out set is used again)
import sys

from labelset import assert_new_repositories, d, ex, noise, write_heldout_set

G = "github.com/"
# ---------------------------------------------------------------- Rust: minimum supported Rust version policies
ex(G + "nimiq/core-rs-albatross/pull/2787",
   "Test that we don't require the latest stable Rust version. I chose 1.78.0 because it's two versions behind the "
   "latest Rust version and I've seen other Rust projects choose that. We can bump that any time, I'd like to ensure "
   "that bumps in our MSRV are visible in PRs. Maybe add to the README a paragraph how we currently have setup our MSRV "
   "with a disclaimer this policy may change in the future? LGTM.",
   [d("decision", ["1.78.0"], "two versions behind")])
ex(G + "Devolutions/IronRDP/pull/1157",
   "docs: establish the MSRV policy (current is 1.89). The MSRV is the oldest stable Rust release that is at least 6 "
   "months old, bounded by the Rust version available in Debian stable-backports and Fedora stable.",
   [d("decision", ["6 months old"])])
ex(G + "ruma/ruma/issues/148",
   "Implement MSRV policy. In #122 and on Matrix, we decided to have an MSRV of `stable - 2`, so 1.43 for at least the "
   "upcoming releases of the next ~6 weeks. The only exception is ruma-signatures, which depends on ring with an MSRV "
   "policy of just \"latest stable\". Now we need to: Document this. Test it in CI.",
   [d("decision", ["stable - 2"]), d("decision", ["ruma-signatures", "latest stable"], "depends on ring")])
ex(G + "divviup/janus/pull/1848",
   "Update MSRV and document MSRV policy. This implements #1730, documenting our new MSRV policy of supporting the last "
   "three releases, and bumps our MSRV to 1.70, so we can take some nice dependency updates.",
   [d("decision", ["last three releases"]), d("decision", ["1.70"], "dependency updates")])
ex(G + "dani-garcia/vaultwarden/pull/5634",
   "Update Rust to 1.85.0. raise MSRV to 1.84.0. also update the crates. The MSRV policy should be N-2. Done",
   [d("decision", ["1.84.0"]), d("constraint", ["n-2"])])
noise(G + "felixwrt/sml-rs/issues/28",
      "MSRV. determine and document the Minimum Supported Rust Version (MSRV); specify whether MSRV bumps are "
      "considered breaking changes; check MSRV in CI")
ex(G + "BurntSushi/jiff/pull/512",
   "docs: tighten up the MSRV policy. In practice I tend to be awfully and annoyingly conservative with MSRV bumps. So "
   "encode a reasonable conservative policy into the docs so that others can rely on it. In practice, I expect to be "
   "even more conservative.",
   [d("decision", ["conservative policy"], "others can rely on it")])
# ---------------------------------------------------------------- Haskell and Elixir: supported compiler versions
ex(G + "llvm-hs/llvm-hs/issues/125",
   "Dropping support for GHC 7.8. The general policy in the Haskell ecosystem is to support the last 3 releases so now "
   "that GHC 8.2 is out, I'd like to drop support for GHC 7.8 to avoid accumulating too much cruft. If you are still "
   "using `llvm-hs` with GHC 7.8 and dropping support would cause problems for you, please speak up and I might be "
   "convinced to support it a bit longer. This is fine for me, I usually try to keep only the last 3 GHC releases as "
   "well.",
   [d("decision", ["ghc 7.8"], "too much cruft", ["ghc 7.8"])])
ex(G + "stackbuilders/hapistrano/issues/160",
   "Drop support for GHC 7.10.3. `GHC 7.10.3` is more than 5 years old by now so it feels unnecessary keeping support "
   "for this version. Removing support for this would remove a CI job, potentially some code via `CPP` and raise some "
   "upper bounds for the constraints. This has been solved in #161",
   [d("decision", ["ghc 7.10.3"], "5 years old", ["ghc 7.10.3"])])
ex(G + "ndmitchell/shake/issues/651",
   "Drop support for GHC 7.4 to 7.8. These compilers are many years old, and I intend to drop support after the next "
   "release. If that causes problems, yell. Everything I could find is now gone, not a huge amount, but certainly a "
   "few nice things.",
   [d("decision", ["ghc 7.4 to 7.8"], "many years old", ["ghc 7.4 to 7.8"])])
noise(G + "haskell-crypto/cryptonite/issues/115",
      "Removing support for older GHC. I'm thinking removing support for GHC < 7.8 (which is 7.0, 7.4 and 7.6), anyone "
      "objecting? Sounds reasonable to me. We can always patch an earlier release if something major comes up. No "
      "objections!")
noise(G + "basvandijk/case-insensitive/issues/33",
      "RFC: Drop support for GHC < 8 ? GHC 8.0.1 was released in May 2016, and I'd guess many have moved to later "
      "versions since. By supporting GHC >= 8 only, we could get rid of the `semigroups` dependency, too.")
ex(G + "philss/floki/pull/129",
   "Remove support for Elixir 1.2. Following the policy of supporting the last three releases, we are dropping support "
   "for Elixir 1.2. This will enable Floki to use some features that are only available since version 1.3.",
   [d("decision", ["elixir 1.2"], "last three releases", ["elixir 1.2"])])
ex(G + "elixir-lsp/elixir-ls/pull/337",
   "Drop OTP 20 and add version support guidance. Drop OTP 20 because it is generally no longer supported by the OTP "
   "team. Version Support Guidelines: ElixirLS supports the last 4 versions of Elixir and the last 3 versions of OTP. "
   "However this is not a hard and fast rule and may change in the future. IMO we could aim for 3 last versions. Okay, "
   "after thinking about it some more I agree. I think this will help us focus more on stability (by reducing the "
   "number of supported configurations)",
   [d("decision", ["otp 20"], "no longer supported by the otp team", ["otp 20"]),
    d("decision", ["3 last versions"], "stability", ["last 4 versions"])])
# ---------------------------------------------------------------- telemetry
ex(G + "tensorchord/pgvecto.rs/issues/398",
   "feat(ecosystem): Telemetry. Based on our investigation, we have decided not to implement telemetry in the project "
   "now. Therefore, we have marked it as \"wontfix\".",
   [d("decision", ["telemetry"], "investigation", ["telemetry"])])
noise(G + "sjtug/cerberus/pull/16",
      "feat: telemetry. This agent-generated commit is huge, and there's not much need for telemetry for now. Closing.")
noise(G + "1technophile/OpenMQTTGateway/pull/426",
      "[ci] disable telemetry. by default telemetry data is sent. I think telemetry can help improving platformio, do "
      "you have concern with telemetry proposed by platformio? this project is public and open source, so no private "
      "informations can be leaked. Closing because no answer after three weeks")
ex(G + "Lightricks/LTX-Desktop/issues/9",
   "Telemetry should be disabled by default (opt-in instead of opt-out). docs/TELEMETRY.md indicates analytics is "
   "enabled by default. Even with minimal/anonymous collection, many users expect desktop apps to be "
   "privacy-by-default. Please consider switching telemetry to opt-in (disabled by default on fresh installs). Thanks "
   "for the thoughtful writeup. To be transparent about our reasoning: the opt-out default is intentional. Usage "
   "telemetry helps us understand overall product usage at an aggregate level, which informs how we prioritize "
   "features and fixes. Without it, we'd be optimizing blind.",
   [d("decision", ["opt-out"], "optimizing blind", ["opt-in"])])
ex(G + "entireio/cli/pull/54",
   "telemetry disable by default. Change telemetry to be disabled by default when not explicitly configured. "
   "Previously, nil (unconfigured) telemetry setting defaulted to enabled; now it defaults to disabled",
   [d("decision", ["disabled by default"], None, ["defaulted to enabled"])])
ex(G + "conwnet/github1s/issues/196",
   "Disable Telemetry by default [default-settings]. This setting is enabled by default and I don't think it should "
   "be. Thoughts? Yes, I think so, we will disabled it by default in next release",
   [d("decision", ["disable telemetry by default"])])
# ---------------------------------------------------------------- licences: relicensing and GPL dependencies
noise(G + "PyPSA/linopy/issues/123",
      "Relicense to MIT? Like we have done for the other packages. It allows broader usage! Totally agree! support also "
      "from my side. LGTM, gread idea! I consider my contributions as minor and I agree to any form of relicensing, in "
      "particular also to MIT. Sure, i am happy with relicensing linopy under the MIT license.")
ex(G + "SabreTools/SabreTools/issues/87",
   "Relicense to MIT. We need to have a quorum of people who have contributed that their contributions can be "
   "relicensed from the current GNU GPL 3 license to a more permissive one, specifically MIT. Thank you. We have a "
   "quorum among the contributors. We have chosen to relicense all existing and future code as MIT.",
   [d("decision", ["mit"], "more permissive", ["gnu gpl 3"])])
ex(G + "saplingjs/sapling/pull/446",
   "Relicense under MIT. To stay consistent with the project, re-license the project under MIT, as all the "
   "contributors past and present have agreed to it.",
   [d("decision", ["mit"], "consistent")])
ex(G + "matthiasbeyer/imag/pull/1214",
   "Remove dependency \"version\". Because the \"version\" crate is licensed as GPL, which would us require to release "
   "imag as GPL, we remove the crate now.",
   [d("decision", ["\"version\""], "licensed as gpl", ["\"version\""])])
ex(G + "NRC-ILT/g2p/pull/115",
   "Dev.no gpl: remove GPL dependencies and prevent future ones. Using libraries licensed under the GPL runs of risk "
   "of having to consider the whole project GPL. Legal opinions vary on this, but I prefer to play it safe and just "
   "never use any GPL-licensed libraries in our code. This PR does two things: Use `text_unidecode` instead of "
   "`unidecode`, since the latter is GPL whereas the former is also available under the Artistic License. Add a check "
   "in our Travis recipe so that a future change that introduces new GPL dependencies will fail to build.",
   [d("constraint", ["gpl"], "whole project gpl"), d("decision", ["text_unidecode"], "the latter is gpl", ["unidecode"]),
    d("decision", ["travis recipe"])])
ex(G + "Unidata/thredds/pull/681",
   "Removed \"52n-oxf-xmlbeans\", which is dragging in GPLed dependencies. It turns out that we were using very few of "
   "the classes from that dep. The license checker show NO outstanding uses of GPLed code! Excellent.",
   [d("decision", ["52n-oxf-xmlbeans"], "gpled dependencies", ["52n-oxf-xmlbeans"])])
noise(G + "gratipay/gratipay.com/issues/2904",
      "audit licenses of dependencies. Surfaced on #2886. I'm pretty sure we shouldn't be using any GPL software.")
ex(G + "changesets/changesets/issues/248",
   "Removing dependencies with GPL licenses. Affected Packages: smartwrap 1.0.11, smartwrap 1.0.9, breakword 1.0.3. "
   "Problem: In the new atlassian-frontend repository, we decided to not use packages that have GPL licences. "
   "Changeset CLI is bringing those two packages above. Proposed solution: We need to investigate how we can replace "
   "those dependencies.",
   [d("constraint", ["gpl licences"], None, ["gpl licences"])])
# ---------------------------------------------------------------- contributor licence agreements
ex(G + "signalapp/libsignal-client-node/issues/3",
   "Why a CLA? Per the README: Signing a CLA (Contributor License Agreement) is required for all contributions. Why is "
   "a CLA required for contributions to this project if the code is all under the AGPL already? Signal requires a CLA "
   "to ensure the contributor agrees to giving Signal explicit permission to use their contributions, as well as "
   "represent that the contribution is their own work. Linux moved away from a CLA and to using a DCO (Developer "
   "Certificate of Origin) but it serves a similar purpose.",
   [d("constraint", ["cla"], "explicit permission")])
ex(G + "apache/devlake/issues/847",
   "Consider `CLA`? As a commercial open source project can this repo consider should contributors be considered to "
   "sign a CLA? Thanks for bringing up the CLA issue. This is under our radar but probably will not get implemented in "
   "the short term to reduce the friction to contribute to Dev Lake. Hi, due to the fact that this project have "
   "already been donated to Apache, `CLA` is a kind of a must. So, yes, we are not only consider, but also accepted! "
   "Thanks for your proposal, closing it now.",
   [d("constraint", ["cla"], "donated to apache")])
noise(G + "warewulf/warewulf/issues/65",
      "Request For Comment: Introducing CLA. Warewulf needs a CLA for the project. Please review and add comments on "
      "the draft. The same CLA was provided to Greg to present to the board. When approved we'll integrate a CLA "
      "assistant to handle the collection of contributor signatures moving forward.")
# ---------------------------------------------------------------- reporting vulnerabilities
ex(G + "sleuthkit/sleuthkit/issues/974",
   "Process for reporting security bugs. Could you please advise us if there is a private tracker for these kinds of "
   "bugs, or if you prefer them filed in a publicly visible way? Hello. Please submit any security issues to secure "
   "<at> sleuthkit.org and I will work them into our private/internal tracker.",
   [d("preference", ["sleuthkit.org"], None, ["publicly visible way"])])
ex(G + "protostuff/protostuff/issues/378",
   "How to report a security issue privately? Hi, I found a security issue. I don't see a SECURITY.md or private "
   "vulnerability reporting enabled on the repo. Is there a secure way to share the details with you, e.g. a security "
   "email or turning on GitHub private vulnerability reporting? Hello, I enabled private vulnerability reporting.",
   [d("decision", ["private vulnerability reporting"])])
ex(G + "ryanbr/noop/pull/799",
   "docs(security): point reporters at Private Vulnerability Reporting. PVR is now enabled on the repo, so "
   "SECURITY.md's \"no security contact email — open a GitHub issue\" is out of date. Private reporting becomes the "
   "default route; public issues stay as the documented fallback for low-risk findings or where PVR isn't available. "
   "Also notes one advisory per finding. Prompted by #791, where a reporter held back a finding that was effectively a "
   "short forgery recipe and asked how to disclose it, because the policy offered no private channel.",
   [d("decision", ["private reporting"], "no private channel", ["open a github issue"]),
    d("preference", ["one advisory per finding"])])
noise(G + "jerryscript-project/iotjs/issues/1893",
      "Process for Reporting Security Vulnerabilities. What is the best way to report security bugs to your project? "
      "the project has no official private channels at the moment. You can track down my email address from my "
      "profile page and I might try and give a feedback whether to publicly report the vulnerability or not, but "
      "that's far from official. Issue discussed with @4cad via email. Closing this issue for now.")
# ---------------------------------------------------------------- which versions are supported
ex(G + "stellar/rs-stellar-xdr/pull/530",
   "Document version support policy. What: Add a Support section to the README and crate-level docs stating that bug "
   "and security fixes are provided only for the latest major version. Why: Set explicit expectations about which "
   "major versions receive backports, prompted by user questions about whether older release branches still receive "
   "security fixes.",
   [d("decision", ["latest major version"], "explicit expectations")])
ex(G + "akira-io/laravel-sisp/pull/293",
   "docs: support the current and the previous major version only. Documents the support policy: two major versions "
   "at a time, the current one with features and fixes, the previous one with bug and security fixes, and the oldest "
   "line reaching end of life the day a new major is released. `SECURITY.md` gains the supported versions table (2.x "
   "current, 1.x previous until 3.0.0).",
   [d("decision", ["two major versions"])])
noise(G + "tj/commander.js/pull/1114",
      "Change to six months support, rather than n-1. Problem: I had said we should support the current major version "
      "and the previous major version. But I realise now that does not work very well when we have close major "
      "releases, like we did with v3 and v4 to clear the backlog of Pull Requests. Solution: I suggest instead we "
      "support old versions from six months from when the new version is released. We could support for longer than "
      "six months if you would like.")
noise(G + "Elgg/Elgg/issues/9347",
      "Decide whether to change the support policy. We're currently following semver very strictly, so IMO there is no "
      "technical reason for us to support anything but the latest minor (x.Y.z) release of the supported major "
      "versions. Add votes and possible alternative suggestions below: 1. Support only the latest minor versions of two "
      "latest major branches 2. Continue using the current one 3. Something else? This should probably be discussed on "
      "community, but we can vote here.")
# ---------------------------------------------------------------- semantic versioning
ex(G + "qdsfdhvh/compose-imageloader/issues/79",
   "Making breaking changes in minor version? I just updated from 1.2.0 to 1.2.9. It's a little odd to see breaking "
   "API changes in a bug version change. Are you following semantic versioning? Sorry, I didn't know about `semantic "
   "versioning` before, I will provide support for the old api in the next version. You don't need to do that. If you "
   "follow semantic versioning in the future, that will be helpful to most people. Okay, I'll adjust the format of "
   "the version and it will follow `semantic versioning` in the future.",
   [d("decision", ["semantic versioning"], "helpful to most people")])
ex(G + "base-repos/base/issues/19",
   "semantic versioning. it would really help if you'd start using semantic versioning. We do use semantic "
   "versioning. When the major version number is `0`, then a bump in the minor version number is used to indicate a "
   "breaking change. `npm` follows this convention. If one of our projects has a major version `>0` then we'll bump "
   "the major version number for breaking changes.",
   [d("decision", ["minor version number"], "follows this convention")])
noise(G + "mne-tools/mne-python/issues/10352",
      "Roadmap after 1.0 (semantic versioning)? Now that v1.0 is about to be released I was wondering if we are going "
      "to follow semantic versioning. Personally, I would keep bumping minor versions even when we break API, but then "
      "this isn't semantic versioning anymore. WDYT? to me the next release will then be 1.1, 1.2 etc. And if "
      "something really big changes and we need some public attention we should bump to 2.X my 2c")
# ---------------------------------------------------------------- API design: synchronous and asynchronous calls
ex(G + "Wakanda/wakanda-javascript-client/issues/32",
   "SYNC Call instead of Async. Would like to know is there any synchronous call to the API? no there aren't any and "
   "we don't intend to add them. Synchronous XHR is deprecated.",
   [d("decision", ["synchronous"], "synchronous xhr is deprecated", ["synchronous"])])
ex(G + "silverwind/oui/issues/4",
   "Sync API. The async callback with the result is unnecessary, and I plan to move the lookup api to purely sync "
   "functionality in 3.0. The update will of course stay async. Fixed in 3.0.0",
   [d("decision", ["sync"], "unnecessary", ["async callback"]), d("decision", ["stay async"])])
noise(G + "EdupageAPI/edupage-api/pull/44",
      "Async? Maybe? - WIP. I think we should keep the synchronous API, there's no need to remove it because people "
      "don't always want to use async. (The current changes remove the synchronous API) It's just an idea, maybe the "
      "async API wouldn't be used at all if it was available, maybe adding async doesn't have any benefits. Thoughts?")
ex(G + "ardatan/graphql-import/issues/526",
   "Bring back a synchronous API. After version `0.7.1` the API was changed to return a Promise which is a breaking "
   "change for places where async is not an option (such as in class constructors). A synchronous version being "
   "brought back would be greatly appreciated. Available in 1.0.0!",
   [d("decision", ["synchronous"], "async is not an option")])
# ---------------------------------------------------------------- API versions
ex(G + "Seunope/aloc-endpoints/pull/11",
   "depreciate v1. We migrate fully to version 2 of our API. v2 provides better tracking and monitoring of API "
   "consumption for our users.",
   [d("decision", ["version 2"], "better tracking", ["v1"])])
ex(G + "railslove/ebicsbox/issues/136",
   "move management API to v2. we want to deprecate v1 and only have v2. currently the management API is only "
   "available in v1. The API endpoints should be moved to v2",
   [d("decision", ["v2"], None, ["v1"])])
noise(G + "lacework/python-sdk/issues/88",
      "Deprecated v1 API calls still supported. Various v1 endpoints will no longer be supported and should be pulled "
      "from the SDK at some point in the near future. We should probably update to emit WARNING messaging in the "
      "interim. Up Vote!")
# ---------------------------------------------------------------- deprecating command-line flags
ex(G + "eggheads/eggdrop/pull/847",
   "Deprecate requiring -n with -t,c. WARNING: Using the -n flag with the -c flag is deprecated and will be blocked in "
   "a future release. Please use the -c flag by itself when launching Eggdrop. Because some people are afraid of "
   "change no matter how small, we're not going to deprecate this, just silently ignore an n provided with a t or c "
   "flag.",
   [d("decision", ["silently ignore"], "afraid of change", ["deprecate"])])
ex(G + "Zweih/qp/pull/369",
   "Feature: Deprecate flag-based syntax. The full deprecation of flag-based syntax is rolling out. Only command-based "
   "syntax will be supported going forward.",
   [d("decision", ["command-based syntax"], None, ["flag-based syntax"])])
noise(G + "envoyproxy/envoy/pull/1062",
      "docs: update contribution guide for deprecation policy. IMO we can skip flags for deprecation now until there "
      "becomes a real request for such behavior.")
noise(G + "flix/flix/pull/7988",
      "feat: add `--Xdeprecated` flag. @chanattan will need this feature to gradually disable/deprecate old import "
      "syntax. This flag -- as a feature in itself -- is not intended to stay. It is just for a transition period. "
      "Though maybe it should? (Flix Workshop)")
# ---------------------------------------------------------------- reverts
ex(G + "rust-lang/rust-forge/pull/663",
   "Add revert policy. This is based on an old discussion in #t-compiler as well as a more recent one in #t-release. "
   "The outcome of both discussions was that a clearer revert policy should be documented that was biased toward "
   "reverting PRs that caused regressions. Often it is tempting to address a regression by posting a follow-up PR "
   "that, rather than reverting the regressing PR, instead augments the original in small ways without reverting its "
   "changes overall. However, if real-world users have reported being affected, this practice is strongly discouraged "
   "unless a high-confidence fix is already in the bors queue.",
   [d("preference", ["reverting"], "regressions", ["follow-up pr"])])
noise(G + "conventional-branch/conventional-branch/pull/45",
      "Revert changes. The recent changes appear to have caused a regression (see issue #44). Reverting them for now to "
      "revisit the issue later.")
# ---------------------------------------------------------------- supported platforms: Linux
ex(G + "xmichelo/Beeftext/issues/450",
   "[Feature] Support for Linux. This is a very remarkable tool! May I ask whether this can be ported to Linux as "
   "well? Hi. Thank you for the message. Unfortunatately there will be no Linux version, as explained in issue #256.",
   [d("decision", ["linux version"], None, ["linux"])])
ex(G + "chrdavis/SmartRename/issues/12",
   "Linux support ? Was using your awesome tool for months, and just switched to Linux because Windows upset me for "
   "some things... Do you plan on support Linux ? No plans - it would be a huge undertaking.",
   [d("decision", ["linux"], "huge undertaking", ["linux"])])
noise(G + "codefl0w/QuickADB/issues/3",
      "Linux functionality? Is this a Windows only tool or can it also be compiled and utilized in Linux? Almost all of "
      "the code is based on Windows utilities, so it wouldn't be possible to use it on Linux. I will definitely "
      "consider a Linux version later on when I have enough time to optimize everything.")
noise(G + "securityjoes/MasterParser/issues/2",
      "Linux Support. It will be great if this tool can run on Linux (Ubuntu and Redhat-based). Thank you for your "
      "suggestion, You can install PowerShell on Linux and use this tool, but I would not suggest using this tool on "
      "Linux, This tool is for after the data collecting on your IR case, and then to \"Analyze at home\" on your "
      "Windows machine. Maybe in the future I will add the ability to run the tool on Linux without installing "
      "PowerShell")
# ---------------------------------------------------------------- supported Ruby versions
ex(G + "rwx-research/rspec-abq/pull/119",
   "Remove support for Ruby 2.7. While working on updating development gems in #117 I noticed that some of our "
   "dependencies have started requiring ruby `>= 3`. Ruby 2.7 was EOL on 31 Mar 2023, so we're going to drop support "
   "for it.",
   [d("decision", ["ruby 2.7"], "eol", ["ruby 2.7"])])
ex(G + "dry-rb/dry-rails/pull/60",
   "Remove Ruby 2.7 from CI. Update checkout action versions. The gem now requires Ruby 3.0.0 or higher. This PR "
   "removes Ruby 2.7 from the CI matrix, getting everything to green. This also updates the checkout action versions "
   "to v3. Sorry but this was done by a mistake. We still support Ruby 2.7.",
   [d("decision", ["ruby 2.7"], "by a mistake", ["ruby 3.0.0"])])
ex(G + "yuya-takeyama/jr/pull/69",
   "Support Ruby 3.2 and drop support of Ruby 2.7. Ruby 2.7 is no longer maintained",
   [d("decision", ["ruby 3.2"]), d("decision", ["ruby 2.7"], "no longer maintained", ["ruby 2.7"])])
# ---------------------------------------------------------------- supported PHP versions
ex(G + "temporalio/sdk-php/pull/793",
   "Drop PHP 8.1 support. Summary: Bumps minimum PHP version from 8.1 to 8.2 in `composer.json` (closes #790). "
   "Removes PHP 8.1 from CI test matrix. Keeps `symfony/polyfill-php83` since `#[\\Override]` attribute (PHP 8.3) is "
   "used in 28 places. PHP 8.1 reached end of life on 2024-12-31.",
   [d("decision", ["8.2"], "end of life", ["8.1"]),
    d("dependency", ["symfony/polyfill-php83"], "used in 28 places")])
ex(G + "kahlan/kahlan/pull/411",
   "Drop php 7.1 support. PHP 7.1 already reached its end of life long time at December 1st, 2019, and composer "
   ">2.3.x no longer support it. I think we can remove it support. :+1:",
   [d("decision", ["php 7.1"], "end of life", ["php 7.1"])])
ex(G + "sandstorm/NeosTwoFactorAuthentication/issues/29",
   "Drop PHP <8.1 Support. As PHP 8.1 is already approaching it's EOL I'm considering dropping the support for PHP "
   "<8.1. I know there have been people using this package in production where PHP was still 7.4 when we developed "
   "`1.1.0` but I think it's time. We already have code that is incompatible with PHP <8.0. We should definitely clean "
   "this up, remove support for <8.1 and add supported version information in `composer.json` and docs.",
   [d("decision", ["<8.1"], "incompatible", ["<8.1"])])
ex(G + "dereuromark/cakephp-ide-helper/pull/414",
   "Drop PHP 7.4 support, require PHP 8.1+. Summary: Updated minimum PHP requirement from 7.4 to 8.1 in composer.json. "
   "Updated CI workflow to test PHP 8.1 and 8.3 instead of 7.4 and 8.3. Reason: CI is failing because "
   "`laminas/laminas-diactoros` 2.18+ requires PHP 8.0+, which is pulled in by CakePHP 4.4+. Since both PHP 7.4 and 8.0 "
   "are EOL, updating the minimum to PHP 8.1 (still in active support).",
   [d("decision", ["php 8.1"], "eol", ["php 7.4"])])
# ---------------------------------------------------------------- Rust and Go libraries: panics and errors
ex(G + "rust-lang/cc-rs/issues/1108",
   "Ban unwrap/expect. Panic is pretty bad for a library",
   [d("constraint", ["unwrap"], "pretty bad for a library")])
ex(G + "gotidy/copy/issues/5",
   "Return error instead of causing panics. It's bad practice to cause panics in a library. Recover inside your "
   "package and return an error If you must use panics.",
   [d("preference", ["return error"], "bad practice", ["panics"])])
ex(G + "openmls/openmls/issues/261",
   "Define strategy about how to surface library errors. Define what the exact rules are to allow `.unwrap()`. See "
   "where trickling up library errors makes sense. Note that any function that `unwrap`s or panics for any other "
   "reason is expected to say so in the function docs. Discussed strategy: Every error enum has a variant called "
   "`LibraryError`.",
   [d("decision", ["libraryerror"]), d("constraint", ["function docs"])])
noise(G + "tendermint/coding/issues/23",
      "all: discourage panics in libraries/packages where possible. I would like to propose that we discourage panics "
      "within library/packages unless something is totally unrecoverable or if it is a sanity check. What do y'all "
      "think? totally. panics is like lazy error checking while writing code quickly. You'll have to point at where "
      "the panics are, each should be discussed on a case-by-case basis.")
noise(G + "getfloresta/Floresta/issues/463",
      "[Enhancement] Get rid of all `unwrap`, `expect` and `panic` outside test code. Since we are a lib, we shouldn't "
      "panic on behalf of our users. For that reason, I suggest we remove all call to `unwrap`, `expect` and `panic` "
      "that are not test code. Then add CI checks to deny them being reintroduced.")
# ---------------------------------------------------------------- C++ language standards
ex(G + "s-yata/marisa-trie/issues/61",
   "Raise minimum C++ standard. Could the minimum C++ version supported be raised to C++11 or even higher, like C++17? "
   "It would simplify a bunch of ifdefs. All compilers that are still in their vendor support window support C++17. "
   "Thank you for a nice suggestion! I think C++17 is currently well supported and we can make C++17 the minimum "
   "version. I would like to apply C++17 after remaining pull requests are merged. Fixed by #87.",
   [d("decision", ["c++17"], "well supported")])
ex(G + "stotko/stdgpu/issues/314",
   "Raise minimum requirements to C++17. C++17 has been released 5 years ago and the default compilers on Ubuntu 20.04 "
   "and Ubuntu 22.04 all support this standard. Furthermore, Ubuntu 18.04 will reach EOL soon in April 2023 and should "
   "not longer be used. Therefore, it makes sense to raise the requirements which will also simplify and unblock "
   "future developments. New Requirements: Drop Ubuntu 18.04 support (EOL in April 2023). CMake 3.15 -> 3.18 (CUDA "
   "support for C++17)",
   [d("decision", ["c++17"], "simplify and unblock"), d("decision", ["ubuntu 18.04"], "eol", ["ubuntu 18.04"]),
    d("decision", ["3.18"], "cuda support", ["3.15"])])
noise(G + "StanfordLegion/legion/issues/1576",
      "RFC: C++ 17 minimum standard version. We previously set our minimum GCC to 8. Since GCC 8 appears to support "
      "C++ 17, should we consider that as a minimum? I don't see downsides unless users are using compilers other than "
      "GCC that lack proper C++ 17 support. We are using GCC>8 in our CI with no issues.")
noise(G + "RobotLocomotion/drake/issues/12077",
      "Should switch to require >= C++17. We gained official support via #11610, and have been using C++17 in Anzu, "
      "and it's been great. We should eventually require C++17, esp. once we drop Xenial. Yes, as soon as Xenial and "
      "High Sierra are gone, we should make `-std=c++17` our minimum (and our default).")
ex(G + "johnmcfarlane/cnl/pull/654",
   "C++20 drop C++17. Removes CI support for C++11/14/17. Requires C++20 compiler support in CMake. Directs readers of "
   "README.md to v1.x branch for legacy support. Removes preprocessor language check.",
   [d("decision", ["c++20"], None, ["c++17"]), d("decision", ["v1.x branch"], "legacy support")])
noise(G + "commschamp/comms/issues/8",
      "Survey: Does anyone still have a genuine technical dependency on C++11? I have plans to raise the minimal C++ "
      "standard from C++11 to C++17 some time in 2027. If anyone has a genuine requirement for C++11 still being "
      "supported please speak up. Your feedback will help determine whether and when this change should be made.")
noise(G + "heremaps/gluecodium/issues/1422",
      "Phase out support for C++11. For historic reasons, Gluecodium still support C++11. Meaning that any C++14 and "
      "C++17 features are either not used or used through some complex drop-in replacements. Considering that C++11 is "
      "now more than 10 years old, the proposal is to switch to C++17 as the minimum version now.")
noise(G + "boostorg/math/issues/1459",
      "Make C++17 the minimum supported standard. The CI tasks now require at least 3 hours of latency and are "
      "arguably at least 30 hours of raw compute. I think it needs to be cut down. Proposal: Remove support for all C++ "
      "standards below C++17. I concur. In the next release we could state it's the last to support C++14. Would it "
      "make sense to try and reduce the depth of testing in addition, or as a potential option, to potentially "
      "dropping a language standard?")
# ---------------------------------------------------------------- configuration formats: TOML and YAML
ex(G + "cloudposse/docs/issues/66",
   "Convert from TOML to YAML Config. what: Use `config.yaml` format rather than TOML. why: We use YAML everywhere "
   "else. We can use `yq` to manipulate YAML config. There are known issues with TOML that are non-obvious",
   [d("decision", ["yaml"], "yaml everywhere else", ["toml"])])
ex(G + "xiam/luminos/issues/11",
   "Use TOML instead of YAML for configuration. TOML is easier to read and does not get confused by tabs or spaces. "
   "Backwards compatiblity must be ensured.",
   [d("decision", ["toml"], "easier to read", ["yaml"]), d("constraint", ["backwards compatiblity"])])
noise(G + "mdlayher/wgipam/issues/2",
      "internal/config: consider switching to TOML. YAML can be a little difficult to digest. Maybe TOML is a better "
      "config file option.")
noise(G + "reptar/reptar/issues/13",
      "discuss: move to TOML instead of YAML. ...maybe - which looks best? Not implementing alternatives to YAML at "
      "the moment as there doesn't seem to be any desire or need for it. If people express interest in alternative "
      "formats then this can be revisited and implemented as a minor version bump.")
noise(G + "nicholasjng/pybm/issues/22",
      "Move away from YAML to TOML. Quite a few posts on the debate consider TOML to be a superior format to YAML in the "
      "context of config files. For easier configuration management, it could be useful to move to TOML. Perhaps more "
      "people end up being familiar with TOML, it also has first-class support for datetimes. This move could be "
      "sensible before solving the global configuration ticket #21.")
ex(G + "basnijholt/tuitorial/issues/35",
   "Support TOML as well? I have a hatred for Yaml and TOML seems to be the pythonic choice for config. Just throwing "
   "it out there that I'd like to see this :) Sure! That should be trivial to add.",
   [d("decision", ["toml"], "pythonic choice")])
# ---------------------------------------------------------------- contributions written by AI
ex(G + "bridgetownrb/bridgetown/pull/732",
   "Add a contributors policy regarding AI-generated code. TL;DR: we will not knowingly accept AI-generated pull "
   "requests.",
   [d("constraint", ["ai-generated pull requests"])])
ex(G + "pret/pokeheartgold/pull/452",
   "Add AI policy to CONTRIBUTING.md. AI Policy: We unequivocally prohibit the use of artifical intelligence (AI) "
   "large language models (LLMs) to generate contributions to this project, meaningful or otherwise. Any pull request "
   "found to have used AI for these tasks will be closed, and the contributor will be banned from interacting with the "
   "repository. This is a zero-tolerance policy, and we do not provide any avenue for appeal.",
   [d("constraint", ["large language models"])])
noise(G + "pypa/pip/issues/13417",
      "Should we have a policy on AI-submitted pull requests? Prompted by the discussion in #13393, I'd like to suggest "
      "that pip adds an official policy on AI-generated pull requests. Personally, I would rather we prohibit "
      "AI-generated code in PRs. Obviously, it won't always be possible to detect AI-generated code, so we'll be relying "
      "on contributors acting in good faith and respecting our policies, but I think that's a reasonable compromise.")
# ---------------------------------------------------------------- renaming public functions
ex(G + "particle-iot-archived/spark-sdk-android/issues/24",
   "func changeDeviceName() to rename(). rename `changeDeviceName()` func to `rename()` (or create an alias) to be "
   "consistent with func names on iOS. what do you think? Create an alias and mark the old method with `@Deprecated`. "
   "When the current round of changes are complete and we're fairly certain that the API is stable and won't change "
   "until a major version bump, then kill the deprecated method.",
   [d("decision", ["alias"], "consistent with func names on ios")])
ex(G + "typetools/checker-framework/pull/2246",
   "Rename areSameIgnoringValues to areSameByName. This is clearer, shorter, and consistent with existing "
   "areSameByName methods. I just wanted to let you know that this change breaks a custom typechecker I'm working on, "
   "preventing it from moving to 2.6.0 without someone renaming its calls. When renaming methods in this way, can we "
   "use `@Deprecated` and keep the old version around, at least for a release or two, in the future? Thanks. Yes, that "
   "is a good idea.",
   [d("decision", ["aresamebyname"], "clearer", ["aresameignoringvalues"]),
    d("preference", ["@deprecated"], "breaks a custom typechecker")])
ex(G + "inbo/camtraptor/issues/112",
   "Rename `datapkg` attribute in functions to `package`. This is consistent with `frictionless` and `movepub`. I "
   "think it's better to do so. I would make `datapkg` deprecated to avoid breaking codes. If it is always the first "
   "argument, it is very likely users never named it in their function call. I would then just rename it without "
   "deprecation. I deprecated it just to be 100% safe.",
   [d("decision", ["package"], "consistent with `frictionless`", ["datapkg"]),
    d("decision", ["deprecated it"], "100% safe")])
noise(G + "ss3sim/ss3sim/issues/145",
      "Renaming the \"change\" functions. If no one objects, Sean and I propose renaming `change_lcomp` to "
      "`sample_lcomp`, `change_agecomp` to `sample_agecomp`, `change_index` to `sample_index`. The old change* "
      "functions will remain but point to the new sample* functions until a major release, with warnings for "
      "deprecated use in the interim.")
noise(G + "KOF-ch/tstools/issues/53",
      "Deprecate old function names. 1) Decide whether we want to do that 2) Figure out how. Currently some function "
      "names are camelCased and some are snake_cased. There should be consistency either way. I think we should do it. "
      "Your argument of better now than later is actually the most important one. I suggest to do it as follows: fix "
      "all other issues, feature freeze, create a separate branch and discuss which of the following approaches we "
      "should follow.")
# ---------------------------------------------------------------- Apple platforms: deployment targets
ex(G + "aptabase/aptabase-swift/issues/13",
   "iOS 12 support? I noted that the `Package.swift` specifies a minimum of iOS 13, but Xcode 15.x allows a user to "
   "select a Minimum Deployment Target all the way down to iOS 12.0 for a project. Are there any technical reasons "
   "preventing the package file specifying iOS 12 as the minimum version? I just opted for some reasonable low "
   "versions, but it *should* work with 12 too. I'd be happy to merge a PR. Ah this is probably something that I will "
   "just have to accept, I just tried this locally and of course you're using concurrency which is iOS 13",
   [d("decision", ["ios 13"], "concurrency", ["ios 12"])])
ex(G + "anyproto/anytype-swift/pull/4048",
   "IOS-5286 Drop iOS 16 support, update minimum to iOS 17.0. Summary: Updated minimum iOS deployment target from 16.0 "
   "to 17.0. Updated all Swift Package manifests to require iOS 17.0. Removed all iOS 16/17 backwards compatibility "
   "code and availability checks. Simplified SwiftUI code by using iOS 17 APIs directly",
   [d("decision", ["ios 17.0"], None, ["ios 16"])])
ex(G + "swiftlang/swift-package-manager/pull/8611",
   "Bump iOS deployment target to 17 to match dependencies. Swift Build requires iOS 17",
   [d("decision", ["ios 17"], "match dependencies")])
# ---------------------------------------------------------------- dependencies kept few
ex(G + "datafaker-net/datafaker/pull/1253",
   "Add dependency info to CONTRIBUTING. Dependencies: In order to keep datafaker slim and focused the project "
   "generally attempts to avoid dependencies. Should a reasonable argument be made to including a library as a "
   "dependency it should meet the following criteria (subject to change without notice): Minimal size (<1MB). No "
   "dependency tree (single level, the library itself). Fills a need we can't do \"simply\".",
   [d("constraint", ["avoid dependencies"], "slim and focused"), d("constraint", ["<1mb"]),
    d("constraint", ["no dependency tree"])])
ex(G + "rerun-io/rerun/issues/1344",
   "Add procedure around new dependencies. Every new dependency is a liability which adds: Compile times. Bloated "
   "binary (including `.wasm`). More code that can break. Larger attack surface. We should therefore have some "
   "procedures in place for adding new dependencies. In summary: Each PR that adds a dependency should motivate that. "
   "When reviewing a PR (including your own), always check the diff of `Cargo.lock`. This should be documented in "
   "`CONTRIBUTING.md`",
   [d("constraint", ["motivate"], "liability"), d("preference", ["cargo.lock"])])
# ---------------------------------------------------------------- bug reports
noise(G + "PaulWoitaschek/Voice/issues/596",
      "crash on startup in beta. The app started crashing directly after start up since the last update last night in "
      "the beta program. I submitted a crash report via the android dialogue. Which version are you using? according to "
      "the play store version 3.3.3.6.2. Yes new update to 3.3.5 fixed it again, thank you!")
noise(G + "streetcomplete/StreetComplete/issues/115",
      "0.6 crash on startup. Tonight I upgraded from 0.5 to 0.6 (via Google Playstore). When I try to open the app it "
      "immediately crashes, I don't even see it starting. I am terribly sorry about this. I will prepare a new version "
      "with a fix right now. Thanks for the fast fix :+1:")
noise(G + "crackededed/Xtra/issues/880",
      "Immediaste crash on app start. Since the update from ≈15h ago, the app just crashes immediately on start. No UI "
      "is shown, only a full-screen splash of the icon and the back to the home screen. I am running Android 15 with "
      "microG. F-Droid release works fine, but the GitHub release still seems to be broken. should be fixed now")
# ---------------------------------------------------------------- commit messages read from the repositories' history
ex(G + "psf/requests/commit/c4367f231b5dc54f23f2983828562ce3a7555a8a",
   "Add AI Policy The immense influx of low-quality pull requests, many of which are duplicated tens of times, are "
   "creating unnecessary toil. As such, we now need to spell out what used to be basic, decent, and reasonable open "
   "source behaviour because many are just using LLMs to spam and reputation farm instead of trying to make meaningful "
   "contributions.",
   [d("constraint", ["ai policy"], "low-quality pull requests")])
ex(G + "spf13/cobra/commit/dcf42b25f7f1980135e744f099ecbbc6ec85eadc",
   "Change generator to require opting in to viper. Cobra and Viper are great together, but it's not uncommon to use "
   "them apart. New Cobra users don't know better and including Viper by default adds complexity to the skeleton.",
   [d("decision", ["opting in to viper"], "adds complexity", ["including viper by default"])])
ex(G + "expressjs/express/commit/160b91cbf79b595712b694c3513c347551d17fbe",
   "feat: adopt Node@18 as the minimum supported version (#5803) This is a BREAKING CHANGE",
   [d("decision", ["node@18"])])
ex(G + "mitsuhiko/minijinja/commit/5c29b1e304c41b26e5944011bcac07d13c137ce0",
   "Switch to basic dependency free xorrand for contrib (#696)",
   [d("decision", ["xorrand"], "dependency free")])
ex(G + "pallets/flask/commit/59fd6aa1049808f2bf2c6b3bd309ddfe9d9f6809",
   "use pip-compile instead of pip-compile-multi",
   [d("decision", ["pip-compile"], None, ["pip-compile-multi"])])
ex(G + "sinatra/sinatra/commit/1da8b56b9447e3f79eb0092b292cebdf39f6a1be",
   "Drop Rainbows (#1956) Drop Rainbows support Rainbows server is unmaintained. Last version was released in 2020 and "
   "new features are not planned. This is a roadblock going forward for Sinatra as we plan to support Rack 3 and drop "
   "Rack 2 support.",
   [d("decision", ["rainbows"], "unmaintained", ["rainbows"])])
ex(G + "jqlang/jq/commit/abde27d0f559d8067ee6beb4dc7b11ae9a2821e0",
   "Revert \"Move closer to the standard autotools idiom. (#3187)\" (#3255) This partially reverts commit "
   "d8463c25491b6150d748155ac530a3205d072e37. Revert reason: version string should be updated more often.",
   [d("decision", ["standard autotools idiom"], "version string should be updated more often",
      ["standard autotools idiom"])])
ex(G + "urfave/cli/commit/35945b7480697f11590e578d10d3ccdb4166652a",
   "go.mod: Require go1.22 (#2026)",
   [d("decision", ["go1.22"])])
ex(G + "tokio-rs/axum/commit/6ab6f99aac9428f1acc0e21871e86f12a1e5384e",
   "axum: don't enable `tokio/macros` feature (#3864)",
   [d("decision", ["tokio/macros"], None, ["tokio/macros"])])
ex(G + "sharkdp/hyperfine/commit/24a0d5da1bff11567bbf307315d11cb0e10733ec",
   "Disable Windows GNU build, fails with 'Warning: corrupt .drectve at end of def file'",
   [d("decision", ["windows gnu build"], "corrupt .drectve", ["windows gnu build"])])
ex(G + "hynek/structlog/commit/c53f14832d0284d704e9aef6fc44f2b86f562bcf",
   "Switch base methods to return Self instead of BoundLoggerBase (#659)",
   [d("decision", ["self"], None, ["boundloggerbase"])])
# ---------------------------------------------------------------- documents: security policies, contribution guides, decision records, changelogs
ex(G + "jameslanska/unicode-display-width/blob/HEAD/SECURITY.md",
   "Security. Supported Versions: Only the latest non-prerelease version is supported. Reporting a Vulnerability: "
   "Please report any vulnerabilities through the GitHub private vulnerability reporting system.",
   [d("decision", ["latest non-prerelease version"]), d("preference", ["private vulnerability reporting"])])
ex(G + "PSDTools/.github/blob/HEAD/SECURITY.md",
   "Security Policy. Reporting a Vulnerability: Send vulnerability reports via the Advisories tab on the Security "
   "page. Don't make an issue, as that could leak sensitive information.",
   [d("constraint", ["advisories tab"], "leak sensitive information", ["issue"])])
ex(G + "linebender/druid/blob/HEAD/CONTRIBUTING.md",
   "How to contribute. Changelog: Every pull request should document all changes made in the changelog. The format is "
   "always `- [what changed]. ([#pr-number] by [@username])`. Code reviews: All submissions, including submissions by "
   "project members, require review. We use GitHub pull requests for this purpose.",
   [d("constraint", ["review"]), d("decision", ["github pull requests"]), d("preference", ["changelog"])])
ex(G + "zalando/restful-api-guidelines/blob/HEAD/CONTRIBUTING.md",
   "Contributing. Pull requests only: DON'T push to the master branch directly. Always use pull requests and let people "
   "discuss changes in pull request. Pull requests should only be merged after all discussions have been concluded and "
   "at least 2 reviewers gave their approvals. Changelog for major changes: When your pull request does major changes, "
   "please also add an entry to the changelog.",
   [d("constraint", ["pull requests"], None, ["push to the master branch"]), d("constraint", ["2 reviewers"]),
    d("preference", ["changelog"])])
ex(G + "dcs-liberation/dcs_liberation/blob/HEAD/.github/pull_request_template.md",
   "Pull requests should be made against the `develop` branch. Any backports necessary will be handled by the "
   "development team. Pull requests should be focused on one task. Multiple bug fixes should be multiple PRs. We cannot "
   "merge half a PR, and combined PRs are much more difficult to review. Prefer rebase to merge, and squash commits as "
   "needed to preserve a readable commit history. This project maintains linear history in the develop branch, so we "
   "will either rebase or squash your PR when merging.",
   [d("preference", ["develop"]), d("preference", ["one task"], "difficult to review"),
    d("preference", ["rebase"], "readable commit history", ["merge"])])
ex(G + "mediocregopher/radix/blob/HEAD/CONTRIBUTING.md",
   "CONTRIBUTING. If you make contributions to the project, please follow the guidelines below: Maximum line-width is "
   "100 characters. Run \"gofmt -w -s\" for all Go code before pushing your code. Write terse code without too much "
   "newlines or other non-essential whitespace.",
   [d("constraint", ["100 characters"]), d("preference", ["gofmt -w -s"]), d("preference", ["terse code"])])
ex(G + "DenverCoder1/jct-discord-bot/blob/HEAD/style_guide.md",
   "Style Guide. Please follow the guidelines stated here when contributing to this repository. Spacing: Always use "
   "tabs. Spaces suck. Avoid trailing spaces at the end of lines. Naming: Use `snake_case` for files, folders, and "
   "variables. Use `PascalCase` for classes.",
   [d("preference", ["tabs"], "spaces suck", ["spaces"]), d("preference", ["trailing spaces"]),
    d("preference", ["snake_case"]), d("preference", ["pascalcase"])])
ex(G + "drewfish/arduino-textdevices/blob/HEAD/CONTRIBUTING.md",
   "Contributing. This project uses the github fork + pull request model. Files should be formatted consistently with "
   "the existing code. Specifically: spaces instead of tabs, 4 space indents, the opening brace (`{`) should be on the "
   "same line as the construct that introduces the block",
   [d("decision", ["fork + pull request model"]), d("preference", ["spaces"], None, ["tabs"]),
    d("preference", ["4 space indents"]), d("preference", ["opening brace"])])
ex(G + "LAEYES/cyber-workbench/blob/HEAD/specs/nato-trinity/architecture/adr/ADR-0014-pagination-filtering.md",
   "ADR-0014 — Pagination & filtering (list endpoints). Status: Proposed. Context: List endpoints must be usable at "
   "scale (evidence, audit events, packages, legal holds). We need deterministic pagination and server-side filtering, "
   "while keeping implementations simple. Decision: Use cursor-style pagination: `limit` (default 100, max 500), "
   "`after` (opaque cursor). Support minimal, safe filters on list endpoints. Consequences: Easy to implement "
   "consistently across services. Avoids unstable offset pagination. Notes: Cursor values must be treated as opaque "
   "and validated.",
   [d("decision", ["cursor-style pagination"], "unstable offset pagination", ["offset pagination"]),
    d("decision", ["safe filters"]), d("constraint", ["opaque"])])
ex(G + "fikrilal/mobile-core-kit/blob/HEAD/docs/engineering/api/api_pagination_cursor_support.md",
   "API Pagination — Cursor Support. This template uses cursor-based pagination for list endpoints. Why cursor: Stable "
   "under inserts/deletes compared to offset. Works well with infinite scroll.",
   [d("decision", ["cursor-based pagination"], "stable under inserts/deletes", ["offset"])])
ex(G + "ministryofjustice/hmpps-integration-api/blob/HEAD/docs/adr/0011-openapi-revision.md",
   "0011 - Revert decision 0003 and auto-generate OpenAPI specification. Status: Accepted. Context: In #0003, the team "
   "decided to manually manage the OpenAPI specification file, as opposed to generating them from code. This had the "
   "benefit of allowing the team to write documentation for endpoints before they have been built. However, in "
   "practice this has resulted in an out-of-date specification due to code changes not being reflected. Decision: "
   "Revert decision 0003 and auto-generate OpenAPI specification using the Springdoc OpenAPI library.",
   [d("decision", ["springdoc openapi"], "out-of-date specification", ["manually manage"])])
ex(G + "laskaridis/bg-backend-assignment/blob/HEAD/doc/adrs/2022-01-01-avoid-surrogate-primary-keys.md",
   "Avoid using sequence primary keys as entity identifiers. Status: Accepted (2022-01-01). Context: Keys derived from "
   "a sequence are not secure (i.e. are monotonically increasing) opposed to randomply generated keys like UUIDs. "
   "Decision: Use either natural identifiers for domain model identifiers, or randomply generated \"UUID\"s. "
   "Consequences: A more secure and flexible domain model identifiers.",
   [d("decision", ["sequence primary keys"], "not secure", ["sequence primary keys"])])
ex(G + "alexandervivas/expat-ledger-backend/blob/HEAD/docs/architecture/decisions/ADR-015-manual-dependency-injection.md",
   "ADR-015: Manual Dependency Injection with Resource-safe Modules. Status: Accepted. Context: Previous attempts to use "
   "dependency injection frameworks like Google Guice (ADR-014) and Scala 3 Contextual Abstractions (ADR-013) proved "
   "problematic when integrated with `cats.effect.Resource`. Guice, in particular, struggled to manage the acquisition "
   "and release of non-blocking resources like Skunk session pools, leading to potential connection leaks and complex "
   "runtime wiring issues. Decision: We will adopt Manual Dependency Injection orchestrated through a \"Resource Tree\" "
   "in the application entry point. Discard Guice: Remove all dependencies on Google Guice and `jakarta.inject`. "
   "Constructor Injection: Components will use plain Scala classes with constructor injection. Alternatives "
   "Considered: Jam / MacWire: Compile-time DI macros. These were considered but rejected to keep the build process "
   "simple and avoid additional dependencies until manual wiring becomes truly unmanageable. ReaderT / Kleisli: "
   "Functional DI patterns. Rejected as they introduce significant cognitive overhead and boilerplate without "
   "substantial benefits for the current project scope.",
   [d("decision", ["manual dependency injection"], "connection leaks",
      ["google guice", "scala 3 contextual abstractions", "macwire", "readert"]),
    d("decision", ["constructor injection"])])
ex(G + "john-dalmolin/grantledger-platform/blob/HEAD/docs/adr/ADR-007-timezone-policy-luxon.md",
   "ADR-007: Timezone-safe Datetime Policy with Luxon. Context: Current datetime handling is inconsistent across "
   "domain/application/api layers, with native `Date` parsing and timestamp generation mixed with permissive boundary "
   "validation. This creates: ambiguous parsing for inputs without explicit timezone; risk of timezone drift across "
   "environments. Decision: Adopt Luxon-based datetime utilities as the canonical implementation for time parsing and "
   "generation, with strict boundary validation: Input datetimes must be ISO-8601 with explicit timezone offset (`Z` "
   "or `±HH:MM`). Strict rollout is immediate in ARCH-004 (no legacy compatibility mode). Alternatives Considered: "
   "Keep native `Date` + permissive parsing: lower immediate effort, high long-term ambiguity. Accept legacy timestamps "
   "temporarily: easier rollout, but prolongs inconsistency and drift risk. Restrict to `Z` only: simpler policy, but "
   "less flexible for external integrations.",
   [d("decision", ["luxon"], "timezone drift", ["native `date`"]),
    d("constraint", ["explicit timezone offset"], "less flexible", ["restrict to `z` only"]),
    d("decision", ["no legacy compatibility mode"], "prolongs inconsistency", ["accept legacy timestamps"])])
ex(G + "hildjj/nofilter/blob/HEAD/CHANGELOG.md",
   "Changelog. 5.0.0 - 2024-09-03: [BREAKING] now requires node 18. 4.0.0 - 2023-05-13, Changed: Now requires use as "
   "an ES6 module. Now uses c8 for coverage instead of nyc. Updated all dependencies. Removed unused dependencies.",
   [d("decision", ["node 18"]), d("decision", ["es6 module"]), d("decision", ["c8"], None, ["nyc"])])
ex(G + "jneander/dev-utils-node/blob/HEAD/CHANGELOG.md",
   "Changelog. All notable changes to this project will be documented in this file. The format is based on Keep a "
   "Changelog, and this project adheres to Semantic Versioning. See Conventional Commits for commit guidelines. 2.0.0 "
   "(2022-12-04) BREAKING CHANGES: drop support for node.js < v16.0.0. Miscellaneous Chores: update dependencies and "
   "node to 16+",
   [d("decision", ["keep a changelog"]), d("decision", ["semantic versioning"]),
    d("preference", ["conventional commits"]),
    d("decision", ["16+"], None, ["node.js < v16.0.0"])])

assert_new_repositories("capture14.json")
write_heldout_set(14, "x", sys.argv[1])
