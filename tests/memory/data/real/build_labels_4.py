# One-off: writes capture4.json, the fourth capture set (labels written before the extractor was run on any of
# this text; see README.md). Kept for provenance. Every exchange of this set is held out: it is scored once, at the
# end, and never read while tuning.
import json

from labelset import X, d, ex, noise


# --- Travis CI -> GitHub Actions
ex("github.com/happo/happo.io/pull/211",
   "Switch CI from Travis to GitHub Actions. Travis have shut down travis-ci.org, and CI is no longer running in this "
   "repo. Instead of migrating to travis-ci.com I decided to give GitHub Actions a go instead. I've found Travis to be "
   "harder to configure and slower to run than GHA, hence the move.",
   [d("decision", ["github actions"], "slower", ["travis"])])
ex("github.com/migtools/mig-ui/pull/1074",
   "Yeah we were having to wait hours for travis builds so swapped over to github actions. I think it offers the same "
   "functionality & it is free for public repos.",
   [d("decision", ["github actions"], "wait hours", ["travis"])])
noise("github.com/Nullifiers/Hackerrank-Solution-Crawler/issues/47",
      "Can we switch from travis to github actions instead ? Pros- 1. no need to maintain seperate service 2. "
      "automated deployments is easy 3. currently we use travis only for test run -> easily done using github actions")
ex("github.com/openhpc/ohpc/pull/1284",
   "Switch from Travis to GitHub Actions. As discussed, this switches our PR and push triggered CI from Travis (now "
   "that is no longer free) to GitHub Actions.",
   [d("decision", ["github actions"], "no longer free", ["travis"])])
ex("github.com/instana/weasel/pull/89",
   "Switch to GitHub actions. Why: Travis-CI.org is no longer maintained and this forces us to migrate to another CI "
   "provider. What: Instead of going for Travis-CI.com, we can nowadays actually rely on GitHub actions which make "
   "some of these steps easier.",
   [d("decision", ["github actions"], "no longer maintained", ["travis"])])
noise("github.com/iovation/launchkey-python/pull/119",
      "Because Travis is giving us weird build issues I figured I would try and learn how to use Github Actions and it "
      "seems to work pretty well and its infinitely faster than Travis-CI. Don't have to use it immediately but I think "
      "it would be useful to merge in. What do you all think?")
ex("github.com/allenap/rust-petname/issues/40",
   "Switch to GitHub Actions. Currently using Travis CI. It works, but I find it confusing. This would also be an "
   "opportunity to learn GitHub Actions.",
   [d("decision", ["github actions"], "confusing", ["travis"])])
ex("github.com/spotify/ulogger/pull/13",
   "Switch from Travis to GitHub Actions. Now that travis-ci.org is no more",
   [d("decision", ["github actions"], "no more", ["travis"])])

# --- ORM or raw SQL
ex("github.com/IUNetSci/hoaxy-botometer/issues/65",
   "Use raw SQL to retrieve data from database. Stop using ORM, instead use raw SQL to directly interact with database "
   "for better performance and easier logic flow",
   [d("decision", ["raw sql"], "better performance", ["orm"])])
ex("github.com/maxi-smidt/takt/issues/103",
   "Replace raw SQL strings with ORM. Some parts of the codebase use raw SQL strings for database access instead of "
   "going through the ORM. This is harder to maintain, more error-prone (e.g. manual quoting/escaping), and "
   "inconsistent with the rest of the data-access layer.",
   [d("decision", ["orm"], "harder to maintain", ["raw sql"])])
ex("github.com/coders4help/lagesonum/issues/15",
   "Make use of an ORM instead of writing and maintaining raw SQL queries. An easy one would be sqlalchemy.",
   [d("decision", ["orm"], None, ["raw sql"])])

# --- moment -> dayjs
ex("github.com/gardener/dashboard/issues/956",
   "Migrate from moment.js to dayjs. What would you like to be added: Replace moment and moment-timezone with day.js. "
   "Why is this needed: Optimize frontend bundle size.",
   [d("decision", ["day"], "bundle size", ["moment"])])
ex("github.com/Unitech/pm2/issues/4530",
   "Yes true that moment is bloated. date-fns + moment have been replaced by dayjs",
   [d("decision", ["dayjs"], "bloated", ["date-fns", "moment"])])
noise("github.com/popcodeorg/popcode/issues/1435",
      "Replace Moment.js with dayjs? IIRC Moment.js contributes a disproportionately large proportion of our bundle "
      "size given its limited actual use in the application. dayjs is an API-compatible replacement that is much "
      "smaller, though we would have to confirm it supports the browsers/versions we need.")

# --- dropping Node 14
ex("github.com/cerbos/cerbos-sdk-javascript/pull/521",
   "chore: Drop support for Node.js 14. Node.js 14 reached end-of-life on 2023-04-30.",
   [d("decision", ["14"], "end-of-life", ["node.js 14"])])
ex("github.com/Fdawgs/node-poppler/issues/525",
   "Drop support for Node 14 and 16. Node 14 is already EOL and Node 16 becomes EOL on 2023-09-11. It's a waste of "
   "time and CI resources/electricity to continue to support these as users should be moving off of them. Will drop "
   "support on 2023-10-01.",
   [d("decision", ["node"], "waste of time", ["node 14", "node 16"])])
noise("github.com/sindresorhus/is/pull/182",
      "Drop node v14 support. Official support for v14 has reached end of life at the end of April 2023. We can set "
      "node v16 as the minimum version and stop testing on node v14. This will require a major version and I don't "
      "see the point in doing that unless there are other useful changes to be done.")
ex("github.com/stryker-mutator/stryker-js/pull/4105",
   "Drop node 14 support. On april 30th support for node 14 is end-of-life. Because of this support will be dropped "
   "so we can support new features like the upcomming tap runner.",
   [d("decision", ["node 14"], "end-of-life", ["node 14"])])
noise("github.com/GoogleCloudPlatform/cloud-sql-nodejs-connector/issues/250",
      "Drop support to node14. The v14.x release line of Node.js went End-of-Life in April 2023. Per our current "
      "support policy we should aim to drop support to node14 until April 2024.")

# --- nose -> pytest
ex("github.com/PyAbel/PyAbel/pull/228",
   "Migrate to pytest. nose is no longer maintained (and hasn't been in the last 3 years), this migrates testing to "
   "its successor pytest.",
   [d("decision", ["pytest"], "no longer maintained", ["nose"])])
ex("github.com/manoharan-lab/holopy/issues/425",
   "Migrate from nose to pytest. Nose is in maintenance mode and is no longer being updated. We have migrated to "
   "`pytest` in other projects and should do so for `holopy` too.",
   [d("decision", ["pytest"], "maintenance mode", ["nose"])])
noise("github.com/qtile/qtile/issues/903",
      "Move from nose to pytest. Nose has been getting some patches, but is generally unmaintained. We may want to "
      "move over to something being actively developed such as pytest.")
ex("github.com/optimizely/python-sdk/pull/274",
   "chore: Moving from nose to pytest. Nose has been in maintenance mode. Moving to pytest",
   [d("decision", ["pytest"], "maintenance mode", ["nose"])])
ex("github.com/mapproxy/mapproxy/issues/365",
   "Convert tests from Nose to pytest. Nose is no longer maintained and nose2 is different enough to require a lot of "
   "tests to be rewritten. pytest is the the de-facto standard for testing nowadays. We plan to convert all unit and "
   "system tests to pytest.",
   [d("decision", ["pytest"], "no longer maintained", ["nose", "nose2"])])
ex("github.com/zarr-developers/zarr-python/issues/189",
   "Migrate to pytest. It's better and maintained.",
   [d("decision", ["pytest"], "maintained")])

# --- dependencies policy
ex("github.com/lodash/lodash/pull/4191",
   "I was writing more to the fact that Lodash is a zero dependency package. Our dev dependencies do not impact "
   "consumers as a whole. I'm OK with having potential vulnerabilities in dev deps as they won't likely affect us and "
   "our use case for them.",
   [d("constraint", ["zero dependency"]), d("decision", ["vulnerabilities"], "affect")])
ex("github.com/rparrett/bevy_simple_text_input/pull/40",
   "Add note about dependencies. Adds a commitment to zero dependencies.",
   [d("constraint", ["zero dependencies"])])
ex("github.com/tensorflow/java/pull/227",
   "Add dependency policy to CONTRIBUTING.md, noting the Google-provided list and that we want to keep dependencies "
   "minimal.",
   [d("preference", ["minimal"])])
ex("github.com/runelite/plugin-hub/pull/7569",
   "Adds a note to the Third-Party Dependencies section clarifying that dependency changes add significantly to "
   "review time and should be avoided unless strictly necessary.",
   [d("constraint", ["dependency changes"], "review time")])

# --- f-strings and old Pythons
ex("github.com/systemd/package-notes/pull/5",
   "Avoid f-strings. Unsupported in Python 3.5, which is still in use in many LTS distros. Sorry, I know f-strings "
   "are nicer, but for need to be backward compatible for a couple more years",
   [d("constraint", ["f-strings"], "3.5", ["f-strings"])])
noise("github.com/corpetty/py-etherscan-api/issues/36",
      "Use fstrings. Fstrings = syntatic surgar + speed. How do you guys feel about switching `.formats` and ` % ` to "
      "fstrings?")
ex("github.com/rwth-i6/sisyphus/pull/24",
   "Avoid f-strings to ensure compatibility to python versions < 3.6. Commit ec7de9b introduced f-strings, which are "
   "not supported for python versions older than 3.6. By using %-formatting instead, we don't lose support for older "
   "python versions.",
   [d("constraint", ["f-strings"], "compatibility", ["f-strings"])])

# --- setup.py -> pyproject.toml and hatch
ex("github.com/yoctoproject/bmaptool/issues/6",
   "We should modernize away from `setup.py` and `setuptools`. A good candidate would be hatch. The project had "
   "`poetry` support. We will move to `hatch` instead.",
   [d("decision", ["hatch"], "modernize", ["poetry", "setuptools"])])
ex("github.com/thrau/pymq/pull/15",
   "modernize build configuration with pyproject.toml and hatchling. This PR removes the setup.cfg and setup.py in "
   "favor of a pyproject.toml, and moves from setuptools to hatchling as build backend. No functional changes.",
   [d("decision", ["hatchling"], None, ["setuptools"])])
ex("github.com/mittagessen/kraken/pull/761",
   "Port build system to pyproject.toml/hatchling. setup.py/setup.cfg is deprecated. Port it to pyproject.toml with "
   "hatchling as a build system.",
   [d("decision", ["hatchling"], "deprecated", ["setup.py"])])
noise("github.com/funkelab/motile/pull/2",
      "we should discuss this one, but opening a PR for something concrete to look at: this replaces setup.py with an "
      "all-pyproject build using hatch. I happen to like hatch quite a bit and there's a fair amount of momentum "
      "behind it in the community. I can also make an intermediate PR that keeps setuptools.")

# --- structlog
ex("github.com/open-formulieren/open-forms/issues/5285",
   "Adapt and switch to structlog. Structlog provides a better DX and has the options to emit stdlib logging records "
   "as JSON (to stdout/stderr). JSON output makes log aggregation in a cloud-native environment better.",
   [d("decision", ["structlog"], "better dx")])
ex("github.com/ethyca/fides/issues/3724",
   "Adopt `structlog` as a replacement for `loguru`. Although `loguru` is generally a good logging solution, "
   "`structlog` has additional functionality that can help us check some other boxes, such as dynamic switching "
   "between normal logs and JSON logs",
   [d("decision", ["structlog"], "additional functionality", ["loguru"])])
noise("github.com/rotki/rotki/issues/738",
      "Utilize structlog instead of just normal logging. Advantages: Can choose to output in json so that it's easily "
      "machine parseable. Can write kwargs in logs. Not really needed yet. We can revisit if we need it at some point.")
noise("github.com/stacklok/codegate/issues/111",
      "We have been using structlog in Trusty and I find it easy to use. It already comes with support to easily have "
      "JSON logging. It's not crucial, just a nice-to-have. I'm filing so that we don't forget to consider it.")
noise("github.com/mlcommons/modelbench/issues/1301",
      "Investigate structlog as a replacement for python logging. Questions: how much work is required to replace our "
      "existing logging calls? Can it transparently capture logging that goes through python logging?")

# --- timestamps in UTC
ex("github.com/dhth/punchout/pull/30",
   "chore: store UTC timestamps in the database. Timestamps will be saved in UTC format, and shown in the user's local "
   "timezone via the TUI.",
   [d("decision", ["utc"])])
ex("github.com/UnivaCorporation/tortuga/pull/645",
   "Switch to UTC time for node timestamps. Using local time made the actual time stored in the db ambiguous as one "
   "wouldn't know the timezone at the time the record was written. With this change the dates will always be UTC and "
   "consumers can perform the appropriate conversions.",
   [d("decision", ["utc"], "ambiguous", ["local time"])])
noise("github.com/CrowdStrike/falcon-orchestrator/issues/3",
      "Database schemas: datetime should be datetimeoffset. I suggest having the datetimes (i.e. Timestamp) as "
      "datetimeoffset(7)")
noise("github.com/fedora-infra/datanommer/issues/73",
      "datanommer seems to store the messages using the local timezone instead of UTC. That looks wrong to me, but "
      "maybe there's a reason. I can come up with a patch if you'd like.")
ex("github.com/MythTV-Clients/MythTV-Android-Frontend/issues/115",
   "Convert all dates to UTC. Currently, all dates stored in the database are stored in local time. All dates should "
   "be stored in UTC.",
   [d("constraint", ["utc"], None, ["local time"])])

# --- features not built (won't fix, removed)
ex("github.com/BrightspaceUI/core/pull/5417",
   "In the end, we decided to pull this feature entirely. It wasn't adding much for the vast majority of users, and "
   "could have negative side effects in certain edge cases.",
   [d("decision", ["feature"], "adding much")])
ex("github.com/JAM-Software/RibbonFramework/issues/55",
   "I don't see any added value in the close action and so far no one sent a pull request, So I am closing this "
   "issue as WONTFIX. We should focus on more important issues.",
   [d("decision", ["close action"], "added value")])
ex("github.com/camdenfullmer/CFShareCircle/issues/6",
   "Think there could be a better way for the user to close the share circle. Decided to just not have a close "
   "button.",
   [d("decision", ["close button"])])
ex("github.com/foreversponge/snaptalk/pull/16",
   "Removed this extra feature because we decided that the two other extra features are enough.",
   [d("decision", ["extra feature"], "enough")])
noise("github.com/stillmuseum/patricia/issues/62", "It seems we've decided not to do this? Can we close this issue?")

# --- decision records and chosen tools
ex("github.com/Paladijn/d2rsavegameparser docs/decisions/0000-Use-markdown-any-decision-records.md",
   "Considered Options: MADR 3.0.0 - The Markdown Any Decision Records; One big design document; Unstructured files "
   "covering the design and decisions. Decision Outcome: Chosen option: \"MADR 3.0.0\", because it comes out best. "
   "Already a standard for documenting decisions. Most developers know markdown, or can learn it easily if they don't.",
   [d("decision", ["madr"], "standard", ["one big design document", "unstructured files"])])
ex("github.com/ganauntaran3/be-lumbung-mesari docs/decisions/backend/001-use-postgresql.md",
   "Considered Options: PostgreSQL, MySQL, MongoDB. Decision Outcome: Chosen option: PostgreSQL, because it meets all "
   "key requirements, including ACID compliance, rich query capabilities, and support for both structured and "
   "semi-structured data.",
   [d("decision", ["postgresql"], "acid", ["mysql", "mongodb"])])
ex("github.com/wundergraph/wundergraph/issues/606",
   "Kafka was chosen for popularity amongst enterprise companies. We definitely want to support other "
   "message-oriented middlewares / messages brokers and streaming platforms like the ones you've mentioned.",
   [d("decision", ["kafka"], "popularity")])
noise("github.com/redpanda-data/redpanda/issues/8449",
      "Hi, I am reading your project and I love this project. I have a question, why do you choose Kafka in your "
      "project instead of others like RabbitMQ or ZeroMQ, are there any special feature but others dont have it.")
noise("github.com/voxpupuli/puppet-rabbitmq/issues/920",
      "why do you choose RabbitMQ in your project instead of others like ZeroMQ or Kafka, are there any special "
      "features but others dont have it. Can you share me it.")
noise("github.com/rhinoman/odmp/issues/9",
      "Consider replacing pulsar with RabbitMQ. The complexity of Pulsar is thus probably unnecessary, consider moving "
      "to RabbitMQ or perhaps ActiveMQ/Artemis for async messaging needs.")

# --- Jest -> Vitest
ex("github.com/jetstreamapp/jetstream/pull/1442",
   "Migrate from Jest to Vitest. Jest has been a complete pain due to incompatibilities with ESM and is much slower "
   "than vitest. Migrated all projects to use vitest and removed every trace of jest",
   [d("decision", ["vitest"], "esm", ["jest"])])
ex("github.com/moltar/typescript-runtime-type-benchmarks/pull/1538",
   "feat: Replace jest with vitest. The what: Replace Jest with Vitest. The why: Familiar Jest interface. Zero config "
   "TypeScript and ESM support (fighting the Jest configuration to do trivial things is not fun). Much faster test "
   "execution.",
   [d("decision", ["vitest"], "familiar", ["jest"])])
ex("github.com/bbc/gel-sass-tools/pull/53",
   "feat: Switch from `Jest` to `vitest`. vitest has support for ESM modules out-of-the-box and is easy to migrate to "
   "from Jest, so that's what this PR does.",
   [d("decision", ["vitest"], "esm", ["jest"])])
noise("github.com/chairemobilite/transition/issues/1292",
      "Consider switching tests from jest to vitest. Way easier to setup and works with new ESM without hacks or "
      "experimental params. It is also faster and can be run easily in watch mode")
noise("github.com/dustin-jw/eleventy-starter/issues/73",
      "If it's at all viable, it might be nice to replace jest with vitest. Vitest seems to have a very similar API, "
      "but should be much faster and could potentially avoid some jest pitfalls, like lack of ESM support.")

for i, x in enumerate(X, 1):
    x["id"] = f"f{i:02d}"
    x["split"] = "heldout"  # the whole set is held out
out = {"about": "Fourth capture set on real public text (see README.md): each exchange's user turn is an excerpt of "
                "a public issue, pull request or decision record; every label was written before the extractor was "
                "run on the text, and the whole set is held out. 'expected' lists what a careful person would store: "
                "kind, terms that must appear in the stored description, where stated a word of the why "
                "('rationale') and the rejected alternatives ('rejects'). An empty list means nothing may be stored.",
       "exchanges": [{k: x[k] for k in ("id", "split", "source", "delta", "expected")} for x in X]}
json.dump(out, open("capture4.json", "w"), indent=1, ensure_ascii=False)
print(len(X), sum(1 for x in X if not x["expected"]), sum(len(x["expected"]) for x in X),
      sum(1 for x in X for e in x["expected"] if "rationale" in e), sum(len(e.get("rejects", [])) for x in X for e in x["expected"]))
