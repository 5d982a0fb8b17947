# One-off: writes capture5.json, the fifth capture set (issue 14). Every label below was written by reading the text
# before the extractor was run on any of it, and the file was committed before the first run. The whole set is held
# out: scored once, never read while tuning. Kept for provenance.
import json
from pathlib import Path

A = "Agent: Noted."
X = []


def ex(source, user, expected):
    X.append({"source": source, "delta": f"User: {user}\n{A}", "expected": expected})


def noise(source, user):
    ex(source, user, [])


def d(kind, terms, rationale=None, rejects=None):
    e = {"kind": kind, "terms": terms}
    if rationale:
        e["rationale"] = rationale
    if rejects:
        e["rejects"] = rejects
    return e


# --- test runners: mocha and jest to vitest
ex("github.com/NitorCreations/nflow/pull/700",
   "Migrate from jest to vitest. vitest is faster and goes well with vite",
   [d("decision", ["vitest"], "faster", ["jest"])])
ex("github.com/typicalninja/google-sr/pull/16",
   "Migrate tests from mocha to vitest. Significant improvement with test running was observed, also with vitest we "
   "were able to remove several dev deps",
   [d("decision", ["vitest"], "improvement", ["mocha"])])
ex("github.com/microsoft/typespec/pull/2769",
   "Migrate test framework to vitest. Get rid of mocha and upgrade to vitest which is a more modern alternative "
   "providing, watch, direct typescript compilation out of the box, expect library and more.",
   [d("decision", ["vitest"], "modern", ["mocha"])])
noise("github.com/usdigitalresponse/usdr-gost/pull/2998",
      "Proof of concept: Mocha/Webpack to Vitest migration. Follow-up to #2965 exploring how much effort would be "
      "required to migrate our Mocha/Chai-based test suite to use vitest instead. The overall diff turns out to be "
      "pretty minimal, so I think this is the preferred route, and it comes with a number of test runner benefits.")
ex("github.com/bytecodealliance/ComponentizeJS/pull/277",
   "feat(tests): replace mocha with vitest. This PR moves us from mocha to vitest -- the diff is massive only because "
   "of package-lock.json, but checking the test output should be enough to confirm he functionality -- all tests are "
   "maintained (and now run in parallel) here and they all pass like before.",
   [d("decision", ["vitest"], None, ["mocha"])])
ex("github.com/wojtekmaj/enzyme-adapter-react-17/pull/100",
   "Migrate from Mocha to Vitest",
   [d("decision", ["vitest"], None, ["mocha"])])

# --- linters: flake8 to ruff
ex("github.com/awslabs/gluonts/pull/2485",
   "Use ruff instead of flake8. Ruff is faster and works just as well for us otherwise.",
   [d("decision", ["ruff"], "faster", ["flake8"])])
ex("github.com/hongbo-miao/hongbomiao.com/pull/7437",
   "feat(python): replace Flake8 to Ruff. It speeds up compared to Flake8!",
   [d("decision", ["ruff"], "speeds up", ["flake8"])])
ex("github.com/yandex/ch-tools/pull/42",
   "Replacement of flake8 with ruff. Ruff is a drop-in replacement for flake8 that both faster and more powerful.",
   [d("decision", ["ruff"], "faster", ["flake8"])])

# --- dropping Python 3.8
ex("github.com/supriya-project/supriya/issues/357",
   "Drop Python 3.8 Support. 3.8 end-of-life is October 2024.\nAgent: Noted.\nUser: Done in #370",
   [d("decision", ["3.8"], "end-of-life", ["3.8"])])
ex("github.com/vc-bonn/charonload/pull/46",
   "Drop Python 3.8 support. Python 3.8 reached end of life on 2024-10-07 and will not be receive any upstream support "
   "anymore. Drop the support on our side as well to encourage users to upgrade to a more recent version.",
   [d("decision", ["3.8"], "end of life", ["3.8"])])
ex("github.com/UEWBot/dipvis/issues/313",
   "Drop support for python 3.8. End of life was 07 Oct 2024. We can probably just stop testing it. I don't think "
   "there's anything that actually needs to be done here other than being ok with things possibly being broken under 3.8",
   [d("decision", ["3.8"], "end of life", ["3.8"])])
ex("github.com/lexiforest/curl_cffi/issues/485",
   "Dropping support for Python 3.8. As Python 3.8 has reached its end of life, we will be dropping Python 3.8 support "
   "soon, please be prepared if you are sill based on that version. v0.9.0 will be the last version to support "
   "Python 3.8.",
   [d("decision", ["3.8"], "end of life", ["3.8"])])
ex("github.com/dennisvang/tufup/issues/106",
   "drop support for Python 3.8. Python 3.8 end-of-life is coming up: October 2024. At the same time, we could add "
   "support for 3.13.",
   [d("decision", ["3.8"], "end-of-life", ["3.8"])])
ex("github.com/kornia/kornia/pull/3058",
   "Drop support to python 3.8. Python 3.8 status now is end-of-life since 2024-10-07. Because of it we are dropping "
   "support for it then.",
   [d("decision", ["3.8"], "end-of-life", ["3.8"])])

# --- bundlers: webpack to vite
ex("github.com/RaythaHQ/raytha/issues/233",
   "Research switching from webpack to vite. We switched to codemirror and javascript build times decreased from 2 "
   "minutes to 20 seconds. It seems like Vite is more modern and if we investigate switching, it could decrease the "
   "build time even further.",
   [d("decision", ["codemirror"], "build times")])
ex("github.com/markstory/docket-app/pull/21",
   "Switch to using Vite for building frontend. Vite requires much better build times and less configuration than "
   "webpack. It also offers a good dev workflow via module reloads.",
   [d("decision", ["vite"], "build times", ["webpack"])])
ex("github.com/alchemix-finance/alchemix-v2-frontend/issues/336",
   "Move from webpack to vite. Current build times take at least 1 minute and 45 seconds, at most 3 minutes and "
   "something. We want to cut that down to a consistent sub 1.5 minutes to save on operational costs.",
   [d("decision", ["vite"], "build times", ["webpack"])])
noise("github.com/Sv443/BetterYTM/issues/92",
      "Migrate to vite. idk I barely noticed a difference going from webpack to rollup (still takes ~6s on a good "
      "system) so I would love to implement vite somehow someday.")
ex("github.com/coder/coder/pull/4239",
   "chore: Use Vite as build tool. Vite, surprisingly, does not perform well as webpack on build BUT it is WAY easier "
   "to set up. No need for extra files or a lot of plugins.",
   [d("decision", ["vite"], "easier to set up")])
ex("github.com/alixlahuec/zotero-roam/pull/429",
   "infra: replace Webpack by Vite. Replace Webpack by Vite (builds + Storybook), to speed up development & simplify "
   "setup.",
   [d("decision", ["vite"], "speed up", ["webpack"])])
ex("github.com/taskcluster/taskcluster/pull/8044",
   "chore(ui): build using vite. Switching from webpack to vite. Dropping most of the @babel dependencies (-250Mb "
   "approx). Switching from jest to vitest (for speed)",
   [d("decision", ["vite"], None, ["webpack"]), d("decision", ["vitest"], "speed", ["jest"])])
noise("github.com/latitudegames/thoth/issues/156",
      "Convert webpack -> vite or add esbuild-webpack. Current build times are sluggish, which makes debugging things "
      "that don't auto-update very slow. ESBuild is much, much faster. Vite \"just works\" and should simplify much of "
      "our config, also has more graceful handling for things like .env")

# --- CI: Jenkins to GitHub Actions
noise("github.com/monarch-initiative/monarch-app/issues/824",
      "Evaluate Jenkins/GitHub Actions future plan. Assess the advantages and disadvantages of using Jenkins vs GH "
      "actions. Does GH actions scale to a larger team? Are there any barriers to doing a paid GH action?")
ex("github.com/apache/bookkeeper/issues/2242",
   "Migrate Jenkins CI to Github Actions. Motivation: Jenkins has been very unstable. More and more apache projects "
   "are moving to use Github Actions. We should move to use Github Actions to improve stability and simplify the "
   "process.",
   [d("decision", ["github actions"], "unstable", ["jenkins"])])
noise("github.com/Heath123/pakkit/issues/18",
      "consider using github action instead of jenkins. it's so much better")
noise("github.com/streamnative/kop/issues/63",
      "[FEATURE] Move from current jenkins to Github action. jenkins has some limitation, it would be good to move to "
      "github action")
noise("github.com/apache/activemq/pull/633",
      "I would say -1 for now to replace Jenkins with GitHub Actions. I think we should first cleanup the tests and "
      "have a faster build. Else, we will have bunch of GH Actions jobs, and potentially \"banned\".")
ex("github.com/nerds-odd-e/scrumprimer/issues/67",
   "Run the build in GitHub actions. To retire Jenkins",
   [d("decision", ["github actions"], None, ["jenkins"])])
noise("github.com/eclipse-cognicrypt/CogniCrypt/issues/454",
      "Migrate our CI/CD to GitHub Actions. At present, we are using Jenkins CI/CD in our software development "
      "lifecycle. It mostly satisfies our general needs, but IMO has some drawbacks. We have proposed to migrate our "
      "CI/CD operation from Jenkins to GitHub Actions.")
ex("github.com/zowe/api-layer/issues/1234",
   "Move releasing from Jenkins to Github Actions. The Jenkins is occasionally unstable and limiting the team "
   "effectivity. I want the release jobs to move to the GitHub actions.",
   [d("decision", ["github actions"], "unstable", ["jenkins"])])

# --- HTTP clients: requests to httpx
ex("github.com/chargebee/chargebee-python/pull/82",
   "Replace requests with httpx to add support for async http client. This PR completely replaces requests as the "
   "http client with httpx which now adds support for a asyncio based http client.",
   [d("decision", ["httpx"], "async", ["requests"])])
noise("github.com/mkinf-io/mkinf/issues/1",
      "I suggest to you remove requests library and replace with httpx, in order to have better async support")

# --- CI: CircleCI to GitHub Actions
ex("github.com/frejs/fre/pull/133",
   "Move circleCI to github action. GitHub action is now very easy to use. It can complete almost all we want. We no "
   "longer need circleCI or travisCI",
   [d("decision", ["github action"], "easy to use", ["circleci", "travisci"])])
noise("github.com/nicolasff/webdis/issues/190",
      "Switch from Circle CI to GitHub Actions. It looks like GitHub Actions can now do all that Circle CI does today. "
      "@jessie-murray do you want to look into it? I'm not sure about publishing images from it at this time, but just "
      "building and running tests would be a good start.")
ex("github.com/renproject/aw/issues/13",
   "Migrate to GitHub Actions from CircleCI. We want to migrate all of our CI/CD into GitHub Actions so that we can "
   "minimize the number of different services that we are using, but still maximize the integration of different "
   "features. Moving to GitHub Actions means that we can drop CircleCI (which we have been having issues with), but "
   "still allows for a deep integration with GitHub.",
   [d("decision", ["github actions"], "minimize", ["circleci"])])
noise("github.com/ministryofjustice/operations-engineering/issues/3650",
      "Converting from CircleCI to GitHub Actions. As part of the GitHub Admin interviews we determined there was an "
      "interest in exploring the use of GitHub Actions as an alternative to CircleCI. THe main concern with this "
      "however was a lack of knowledge around GitHub Actions, and whether it would be able to directly replace the "
      "setup currently used in CircleCI.")
ex("github.com/weekendesk/nodegate/pull/90",
   "Replace CircleCI with GitHub actions. The CircleCI integration is longer operational and\nwe lost CI on this "
   "project",
   [d("decision", ["github actions"], "operational", ["circleci"])])
ex("github.com/devopsdays/devopsdays-web/issues/10369",
   "Move from CircleCI to GitHub Actions. We seem to have issues with Circle hanging often; we should add github "
   "actions instead",
   [d("decision", ["github actions"], "hanging", ["circleci"])])
ex("github.com/DIVD-NL/web-csirt/pull/469",
   "Would like to replace CircleCI wiht GitHub actions. Please approve.\nAgent: Noted.\nUser: Talked to @wschoot and "
   "@Lennaert89 .\nWe sagree it is a good idea to move from CIrcleCI to GitHub Actions.\nWill push the change.",
   [d("decision", ["github actions"], None, ["circleci"])])

# --- formatters: black to ruff format
ex("github.com/drhagen/parsita/pull/106",
   "Switch formatter to Ruff. Ruff now implements the black formatter as the ruff format command. Given that we "
   "already use Ruff, switching to this makes sense.",
   [d("decision", ["ruff"], "already use", ["black"])])
ex("github.com/Ulauncher/Ulauncher/pull/1479",
   "chore: migrate from black to ruff format. Ruff improves upon the already well defined black formatting style, but "
   "in most cases they work exactly the same (only three files were changed - see the diff). Ruff is much faster "
   "(10-20x). But black was already extremely fast, so this is more to get rid of the extra dev dependency.",
   [d("decision", ["ruff"], "dev dependency", ["black"])])
noise("github.com/nf-core/tools/issues/2533",
      "Use Ruff for formatting. Somehow the internet didn't announce to everyone that Ruff is a drop-in black "
      "replacement now. Anyone know any reason not to switch?")
ex("github.com/rackspace/runway/pull/2742",
   "remove use of black, use ruff for formatting. Replace use of black with ruff for formatting. removed black as a "
   "dependency",
   [d("decision", ["ruff"], None, ["black"])])
ex("github.com/mozilla/addons/issues/9335",
   "switch to ruff format from black. ruff has added a ruff format function to replace black's formatting "
   "functionality. As we already use ruff check and it's super fast (because rust), we should switch over.",
   [d("decision", ["ruff"], "super fast", ["black"])])

# --- decision records (found through code search)
ex("github.com/ostanlabs/obsidian_docs/examples/sample-vault/decisions/DEC-001_PostgreSQL_Database.md",
   "# DEC-001: Use PostgreSQL for Primary Database\n## Context\nWe need to choose a database for our task management "
   "SaaS application.\n### Options Considered\n1. PostgreSQL - Open-source relational database\n2. MongoDB - "
   "Document-oriented NoSQL database\n3. MySQL - Open-source relational database\n## Decision\nWe will use PostgreSQL "
   "15 as our primary database.",
   [d("decision", ["postgresql"], None, ["mongodb", "mysql"])])
ex("github.com/adihere/pinecone-vercel-ai/tests/adr002-neg.md",
   "ADR 002: Migrate Database from MySQL to PostgreSQL\nContext: Our current database is MySQL. We have encountered "
   "issues with performance and scalability. We need a more robust solution.\nDecision: Migrate to PostgreSQL.",
   [d("decision", ["postgresql"], "performance", ["mysql"])])
ex("github.com/Glad-Labs/glad-labs-codebase/docs/decisions/WHY_POSTGRESQL.md",
   "Decision: Use PostgreSQL for production database\nChosen: PostgreSQL with SQLAlchemy ORM\nAlternatives "
   "Considered: MongoDB, MySQL, Firebase Firestore",
   [d("decision", ["postgresql"], None, ["mongodb", "mysql"])])

for i, x in enumerate(X, 1):
    x["id"] = f"g{i:02d}"
    x["split"] = "heldout"
out = {"about": "capture set 5 (issue 14): labels written before the extractor was run on this text; all held out",
       "exchanges": [{k: x[k] for k in ("id", "split", "source", "delta", "expected")} for x in X]}
Path(__file__).with_name("capture5.json").write_text(json.dumps(out, indent=1) + "\n")
print(len(X), "exchanges,", sum(1 for x in X if not x["expected"]), "noise,", sum(len(x["expected"]) for x in X), "facts")
