"""finalize-turn's reading of real text: reasons (because, since, as, so that, to avoid, given that, a reason before
the decision, a list under "because"), rejected alternatives (we don't use X, avoid X, X is banned, instead of X use
Y, never, no longer, drop X, stop using X, X was rejected), negation scope, titles and commit messages, and hostile
input (100 KB adversarial strings, control characters) that must neither hang nor store nonsense."""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from lore.memory.extract import heuristic

ROOT = Path(__file__).resolve().parents[2]


def one(text: str):
    got = heuristic(f"User: {text}\nAgent: Noted.")
    assert len(got) == 1, [g.to_json() for g in got]
    return got[0]


def slugs(xs):
    return {x.lower().replace(" ", "-") for x in xs}


@pytest.mark.parametrize("text, why", [
    ("We use Postgres for reports so that they can join across tenants.", "so that they can join"),
    ("We pin numpy to avoid ABI breaks in the wheels.", "to avoid abi breaks"),
    ("Given that the team knows Go well, we'll write the worker in Go.", "given that the team knows go"),
    ("We chose SQLite as it needs no server.", "as it needs no server"),
    ("Since the files are small, we'll use JSON for the cache.", "since the files are small"),
    ("float() is dangerous in billing because it rounds. We need to use Decimal for every amount.", "rounds"),
    ("We decided to switch to pytest because\n* **no boilerplate**\n* parametrized tests", "no boilerplate; parametrized"),
    ("Replace moment with dayjs. Dayjs was already used on some pages, so it made sense to get rid of the bigger one.",
     "already used"),
    ("Drop Python 2.6 support. It's not officially supported anymore, so we should drop it too.", "not officially"),
])
def test_the_why_is_kept_wherever_it_is_written(text, why):
    assert why in (one(text).rationale or "").lower()


@pytest.mark.parametrize("text, rejected", [
    ("We don't use Redux anymore.", "redux"),
    ("Avoid moment in new code.", "moment"),
    ("Instead of Jest, use Vitest for the unit tests.", "jest"),
    ("We no longer use Travis.", "travis"),
    ("Drop Python 2 support.", "python-2"),
    ("Stop using unittest.", "unittest"),
    ("We chose Postgres. MySQL was rejected because it lacks transactional DDL.", "mysql"),
    ("No ORM (like SQLAlchemy) is used; instead, we use raw SQL queries.", "orm"),
    ("Thanks for raising the issue, but we are not going to use pnpm.", "pnpm"),
    ("We have decided against any legacy support.", "legacy-support"),
    ("The official testing tool for the project is pytest. Traces of unittest are gradually being removed.", "unittest"),
    ("We'll be going with a RESTful approach. We won't need the benefits of a GraphQL approach.", "graphql"),
    ("REST is easier to build an SDK around, whereas dealing with gRPC will be harder. We'll use REST for the APIs.",
     "grpc"),
])
def test_what_is_turned_down_is_named(text, rejected):
    got = one(text)
    assert rejected in slugs(got.rejects + got.forbids), got.to_json()


def test_banned_is_a_constraint_on_what_it_bans():
    got = one("Using eval() is banned in this codebase.")
    assert got.kind == "constraint" and "eval" in slugs(got.rejects + got.forbids)


@pytest.mark.parametrize("text, banned", [
    # user trial 14: said without a verb, this stored nothing
    ("No Lombok in this codebase, ever; annotation processors confuse Kotlin interop.", "lombok"),
    ("No Lombok, ever.", "lombok"),
    ("No ORMs anywhere.", "orms"),
    ("No `eval` in this project.", "eval"),
    ("No more jQuery in the frontend code, period.", "jquery"),
])
def test_no_x_ever_bans_x(text, banned):
    got = one(text)
    assert got.kind == "constraint" and banned in slugs(got.forbids) and got.subject.lower() == "no " + banned


@pytest.mark.parametrize("text", [
    "No module in this codebase uses eval.",  # what is, not a rule
    "No test ever passed on that runner.",
    "No one, ever, asked for this.",
    "No problem at all.",
    "No worries, ever.",
])
def test_no_x_saying_what_is_bans_nothing(text):
    got = heuristic(f"User: {text}\nAgent: Noted.")
    assert all(not g.forbids for g in got), [g.to_json() for g in got]


@pytest.mark.parametrize("text, chosen", [
    # user trial 13: a reversal stored nothing
    ("Actually we're going back to multi_json: the json stdlib lacks the Oj adapter.", "multi_json"),
    ("We're going back to Mustache for the templates; Liquid was too slow.", "mustache"),
    ("We switched back to Webpack last week.", "webpack"),
    ("Let's revert back to setuptools for the build.", "setuptools"),
])
def test_going_back_to_x_is_a_decision_for_x(text, chosen):
    got = one(text)
    assert got.kind == "decision" and got.subject.lower() == chosen, got.to_json()


@pytest.mark.parametrize("text", [
    "We are not going back to Travis.",
    "Should we go back to Travis?",
    "Maybe we could go back to Travis if Actions keeps failing.",
])
def test_a_reversal_negated_asked_or_wondered_decides_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, rejected", [
    # user trial 14: a coordinate was cut at its colon and turned down its group
    ("Don't add com.fasterxml.jackson.core:jackson-databind to retrofit core.", "jackson-databind"),
    ("We decided against com.google.code.gson:gson.", "gson"),
    ("Use Moshi instead of com.google.code.gson:gson:2.10.1.", "gson"),
])
def test_a_maven_coordinate_is_one_name_said_by_its_artifact(text, rejected):
    got = one(text)
    assert slugs(got.rejects + got.forbids) == {rejected}, got.to_json()


@pytest.mark.parametrize("text", [
    "Retrofit.Builder.baseUrl must keep rejecting a base URL that does not end in a slash.",
    "Paths that do not end in a slash are redirected to the slashed form.",
    "The client should not retry POST requests.",
])
def test_a_negated_verb_is_no_alternative(text):
    got = heuristic(f"User: {text}\nAgent: Noted.")
    assert all(not g.rejects for g in got), [g.to_json() for g in got]


@pytest.mark.parametrize("text", [
    "Let's not merge until CI is green.",
    "Don't release before the security review is done.",
    "Hold off on merging until the benchmarks are in.",
    "Don't merge before the tests pass.",
    "Let's not upgrade to Django 5 until the plugins support it.",
    "We shouldn't deploy on Fridays before a holiday.",
    "Never tag a release prior to updating the changelog.",
    "Do not use Redis until we have a cache design.",
])
def test_not_x_until_y_waits_for_y_and_turns_nothing_down(text):
    got = heuristic(f"User: {text}\nAgent: Noted.")
    assert all(not g.rejects and not g.forbids and not g.subject.startswith("no ") for g in got), \
        [g.to_json() for g in got]


@pytest.mark.parametrize("text, rejected", [
    ("Let's not use Redis, at least until we know the load.", "redis"),  # turned down now, whatever later brings
    ("Let's not use Redis.", "redis"),
    ("Never use pickle before or after anything: it is unsafe.", "pickle"),
])
def test_a_rejection_with_a_time_after_a_comma_still_rejects(text, rejected):
    assert rejected in slugs(one(text).rejects)


@pytest.mark.parametrize("text, subject, rejected", [
    ("chore: switch from yarn to pnpm", "pnpm", "yarn"),
    ("deps: replace moment with dayjs", "dayjs", "moment"),
    ("Transition the package manager from Yarn to PNPM.", "pnpm", "yarn"),
    ("This PR implements httpx over requests.", "httpx", "requests"),
])
def test_titles_and_commit_messages_state_changes(text, subject, rejected):
    got = one(text)
    assert got.kind == "decision" and got.subject.lower() == subject and rejected in slugs(got.rejects)


def test_an_imperative_with_a_reason_is_a_decision_and_without_one_a_request():
    got = one("Delete remaining Travis CI configuration. Travis CI is not used anymore.")
    assert got.kind == "decision" and "not used anymore" in got.rationale and "travis" in got.subject.lower()
    assert one("Pin package versions. This is necessary to fix non-reproducible builds.").rationale
    assert heuristic("User: Delete the temp file.\nAgent: Done.") == []
    assert heuristic("User: Remove the debug print in login.\nAgent: Done.") == []


@pytest.mark.parametrize("text", [
    # plans, aims, wishes, proposals still to be agreed, and titles that a deferral or a refusal takes back
    "We plan to look into Tailwind at some point.",
    "We aim to drop IE11 support next year.",
    "It would be worth exploring Tailwind for the marketing site.",
    "Proposal: switch the styles to Tailwind.",
    "I'd like to explore Tailwind; thoughts?",
    "What do you all think about moving the styles to Tailwind.",
    "If everyone agrees, we'll move the styles to Sass.",
    "Nice-to-have: switch the styles to Sass.",
    "Switch the styles to Tailwind. Not needed yet, we can revisit later.",
    "Drop Less. We can revisit this once the redesign lands.",
    "Replace Less with Sass. I don't see the point though.",
])
def test_plans_proposals_and_deferrals_store_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, why", [
    # a pull request's labelled sections, the reason first or second
    ("Why: Less is barely maintained these days. What: replace Less with Sass across the site.", "barely maintained"),
    ("Replace Less with Sass. Why is this needed: Less is barely maintained these days.", "barely maintained"),
    ("Replace Less with Sass. The why: mixins are easier to share.", "mixins"),
    # a conclusion that points back at the sentence before
    ("Less keeps breaking our builds. Because of this, we will move the styles to Sass.", "breaking"),
    ("Less keeps breaking our builds. For this reason we moved the styles to Sass.", "breaking"),
    ("Less kept breaking our builds, hence the switch to Sass.", "breaking"),
    # purpose with "for", a reason after a colon, a second sentence that justifies
    ("Switch the serializer to protobuf for smaller payloads.", "smaller payloads"),
    ("We adopted Tailwind for consistency across the apps.", "consistency"),
    ("Msgpack was picked for speed.", "speed"),
    ("We use Decimal for the amounts for accuracy reasons.", "accuracy reasons"),
    ("We won't adopt Stylus: nobody on the team knows it.", "nobody"),
    ("Switch to Vite for faster builds. It is much simpler to configure than webpack.", "simpler"),
])
def test_reasons_in_labelled_pointing_back_and_purpose_forms(text, why):
    assert why in (one(text).rationale or "").lower()


@pytest.mark.parametrize("text, rejected", [
    # names joined to what is dropped or replaced, on either side
    ("Replace Less and Stylus with Sass.", {"less", "stylus"}),
    ("Drop support for Ruby 2.6 and 2.7.", {"ruby-2.6", "ruby-2.7"}),
    ("Bootstrap and Foundation have been replaced by Tailwind.", {"bootstrap", "foundation"}),
    ("We removed Grunt and Bower in favour of npm scripts.", {"grunt", "bower"}),
    ("Stop using Grunt, Bower and Gulp.", {"grunt", "bower", "gulp"}),
    ("We went with Caddy over nginx and Apache.", {"nginx", "apache"}),
    # what a gerund after "instead of" names, a replacement for, what is to be avoided
    ("Instead of upgrading to AngularJS 2, we moved the app to Vue.", {"angularjs-2"}),
    ("Adopt Sass as a replacement for Less.", {"less"}),
    ("We'll use Vitamin as a drop-in replacement for Kelp.", {"kelp"}),
    ("Global mutable state should be avoided because it hides coupling.", {"global-mutable-state"}),
])
def test_every_name_turned_down_is_kept(text, rejected):
    got = one(text)
    assert rejected <= slugs(got.rejects + got.forbids), got.to_json()


@pytest.mark.parametrize("text, subject, rejected", [
    # a commit message's past or progressive change, first-person plans that are commitments, what a tool is to us
    ("Switched CI to GitHub Actions.", "github actions", None),
    ("Moved the docs to MkDocs.", "mkdocs", None),
    ("Migrated all packages to Vitest.", "vitest", None),
    ("Ended support for Ruby 2.6.", "no ruby 2.6", "ruby-2.6"),
    ("I'm going to use Sass for the styles.", "sass", None),
    ("Sass will be used for all new styles.", "sass", None),
    ("Terraform is our IaC tool.", "terraform", None),
    ("The team has agreed to use Sass.", "sass", None),
    ("We've agreed on Sass.", "sass", None),
    ("Sass is the way to go.", "sass", None),
    # a choice not to: named for what is given up, never for the adverb after it
    ("We won't use Redis anymore because memcached is simpler.", "no redis", "redis"),
    ("We decided to drop mousetrap; we won't use it anymore because it only matters on Windows.",
     "no mousetrap", "mousetrap"),
])
def test_more_ways_of_stating_a_choice(text, subject, rejected):
    got = one(text)
    assert got.kind == "decision" and got.subject.lower() == subject, got.to_json()
    assert rejected is None or rejected in slugs(got.rejects)


@pytest.mark.parametrize("text, subject, rejected", [
    # user trial 15: the reason's "handles" or "requires" says what the choice does; the statement is the change
    ("We're switching caching from Redis to memcached since memcached handles our load.", "memcached", "redis"),
    ("We're moving the queue from RabbitMQ to NATS because NATS requires no broker cluster.", "nats", "rabbitmq"),
    ("We're switching the PSR-7 implementation from nyholm/psr7 to guzzlehttp/psr7, since Guzzle's "
     "ServerRequest::fromGlobals handles our proxies.", "guzzlehttp/psr7", "nyholm/psr7"),
])
def test_what_the_reason_says_a_choice_does_leaves_it_a_decision(text, subject, rejected):
    got = one(text)
    assert got.kind == "decision" and got.subject.lower() == subject, got.to_json()
    assert rejected in slugs(got.rejects), got.to_json()


@pytest.mark.parametrize("text", [
    # user trial 15 (slimphp/Slim): a coding convention stated with "always declare/annotate/type-hint"
    "We always declare(strict_types=1) at the top of every PHP file, new tests included.",
    "Always type-hint return values in new PHP code.",
])
def test_always_declaring_or_type_hinting_is_a_preference(text):
    assert one(text).kind == "preference"


@pytest.mark.parametrize("text, rejected", [
    # user trial 16 (BurntSushi/ripgrep): an agent's MCP finalize with "We are", not "We're", stored nothing
    ("We are dropping memmap2 from grep-searcher; reading files with std::fs is fast enough now.", "memmap2"),
    ("We are removing lazy_static from the ignore crate.", "lazy_static"),
    ("I am replacing structopt with lexopt in crates/core.", "structopt"),
])
def test_we_are_dropping_is_the_change_we_re_dropping_is(text, rejected):
    got = one(text)
    assert got.kind == "decision" and rejected in slugs(got.rejects), got.to_json()


@pytest.mark.parametrize("text", ["Throughput is dropping since Monday's deploy.", "The error rate is dropping after the fix."])
def test_a_progressive_without_we_or_i_is_no_change(text):
    assert not any(m.kind == "decision" and m.rejects for m in heuristic(f"User: {text}\nAgent: Noted."))


def test_where_a_thing_is_dropped_from_is_no_part_of_its_name():
    # user trial 16: "memmap2 from grep-searcher" was rejected beside memmap2 (and led prepare-turn's context)
    got = one("We are dropping memmap2 from grep-searcher; the mmap path is a source of unsafety.")
    assert slugs(got.rejects) == {"memmap2"}, got.to_json()


def test_a_possessive_judged_bad_is_its_owner_and_no_reason_is_rejected():
    # user trial 16: a decision rejecting "clap's compile times" (the reason). "dropped X for Y" choosing Y was
    # built and taken out: it cost a rejected alternative on each of two held-out capture sets (DESIGN-CHOICES)
    got = one("We switched from structopt to clap's derive a while back, then dropped clap for lexopt because "
              "clap's compile times were too slow.")
    assert slugs(got.rejects) == {"clap", "structopt"}, got.to_json()
    assert "compile times were too slow" in got.rationale
    # a purpose or a time after "for" is no choice
    for text in ("We dropped Python 2 for good.", "We dropped the nightly job for performance reasons."):
        assert all(g.subject.startswith("no ") for g in heuristic(f"User: {text}\nAgent: Noted.")), text
    # a possessive names its owner: Webpack is what was too complex
    got = heuristic("User: We went with Vite. Webpack's config was too complex.\nAgent: Noted.")
    assert [g.subject for g in got] == ["Vite"] and slugs(got[0].rejects) == {"webpack"}


def test_a_role_needs_a_tool_word():
    assert heuristic("User: This is our main concern.\nAgent: Noted.") == []
    assert heuristic("User: Security is our top priority here.\nAgent: Noted.") == []


def test_a_restatement_and_a_change_that_points_back_are_one_memory():
    got = heuristic("User: Use Sass. We will write all new styles in Sass.\nAgent: Noted.")
    assert [g.subject for g in got] == ["Sass"]
    got = heuristic("User: Migrate from Mocha to Jest. Migrated all test files to Jest and removed every trace of "
                    "mocha.\nAgent: Noted.")
    assert [g.subject for g in got] == ["Jest"] and "mocha" in slugs(got[0].rejects)
    got = heuristic("User: Drop support for Ruby 2.6. Ruby 2.6 reached end of life in March. We will drop it in the "
                    "next release.\nAgent: Noted.")
    assert [g.subject for g in got] == ["no Ruby 2.6"] and "end of life" in got[0].rationale
    # a second choice of its own stays a second memory
    got = heuristic("User: We moved from Heroku to Render. We also moved the database to Neon.\nAgent: Noted.")
    assert [g.subject for g in got] == ["Render", "Neon"]


def test_the_reason_before_is_every_statement_of_no_fact_before_the_decision():
    got = one("Less has been barely maintained for years. Its last release broke our builds twice. "
              "So we replaced Less with Sass.")
    assert "barely maintained" in got.rationale and "broke our builds" in got.rationale


@pytest.mark.parametrize("text, rejected", [
    ("Drop Ruby 2.6. Ruby 2.6 reached end of life in March.", "ruby-2.6"),
    ("Use Sass. Less has a few limitations.", "less"),
    ("Replace Less with Sass. Less is a real pain to configure.", "less"),
    ("Move the CI to Drone. Our old CI service is shutting down.", "old-ci-service"),
])
def test_what_a_reason_speaks_ill_of_is_turned_down(text, rejected):
    assert rejected in slugs(one(text).rejects)


@pytest.mark.parametrize("text", [
    "The exporter seems to write dates in local time instead of UTC. That looks wrong to me.",
    "We use Redis 7 for sessions. Steps to reproduce: restart the server and log in.",
    "Hi. I have a question, why do you use NATS instead of Kafka.",
    "We switched the exporter to UTC. I can come up with a patch if you'd like.",
])
def test_bug_reports_and_questions_without_their_mark_store_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, subject, why, rejected", [
    ("Ruby 2.6 is no longer supported.", "no ruby 2.6", None, "ruby-2.6"),
    ("Let's go ahead with Sass.", "sass", None, None),
    ("Prefer Sass to Less.", "sass", None, "less"),
    ("Motivated by the shared mixins, we moved to Sass.", "sass", "shared mixins", None),
    ("We moved to Sass, thanks to its shared mixins.", "sass", "shared mixins", None),
    ("We moved to Sass, which is much faster to compile.", "sass", "faster", None),
    ("Going with Sass for the styles, Less is too slow.", "sass", "too slow", "less"),
    ("Sass will replace Less in the next release.", "sass", None, "less"),
    ("We'll be replacing Less with Sass over the next sprint.", "sass", None, "less"),
])
def test_further_forms_of_a_choice_its_reason_and_what_it_replaces(text, subject, why, rejected):
    got = one(text)
    assert got.subject.lower() == subject, got.to_json()
    assert why is None or why in (got.rationale or "").lower()
    assert rejected is None or rejected in slugs(got.rejects)
    assert "next-sprint" not in slugs(got.rejects)  # a time is not an alternative


@pytest.mark.parametrize("text, subject, rejected", [
    ("Switch to Drone. Currently using Buildbot. It works, but I find it confusing.", "Drone", ["Buildbot"]),
    ("We have been using Less for a long time, which is basically abandonware. Migrate to Sass.", "Sass", ["Less"]),
    ("Migrate to Sass. We used to rely on the Less compiler.", "Sass", ["Less compiler"]),
    # what is used beside a choice that changes nothing is not turned down
    ("We currently use Postgres for data. We will use Redis for caching.", "Redis", []),
])
def test_a_change_that_names_only_where_it_goes_leaves_what_is_used_now(text, subject, rejected):
    got = heuristic(f"User: {text}\nAgent: Noted.")
    assert [(g.subject, g.rejects) for g in got] == [(subject, rejected)], [g.to_json() for g in got]


def test_a_decision_not_to_and_a_moved_meeting():
    got = one("There are no plans to support Windows.")
    assert got.subject == "no Windows" and got.rejects == ["Windows"]
    got = one("Plugin sandboxing is out of scope for this project.")
    assert got.kind == "decision" and "plugin-sandboxing" in slugs(got.rejects)
    assert heuristic("User: Moved the meeting to Friday.\nAgent: Noted.") == []
    assert heuristic("User: Moved the sync to next week.\nAgent: Noted.") == []


@pytest.mark.parametrize("text, rejected", [
    ("Switch to Parcel. It is much faster than Brunch.", ["Brunch"]),
    ("We chose Parcel because it is simpler than Brunch.", ["Brunch"]),
    ("Use Parcel. Parcel is more reliable than Brunch in CI.", ["Brunch"]),
    # better than the choice is no alternative turned down
    ("Use Parcel. Brunch is faster than Parcel but unmaintained.", []),
])
def test_what_the_choice_is_better_than_is_turned_down(text, rejected):
    assert one(text).rejects == rejected


@pytest.mark.parametrize("text", ["Closing in favour of #123.", "Closing in favour of the new PR.",
                                  "Superseded by the follow-up pull request."])
def test_the_trackers_own_replacements_store_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


def test_a_joined_verb_is_not_a_name():
    got = one("We're dropping PostgreSQL, switching to CockroachDB for geo-distribution.")
    assert got.rejects == ["PostgreSQL"] and got.subject == "CockroachDB"


@pytest.mark.parametrize("text", [
    "I don't think Redis is the right choice.",
    "Not everyone here is convinced that GraphQL is the best tool for this.",
    # a wish to change said to an agent is an instruction (test_a_wish_to_change_is_an_instruction), but one that
    # waits for agreement is not settled
    "I would really like to drop support for Python 2. If you agree I am going to develop against Python 3.10 only.",
    "The alternatives are to raise the timeout or to upgrade the machines we use.",
    "We have plans to release Linux binaries, but there are still issues that need to be solved.",
    "Linux users should be fairly comfortable with compiling from source.",
    "As discussed on the call, we might move to Kafka.",
    "Some of the data we need to use is sensitive.",
])
def test_negated_hedged_and_hypothetical_statements_store_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, subject, why, rejected", [
    # A record's labelled lines: the decision, its reasoning, the options it did not choose.
    ("Option 1: AWS CloudFormation. Option 2: Terraform. Decision: Use Terraform because it is portable.",
     "terraform", "portable", "aws-cloudformation"),
    ("Decision: We will use RabbitMQ. Reasoning: the team already runs it. Alternatives considered: Kafka, SQS.",
     "rabbitmq", "already runs", "kafka"),
    ("Decided: no ORM. Raw SQL keeps queries visible.", "no orm", "queries visible", "orm"),
    ("Status: Accepted. We will store timestamps in UTC. Local times caused bugs around daylight saving.",
     "timestamps utc", "daylight", None),
    # A title and the body that spells it out are one memory.
    ("Switch from webpack -> vite. Switch from using webpack to vite, it's so much quicker.", "vite", "quicker",
     "webpack"),
    ("Drop lodash in favor of native JS. Replace lodash usage with native methods. Removes 70 kB from the bundle.",
     "native js", "70 kb", "lodash"),
    ("Remove lodash. Most will be replaced with JS built-ins to reduce package size.", "no lodash", "package size",
     "lodash"),
    # Passive and past forms, arrows, asides, "to Y from X", "change X to Y", "X replaces Y", "in favour of".
    ("PostgreSQL was chosen from these options: PostgreSQL vs MySQL vs SQLite.", "postgresql", None, "mysql"),
    ("migrate from yarn (v1) to pnpm. yarn v1 is basically abandonware.", "pnpm", "abandonware", "yarn"),
    ("Migrate to pnpm@10 from yarn in the tooling repo.", "pnpm@10", None, "yarn"),
    ("Changes all default exports to named exports.", "named exports", None, "default-exports"),
    ("Ruff replaces flake8 in CI.", "ruff", None, "flake8"),
    ("Flake8 is deprecated in favour of ruff.", "ruff", None, "flake8"),
    ("I went with Zod instead of Yup because it infers TypeScript types.", "zod", "infers", "yup"),
    ("We're sunsetting the mobile app in favor of the responsive web version.", "responsive web version", None,
     "mobile-app"),
    ("Closing: we will not adopt GraphQL; REST covers our needs.", "no graphql", "rest covers", "graphql"),
    # Reasons after ", as", "; " and in the next sentence, alternatives judged in them.
    ("We've migrated the docs site from Jekyll to Hugo, as the builds were taking minutes.", "hugo", "taking minutes",
     "jekyll"),
    ("We are standardising on pytest; nose is no longer maintained.", "pytest", "no longer maintained", "nose"),
    ("Switch CI to GitHub Actions. Travis has become unreliable and slow.", "github actions", "unreliable", "travis"),
    ("Due to licensing concerns, Elasticsearch has been replaced by OpenSearch.", "opensearch", "licensing",
     "elasticsearch"),
    ("Moment.js is in maintenance mode, so we replaced it with Luxon.", "luxon", "maintenance", "moment.js"),
    ("Python 3.7 reached end of life in June. We are dropping support for it in the next release.", "no python 3.7",
     "end of life", "python-3.7"),
    ("We tried Celery but it was too heavy for our needs; we settled on RQ.", "rq", "too heavy", "celery"),
    ("For consistency with the rest of the codebase, we use snake_case for all JSON keys.", "snake_case",
     "consistency", None),
    ("We moved the docs to MkDocs Material because Sphinx themes were hard to customise.", "mkdocs material",
     "hard to customise", "sphinx-themes"),
    ("The old build took 20 minutes. With Turborepo caching it takes 3. We adopted Turborepo for all packages.",
     "turborepo", "caching", None),
    ("Adopt Playwright for end-to-end tests. Cypress could not test multiple tabs.", "playwright", "multiple tabs",
     "cypress"),
    ("Use Pydantic v2 for validation, mainly for its speed.", "pydantic v2", "speed", None),
    ("We're keeping Flask. Migrating to FastAPI brings little benefit for a synchronous app.", "flask",
     "little benefit", None),
    ("We use Renovate rather than Dependabot: it groups updates and supports our monorepo.", "renovate",
     "groups updates", "dependabot"),
    ("We need reproducible builds. That's why we pin every dependency with a lockfile.",
     "pin every dependency lockfile", "reproducible", None),
])
def test_general_forms_of_a_decision_record_title_and_change(text, subject, why, rejected):
    got = one(text)
    assert got.kind == "decision" and got.subject.lower() == subject, got.to_json()
    if why:
        assert why in (got.rationale or "").lower(), got.to_json()
    if rejected:
        assert rejected in slugs(got.rejects), got.to_json()


ADR = """# 3. Use Redis for sessions

## Status

Accepted

## Context

Sessions are stored in the database, which is slow under load.

## Considered Options

* Redis
* Memcached
* Database sessions

## Decision

We will store sessions in Redis.

## Consequences

Operations must run a Redis cluster."""


def test_a_markdown_decision_record_is_one_decision_with_its_context_and_the_options_it_did_not_choose():
    got = one(ADR)
    assert got.kind == "decision" and "redis" in got.subject.lower(), got.to_json()
    assert "slow under load" in (got.rationale or ""), got.to_json()
    assert {"memcached", "database-sessions"} <= slugs(got.rejects) and "redis" not in slugs(got.rejects)


@pytest.mark.parametrize("text, kind, term", [
    ("Do not use corepack.", "constraint", "corepack"),
    ("Do not depend on a network connection to run the tests.", "constraint", "network"),
    ("Zero dependencies. The goal is to have no dependencies.", "constraint", "dependencies"),
    ("We agreed previously that the team prefers named exports.", "preference", "named exports"),
    ("Avoid default exports. Currently both kinds are used. To avoid confusion, only named exports should be used.",
     "preference", "named exports"),
    ("Going forward, please squash-merge PRs so the history stays linear.", "preference", "squash-merge"),
    ("We will store all money amounts as integer cents.", "decision", "integer cents"),
    ("We will write the worker in Rust because the Python one was too slow.", "decision", "rust"),
    ("Closing as won't fix: we don't want to add a dependency on lxml just for this.", "preference", "lxml"),
])
def test_instructions_goals_and_preferences_are_kept(text, kind, term):
    got = one(text)
    assert got.kind == kind and term in got.description.lower(), got.to_json()


@pytest.mark.parametrize("text", [
    "Drop sqlite. A lot of our code chooses between sqlite and postgres. Why don't we drop sqlite support?",
    "Don't support Windows. To avoid a poor service, I propose we don't support Windows at all.",
    "Replace isort with ruff. I suggest we try it on one package first.",
    "We use Redis 6 in production and the connection drops after 5 minutes of idle time. Any idea why?",
    "I propose we migrate to pnpm, thoughts?",
    "Gather feedback on how many people use Windows releases, we may not need to support it any more.",
    "I would strongly recommend migrating to Vite. Let's discuss this Friday?",
    "Context: the service needs a queue.",
    # Settings, symptoms and workarounds of bug reports, the tracker's own housekeeping, plans to write docs.
    "After switching to Node 18 the tests fail with ERR_REQUIRE_ESM.",
    "We are using PostgreSQL 14 and the migration hangs forever.",
    "In my project we switched to Vite and now HMR is broken for CSS modules.",
    "Removing the cache directory fixed it for me.",
    "This happens because we use an old version of webpack in the example.",
    "We moved this issue to the new repository.",
    "Let's move the discussion to the forum.",
    "We will keep this issue open until the upstream fix lands.",
    "We will add a note to the README.",
])
def test_a_title_reopened_by_its_body_a_proposal_or_a_bug_report_stores_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


# ---------------------------------------------------------------- hostile input

ADVERSARIAL = {
    "words": "a " * 50_000,
    "articles": "use the a an our " * 6_000,
    "decisions": "we will use " * 9_000,
    "from-to": "switch from a " * 7_500,
    "depends": "x depends on " * 8_000,
    "dashes": "a - " * 25_000,
    "whens": "when a, " * 12_500,
    "too": "X is too " * 11_000,
    "replaces": "replace a with " * 7_000,
    "becauses": "use X because " * 7_000,
    "abbreviations": "a." * 50_000,
    "controls": "\x00\x01\x1b[31m\x7f\u202e" * 11_000,
    "one-long-name": "instead of " + "aa-" * 33_000,
    "list-under-because": "Use X because\n" + "* item\n" * 14_000,
    "parentheses": "No X (" + "(" * 100_000 + " is used",
    "backticks": "`" * 100_000,
    "options": "Option 1: a, " * 8_000,
    "arrows": "switch from a -> " * 6_000,
    "semicolons": "we use a; " * 10_000,
    "decision-labels": "Decision: " * 10_000,
    "in-favour": "in favour of a " * 7_000,
    "change-to": "change a to " * 8_000,
    "titles": "Drop a. Why not? " * 6_000,
    "sentences": "We will use a. " * 7_000,
    "headings": "## Decision\n" * 9_000,
    "options-section": "## Considered Options\n" + "* a\n" * 29_000,
    # round 17: the other languages' frames open on a name; a name that runs on, or a particle after each, is linear
    "cjk-frames": "kapt から KSP に " * 8_000,
    "korean-particles": "Dramatiq 제거 및 Celery로 " * 5_000,
    "hyphen-token-then-particle": "aa-" * 33_000 + " から",
    "code-paths": "a::" * 33_000,
}

SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from lore import operations
from lore.store.graph import Graph
cases = json.load(sys.stdin)
g = Graph(sys.argv[2])
out = {}
for name, text in cases.items():
    r = operations.run("finalizeTurn", g, {"delta": "User: " + text + "\nAgent: Noted."})
    out[name] = {"ok": r["ok"], "stored": r.get("stored"), "chars": max([len(m.get("description", "")) for m in r.get("memories", [])] or [0])}
g.close()
print(json.dumps(out))
"""


def test_100_kb_adversarial_text_is_read_in_linear_time_through_finalize_turn(tmp_path):
    """Each case is ~100 KB; all of them together must fit in a CPU budget a quadratic pattern would exceed by
    orders of magnitude (the child is killed by the kernel at the limit: no clock is read here)."""
    assert all(90_000 <= len(v) <= 120_000 for v in ADVERSARIAL.values())

    def limit():
        resource.setrlimit(resource.RLIMIT_CPU, (240, 240))

    env = dict(os.environ, LORE_JOURNAL="0")
    p = subprocess.run([sys.executable, "-c", SCRIPT, str(ROOT / "server"), str(tmp_path / "g.duckdb")],
                       input=json.dumps(ADVERSARIAL), capture_output=True, text=True, env=env, preexec_fn=limit)
    assert p.returncode == 0, (p.returncode, p.stderr[-2000:])
    out = json.loads(p.stdout)
    assert set(out) == set(ADVERSARIAL)
    for name, r in out.items():
        assert r["ok"], name
        assert r["chars"] <= 500, name  # a description is capped, whatever the sentence


# ------------------------------------------------------------------ cues shared across forms (lore.memory.cues)

@pytest.mark.parametrize("text, term", [
    ("Since Pendulum is unmaintained, I've updated the scheduler to use the Arrow library.", "arrow"),
    ("The nightly builds took ages so we swapped over to Buildkite.", "buildkite"),
    ("I've chosen Poetry over pipenv as it locks faster.", "poetry"),
    ("Let's start using ruff for new modules since it is quick.", "ruff"),
    ("We're preferring msgspec for new schemas.", "msgspec"),
])
def test_a_choice_verb_in_any_tense_is_a_decision(text, term):
    got = one(text)
    assert got.kind in ("decision", "preference") and term in got.description.lower(), got.to_json()


def test_two_sentences_naming_one_choice_are_one_memory():
    got = heuristic("User: Switch the docs build to mkdocs. Sphinx is too slow for us. "
                    "We moved every page to mkdocs and removed the Sphinx config.\nAgent: Noted.")
    assert len(got) == 1 and "mkdocs" in got[0].description.lower(), [g.to_json() for g in got]



def test_as_a_replacement_for_names_the_rejected_alternative():
    got = one("Adopt `attrs` as a replacement for `namedtuple`.")
    assert got.kind == "decision" and "namedtuple" in slugs(got.rejects), got.to_json()


@pytest.mark.parametrize("text, banned", [
    ("Lint rules updated, principally to ban exec().", "exec"),
    ("Any monetary amount should not use doubles.", "doubles"),
])
def test_a_ban_is_a_constraint_that_forbids(text, banned):
    got = one(text)
    assert got.kind == "constraint" and banned in slugs(got.forbids + got.rejects), got.to_json()


@pytest.mark.parametrize("text", [
    "Replace tslint with eslint. I think we can get rid of a lot of custom rules that way.",
    "Move from mocha to jest. It would be nice to have snapshots, let me know.",
])
def test_a_title_whose_body_argues_for_it_is_a_proposal(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


def test_might_as_well_is_a_resolve_not_a_hedge():
    got = one("Remove the obsolete Jenkinsfile. We're never going back to Jenkins, so might as well clean it out.")
    assert got.kind == "decision" and "jenkins" in got.description.lower(), got.to_json()


# ------------------------------------------------------------------ session six: records, verdicts, withdrawals

def test_a_records_context_section_of_several_sentences_is_the_decisions_reason():
    got = one("Context: Our reports join many tables. The data is relational and needs transactions. "
              "Decision: We will use MariaDB for the reporting store.")
    assert "mariadb" in got.subject.lower() and "join many tables" in got.rationale.lower() and \
        "transactions" in got.rationale.lower(), got.to_json()


@pytest.mark.parametrize("text, rejected", [
    ("Decision: The project will use Bun as the runtime. Deno was considered but its npm support was weaker.", "deno"),
    ("Decision: Use Nomad for scheduling. Keep using Swarm: rejected because it is barely maintained.", "swarm"),
    ("Decision: We will use Kafka. Alternatives considered: RabbitMQ (lower throughput, no replay), NATS (smaller "
     "ecosystem).", "nats"),
    ("Option B: Buildkite / Drone. Decision: Option A: GitLab CI, it is already hosted for us.", "drone"),
])
def test_what_a_record_weighed_and_turned_down_is_rejected(text, rejected):
    got = one(text)
    assert got.kind == "decision" and rejected in slugs(got.rejects), got.to_json()
    assert all("(" not in r and ":" not in r for r in got.rejects), got.to_json()


def test_a_chosen_options_label_is_no_part_of_its_name():
    got = one("Decision: Option 2: Traefik as the ingress, because it reads the Docker labels.")
    assert got.subject.lower().startswith("traefik"), got.to_json()


@pytest.mark.parametrize("text", [
    "Switch the docs site to Astro. Astro builds faster. Withdrawing this for now until the theme is ported.",
    "Draft: Move the queue to SQS. SQS is cheaper to run.",
    "Research: moving from Mocha to Jest. Jest has snapshots built in.",
    "Move the CLI to Typer. Typer gives us type hints for free. We will do the switch once Typer supports our hooks.",
    "Replace Grunt with esbuild. esbuild is far quicker. Let's forget this, at least for now.",
    "Use Earthly for the builds. Caching is better. Thoughts?",
])
def test_a_withdrawn_deferred_or_labelled_proposal_stores_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, turned, why", [
    ("Switch templates to Jinja. Jinja is more flexible. Decided not to implement, the gain was too small.",
     "jinja", "gain was too small"),
    ("Use Pydantic for the settings. We will not pursue this as it adds a heavy dependency.",
     "pydantic", "heavy dependency"),
    ("Switch from Sentry to GlitchTip. After some discussion, we decided against it, the hosting cost is higher.",
     "glitchtip", "hosting cost"),
])
def test_a_verdict_pointing_back_turns_the_change_down(text, turned, why):
    got = one(text)
    assert got.kind == "decision" and got.subject.lower().startswith("no ") and turned in got.subject.lower(), \
        got.to_json()
    assert any(turned in r for r in slugs(got.rejects)) and why in got.rationale.lower(), got.to_json()


def test_why_and_what_questions_head_the_reason_and_the_change():
    got = one("Move the builds to Earthly. What? Port every Makefile target. Why? Earthly caches each step.")
    assert "earthly" in got.subject.lower() and "caches each step" in got.rationale.lower() and \
        "makefile" in got.description.lower(), got.to_json()


def test_had_become_slow_names_the_replaced_tool():
    got = one("Migrate to Hatch for packaging. Pipenv locking had become painfully slow on CI.")
    assert any(r.startswith("pipenv") for r in slugs(got.rejects)), got.to_json()


@pytest.mark.parametrize("text, rejected", [
    ("Because the queue lost jobs, instead of continuing to use Beanstalk, let's use Redis streams.", "beanstalk"),
    ("We should modernise away from Makefiles and shell scripts. We will move to Taskfile instead.", "makefiles"),
    ("Use httpx for HTTP calls. Currently we use requests everywhere, which has no async support.", "requests"),
    ("As Request is deprecated, I have switched it to use Ky.", "request"),
    ("This PR moves packaging from setup.py to pyproject.toml, and from setuptools to flit. Flit is simpler.",
     "setuptools"),
    ("Switch to Renovate. Why: Dependabot cannot group updates. What: Instead of going for Dependabot grouping, we "
     "rely on Renovate presets.", "dependabot"),
])
def test_the_replaced_thing_named_elsewhere_in_the_text_is_rejected(text, rejected):
    got = one(text)
    assert got.kind in ("decision", "preference") and rejected in slugs(got.rejects), got.to_json()


def test_a_route_is_not_an_alternative():
    got = one("Decision: Internal calls go over NATS. Context: Services need fire-and-forget messaging.")
    assert "nats" not in slugs(got.rejects) and "fire-and-forget" in got.rationale, got.to_json()
    assert "grpc" in slugs(one("We use REST for internal communication over gRPC.").rejects)


@pytest.mark.parametrize("text, term, why", [
    ("Yep, the CircleCI queue kept us waiting for ages so swapped over to Buildkite.", "buildkite", "waiting"),
    ("Make use of a task queue instead of spawning threads by hand. A simple one would be Huey.", "task queue", None),
    ("Tidy and switch to loguru. Loguru needs no handler boilerplate.", "loguru", "boilerplate"),
    ("Old records show Cassandra being fine at first. We should instead use ClickHouse, to benefit from columnar "
     "scans.", "clickhouse", "columnar"),
    ("I've chosen uvicorn over gunicorn as I believe it fits async apps better.", "uvicorn", "async apps"),
    ("Drop the Jenkins configuration as we're moving away.", "jenkins", "moving away"),
    ("Since the wheels are manylinux compatible it makes sense to switch to a single wheel.", "single wheel",
     "manylinux"),
    ("feat: store amounts in cents. Amounts will be saved in cents in every table.", "cents", None),
    ("Decision: Adopt Litestream for backups. Consequences: Restores take minutes instead of hours.", "litestream",
     "restores take minutes"),
    ("We picked Caddy, a server with automatic TLS, as the reverse proxy.", "caddy", "automatic tls"),
    ("Use esbuild instead of Rollup. Why esbuild instead of Rollup? Speed. Fewer plugins to maintain.", "esbuild",
     "speed"),
    ("Drop support for Ruby 3.0. Ruby 3.0 is EOL. It's a waste of CI minutes to keep testing it as users should be "
     "upgrading anyway.", "ruby", "waste of ci minutes"),
    ("Migrate from Enzyme to Testing Library. What would you like to be added: Replace Enzyme with Testing Library "
     "in every suite. Why is this needed: React 18 support.", "testing library", "react 18"),
])
def test_more_shapes_of_a_change_and_its_reason(text, term, why):
    got = one(text)
    assert got.kind == "decision" and term in got.description.lower(), got.to_json()
    assert why is None or why in (got.rationale or "").lower(), got.to_json()


@pytest.mark.parametrize("text", [
    "Stop using the ORM and write raw SQL for the reports, for better performance. The ORM must not be used in the "
    "reports.",
    "Bump the minimum Node to 20. Node 18 is EOL soon. We can set Node 20 as the minimum version and stop testing on 18.",
    "Port the build to pyproject.toml with flit as the backend. setup.py is deprecated. Ported everything to "
    "pyproject.toml.",
])
def test_one_change_said_twice_in_other_words_is_one_memory(text):
    one(text)


@pytest.mark.parametrize("text", [
    "Move the API to FastAPI. Low on the list, but for quicker docs we should use FastAPI.",
    "Not a priority, but we should move the docs to MkDocs for nicer search.",
    "Replace Celery with Dramatiq. Dramatiq is simpler. Would love feedback before I start.",
    "Explore moving the cache from Memcached to Redis.",
    "I'd suggest we go with Postgres, but happy to hear other views.",
    "TODO: replace moment with date-fns.",
    "The migration to Vite broke the HMR for SVG imports.",
])
def test_low_priority_feedback_seeking_exploratory_and_todo_texts_store_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, term, why", [
    ("refactor: use native URLSearchParams to replace qs. qs adds 10 kB to the bundle.", "urlsearchparams", "10 kb"),
    ("Switch the container base image to Alpine. The Debian image is 900 MB, Alpine is 60 MB.", "alpine", "900 mb"),
    ("Our choice is Svelte. The bundle is smaller and the syntax is closer to HTML.", "svelte", "closer to html"),
])
def test_a_long_object_a_lowercase_next_sentence_and_our_choice_is(text, term, why):
    got = one(text)
    assert got.kind == "decision" and term in got.subject.lower() and why in (got.rationale or "").lower(), \
        got.to_json()


@pytest.mark.parametrize("text, term, why", [
    ("Adopt Ruff for linting. Ruff handles isort, pyflakes and pycodestyle rules in one tool.", "ruff", "one tool"),
    ("Migrate docs from Sphinx to MkDocs (Markdown is easier for contributors).", "mkdocs", "easier for contributors"),
    ("Use Loki for logs, mainly for cost.", "loki", "cost"),
])
def test_a_statement_about_the_choice_a_parenthetical_judgement_and_for_cost_are_reasons(text, term, why):
    got = one(text)
    assert term in got.subject.lower() and why in (got.rationale or "").lower(), got.to_json()


@pytest.mark.parametrize("text, rejected", [
    ("We moved off Heroku to Fly.io because the free tier ended.", "heroku"),
    ("Use Podman. Docker Desktop licensing does not fit us.", "docker-desktop"),
    ("Decision: We will use Pulumi. We looked at CDK, but it locks us to AWS.", "cdk"),
    ("Decision: Use React Query. Redux was discarded since server state is most of ours.", "redux"),
    ("We went with Astro over Gatsby and Next.js.", "next.js"),
])
def test_moved_off_does_not_fit_looked_at_but_discarded_and_a_name_like_next_js(text, rejected):
    got = one(text)
    assert any(r.startswith(rejected) for r in slugs(got.rejects)), got.to_json()


def test_a_lowercase_tool_name_opens_the_sentence_after_a_choice():
    got = one("Use uv for environments. uv replaces pip-tools and virtualenv in one binary.")
    assert got.subject.lower().startswith("uv") and "pip-tools" in slugs(got.rejects), got.to_json()


# ------------------------------------------------------------------ round 7 (issue 14): categories of sets 5 and 6
@pytest.mark.parametrize("text, term, rejected", [
    ("Replacement of nose with pytest. pytest is maintained and nose is not.", "pytest", "nose"),
    ("Migration from Gulp to esbuild. The build takes seconds instead of minutes.", "esbuild", "gulp"),
    ("Replacing Bootstrap with Tailwind in the admin pages.", "tailwind", "bootstrap"),
    ("Conversion of the docs from reStructuredText to Markdown.", "markdown", "restructuredtext"),
])
def test_a_title_said_as_a_noun_or_a_gerund_is_a_change(text, term, rejected):
    got = one(text)
    assert got.kind == "decision" and term in got.subject.lower() and rejected in slugs(got.rejects), got.to_json()


@pytest.mark.parametrize("text", [
    "Consider moving the queue to NATS. NATS is lighter than Kafka and we run it already.",
    "Research: switching from Jest to Vitest. Vitest reuses the Vite config we already have.",
    "Evaluate Bun as the test runner. It starts much faster than Node.",
    "Move the docs site to Docusaurus. We have proposed to migrate the docs from Jekyll to Docusaurus.",
    "Converting from Drone to GitHub Actions. There is an interest in exploring the use of GitHub Actions as an "
    "alternative to Drone.",
    "Use Playwright instead of Cypress. Maybe this should be an RFC first. We should stop using Cypress.",
])
def test_a_proposal_or_an_inquiry_stores_nothing_whatever_its_body_says(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, term, rejected", [
    ("Consider replacing gunicorn with uvicorn. Seems to suit the async views better. Switch over made in 2.3.", "uvicorn",
     "gunicorn"),
    ("Suggestion: migrate from Travis to Buildkite. Travis is slow for us. Resolved by #88.", "buildkite", "travis"),
    ("Explore replacing marshmallow with pydantic. Thanks, I wrote the migration and got rid of marshmallow.",
     "pydantic", "marshmallow"),
])
def test_a_proposal_whose_outcome_is_reported_is_a_decision(text, term, rejected):
    got = one(text)
    assert got.kind == "decision" and term in got.subject.lower() and rejected in slugs(got.rejects), got.to_json()


def test_a_name_ending_in_a_single_letter_ends_its_sentence():
    got = one("Replace gevent with trio-x. Looks simpler than gevent and has fewer surprises.")
    assert got.subject.lower() == "trio-x" and "simpler" in (got.rationale or ""), got.to_json()


@pytest.mark.parametrize("text, rejected", [
    ("Migrate our CI/CD to Woodpecker. At present, we are using Drone for every repository.", "drone"),
    ("Decision: GitLab CI will be used for every pipeline. Context: Bamboo has been used by the team until now.",
     "bamboo"),
])
def test_what_is_used_at_present_or_has_been_used_is_what_a_change_replaces(text, rejected):
    got = one(text)
    assert any(r.startswith(rejected) for r in slugs(got.rejects)), got.to_json()


def test_a_records_inline_context_is_its_reason_and_states_no_fact_of_its_own():
    got = one("ADR-012: Keycloak for sign-in. Context: We need one identity provider for the three portals. The portals "
              "require single sign-on and SAML for the partners. Decision: Use Keycloak for every portal. Alternatives "
              "considered: Auth0 (cost per user), Dex (no SAML).")
    assert got.subject.lower().startswith("keycloak") and "saml" in (got.rationale or "").lower(), got.to_json()
    assert {"auth0", "dex"} <= slugs(got.rejects), got.to_json()


def test_a_records_number_and_title_are_not_its_reason():
    got = one("ADR 0007: Metrics. Decision: Use Prometheus for service metrics. Consequences: One scrape config per "
              "service, kept in the repository.")
    assert got.subject.lower().startswith("prometheus") and "adr" not in (got.rationale or "").lower(), got.to_json()
    assert "scrape config" in (got.rationale or ""), got.to_json()


def test_a_numbered_record_title_decides_with_its_decision_line():
    got = one("5. Use Kafka for events. Context: Consumers must be able to replay a day of events. Decision: We will "
              "use Kafka for every event stream.")
    assert got.kind == "decision" and got.subject.lower().startswith("kafka") and "replay" in (got.rationale or "")


def test_a_settled_choice_after_a_research_title_stands_without_the_title():
    got = one("Research: moving the e2e tests from Protractor to Playwright. It may be worth exploring. Closing this "
              "as the research is done. We've decided to write new e2e tests with Playwright from now on.")
    assert "playwright" in got.description.lower() and "research" not in got.description.lower(), got.to_json()


@pytest.mark.parametrize("text, term, why", [
    ("Switch to Biome from Prettier. As we already use Biome lint and it is very fast, we should switch over.",
     "biome", "very fast"),
    ("Remove left-pad-x. It seems we never actually used this. Node has padStart now so let's get rid of the "
     "dependency.", "left-pad-x", "padstart"),
    ("Drop Node 16 support. Node 16 reached end of life last year. Drop the support here as well to nudge users.",
     "node 16", "end of life"),
    ("Use Bun instead of npm for scripts. Bun is quick and stable now, so I would like to switch from npm to Bun.",
     "bun", "quick and stable"),
])
def test_the_change_said_again_is_one_memory_with_its_reason(text, term, why):
    got = one(text)
    assert term in got.subject.lower() and why in (got.rationale or "").lower(), got.to_json()


def test_what_a_change_no_longer_needs_is_what_it_replaces():
    got = one("Move Jenkins to Drone. Drone is now very easy to run. We no longer need Jenkins or Bamboo.")
    assert got.subject == "Drone" and {"jenkins", "bamboo"} <= slugs(got.rejects), got.to_json()


@pytest.mark.parametrize("text, term, rejected", [
    ("Switch to using Rollup for the library build. Rollup is much faster.", "rollup", None),
    ("Drop support to Ruby 2.7. Ruby 2.7 is end-of-life.", "ruby 2.7", "ruby-2.7"),
    ("Drop Node 14 Support. 14 end-of-life was April 2023.", "node 14", "node-14"),
])
def test_using_support_to_and_a_sentence_opening_with_a_version(text, term, rejected):
    got = one(text)
    assert got.subject.lower().removeprefix("no ").startswith(term), got.to_json()
    assert rejected is None or rejected in slugs(got.rejects), got.to_json()
    assert got.rationale, got.to_json()


def test_a_title_in_the_infinitive_turned_down_by_its_body():
    got = one("To use Peewee instead of raw SQL. We will not pursue this as Peewee is proving to be slow.")
    assert got.subject == "no Peewee" and "peewee" in slugs(got.rejects) and "slow" in (got.rationale or ""), \
        got.to_json()


@pytest.mark.parametrize("text", [
    "Convert Grunt -> Vite or add esbuild-loader. Builds are slow.",
    "Use Biome for formatting. Nobody told me Biome formats now. Anyone know a reason not to switch?",
])
def test_a_title_offering_two_changes_or_asked_about_in_its_body_stores_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, term, rejected, why", [
    ("remove use of prettier, use biome for formatting. Replace use of prettier with biome for formatting.", "biome",
     "prettier", None),
    ("Decision: Define repository classes in the domain layer. No ORM—just raw SQL with typed mappers.", "repository",
     "orm", None),
    ("refactor: use undici to replace got. got's install size is too large, use native undici instead.", "undici",
     "got", "install size"),
    ("Writing raw SQL can be error-prone. Decision: We will use Peewee as our ORM.", "peewee", "raw-sql", "error-prone"),
    ("Replace urllib3 with aiohttp to add support for an async client.", "aiohttp", "urllib3", "async client"),
    ("Move from Grunt to Vite. Current build times take at least 4 minutes.", "vite", "grunt", "4 minutes"),
    ("Remove left-pad-x. It doesn't seem like we were actually using this.", "left-pad-x", "left-pad-x", "using this"),
])
def test_one_change_one_memory_with_what_it_does_without_and_why(text, term, rejected, why):
    got = one(text)
    assert term in got.subject.lower() and rejected in slugs(got.rejects), got.to_json()
    assert why is None or why in (got.rationale or "").lower(), got.to_json()


def test_a_listed_option_with_a_dash_description_is_a_rejected_alternative():
    got = one("# Use MariaDB\n## Options Considered\n1. MariaDB - open-source relational database\n"
              "2. CouchDB - document database\n## Decision\nWe will use MariaDB.")
    assert got.subject == "MariaDB" and "couchdb" in slugs(got.rejects), got.to_json()


@pytest.mark.parametrize("text, term, rejected, why", [
    ("Make Node 20 the minimum supported version. This drops Node 18 from the CI, since it is EOL.", "node 20",
     "node-18", "eol"),
    ("Decision: Use pino for logs. Alternatives Considered: winston: heavy; slow. bunyan: unmaintained since 2021.",
     "pino", "bunyan", None),
    ("Migrate tests from tap to node-test. A large improvement in test time was observed, also we were able to remove "
     "two dev deps.", "node-test", "tap", "improvement"),
    ("drop support for Node 16. Node 16 end-of-life is coming up. At the same time, we could add support for Node 22.",
     "no node 16", "node-16", "end-of-life"),
    ("We switched to esbuild and the build times decreased from 90 seconds to 5.", "esbuild", None, "decreased"),
])
def test_minimum_versions_option_lists_effects_and_an_aside_about_another_change(text, term, rejected, why):
    got = one(text)
    assert got.subject.lower().startswith(term), got.to_json()
    assert rejected is None or rejected in slugs(got.rejects), got.to_json()
    assert why is None or why in (got.rationale or "").lower(), got.to_json()


@pytest.mark.parametrize("text, term", [
    ("Use raw SQL to read the reports. Stop using the ORM, instead use raw SQL to talk to the database for better "
     "performance.", "raw sql"),
    ("Convert all timestamps to UTC. Currently, all timestamps are stored in local time. All timestamps should be "
     "stored in UTC.", "utc"),
    ("Migrate to flit. This PR migrates from setup.cfg to pyproject.toml, setuptools to flit_core, and tox to nox.",
     "flit"),
    ("Avoid walrus operators. Unsupported in Python 3.7, still on many LTS distros. Sorry, I know walrus operators are "
     "nicer, but we need to stay compatible for a couple more years", "no walrus"),
    ("There is currently a mix of urllib3 and aiohttp calls in the code. We should move it all to aiohttp to benefit "
     "from async features.", "aiohttp"),
])
def test_a_body_restating_its_title_is_the_same_memory(text, term):
    assert one(text).subject.lower().startswith(term)


@pytest.mark.parametrize("text", [
    "Replace Moment with Luxon? Moment is big. Luxon is smaller and tree-shakes.",
    "Move from tap to jest. Tap gets patches but is mostly unmaintained. We may want to move to something active such "
    "as jest.",
    "Drop support for Node 16. Node 16 went end-of-life. Per our policy we should aim to drop it by next spring.",
    "Moment is unmaintained. Switch to Luxon. Not for this PR, but we should at some point switch this out for Luxon.",
    "Switch everything to gRPC! REST got us started, but it would be really nice if everything were gRPC based.",
])
def test_a_question_title_or_a_deferred_or_wished_change_stores_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


def test_each_source_of_a_list_of_migrations_is_replaced():
    got = one("Migrate to flit. This PR migrates from setup.cfg to pyproject.toml, setuptools to flit_core, and tox to "
              "nox.")
    assert got.subject == "flit" and {"setup.cfg", "setuptools", "tox"} <= slugs(got.rejects), got.to_json()


def test_modernising_away_from_x_several_sentences_before_the_choice():
    got = one("We should modernize away from Makefiles. A good candidate would be just. The project had tox support. "
              "We will move to nox instead.")
    assert got.subject == "nox" and "makefiles" in slugs(got.rejects), got.to_json()


def test_a_policy_to_keep_what_a_project_takes_on_minimal_is_a_constraint():
    got = one("We want to keep dependencies minimal.")
    assert got.kind == "constraint" and "minimal" in got.description, got.to_json()


def test_as_such_instead_of_continuing_using_x_lets_use_y():
    got = one("CircleCI minutes run out every month. As such, instead of continuing using CircleCI, let's use Buildkite.")
    assert got.subject == "Buildkite" and "circleci" in slugs(got.rejects) and "run out" in (got.rationale or "")


# ---------------------------------------------------------------- round 8 (issue 14): forms read off sets 7 and 8


@pytest.mark.parametrize("text, subject, rejected", [
    ("I would really like to drop support for Python 2.", "no Python 2", ["Python 2"]),
    ("I'd like to switch to Rollup.", "Rollup", []),
    ("We would love to move from Mocha to Vitest.", "Vitest", ["Mocha"]),
])
def test_a_wish_to_change_is_an_instruction(text, subject, rejected):
    got = one(text)
    assert (got.kind, got.subject, got.rejects) == ("decision", subject, rejected), got.to_json()


@pytest.mark.parametrize("text", [
    "I'd like to switch to Rollup, if everyone agrees.",
    "I'd like to refactor the config loader.",
])
def test_a_wish_waiting_for_agreement_or_not_a_change_stores_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text", [
    "Replace lodash with radash. radash is 10 times smaller than lodash. A replacement should be evaluated.",
    "migrate from Jekyll to Hugo. Hugo builds faster. After looking into it, it seems worth staying with Jekyll, at least "
    "for now. If Hugo matures, then reevaluate.",
    "Migrate the API from Express to Fastify. Express turned out to be slow, so here is a proposal to migrate to Fastify.",
    "Drop Node 18 support. Node 18 is end-of-life. My plan is to drop it in the first release of next year.",
    "Drop FreeBSD support. Nobody here runs FreeBSD. There are very good chances FreeBSD support will be dropped in 3.0.",
    "Use ULIDs instead of v4 UUIDs. The suggestion: ULIDs sort by time, which should help the indexes.",
    "Docs: make the changelog optional. Because release-please writes it now, we probably don't have to keep it by hand.",
    "Discuss the naming issue. My proposal is to prefer explicit names for every exported hook.",
    "switch to sqlite. look into possibility to switch to sqlite",
    "Kotlin by default. Starting to consider this for a few reasons: less boilerplate, null safety. Thoughts on this?",
])
def test_a_proposal_a_deferral_a_plan_or_a_chance_stores_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, term, why, rejected", [
    # a question asking for the reason does not reopen the title; its answer is the reason
    ("switch from Grunt to Gulp. Can you tell me what's wrong with Grunt? Grunt is deprecated and slow.", "gulp",
     "deprecated", "grunt"),
    # questions and proposals before the change reported as made do not reopen it, nor questions after it
    ("Suggestion: Move to Poetry. Maybe it would be better to keep pip-tools? Thanks! I wrote the migration and got rid "
     "of pip-tools.", "poetry", None, None),
    ("[Suggestion] Replace Jest with Vitest. Would you consider replacing Jest with Vitest? Should be an easy change. "
     "We migrated to Vitest. Care to try it out?", "vitest", "easy change", "jest"),
    # a tracker's tag is no part of the title
    ("[FEATURE] Use DuckDB. DuckDB reads Parquet directly.", "duckdb", "parquet", None),
    # "The goal of this PR is to …" is the change; third-person descriptions read as the imperative
    ("The goal of this PR is to update the CLI to use typer instead of argparse. The reason is simple: typer needs less "
     "code.", "typer", "less code", "argparse"),
    ("Async runtime. Converts the daemon to async: Uses smol since it is small enough for us.", "smol", "small enough",
     None),
    # "update X to use Y", "use Y to handle Z", "make X into Y so …", "Remove the X dependency and use Y instead"
    ("Update the build script to use esbuild. The current Babel setup is slow, use esbuild to bundle the code.",
     "esbuild", "slow", None),
    ("make chalk into a dev dependency so it is not shipped to users.", "chalk", "not shipped", None),
    ("Remove the lxml dependency and use html5lib instead.", "html5lib", None, "lxml"),
    ("We need to change our queue from RabbitMQ to NATS.", "nats", None, "rabbitmq"),
    ("To make the setup more portable, we need to move from Ansible to Nix.", "nix", "more portable", "ansible"),
])
def test_titles_directives_and_the_questions_in_their_threads(text, term, why, rejected):
    got = one(text)
    assert got.kind == "decision" and term in got.subject.lower(), got.to_json()
    assert why is None or why in (got.rationale or "").lower(), got.to_json()
    assert rejected is None or rejected in slugs(got.rejects), got.to_json()


def test_a_colon_list_of_directives_is_read_item_by_item():
    got = heuristic("User: Styling. Replace Sass with Tailwind. Going forward we want to: Replace any inline styles with "
                    "Tailwind; Use as much of Radix as possible before writing our own components\nAgent: Noted.")
    by_kind = {g.kind: g for g in got}
    assert set(by_kind) == {"decision", "preference"}, [g.to_json() for g in got]
    assert by_kind["decision"].subject == "Tailwind" and "sass" in slugs(by_kind["decision"].rejects)
    assert by_kind["preference"].subject == "Radix"


def test_a_placeholder_names_no_choice_until_a_later_sentence_does():
    got = one("replace webpack with another bundler. webpack is very slow to rebuild. I recommend moving to a faster "
              "bundler, since our app is small. I think Rspack should do the job.")
    assert got.subject == "Rspack" and slugs(got.rejects) == {"webpack"} and "slow to rebuild" in got.rationale, \
        got.to_json()


@pytest.mark.parametrize("text, subject, why", [
    ("Add left-pad. Closing as we decided it's not worth a new dependency.", "no left-pad", "not worth"),
    ("Use Bun. Bun is fast. While I do love Bun, I think it's best to stick with Node here.", "no Bun", "node here"),
    ("Please add macOS 10 builds. We do not plan to bring back macOS 10 support. It was too costly to keep alive.",
     "no macOS 10", "too costly"),
])
def test_a_title_turned_down_in_its_thread_is_a_decision_not_to(text, subject, why):
    got = one(text)
    assert (got.kind, got.subject) == ("decision", subject) and why in (got.rationale or "").lower(), got.to_json()
    assert got.rejects[:1] == [subject[3:]], got.to_json()


@pytest.mark.parametrize("text, term", [
    ("Replace Grunt with Gulp. Switching from one to the other will require some tweaking of the build.", "gulp"),
    ("Drop IE 11 in 3.0. IE 11 has a 1% share. We will add this to the release notes.", "ie 11"),
    ("Switch to Bun. It's faster than Node. We should just switch now before it gets harder.", "bun"),
    ("Move to Trio. While I like some ideas behind asyncio, it is clearly less ergonomic.", "trio"),
    ("Decision: keep 1.80 as the MSRV. This matches our peers; no Cargo.toml change is needed.", "1.80"),
    ("Replace nose in the test modules. Migrate the modules off the nose library, using pytest instead.", "pytest"),
    ("Disable squash merges. Disable squash merging in the settings and keep merge commits. Motivation: squash merges "
     "rewrite history.", "squash"),
])
def test_what_a_thread_says_of_its_change_is_no_second_memory(text, term):
    got = one(text)
    assert term in got.subject.lower(), got.to_json()


def test_the_body_naming_what_a_removal_moves_to_is_the_choice():
    got = one("Replace nose in the test modules. Migrate the modules off the nose library, using pytest instead.")
    assert got.subject == "pytest" and got.rejects == ["nose"], got.to_json()


def test_a_labelled_motivation_further_on_states_the_title():
    got = one("Disable squash merges. Disable squash merging in the settings and keep merge commits. Motivation: squash "
              "merges rewrite history.")
    assert got.subject == "no squash merges" and "rewrite history" in got.rationale, got.to_json()


def test_a_comparison_after_a_concession_is_the_reason():
    got = one("Move to Trio. While I like some ideas behind asyncio, it is clearly less ergonomic.")
    assert "less ergonomic" in (got.rationale or ""), got.to_json()


@pytest.mark.parametrize("text", [
    "I'm using the Deno tasks feature for my projects and it is working great.",
    "Rebase doesn't get rid of the bad commit messages.",
    "Switching from one tool to the other will require some tweaking.",
])
def test_own_projects_what_a_thing_does_not_drop_and_a_change_as_subject_store_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, subject, why, rejected", [
    ("Bump the minimum Go to 1.22. per our two-releases-behind policy. Released as part of v0.9", "1.22",
     "two-releases-behind", None),
    ("Deno to Bun migration. Bun installs faster.", "Bun", "installs faster", ["Deno"]),
    ("replaced whole jQuery with Alpine for future purposes", "Alpine", "future purposes", None),
    ("Switch to the Axum framework. The Actix crate is deprecated and we want more tower middleware so let's switch to "
     "Axum.", "Axum", "deprecated", None),
    ("The decision that FreeBSD won't be supported was made long ago.", "no FreeBSD", None, ["FreeBSD"]),
])
def test_policies_outcomes_nominal_titles_and_reasons_before_so(text, subject, why, rejected):
    got = one(text)
    assert subject.lower() in got.subject.lower(), got.to_json()
    assert why is None or why in (got.rationale or "").lower(), got.to_json()
    assert rejected is None or got.rejects == rejected, got.to_json()


def test_a_ban_in_the_passive_forbids_what_it_names():
    got = one("Force pushes are not allowed on the release branches.")
    assert got.kind == "constraint" and got.subject == "no Force pushes" and got.rejects == ["Force pushes"], got.to_json()


def test_solutions_that_exist_are_the_options_a_record_did_not_choose():
    got = one("Context: Several solutions exist for this purpose: Loki; Elasticsearch; Graylog (older). Decision: We "
              "will adopt Loki for our logs. Justification: it is cheap to run.")
    assert got.subject == "Loki" and got.rejects == ["Elasticsearch", "Graylog"], got.to_json()


@pytest.mark.parametrize("text, rejected", [
    # a comparison in the sentence after the change, a contrast inside its reason, "as compared to"
    ("Switch to Hatch. It's faster than tox and matches our other repos.", "tox"),
    ("use ULIDs for keys. We can speed up the inserts by using sortable ULIDs instead of random UUIDs.", "random-uuids"),
    ("We use NATS. Consequences: NATS is much lighter to run in these circumstances as compared to Kafka.", "kafka"),
    # what a reason speaks ill of
    ("Move to debian:bookworm-slim. Having annoying issues with Alpine due to musl.", "alpine"),
    ("use Debian as base image. Alpine has worse performance with our Python wheels, use Debian instead.", "alpine"),
    # what an earlier plan named
    ("Decision: We will use MariaDB. Context: The original design specified PostgreSQL as the database.", "postgresql"),
])
def test_what_a_reason_compares_the_choice_with_or_speaks_ill_of_is_turned_down(text, rejected):
    got = one(text)
    assert rejected in slugs(got.rejects), got.to_json()


def test_a_contrast_in_a_reason_about_something_else_is_no_alternative():
    got = one("Move to debian:bookworm-slim. Having annoying issues with Alpine due to musl instead of glibc.")
    assert slugs(got.rejects) == {"alpine"}, got.to_json()


def test_what_the_change_will_do_is_its_reason_even_when_hedged():
    got = one("replace request with undici. This PR replaces request with undici, a maintained client. This will reduce "
              "install size, which is perhaps even more important for a CLI.")
    assert "reduce install size" in got.rationale and got.rejects == ["request"], got.to_json()


def test_a_reason_may_open_with_two_lowercase_names():
    got = one("Use vitest instead of jest. jest and ts-jest are slow. Replace them with vitest.")
    assert got.subject == "vitest" and "are slow" in (got.rationale or ""), got.to_json()


# ---------------------------------------------------------------- round 9 (issue 14): forms read off set 9's misses
@pytest.mark.parametrize("text, chosen, rejected", [
    # names of two words joined by "and" are one name each
    ("Change the merge button from rebase and merge to squash and merge.", "squash", {"rebase-and-merge"}),
    # what a change leaves may be several names joined by "and" or commas
    ("Switch from eslint and jshint to biome.", "biome", {"eslint", "jshint"}),
    ("Move the docs from Sphinx, Pelican and Hugo to Zola.", "Zola", {"sphinx", "pelican", "hugo"}),
])
def test_names_joined_by_and_are_each_what_a_change_leaves(text, chosen, rejected):
    got = one(text)
    assert chosen in got.subject and slugs(got.rejects) == rejected, got.to_json()


def test_a_numbered_list_of_alternatives_is_what_the_record_did_not_choose():
    got = one("Decision: We will use Caddy as the web server. Alternatives considered: 1. Nginx. Pros: well known. "
              "Cons: TLS certificates are renewed by hand. 2. Traefik. Cons: heavy configuration. Rationale: Caddy "
              "renews certificates by itself.")
    assert got.subject == "Caddy" and got.rejects == ["Nginx", "Traefik"], got.to_json()
    assert "renews certificates by itself" in got.rationale, got.to_json()


@pytest.mark.parametrize("text, chosen, rejected", [
    ("We evaluated (1) Bazel, (2) Pants and (3) Buck; we chose Pants because it fits a Python monorepo.",
     "Pants", ["Bazel", "Buck"]),
    ("Options considered: 1. Celery 2. Dramatiq. Decision: Dramatiq for the background jobs.", "Dramatiq", ["Celery"]),
])
def test_options_numbered_inline_are_the_alternatives_not_chosen(text, chosen, rejected):
    got = one(text)
    assert got.subject.startswith(chosen) and got.rejects == rejected, got.to_json()


def test_a_name_may_open_with_a_joining_word_and_a_hyphen():
    got = one("Decision: use Redis. Alternatives considered: 1. In-process caching. Cons: lost on restart.")
    assert got.rejects == ["In-process caching"], got.to_json()


@pytest.mark.parametrize("text", [
    "We evaluated (1) Bazel, (2) Pants and (3) Buck. Each has its fans.",
    "Alternatives considered: 1. Nginx. 2. Traefik. Which one do we want?",
])
def test_options_listed_without_a_choice_store_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


def test_a_temporary_change_is_still_a_change_of_the_code():
    got = one("Temporarily switch the CI runners to Ubuntu 22.04, since 24.04 breaks the GPU drivers.")
    assert got.kind == "decision" and "Ubuntu 22.04" in got.subject and "breaks the gpu drivers" in got.rationale.lower(), \
        got.to_json()


@pytest.mark.parametrize("text", [
    # transient all the same: a change while one debugs, a temporary step of one's own
    "Temporarily disable the lint job while I debug the cache.",
    "I temporarily switched to the release branch to check a build.",
    # a deferral, an obsolete request, a check still to make, a possibility, a stance that decides nothing
    "Port the charts to Vega. Thanks for the idea, but we are going to stick with D3 for now.",
    "Add type hints everywhere. Obsolete; will be addressed in the rewrite.",
    "Swap tqdm for rich. Check if rich can render the same progress bars.",
    "In the rewrite, requests can be replaced with httpx.",
    "I'm not against it, but ghcr requires a token to push.",
    # a question that mentions a change made, opinions, and no outcome
    "Squash merges. Why did we move from merge commits to squash merges? I'd rather go back to merge commits, but "
    "I'm open to whatever.",
])
def test_deferrals_checks_possibilities_and_open_stances_store_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


def test_a_discussion_stores_its_outcome_not_one_persons_taste():
    got = one("Which merge button should we keep? I prefer merge commits personally, they keep the branch history. "
              "Rebasing confuses new contributors. We settled on squash merging for every PR.")
    assert got.kind == "decision" and got.subject == "squash merging" and got.rejects == ["merge commits"], got.to_json()


def test_the_default_a_setting_is_changed_to_is_the_choice():
    got = one("Merge button. I prefer merge commits personally, but they clutter the log. I changed the repository "
              "settings to default to rebase merging.")
    assert got.subject == "rebase merging" and got.rejects == ["merge commits"], got.to_json()


def test_a_personal_taste_said_alone_is_still_a_preference():
    got = one("I personally prefer early returns over nested ifs.")
    assert got.kind == "preference" and got.subject == "early returns", got.to_json()


@pytest.mark.parametrize("text, chosen", [
    ("Tabs or spaces? Tabs read better in diffs. Consensus reached: tabs everywhere.", "tabs"),
    ("Should the API return ISO dates? After the call we agreed on ISO 8601 strings in every response.", "ISO 8601"),
])
def test_a_question_settled_in_its_thread_is_a_decision(text, chosen):
    got = heuristic(f"User: {text}\nAgent: Noted.")
    assert any(chosen.lower() in g.subject.lower() and g.kind == "decision" for g in got), [g.to_json() for g in got]


@pytest.mark.parametrize("text, words", [
    ("Every public endpoint must check the caller's token before it reads the body.", "public endpoint"),
    ("All migrations should be reversible, so that a release can be rolled back.", "reversible"),
    ("Each container image is pinned by digest, with no tag unless it is a release candidate.", "pinned by digest"),
    ("We should run the linter on every pull request.", "linter"),
    ("The minimum Go version is raised only when a dependency needs a newer one.", "raised only when"),
    ("The policy: no vendored copies, because upstream fixes reach us faster.", "no vendored copies"),
])
def test_a_rule_over_every_thing_of_a_sort_is_a_constraint(text, words):
    got = one(text)
    assert got.kind == "constraint" and words in got.description, got.to_json()


def test_a_rule_said_in_a_title_and_again_in_the_body_is_one_constraint():
    got = one("Set a timeout on every outgoing request. Per the platform guide we must set a timeout on every outgoing "
              "request, or a stuck upstream holds a worker forever.")
    assert got.kind == "constraint", got.to_json()


@pytest.mark.parametrize("text", [
    "All tests are failing on the main branch since this morning.",
    "Should every endpoint check the token?",
    "Every dependency we looked at had a security advisory last year.",
])
def test_what_happens_to_every_thing_is_no_rule(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, chosen, dropped", [
    ("Remove all uses of Bootstrap. Bootstrap should be replaced with CSS grid.", "CSS grid", "Bootstrap"),
    ("Dropped support for Ruby 3.0. It reached end of life in April. Ruby 3.1 is now the minimum supported version.",
     "Ruby 3.1", "Ruby 3.0"),
])
def test_what_takes_a_dropped_things_place_is_the_choice(text, chosen, dropped):
    got = one(text)
    assert got.subject == chosen and dropped in got.rejects, got.to_json()


def test_a_drop_with_no_replacement_named_stays_a_drop():
    got = one("Remove all uses of Bootstrap. Nothing needs it since the redesign.")
    assert got.subject == "no Bootstrap", got.to_json()


# --------------------------------------------------- round 10 (issue 14): general causes of sets 10 and 11's misses
@pytest.mark.parametrize("text", [
    # withdrawn or put off after all the text said: "do not merge", an experiment, "not a good idea", "will be closed",
    # no plan to do it, "if time allows", "for the time being", "I'll be … soon"
    "Move the docs build to Zola. Hugo templates are hard to read. Do not merge.",
    "[Do not merge]: Swap Jinja for Mako in the mailers. This is an experiment. Mako compiles templates faster.",
    "Replace the cron jobs with systemd timers. On reflection this isn't as good an idea as it looked, closing.",
    "Use Caddy instead of nginx for the edge. I had the wrong config in front of me; this ticket will probably be closed.",
    "Port the CLI from argparse to typer. Thanks! I don't plan to work on this in the near term.",
    "Switch the queue from Redis to NATS. Good idea; if time allows I will pick it up after the release.",
    "After a long call we agreed to keep the monolith for the time being.",
    "Migrate the charts to Vega-Lite. D3 is a lot of code. I'll be porting the dashboards to Vega-Lite soon.",
    "Pin urllib3 below 2. We could look into the newer TLS defaults later on.",
])
def test_a_change_withdrawn_or_put_off_in_its_own_text_stores_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, subject", [
    # precision guards: the same words in a settled change
    ("Don't merge feature branches into release branches; cherry-pick the fixes instead.", "feature branches"),
    ("Switch the queue from Redis to NATS, as Redis streams lost messages under load. Merged.", "NATS"),
])
def test_settled_changes_near_the_withdrawal_words_stand(text, subject):
    got = heuristic(f"User: {text}\nAgent: Noted.")
    assert len(got) == 1 and subject.lower() in got[0].subject.lower(), [g.to_json() for g in got]


@pytest.mark.parametrize("text, dropped, floor, why", [
    ("Drop Node 18 support. Node 20 is now the minimum supported version.", "Node 18", "Node 20", None),
    ("Remove Go 1.21 from CI. Make 1.22 the new minimum, since range-over-func needs it.", "Go 1.21", "Go 1.22",
     "range-over-func"),
    ("End support for Ruby 3.1. We raised the minimum requirement of Ruby to 3.2 so that we can use Data classes.", "Ruby 3.1",
     "Ruby 3.2", "data classes"),
    ("Move to Java 17. Stop supporting Java 11 in the 5.0 line. Min supported version will be Java 17.",
     "Java 11", "Java 17", None),
    ("Drop support for Elixir 1.14. Release 3.0 will require Elixir 1.15 or newer.", "Elixir 1.14", "Elixir 1.15", None),
])
def test_a_dropped_version_and_the_new_floor_are_one_change(text, dropped, floor, why):
    got = one(text)
    assert got.subject.lower() == floor.lower() and dropped in got.rejects, got.to_json()
    if why:
        assert why in (got.rationale or "").lower(), got.to_json()


def test_a_drop_without_a_floor_stays_a_drop_and_a_floor_alone_stays_a_bump():
    assert one("Drop Node 18 support, it is end of life.").subject == "no Node 18"
    assert one("Raise the minimum Go version to 1.22 so we can use range-over-func.").rejects == []


@pytest.mark.parametrize("text, turned_down, why", [
    ("Use Bun instead of npm. Don't want this.", "Bun", None),
    ("Consider Zig instead of C for the parser? Porting the parser is not a viable path for a team of two.", "Zig",
     "team of two"),
    ("Rust rewrite. Any plan to migrate to Rust? There's very little reason to. The hot loop is already in C.", "Rust",
     "already in c"),
    ("Move to trunk-based development. After a month of trial I think we would find little value by switching, "
     "closing.", "trunk-based development", "little value"),
    ("Use Poetry for packaging. Poetry is neat, but nobody here knows it well, so I'm closing it.", "Poetry",
     "nobody here knows it"),
])
def test_a_change_turned_down_later_in_its_thread_is_a_decision_not_to(text, turned_down, why):
    got = one(text)
    assert got.kind == "decision" and got.subject.startswith("no " + turned_down), got.to_json()
    assert got.rejects and got.rejects[0].startswith(turned_down), got.to_json()
    if why:
        assert why in (got.rationale or "").lower(), got.to_json()


def test_sticking_with_a_thing_turns_down_what_the_title_asked_for():
    got = one("Use Meson instead of CMake? Meson is faster to configure. I decided to stick with CMake.")
    assert got.subject == "CMake" and "Meson" in got.rejects, got.to_json()


@pytest.mark.parametrize("text", [
    # precision guards: a reason or a question near those words decides nothing
    "There's very little reason to worry about the lockfile size.",
    "Any plan to migrate to Rust? It would be a big job.",
])
def test_doubt_words_alone_turn_nothing_down(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, chosen, rejected, why", [
    # change verbs beyond switch/replace: a licence changed, a rewrite, a reported passive, "switches us over to"
    ("We are relicensing the plugin from LGPL to Apache-2.0 so that vendors can embed it.", "Apache-2.0", "LGPL",
     "vendors can embed"),
    ("Relicense to BSD-3-Clause. Our current license is GPLv2. I am re-licensing the library under BSD-3-Clause.",
     "BSD-3-Clause", "GPLv2", None),
    ("Rewrite the importer in Rust instead of Python, because the Python one leaks memory.", "Rust", "Python",
     "leaks memory"),
    ("The parser should be rewritten into Go to allow static builds.", "Go", None, "static builds"),
    ("Use Deno. This switches the scripts over to Deno from Node 18.", "Deno", "Node 18", None),
    ("Our legacy widgets switched to web components.", "web components", "legacy widgets", None),
])
def test_other_change_verbs_name_the_choice_and_what_it_leaves(text, chosen, rejected, why):
    got = one(text)
    assert got.kind == "decision" and got.subject == chosen, got.to_json()
    if rejected:
        assert rejected in got.rejects, got.to_json()
    if why:
        assert why in (got.rationale or "").lower(), got.to_json()


@pytest.mark.parametrize("text, chosen, rejected", [
    ('Revert "Replace Jest with Vitest". Vitest broke the snapshot tests.', "Jest", "Vitest"),
    # a revert followed by another choice: that choice replaces the reverted one
    ('Revert "swap pino for winston". Use bunyan, as it is actively maintained.', "bunyan", "winston"),
])
def test_a_revert_goes_back_to_what_the_reverted_change_left(text, chosen, rejected):
    got = one(text)
    assert got.subject == chosen and rejected in got.rejects, got.to_json()


@pytest.mark.parametrize("text", [
    # precision guards: a revert of no change of tool, a rewrite asked about, a licence asked about
    'Revert "Add a cache to the resolver". It slowed the build.',
    "Rewrite the codebase in Go? Maybe later.",
    "Should we relicense to MIT?",
])
def test_reverts_rewrites_and_licences_without_a_settled_change_store_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, kind, words", [
    # rules of practice said as a requirement, a support policy, a merge gate, a followed guide, a new default
    ("Require a signed CLA for every external contribution.", "constraint", "signed CLA"),
    ("To keep the audit trail intact, we require you to link an issue in each pull request.", "constraint", "link an issue"),
    ("Offline mode is a hard requirement for the field app.", "constraint", "Offline mode"),
    ("we only support Debian-based images", "constraint", "Debian-based"),
    ("No patches touching the scheduler without a benchmark will be merged.", "constraint", "benchmark"),
    ("From now on we accept only changes that keep coverage above 90%.", "constraint", "coverage"),
    ("We follow the Airbnb JavaScript style guide, with two exceptions.", "preference", "Airbnb"),
    ("Kotlin is now the default language for new Android modules.", "decision", "Kotlin"),
])
def test_requirements_support_policies_gates_and_defaults_are_facts(text, kind, words):
    got = one(text)
    assert got.kind == kind and words in got.description, got.to_json()


def test_an_answer_word_does_not_hide_the_rule_after_it():
    got = heuristic("User: Ship the Windows build from CI. Yes, code signing is a hard requirement.\nAgent: Noted.")
    assert any(g.kind == "constraint" and "code signing" in g.description for g in got), [g.to_json() for g in got]


def test_a_why_heading_is_no_question_of_a_bug_report():
    got = one("Style guide. Rust is now the default language for new services. Why Rust? It reports errors at compile time.")
    assert got.subject.startswith("Rust") and "compile time" in (got.rationale or ""), got.to_json()


@pytest.mark.parametrize("text", [
    # precision guards: what a thing needs, a requirement asked about, a support question, a merge report
    "The build requires a C compiler on the runner.",
    "Is offline mode a hard requirement?",
    "Do we only support Debian-based images?",
    "The follow-up PR will be merged tomorrow.",
])
def test_needs_and_questions_near_rule_words_are_no_rules(text):
    assert [g for g in heuristic(f"User: {text}\nAgent: Noted.") if g.kind == "constraint"] == []


@pytest.mark.parametrize("text, subject, why", [
    # a body sentence opening with a lowercase name, after a title ending on a capital or a quote
    ("Replace Moment with Temporal API. temporal is built into modern runtimes.", "Temporal API", "built into"),
    ("Use 'uv pip' instead of 'pip'. uv pip is ten times faster on our lockfile.", None, "ten times faster"),
    ("Switch the bundler to rspack. rspack allows reusing the webpack plugins we already have.", "rspack", "webpack plugins"),
])
def test_a_lowercase_name_after_a_title_opens_its_own_sentence(text, subject, why):
    got = one(text)
    if subject:
        assert got.subject == subject, got.to_json()
    assert why in (got.rationale or ""), got.to_json()


# --------------------------------------------- round 11 (issue 14): general causes of sets 10, 11 and 12's failures
@pytest.mark.parametrize("text, why", [
    # a relative clause on what the change does, or on what it drops
    ("Remove the request dependency. This PR removes request in favour of the built-in fetch, which noticeably reduces "
     "the install size.", "reduces the install size"),
    ("Changes: Dropped support for Ruby 2.7, which reached its end of life in March.", "end of life"),
    # a comparative after "as", an adverb before "for", "otherwise", a purpose "to fix"
    ("Use tomllib instead of toml as simpler and already in the standard library. Since Python 3.11 we can rely on it.",
     "simpler"),
    ("We relicensed the plugin under the MPL 2.0 licence, primarily for the clearer patent grant.", "patent grant"),
    ("Keep the vendored copy of six. We have to vendor six otherwise the installer breaks on old pips.",
     "installer breaks"),
    ("Drop Node 16 to fix the release workflow.", "fix the release workflow"),
])
def test_reasons_in_relative_clauses_comparatives_and_purposes_are_kept(text, why):
    assert why in (one(text).rationale or ""), one(text).to_json()


@pytest.mark.parametrize("text, rejected", [
    # alternatives written as sentences of their own under "Alternatives considered:", up to the next label
    ("ADR-4: Use Valkey for sessions. Status: Accepted. Alternatives considered: Memcached (no persistence). Keeping the "
     "sessions in PostgreSQL (too slow under load). Decision: Use Valkey for session storage.",
     {"memcached", "postgresql"}),
    ("Session store. Considered alternatives: Flyway is a mature migration tool but needs a JVM. Liquibase is heavier "
     "still. Decision: We will use Alembic for migrations.", {"flyway", "liquibase"}),
    ("CI. Alternatives considered: Self-hosted runners: more upkeep. Buildkite / CircleCI: another vendor to pay. "
     "gitlab ci: Viable, but moving the repository is out of scope. Decision: Use GitHub Actions.",
     {"self-hosted", "buildkite", "gitlab-ci"}),
    ("Cluster. Decision: Staging will run on a single k3s node. Alternatives Considered: Running a full three-node "
     "cluster. Using managed Kubernetes from a cloud vendor.", {"three-node", "managed-kubernetes"}),
])
def test_alternatives_written_as_sentences_are_turned_down(text, rejected):
    got = one(text)
    names = "|".join(r.lower().replace(" ", "-") for r in got.rejects)
    assert all(r in names for r in rejected), got.to_json()


def test_an_alternatives_item_is_no_decision_of_its_own():  # a guard: main read this one already
    got = one("CI. Alternatives considered: GitLab CI: viable, but moving the repository is out of scope. Bamboo: "
              "licence costs. Decision: Use GitHub Actions.")
    assert got.subject == "GitHub Actions" and "licence costs" in (got.rationale or ""), got.to_json()
    assert slugs(got.rejects) == {"gitlab-ci", "bamboo"}, got.to_json()


def test_a_sentence_after_the_alternatives_that_goes_on_about_one_names_none():  # a guard, as above
    got = one("Monorepo. Alternatives considered: Lerna: unmaintained for a while. It would need a plugin for "
              "everything. Decision: Use npm workspaces.")
    assert [r.lower() for r in got.rejects] == ["lerna"], got.to_json()


@pytest.mark.parametrize("text", [
    # a change endorsed on a condition, put off to a later look, sent to a discussion or to an approval, or guessed
    "Move the docs from Jekyll to Hugo. Hugo builds in a second. I'm provisionally in favour, depending on whether the "
    "theme ports cleanly.",
    "Switch the runtime from Node to Deno. Deno has a permissions model. We're in no hurry here; perhaps sometime next "
    "year.",
    "Replace Jenkins with Drone. Drone is lighter. Since it changes how everyone deploys, we've opened an RFC to discuss "
    "it with the other teams.",
    "Relicense: MIT -> MPL 2.0. We would like to move to the MPL. We ask all contributors for their approval of this "
    "change.",
    "Switch from Webpack to Rspack. Rspack is faster. I guess we could switch once the plugin works.",
    "Adopt Bun for the scripts. Bun starts fast. Currently no plans to adopt it though.",
    "Move the cache to Dragonfly. Worth a look. Check again in a few months.",
    "Swap Celery for Dramatiq. Dramatiq is simpler, but it might cause more problems than it solves right now.",
])
def test_a_change_left_on_a_condition_or_for_later_stores_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, subject", [
    # precision guards: the same words around a change that is made
    ("Switch the queue from Redis to NATS. Redis streams lost messages under load. Merged; let us know if you see "
     "problems.", "NATS"),
    ("Use Ruff for linting. We ran the whole suite, pending nothing, and it passed.", "Ruff"),
])
def test_settled_changes_near_the_condition_words_stand(text, subject):
    got = heuristic(f"User: {text}\nAgent: Noted.")
    assert len(got) == 1 and subject.lower() in got[0].subject.lower(), [g.to_json() for g in got]


@pytest.mark.parametrize("text, why", [
    # what the change drops, called bad by its adjective or an aside, is why it goes
    ("Replaced the abandoned markdown2 renderer with mistune (#88)", "abandoned"),
    ("Replaced the toml package (unmaintained) usage with tomli", "unmaintained"),
])
def test_a_bad_word_on_what_a_change_drops_is_its_reason(text, why):
    assert why in (one(text).rationale or ""), one(text).to_json()


def test_old_and_crufty_turns_down_what_it_is_said_of():
    got = one("Move the docs to MkDocs. Sphinx is old and crufty.")
    assert "sphinx" in slugs(got.rejects), got.to_json()


@pytest.mark.parametrize("text, why", [
    # a reason said with a hedge or as one's own view, after the change
    ("Replace chrono with the time crate. I think this might help compile times a bit, since time has fewer features.",
     "compile times"),
    ("Rewrite the scraper with Playwright instead of Selenium. It would be a real boon to the flaky CI runs to use "
     "Playwright.", "flaky ci runs"),
    # … or before it
    ("Writing release notes by hand is a painful chore for me. No pull requests without a changelog entry will be merged.",
     "painful chore"),
    # a labelled reasons part, its items said in a word or two
    ("Switch from Jest to Vitest. There were three reasons for the switch: 1. Speed. Jest took minutes on the monorepo. "
     "2. ESM support.", "speed"),
    ("Switch the wiki to Docusaurus. The main reasons for this move: 1. Search. Confluence search misses pages.",
     "search;"),
    # the change said as a gerund, then what it does
    ("Replace Babel with SWC. Switching to SWC cuts the cold build from forty seconds to six.", "cold build"),
])
def test_hedged_reasons_labelled_reason_lists_and_effects_are_kept(text, why):
    assert why in (one(text).rationale or "").lower(), one(text).to_json()


@pytest.mark.parametrize("text", [
    # precision guards: a hedge that waits, a question, and thanks store nothing
    "Replace chrono with the time crate? I think this might help compile times a bit.",
    "Maybe move the wiki to Docusaurus. It would be a real boon to search, but we could revisit after the release.",
])
def test_hedged_reasons_do_not_make_a_proposal_a_decision(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, subject", [
    # a proposal settled in its own thread: the change announced for a release, a go-ahead, "Let's go with it!"
    ("Drop Ruby 2.7 support. Ruby 2.7 is past its end of life. I propose we drop it. Ruby 2.7 will be dropped in the "
     "next minor release!", "no Ruby 2.7"),
    ("Switch the docs host to Netlify. GitHub Pages cannot do redirects. I suggest we move to Netlify. Is that OK? "
     "sure, please go ahead", "Netlify"),
    ("Move the changelog to towncrier. Hand-written entries conflict on every merge. I propose we use towncrier. "
     "Looks fine to me. Let's go with it!", "towncrier"),
])
def test_a_proposal_settled_by_a_go_ahead_or_a_release_note_is_a_decision(text, subject):
    assert one(text).subject == subject, one(text).to_json()


@pytest.mark.parametrize("text", [
    # precision guards: "merging" that is not a go-ahead
    "Replace Flask with Quart? Merging is blocked until we decide.",
    "Use towncrier for the changelog. I propose we use it. Merging is blocked until the maintainers agree.",
])
def test_merging_said_of_something_else_settles_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, kind, words", [
    # what a project takes from contributors, said in a review, a guide or a thread
    ("Add a CONTRIBUTING note. We've decided not to accept pull requests that only reformat code.", "constraint",
     "reformat code"),
    ("Fix spacing. I don't accept whitespace-only PRs or bulk rename changes.", "constraint", "whitespace-only"),
    ("Pull requests that only bump versions are usually rejected.", "constraint", "bump versions"),
    ("We enforce that all commit messages should follow the Angular convention so that the release notes can be "
     "generated.", "constraint", "angular convention"),
    ("Nothing from AI code generators please, they invent APIs.", "constraint", "ai code generators"),
    ("Per project policy, unmaintained Python versions are not supported.", "constraint", "unmaintained python"),
    ("Run every script through shellcheck before opening a PR.", "constraint", "shellcheck"),
    ("Please avoid using emoji in commit messages unless the change is user-facing.", "preference", "emoji"),
    ("Code style: Please format your code using gofmt.", "preference", "gofmt"),
    ("Tests: Tests are welcome; please use pytest.", "preference", "pytest"),
])
def test_what_a_project_takes_from_contributors_is_a_rule(text, kind, words):
    got = one(text)
    assert got.kind == kind and words in got.description.lower(), got.to_json()


def test_a_refused_contribution_names_what_is_refused():
    got = one("Fix spacing. I don't accept whitespace-only PRs or bulk rename changes.")
    assert got.subject == "no whitespace-only PRs" and "accept" not in " ".join(got.rejects).lower(), got.to_json()


@pytest.mark.parametrize("text", [
    # precision guards: accepting a thing, a request about this change, a question
    "Thanks, we accept the patch; merging now.",
    "Do you accept pull requests that only fix typos?",
    "Please use the issue template when you report a bug?",
])
def test_acceptance_words_that_set_no_rule_store_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text", [
    # "requires that …", a negated or pronoun subject, "the PR this depends on": no component depends on anything
    "Something this small doesn't need to depend on a framework.",
    "The Apache charter requires that every contributor signs the CLA.",
    "The PR this depends on was closed.",
])
def test_a_need_said_of_no_component_is_no_dependency(text):
    assert [g for g in heuristic(f"User: {text}\nAgent: Noted.") if g.kind == "dependency"] == []


def test_a_component_that_depends_on_something_still_does():  # a guard
    got = one("The API gateway depends on Redis.")
    assert got.kind == "dependency" and got.subject == "API gateway", got.to_json()


@pytest.mark.parametrize("text, rejected", [
    ("We reject Kafka for the event bus because it is heavy to operate.", "kafka"),
    ("We rejected MongoDB after the load tests.", "mongodb"),
])
def test_we_reject_x_turns_x_down(text, rejected):
    got = one(text)
    assert got.kind == "decision" and rejected in slugs(got.rejects), got.to_json()


def test_go_capitalised_is_the_language_not_a_stopword():
    assert "Go" in one("Use Go for the CLI.").subject


@pytest.mark.parametrize("text, rules", [
    ("A pull request can be merged only if: 1. Tests pass on CI. 2. The code is formatted with black. 3. One maintainer "
     "approved it.", ["tests pass", "black", "maintainer"]),
    ("Release rules. Requirements for a release: 1. The changelog is updated. 2. The docs build without warnings.",
     ["changelog", "docs build"]),
])
def test_a_merge_gate_lists_one_rule_per_condition(text, rules):
    got = heuristic(f"User: {text}\nAgent: Noted.")
    assert [g.kind for g in got] == ["constraint"] * len(rules), [g.to_json() for g in got]
    assert all(w in g.description.lower() for w, g in zip(rules, got)), [g.to_json() for g in got]


@pytest.mark.parametrize("text, rejected", [
    # what a reason or a record's context speaks ill of, in more forms
    ("Migrate the docs to Zola. Hugo is becoming hard for us to maintain.", "hugo"),
    ("ADR 7. Context: Message buses add complexity too early. Decision: Use direct HTTP calls between the modules.",
     "message-buses"),
    ("Switch CI to Buildkite. CircleCI no longer runs our ARM jobs.", "circleci"),
    ("Move CI to GitHub Actions. The free Drone tier will end on May 1st.", "drone"),
    ("Migrate the tests to Vitest. It outperforms Jest on cold starts.", "jest"),
    # a name joined last before an aside
    ("Use ruff instead of flake8, pylint and isort (#812)", "isort"),
])
def test_more_forms_of_speaking_ill_name_what_is_turned_down(text, rejected):
    got = one(text)
    assert any(rejected in r for r in slugs(got.rejects)), got.to_json()


def test_a_changelog_saying_x_is_now_supported_is_a_decision():
    got = one("Ruby 3.3 is now supported.")
    assert got.kind == "decision" and got.subject == "Ruby 3.3", got.to_json()


def test_asking_whether_x_is_supported_is_no_decision():  # a guard
    assert heuristic("User: Is Ruby 3.3 now supported?\nAgent: Noted.") == []


def test_a_decision_line_keeps_its_purpose_to_provide():
    got = one("Decision: We will adopt Zustand to provide one small store per feature.")
    assert got.subject == "Zustand" and "to provide one small store" in (got.rationale or ""), got.to_json()


@pytest.mark.parametrize("text", [
    # a change to one of two targets chose neither
    "Replace moment with dayjs or luxon to cut the bundle. Moment is huge.",
    "Migrate the queue to RabbitMQ or NATS.",
])
def test_a_change_to_one_of_two_targets_chose_neither(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


def test_a_change_between_two_names_still_chose_one():  # a guard
    got = one("Switch from yarn to pnpm. pnpm is faster.")
    assert got.subject == "pnpm" and "yarn" in slugs(got.rejects), got.to_json()


def test_this_isnt_going_to_happen_turns_the_title_down():
    got = one("Switch the docs from Sphinx to MkDocs. I wanted to propose moving to MkDocs. Sorry, but this isn't going "
              "to happen. All our other projects use Sphinx and we won't port them.")
    assert got.subject == "no MkDocs" and "mkdocs" in slugs(got.rejects), got.to_json()


def test_this_is_done_reports_the_change_and_keeps_what_came_before_so_as_its_reason():
    got = one("Switch from Docker Hub to GHCR. We were forced to do this by the rate limits, so this is done and just "
              "needs to be documented.")
    assert got.subject == "GHCR" and "rate limits" in (got.rationale or ""), got.to_json()


@pytest.mark.parametrize("text, subject", [
    # a change said as how things are done now
    ("chore: remove the Ansible playbooks. Everything is now managed by Terraform.", "Terraform"),
    ("Changed: Log lines now go to stdout instead of a file.", "stdout"),
])
def test_what_things_are_now_managed_by_is_the_choice(text, subject):
    got = [g for g in heuristic(f"User: {text}\nAgent: Noted.") if g.kind == "decision"]
    assert [g.subject for g in got] == [subject], [g.to_json() for g in got]


def test_asking_what_things_are_managed_by_is_no_decision():  # a guard
    assert heuristic("User: Is everything now managed by Terraform?\nAgent: Noted.") == []


# --------------------------------------------- round 12 (issue 14): contrastive structure, "as" clauses, judgements
@pytest.mark.parametrize("text, why", [
    # "as" opening a clause is a reason, with or without a comma
    ("Switch the status badges to shields.io as badgen is shutting its service down.", "badgen is shutting"),
    ("Drop the Yarn plugin and use npm workspaces as there is no maintainer for the plugin left.", "no maintainer"),
    ("Move the nightly job to cron as it has fewer moving parts than the scheduler.", "fewer moving parts"),
])
def test_an_as_clause_gives_the_reason(text, why):
    assert why in (one(text).rationale or "").lower(), one(text).to_json()


@pytest.mark.parametrize("text", [
    "Use Caddy as the reverse proxy for the preview sites.",
    "Adopt Ruff as soon as it is able to sort imports.",
    "Use Vale as well as the spell checker for the docs.",
])
def test_as_before_a_role_or_in_a_time_phrase_is_no_reason(text):  # guards
    got = heuristic(f"User: {text}\nAgent: Noted.")
    assert all(not (g.rationale or "").lower().startswith("as ") for g in got), [g.to_json() for g in got]


@pytest.mark.parametrize("text, rejected", [
    # contrastive words and what the change removes the need for
    ("Use Flask for the admin app because its request model is simple (unlike Django).", "django"),
    ("Switch packaging to Nuitka. This obviates the need for PyInstaller on the build hosts.", "pyinstaller"),
    ("Switch to GitLab CI for the mirrors because we need to move from Jenkins given the upkeep of the agents.",
     "jenkins"),
    # a judgement: after a concession, an unneeded thing, a negated participle, a service closing
    ("Use Bun for scripts because npm works fine but is slow on the monorepo.", "npm"),
    ("We will keep settings in TOML files because Consul is an unnecessary dependency for a desktop tool.", "consul"),
    ("Switch the exports to NATS because RabbitMQ is not clustered in our setup.", "rabbitmq"),
    ("Switch the coverage upload to Codecov as Coveralls is closing its free tier.", "coveralls"),
])
def test_contrastive_and_judged_alternatives_are_turned_down(text, rejected):
    got = one(text)
    assert rejected in slugs(got.rejects), got.to_json()


def test_what_the_choice_removes_the_need_for_is_no_need():  # a guard
    got = one("Replace black and isort with ruff. ruff is much faster, and replaces the need for isort / black.")
    assert "need" not in slugs(got.rejects) and {"black", "isort"} <= slugs(got.rejects), got.to_json()


def test_praise_with_a_participle_is_no_judgement():  # a guard: "not" is what judges
    got = one("Use Caddy for the preview sites because Caddy is well tested and its TLS is automated.")
    assert not got.rejects, got.to_json()


def test_a_squash_merged_title_ends_on_its_pull_request_number():
    got = one("Switch from node-fetch to undici (#412) This drops the last polyfill from the bundle.")
    assert got.description.endswith("(#412)") and "last polyfill" in (got.rationale or ""), got.to_json()


def test_a_participle_after_a_preposition_is_no_change():
    got = heuristic("User: Change the Ktor version from 3.1 to 2.3 (#88) Ktor 3.1 is not supported by our Android "
                    "plugin, and builds break on methods marked by deprecated annotations.\nAgent: Noted.")
    assert [g.subject for g in got] == ["2.3"] and "not supported" in (got[0].rationale or ""), [g.to_json() for g in got]


# --------------------------------------------- round 13 (issue 14): how rules and policies are stated
def kinds_of(text: str) -> list[tuple[str, str]]:
    return [(g.kind, g.description) for g in heuristic(f"User: {text}\nAgent: Noted.")]


@pytest.mark.parametrize("text, kind", [
    # in a rules document, a modal of obligation after a noun phrase of any length: "should" asks, "must"/"should
    # only" requires
    ("Commit messages should follow the imperative mood.", "preference"),
    ("Every public class should carry a docstring.", "preference"),
    ("Each new endpoint should only be exposed behind the gateway.", "constraint"),
    ("Any plugin that opens a socket needs to document the port it uses.", "constraint"),
])
def test_a_rule_stated_with_a_modal_in_a_rules_document_is_a_memory(text, kind):
    got = one("Coding guidelines. " + text)
    assert got.kind == kind and got.description == text.rstrip("."), got.to_json()


def test_a_modal_in_a_thread_asks_for_something():  # a guard
    assert kinds_of("The export endpoint should return a 404 for unknown ids.") == []


@pytest.mark.parametrize("text", [
    "The nightly build should work again now.",
    "The flaky test should be fixed in the next release.",
    "Switching the cache backend should be easy enough.",
])
def test_what_a_thing_is_expected_to_do_is_no_rule(text):  # guards
    assert kinds_of(text) == []


def test_two_rules_on_one_subject_are_two_memories():
    got = kinds_of("Contributing. Commit messages should be written in English. Commit messages should reference an "
                   "issue number.")
    assert [d for _, d in got] == ["Commit messages should be written in English",
                                   "Commit messages should reference an issue number"], got


def test_one_rule_said_twice_is_one_memory():  # a guard
    got = kinds_of("Contributing. Pull requests should pass the linter before review. Pull requests should always pass "
                   "the linter first.")
    assert len(got) == 1, got


@pytest.mark.parametrize("text, kind", [
    ("All schema changes require sign-off from a second maintainer.", "constraint"),
    ("Maximum function length is 60 lines.", "constraint"),
    ("The minimum test coverage is 85 percent.", "constraint"),
    ("We strictly prohibit committing generated files to the repository.", "constraint"),
    # which versions a project supports is a decision of support
    ("We support the two most recent LTS releases of Ubuntu.", "decision"),
    ("Only the newest patch release is supported.", "decision"),
    ("Security patches are provided only for the current major line.", "decision"),
    # what the project says it uses or follows
    ("This library adheres to calendar versioning.", "decision"),
    ("The project uses trunk-based development.", "decision"),
])
def test_requirements_limits_bans_and_support_policies_are_read(text, kind):
    got = one(text)
    assert got.kind == kind and got.description == text.rstrip("."), got.to_json()


@pytest.mark.parametrize("text", [
    "Does the plugin support the latest release of Gradle?",
    "Is the minimum test coverage 85 percent?",
])
def test_asking_about_a_policy_is_no_policy(text):  # guards
    assert kinds_of(text) == []


@pytest.mark.parametrize("text, kind, said", [
    ("Style guide. Formatting: Use Prettier for every TypeScript file.", "preference",
     "Use Prettier for every TypeScript file"),
    ("Supported platforms: Only the latest Android release is supported.", "decision",
     "Only the latest Android release is supported"),
    ("When you send a patch, keep to the rules below: The maximum line length is 88 characters.", "constraint",
     "The maximum line length is 88 characters"),
])
def test_a_rule_under_a_label_or_a_lead_in_is_read_without_it(text, kind, said):
    got = one(text)
    assert got.kind == kind and got.description == said, got.to_json()


def test_the_imperatives_of_a_rules_document_are_its_rules():
    got = kinds_of("Contributing. Run the formatter before you open a pull request. Write one test for each bug you fix. "
                   "Do not vendor third-party code.")
    assert got == [("preference", "Run the formatter before you open a pull request"),
                   ("preference", "Write one test for each bug you fix"),
                   ("constraint", "Do not vendor third-party code")], got


def test_tasks_under_a_title_that_adds_a_policy_are_no_rules():  # a guard
    got = kinds_of("Implement the logging policy. Now we need to: Document this. Test it in CI.")
    assert not any(d in ("Document this", "Test it in CI") for _, d in got), got


def test_asking_to_follow_the_guidelines_is_no_rule_of_its_own():  # a guard
    got = kinds_of("Style guide. Please follow the rules below when you contribute. Always use four spaces.")
    assert got == [("preference", "Always use four spaces")], got


@pytest.mark.parametrize("text, subject, rejected", [
    ("Raise the minimum Elixir version to 1.15.", "Elixir 1.15", None),
    ("This bumps the minimum Node version from 18 to 20.", "Node 20", "node-18"),
    ("package.json: Require pnpm 9", None, None),
])
def test_a_raised_floor_is_a_decision(text, subject, rejected):
    got = one(text)
    assert got.kind in ("decision", "constraint") and (subject is None or got.subject == subject), got.to_json()
    assert rejected is None or rejected in slugs(got.rejects), got.to_json()


@pytest.mark.parametrize("text", [
    "Decide whether to drop the Windows installer. It has few users.",
    "Switch the monorepo to Bazel. This should probably be discussed with the infra team first.",
])
def test_a_question_to_decide_or_a_discussion_still_to_have_stores_nothing(text):
    assert kinds_of(text) == []


def test_a_floor_raised_in_the_body_names_the_new_floor_and_what_it_leaves():
    got = one("Drop Elixir 1.13 support. Summary: Bumps the minimum Elixir version from 1.13 to 1.14 in mix.exs.")
    assert got.subject == "Elixir 1.14" and "elixir-1.13" in slugs(got.rejects), got.to_json()


def test_a_rename_with_its_reason_chooses_the_new_name_and_leaves_the_old_one():
    got = one("Rename the `fetchAll` helper to `loadAll` because the server package already uses that name.")
    assert got.kind == "decision" and got.subject == "loadAll" and "fetchall-helper" in slugs(got.rejects), got.to_json()


@pytest.mark.parametrize("text", ["Rename this issue to something clearer.", "Rename the counter to total_rows please"])
def test_a_bare_rename_asked_of_the_agent_or_of_the_tracker_is_no_decision(text):  # guards
    assert kinds_of(text) == []


@pytest.mark.parametrize("text, said", [
    ("Private registries become the default source for internal packages.", "become the default"),
    ("We migrate the job runner fully to Temporal. Temporal gives us retries for free.", "temporal"),
])
def test_a_new_default_and_a_move_said_in_the_present_are_decisions(text, said):
    got = one(text)
    assert got.kind == "decision" and said in got.description.lower(), got.to_json()


@pytest.mark.parametrize("text, turned", [
    ("Add a macOS build? Would be great to have it for my laptop. Sorry, there will be no macOS build, as explained "
     "in the FAQ.", "macos-build"),
])
def test_there_will_be_no_x_turns_the_request_down(text, turned):
    got = one(text)
    assert got.subject.startswith("no ") and turned in slugs(got.rejects) | {_s for _s in slugs([got.subject[3:]])}, \
        got.to_json()


def test_a_labelled_reason_of_any_sort_is_the_reason():
    got = one("Pin the protobuf runtime to 4.25. Pinning reason: the 5.x wheels break our generated stubs.")
    assert "break our generated stubs" in (got.rationale or ""), got.to_json()


def test_a_sanction_a_rule_sets_for_a_class_of_things_withdraws_nothing():
    got = kinds_of("Contribution rules. We do not accept pull requests generated by chatbots. Any pull request found to "
                   "contain generated code will be closed.")
    assert got and got[0] == ("constraint", "We do not accept pull requests generated by chatbots"), got


def test_this_pull_request_will_be_closed_still_withdraws_it():  # a guard
    assert kinds_of("Switch the docs to MkDocs. This will probably be closed, the maintainers prefer Sphinx.") == []


def test_when_x_please_y_in_a_rules_document_is_a_rule():
    got = kinds_of("Contributing. Always open an issue before a large change. When your change touches the schema, "
                   "please add a migration note to the changelog.")
    assert ("preference", "When your change touches the schema, please add a migration note to the changelog") in got, got


def test_a_rule_after_a_preference_on_the_same_subject_is_its_own_memory():
    got = kinds_of("Contributing. Always use pull requests for changes to main. Pull requests should only be merged "
                   "after two approvals.")
    assert len(got) == 2 and got[1][0] == "constraint", got


@pytest.mark.parametrize("text", [
    "We have now enabled branch protection on the main branch.",
    "Return an error instead of panicking. A library should never take the process down.",
])
def test_a_setting_turned_on_and_a_practice_instead_of_another_are_memories(text):
    assert len(kinds_of(text)) == 1


def test_turning_a_setting_on_in_a_bug_report_is_no_decision():  # a guard
    assert kinds_of("I enabled debug logging and now the server fails to start.") == []


@pytest.mark.parametrize("text, subject", [
    # a verb the negation's list does not know, followed by an article: the memory is named by its object
    ("render_problem_details must never include the stack trace in production responses.", "no stack trace"),
    ("The gateway must never forward the session cookie to upstream services.", "no session cookie"),
    # the verbs it knew keep their names
    ("Never import pyOpenSSL directly.", "no pyOpenSSL"),
])
def test_a_rule_against_doing_something_is_named_by_what_it_is_done_to(text, subject):
    got = one(text)
    assert got.kind in ("constraint", "preference") and got.subject == subject, got.to_json()
    assert got.rejects == [subject.removeprefix("no ")], got.to_json()


# User trial 9 (serde-rs/json over MCP): "No, let's not pull in simd-json" was stored as a rejection of a package
# named "pull", or (after "No,") not at all; "let's not use Redis" rejected nothing.
@pytest.mark.parametrize("text, subject, rejected", [
    ("Let's not pull in simd-json, it needs unsafe SIMD code per target.", "no simd-json", "simd-json"),
    ("No, let's not pull in simd-json. It needs unsafe SIMD code per target.", "no simd-json", "simd-json"),
    ("Let's not bring in tokio, it is too heavy for a library.", "no tokio", "tokio"),
    ("Let's not use Redis here.", "no Redis", "redis"),
    ("Nope, let's not add lodash.", "no lodash", "lodash"),
    ("We should not depend on openssl, because it breaks static builds.", "no openssl", "openssl"),
])
def test_not_taking_a_package_on_turns_down_the_package_not_the_verb(text, subject, rejected):
    got = one(text)
    assert got.subject == subject and rejected in slugs(got.rejects), got.to_json()
    assert not slugs(got.rejects) & {"pull", "bring", "use", "add", "depend"}, got.to_json()


def test_the_reason_after_a_no_stays_the_reason():
    got = one("No, let's not pull in simd-json. It needs unsafe SIMD code per target and a mutable input buffer.")
    assert "mutable input buffer" in (got.rationale or ""), got.to_json()


# --------------------------------------------- round 14 (issue 14): sets 15 and 16's failures by cause
# Sentences written for these tests (none is in tests/memory/data/real); each form is one a failure of sets 15 or 16
# showed, stated in other words and on other things.

@pytest.mark.parametrize("text, count", [
    # a rules document by its title, plural or named by a language ("Style Guides", "Kotlin Style")
    ("Style Guides. Indentation should be two spaces. Class names should use PascalCase. Never commit secrets.", 3),
    ("Kotlin Style. Prefer val over var. Never use the double-bang operator. Keep functions under forty lines.", 3),
    # a rules document with no rules title: most of what it says is imperatives
    ("Working on this repo. Keep handlers small. Log with structured fields. Wrap errors with context. "
     "Name tests after behaviour.", 4),
])
def test_a_rules_document_is_known_by_its_title_or_by_what_it_is_made_of(text, count):
    assert len(kinds_of(text)) == count, kinds_of(text)


def test_two_imperatives_do_not_make_a_thread_a_rules_document():  # a guard
    assert kinds_of("Flaky upload test. Run it twice and it passes. Check the CI logs for the timeout. "
                    "I think the runner is slow today.") == []


@pytest.mark.parametrize("text, said", [
    # how things are done there, in the present, is the rule of a rules document
    ("Contributing. Packages are managed using uv. Code is linted with Ruff. Docstrings conform to the NumPy style.",
     ["Packages are managed using uv", "Code is linted with Ruff", "Docstrings conform to the NumPy style"]),
    ("Coding conventions. All handlers are async. Every module declares its public names in its index.",
     ["All handlers are async", "Every module declares its public names in its index"]),
    ("Contributing. Layout: 2 spaces are used for indentation. There should be a blank line after each import block.",
     ["2 spaces are used for indentation", "There should be a blank line after each import block"]),
])
def test_present_tense_statements_are_the_rules_of_a_rules_document(text, said):
    got = [d for _, d in kinds_of(text)]
    assert got == said, got


def test_a_present_tense_statement_outside_a_rules_document_is_no_rule():  # a guard
    assert kinds_of("Packages are managed using uv. I ran the installer twice and it hangs on Windows.") == []


@pytest.mark.parametrize("text, first, second", [
    # "etc." ends a sentence when a rule's imperative follows; a letter after a slash is no initial
    ("Style guide. Use small modules for helpers, constants, etc. Always use tabs for indentation.",
     "Use small modules for helpers, constants, etc", "Always use tabs for indentation"),
    ("Style guide. Put deadlines on all network I/O. Log with structured fields.",
     "Put deadlines on all network I/O", "Log with structured fields"),
    # a lowercase imperative of a rule opens a sentence
    ("Coding convention. All services must be stateless. use `Result` for every fallible call.",
     "All services must be stateless", "use Result for every fallible call"),
])
def test_rules_written_one_after_another_are_separate_memories(text, first, second):
    got = [d for _, d in kinds_of(text)]
    assert got == [first, second], got


@pytest.mark.parametrize("text, chosen, rejected", [
    # a title saying what is done instead of what, whatever its verb (or with none)
    ("Abort instead of silently truncating oversized frames", "abort", "silently truncating"),
    ("Buildkite pipelines instead of Jenkins", "buildkite-pipelines", "jenkins"),
    ("[Parser] Emit a warning rather than raising on unknown keys", "warning", "raising"),
])
def test_a_title_saying_what_is_done_instead_of_what_is_a_choice(text, chosen, rejected):
    got = one(text)
    assert got.kind == "decision" and chosen in _slug_of(got.subject), got.to_json()
    assert any(rejected.replace(" ", "-") in r for r in slugs(got.rejects)), got.to_json()


@pytest.mark.parametrize("text", [
    "Should we emit a warning instead of raising on unknown keys?",
    "Maybe abort instead of truncating oversized frames",
])
def test_a_question_or_a_hedge_saying_instead_of_stores_nothing(text):  # guards
    assert kinds_of(text) == []


def _slug_of(x: str) -> str:
    return x.lower().replace(" ", "-")


def test_one_of_two_joined_gerunds_is_no_name():  # a guard: "writing and maintaining raw SQL" names no "writing"
    got = one("Use an ORM instead of writing and maintaining hand-rolled SQL.")
    assert "writing" not in slugs(got.rejects), got.to_json()


@pytest.mark.parametrize("text, chosen, rejected", [
    ("We switched the docs build of the plugins from Sphinx to MkDocs.", "mkdocs", "sphinx"),
    ("Switch from Jest as the default unit test runner to Vitest.", "vitest", "jest"),
    ("Convert the CLI from optparse into click.", "click", "optparse"),
])
def test_from_x_to_y_with_more_words_around(text, chosen, rejected):
    got = one(text)
    assert _slug_of(got.subject) == chosen and rejected in slugs(got.rejects), got.to_json()


@pytest.mark.parametrize("text, chosen, rejected", [
    ("Remove Bower. Remove Bower and start using npm for the front-end packages.", "npm", "bower"),
    ("Drop Moment. We're using date-fns now!", "date-fns", "moment"),
    ("Remove the Travis config, it is unused. Use GitHub Actions instead.", "github-actions", "travis-config"),
])
def test_a_drop_and_the_choice_said_with_it_are_one_change(text, chosen, rejected):
    got = one(text)
    assert chosen in _slug_of(got.subject) and any(rejected in r for r in slugs(got.rejects)), got.to_json()


def test_a_drop_followed_by_another_change_stays_two():  # a guard
    got = kinds_of("Support for Ruby 2.7 has been removed. Rails 7 is now supported.")
    assert len(got) == 2, got


@pytest.mark.parametrize("text", [
    "Use Poetry. Pipenv is not maintained anymore, let's drop it.",
    "Remove the polyfill package. structuredClone is now built into every supported browser.",
])
def test_a_judgement_of_what_goes_justifies_a_bare_title(text):
    assert len(kinds_of(text)) == 1, kinds_of(text)


def test_lets_drop_it_opening_its_sentence_still_withdraws():  # a guard
    assert kinds_of("Switch the wiki to Docusaurus. On second thought the team is busy. Let's drop it.") == []


@pytest.mark.parametrize("text", [
    "Migrate from Gulp to Vite. Have you thought about migrating to Vite? We have no plan to do that.",
    "Replace Mocha with Jest. Jest is faster. Is anyone still working on this? There isn't much value in changing "
    "the tests now. Closing.",
    "Add a Helm chart. This PR adds a chart for the operator. Thanks for the PR, but we deploy with Kustomize only.",
])
def test_a_thread_that_turns_the_change_down_stores_the_turn_down(text):
    got = one(text)
    assert got.kind == "decision" and got.subject.startswith("no "), got.to_json()


@pytest.mark.parametrize("text, word", [
    ("Bound worker memory. This PR sets memory limits on the three workers, so one runaway job cannot starve the host.",
     "memory limits"),
    ("Add strict type checking. This PR adds type annotations to the public API and runs pyright in CI.", "pyright"),
])
def test_a_pull_request_reporting_what_it_adds_or_sets_is_a_change(text, word):
    assert any(word in d for _, d in kinds_of(text)), kinds_of(text)


@pytest.mark.parametrize("text", [
    "Split the monolith. We originally decided to keep one repository because releases were simpler. "
    "I am not sure it still holds.",
    "Storage. At the beginning of the project, we chose to keep everything in memory.",
])
def test_a_decision_told_as_history_is_no_fact(text):
    assert all("originally" not in d and "beginning" not in d for _, d in kinds_of(text)), kinds_of(text)


def test_it_would_be_interesting_is_a_proposal():
    assert kinds_of("Migrate to Bevy. Hi, it would be interesting to migrate the renderer to Bevy.") == []


@pytest.mark.parametrize("text, kind", [
    ("Contributing. Pull requests that break the build will not be reviewed.", "constraint"),
    ("Guidelines: Type hints on public functions are encouraged.", "preference"),
])
def test_sanctions_and_encouragements_are_rules(text, kind):
    got = kinds_of(text)
    assert got and got[-1][0] == kind, got


# --------------------------------------------- round 15 (issue 14): set 17's failures by cause
# Sentences written for these tests (none is in tests/memory/data/real); each form is one a failure of set 17 showed,
# stated in other words and on other things.

def _one_of(text: str):
    got = heuristic(f"User: {text}\nAgent: Noted.")
    assert len(got) == 1, [g.to_json() for g in got]
    return got[0]


@pytest.mark.parametrize("text, why", [
    # a thread's reply opens with whom it answers; the answer to "What was the motivation …?" is the reason
    ("Convert the site from Jekyll to Hugo. What was the motivation for this change? @alice it means that contributors "
     "no longer have to install Ruby to build the docs.", "install ruby"),
    # a purpose infinitive before the clause it explains, with a comma or between dashes
    ("To encourage outside contributions, we want to relicense under the Apache License.", "encourage outside"),
    ("Relicense to MIT. To encourage broader adoption — especially by companies with strict policies — we want to "
     "relicense under MIT.", "broader adoption"),
    # the change said again as a gerund, then what it will do (a present-state word does not make it chatter)
    ("Switch to Meson. Switching to Meson will greatly simplify the build, which is slow and confusing right now.",
     "simplify the build"),
    # "This addresses …", "This is to …" after a change or a rule
    ("Migrate from CircleCI to GitHub Actions. This addresses the CircleCI credit limit we keep hitting.",
     "credit limit"),
    # a purpose said with an adjective of quality, and "as part of the … migration"
    ("Kotlin style. Formatting: ktfmt is mandatory for consistent formatting. Use trailing commas in multiline "
     "declarations.", "consistent formatting"),
    ("Relicense the SDK under MIT as part of the company-wide licensing cleanup.", "company-wide licensing cleanup"),
])
def test_round15_the_reason_is_kept(text, why):
    got = [g for g in heuristic(f"User: {text}\nAgent: Noted.") if g.kind in ("decision", "preference", "constraint")]
    assert any(why in (g.rationale or "").lower() for g in got), [g.to_json() for g in got]


def test_round15_this_is_to_explains_the_rule_before_it():
    got = _one_of("Contributing. Contributions of every size are welcome here, from typo fixes to whole new subsystems. "
                  "For small fixes, such as typos in comments and other minor changes, just open a pull request "
                  "directly. For larger changes, an issue should be opened first. This is to confirm the change is "
                  "wanted, some guidance is given on the design and to avoid duplicated work.")
    assert "avoid duplicated work" in (got.rationale or ""), got.to_json()


def test_round15_a_records_positive_consequences_are_its_reason():
    got = _one_of("ADR-0007: Job queue. Status: Accepted. Context: We need durable jobs. The first draft proposed Redis "
                  "streams. Decision: Use Postgres for the job queue instead of Redis streams. Consequences: Positive: "
                  "One less service to operate. Negative: More load on the primary database.")
    assert "one less service" in (got.rationale or "").lower(), got.to_json()
    assert "more load" not in (got.rationale or "").lower(), got.to_json()


@pytest.mark.parametrize("text, rejected", [
    # "no longer (be) supporting / ship / maintain X"
    ("Update the browser list. As a team, we have decided that we will no longer be supporting Safari 14 on the site.",
     "safari-14"),
    ("We will no longer ship a Windows installer, but instead publish a zip archive.", "windows-installer"),
    # code names: quoted, dunder
    ("Use SFINAE instead of 'enable_if' guards because of MSVC.", "enable_if-guards"),
    ("Use __slots__ instead of __dict__ on the hot classes.", "__dict__"),
    # what is used now, said with "currently" or "still"
    ("Relicense under Apache-2.0. I see that we have this under LGPL currently.", "lgpl"),
    ("Relicense to MIT. This repository is still on Apache-2.0 and has to follow the company.", "apache-2.0"),
    # a reason that calls what goes poor, or says it causes problems
    ("Migrate to Gradle. Since Ant has such a poor dependency story I have decided to migrate the build to Gradle.",
     "ant"),
    ("Use Stack for builds. Cabal has been causing us lots of problems.", "cabal"),
    # a record's alternative named in a few words before its colon
    ("ADR 004: Sessions in Redis. Status: Accepted. Decision: We will keep sessions in Redis. Alternatives "
     "Considered: Signed cookies in the browser: Limits session size, makes revocation, rotation, and audits hard. "
     "Database table: Extra load on the primary.", "signed-cookies-in-the-browser"),
    # a step list: the drop after the choice is what the choice replaces
    ("Switch to Vite. Drop webpack. Add the Vite config. Update imports.", "webpack"),
])
def test_round15_what_is_turned_down_is_kept(text, rejected):
    got = _one_of(text)
    assert rejected in {r.lower().replace(" ", "-") for r in got.rejects + got.forbids}, got.to_json()


def test_round15_a_dunder_name_keeps_its_underscores():
    assert _one_of("Use __slots__ instead of __dict__ on the hot classes.").subject == "__slots__"


def test_round15_alternative_names_are_not_the_items_of_their_description():  # a guard
    got = _one_of("ADR 004: Sessions in Redis. Status: Accepted. Decision: We will keep sessions in Redis. "
                  "Alternatives Considered: Signed cookies in the browser: Limits session size, makes revocation, "
                  "rotation, and audits hard.")
    assert not {"rotation", "audits-hard"} & {r.lower().replace(" ", "-") for r in got.rejects}, got.to_json()


@pytest.mark.parametrize("text", [
    # a deferral or a plan after the change
    "Switch from Gulp to Vite. We tried the migration. Was not worth it yet. Several plugins have no Vite equivalent. "
    "Closing.",
    "Drop Node 18. Drop Node 18 from the test matrix. Closing this out to be reopened when we need it!",
    "Move the reports to ClickHouse. ClickHouse is much faster for aggregates. Closing this as currently we cannot do "
    "this. It can be discussed during the next planning.",
    "Replace Moment with Luxon. Luxon is smaller and immutable. Ok. Let me look into it.",
    "Remove the legacy page. I recommend we remove this page, leaving the new guide. Will do so in a few days if no "
    "objection.",
    # a hedge that keeps the title open
    "Replace Gulp with Vite. (Tentative) Replace Gulp with Vite to speed up local builds.",
    "Adopt thiserror. Most crates use thiserror for error types now. We should probably adopt it too.",
    "Switch to Poetry. See if Poetry is more suitable than pip-tools.",
    "consider: MkDocs as documentation framework. Convert the Sphinx site in docs into an equivalent MkDocs site.",
    "Switch to C++20. The issue is that we support distributions that ship older compilers. So it's not a great idea "
    "to just bump the standard.",
    # round 16: a future task, a stretch goal, "we still have to wait a little bit"; options named, none chosen
    "Replace Redis with Memcached. Future task, but standardizing on Memcached would be nice. We opted to move this to "
    "a stretch goal for the next release.",
    "Switch the docs from reST to Markdown. Now that MyST exists, it should be easier to do. Apparently we should still "
    "have to wait a little bit",
    "Use Bun or Deno to speed up the scripts. We want faster scripts and a more modern toolchain.",
    "Use semicolons or not. [Insert suggestion]",  # (a guard: main stores nothing either)
])
def test_round15_a_deferral_plan_or_hedge_stores_nothing(text):
    assert kinds_of(text) == [], kinds_of(text)


@pytest.mark.parametrize("text, kept, turned", [
    ("chore: migrating from mocha to vitest. Replacing mocha with vitest did not pay off, mocha runs faster here. "
     "At the moment we have no reasons to migrate.", "mocha", "vitest"),
    ("Replace Gson with Moshi. Moshi has better Kotlin support. It is not ready yet. After some consideration we've "
     "decided to leave Gson.", "gson", "moshi"),
    # round 16: "Not using X because Y", "decided not to move to X, but to stay with Y"
    ("feat: move the monorepo from yarn to Bun, tidy packages. it's faster for workspaces. @ana is this still needed? "
     "Nope, I'm closing this! Not using Bun because somehow it breaks our native addons lol", "not using bun", "bun"),
    ("Move the docs to Hugo. Move from Jekyll to Hugo. Ultimately I decided not to move to Hugo, but to stay with "
     "Jekyll. Hugo just turned out to be harder to theme than expected.", "stay with jekyll", "hugo"),
])
def test_round15_a_thread_that_keeps_what_it_has_turns_the_change_down(text, kept, turned):
    got = _one_of(text)
    assert got.subject.lower().startswith("no ") and kept in got.description.lower(), got.to_json()
    assert turned in {r.lower() for r in got.rejects}, got.to_json()


@pytest.mark.parametrize("text, chosen", [
    # whole-sentence assents answer "Any objections …?"
    ("Move the wiki to Docusaurus. @ana - the wiki is on MediaWiki currently. Any objections to me moving it to "
     "Docusaurus? @raj no objections from me. I'm fine with this too.", "docusaurus"),
    # "Migration X to Y" titles
    ("Migration Travis to GitHub Actions. Travis is outdated and needs to be migrated to GitHub Actions.",
     "github-actions"),
])
def test_round15_outcomes_and_noun_titles(text, chosen):
    got = _one_of(text)
    assert _slug_of(got.subject) == chosen and got.rejects, got.to_json()


def test_round15_assents_are_no_reason():
    got = _one_of("Move the wiki to Docusaurus. @ana - the wiki is on MediaWiki currently. Any objections to me "
                  "moving it to Docusaurus? @raj no objections from me. I'm fine with this too.")
    assert "objection" not in (got.rationale or "").lower() and "fine with" not in (got.rationale or ""), got.to_json()


@pytest.mark.parametrize("text", [
    # guards: "don't provide", a modal after a gerund, a verb after "Switch"
    "We do not have any automation based on commit messages, so conventional commit tags don't provide any value here.",
    "Replacing shouldn't be terribly difficult (famous last words).",
    "To reproduce, run the tests with Python 3.12.",
])
def test_round15_guards_store_nothing(text):
    assert kinds_of(text) == [], kinds_of(text)


def test_round15_switch_x_to_use_y_is_no_migration_noun():  # a guard
    got = _one_of("Switch the API server to use FastAPI. FastAPI validates requests from the type hints.")
    assert "server" not in " ".join(got.rejects).lower(), got.to_json()


def test_round15_a_drop_after_an_addition_stays_its_own():  # a guard: only a change's step list is one change
    got = heuristic("User: Add Babel. Drop IE 11 support.\nAgent: Noted.")
    assert any(g.subject == "no IE 11" and g.rejects == ["IE 11"] for g in got), [g.to_json() for g in got]


@pytest.mark.parametrize("text, why", [
    # the change said again with a judgement of what it leaves, after other statements took the reason
    ("Migration Travis to GitHub Actions. GitHub Actions is a CI service built into GitHub. It runs workflows on every "
     "push. Travis is outdated and needs to be migrated to GitHub Actions.", "outdated"),
    # "This addresses …" after a commit's steps points back at the commit's change
    ("Migrate the build from Travis to GitHub Actions (#311). Replace the travis badge with the actions badge. Update "
     "the deploy URLs to the Actions endpoints. This addresses the Travis credit sunset in May.", "credit sunset"),
    # a leading purpose whose aside holds commas and versions
    ("chore(license): change the license from GPL-3.0 to MIT. The project is currently licensed under GPL-3.0. To "
     "encourage broader adoption — especially by companies with permissive licenses (MIT, BSD, Apache-2.0) — we want "
     "to relicense under MIT.", "encourage broader adoption"),
])
def test_round15_reasons_said_around_the_change(text, why):
    got = _one_of(text)
    assert why in (got.rationale or "").lower(), got.to_json()


def test_round15_what_the_project_expects_is_a_rule():
    got = _one_of("Contributing. If you change dependencies, please run the installer. This repository expects a "
                  "lockfile for reproducible builds.")
    assert got.kind == "constraint" and "lockfile" in got.description, got.to_json()
    assert "reproducible builds" in (got.rationale or ""), got.to_json()


@pytest.mark.parametrize("text", [
    "Replace Bower. This commit removes Bower from the front-end build entirely. It uses npm instead. Bower has been "
    "causing us lots of problems.",
])
def test_round15_a_bare_replace_names_its_replacement_later(text):
    got = _one_of(text)
    assert got.subject == "npm" and "Bower" in got.rejects, got.to_json()


def test_round15_this_should_not_be_too_bad_is_no_rule():
    got = _one_of("Move the reports to ClickHouse. ClickHouse is much faster for aggregates. This should not be too bad, "
                  "since we have very few custom queries.")
    assert got.kind == "decision" and got.subject == "ClickHouse", got.to_json()


# ---------------------------------------------------------------- round 16 (set 18's failure classes, own sentences)

@pytest.mark.parametrize("text, chosen", [
    # a decision reported as "the decision has been made to …", "Decision is to …", after a question or a wish
    ("Offer plain YAML manifests as an alternative to the Helm chart. It would be nice to have plain manifests for "
     "kustomize users. I'm closing this issue because the decision has been made to use Helm for all future releases.",
     "helm"),
    ("Replace Ant with Maven. Do we want to show Maven or keep the old way? Decision is to move this repo to Maven.",
     "maven"),
])
def test_round16_a_decision_reported_as_made(text, chosen):
    got = _one_of(text)
    assert got.kind == "decision" and _slug_of(got.subject) == chosen, got.to_json()


def test_round16_a_guess_and_an_opinion_in_favour_decide_nothing():
    got = _one_of("Replace Ant with Maven. Do we want to show Maven or keep the old way? I can imagine we'll have to "
                  "keep Ant for a while, so I'd personally be in favour of showing both. Decision is to move this repo "
                  "to Maven.")
    assert got.subject == "Maven" and "Ant" in got.rejects, got.to_json()


@pytest.mark.parametrize("text, why", [
    # a leading rule followed
    ("Drop support for Node 16. Keeping with the active LTS policy, we should upgrade to Node 18 as the minimum "
     "version.", "active lts policy"),
    # the change said again as a gerund, then what it does now
    ("Use Traefik instead of HAProxy. Using Traefik reduces configuration overhead and removes the need for a separate "
     "certificate renewal job.", "configuration overhead"),
    # "so much so that" is no purpose: what comes before it is why
    ("Move from Travis to CircleCI. I recently moved my team from one to the other and the caching of CircleCI is "
     "excellent, so much so that I'm going to move things over here too.", "caching of circleci"),
    # "By VERBing X, we make sure that Y": Y is why
    ("fix(ci): Use Alpine instead of Debian (#812). By changing our base to alpine/base, we make sure that our image "
     "stays below 50 MB.", "below 50 mb"),
    # a lowercase gerund sentence after a commit's change
    ("use tomllib instead of toml to parse configs. requiring toml 0.10 causes conflicts with e.g. poetry",
     "causes conflicts"),
    # a leading absolute construction
    ("With Sphinx now being too slow for our two thousand pages, we will switch the docs to MkDocs.", "too slow"),
])
def test_round16_reasons_in_more_forms(text, why):
    got = _one_of(text)
    assert why in (got.rationale or "").lower(), got.to_json()


def test_round16_a_gerund_effect_is_no_second_decision():
    got = _one_of("store ids as Uuid instead of String. Switching to `uuid::Uuid` makes the row plain old data.")
    assert "plain old data" in (got.rationale or ""), got.to_json()


@pytest.mark.parametrize("text, chosen, dropped", [
    ("Replace the HTTP client from requests to httpx.", "httpx", "requests"),
    ("Replace our logging library from logrus to zap.", "zap", "logrus"),
])
def test_round16_replace_the_role_from_x_to_y(text, chosen, dropped):
    got = _one_of(text)
    assert got.subject == chosen and got.rejects == [dropped], got.to_json()


def test_round16_deprecated_in_favour_of_still_reads():  # a guard for the opinion reading of "in favour of"
    got = _one_of("Deprecate the `spawn()` helper in favour of `std::thread::spawn`.")
    assert got.kind == "decision", got.to_json()


def test_round16_a_noun_title_named_as_the_target_below():
    got = _one_of("Kotlin migration. Moving from Java to Kotlin will remove whole classes of null bugs.")
    assert got.subject == "Kotlin" and got.rejects == ["Java"] and "null bugs" in (got.rationale or ""), got.to_json()
    # a guard: a noun title the text does not name as a target stays a noun
    assert all(g.subject != "Data" for g in heuristic("User: Data migration. We need to move the rows before Friday.\n"
                                                        "Agent: Noted."))


def test_round16_an_offer_to_do_the_work_reopens_nothing():
    got = _one_of("Migrate to Bazel. Make is too slow, it's time to go for Bazel. I would like to work on this issue")
    assert got.subject == "Bazel" and "too slow" in (got.rationale or ""), got.to_json()


@pytest.mark.parametrize("text, said", [
    # what a change is for, and a migration reported complete, are no facts of their own (nor names of what goes)
    ("Tighten the contributor guide. These changes are meant to answer some common questions I've seen during review. "
     "I've also removed the exception for tabs since there is no reason to mix indentation.", "meant to"),
    ("Move the site to Astro. Done: the Astro migration is complete and `src/legacy.js` has been retired (300 → 0 "
     "lines).", "complete"),
    # "This will especially help when we move to …" says what the change helps
    ("Use pnpm. We faced stability issues with npm. Let's move to pnpm. This will especially help when we move to a "
     "monorepo later.", "especially help"),
])
def test_round16_purpose_and_completion_are_no_fact_of_their_own(text, said):
    got = heuristic(f"User: {text}\nAgent: Noted.")
    assert len(got) == 1, [g.to_json() for g in got]
    assert said not in got[0].description and said not in " ".join(got[0].rejects), got[0].to_json()


def test_round16_the_first_of_the_following_reasons_is_kept():
    got = _one_of("Decision: We chose Vitest for the following reasons: Speed & ESM Support; No Babel config required; "
                  "Official Vite team recommendation.")
    assert got.subject == "Vitest" and (got.rationale or "").startswith("Speed & ESM"), got.to_json()


# Round 17: changes of mind in the other languages the capture sets use, read by each language's frames (the verb of
# replacing, switching, removing or using-instead with its two arguments), its reason connectives and a record's
# "rejected" verdicts (lore.memory.multilingual).
@pytest.mark.parametrize("text, chosen, dropped, why", [
    ("Remplacer Webpack par Vite. Parce que les builds prennent quatre minutes.", "Vite", ["Webpack"], "quatre minutes"),
    ("Nous utilisons Postgres au lieu de MySQL car le DDL est transactionnel.", "Postgres", ["MySQL"], "transactionnel"),
    ("Reemplazar Moment por Day.js. Ya que Moment está en modo mantenimiento.", "Day.js", ["Moment"], "mantenimiento"),
    ("Migrar de Jenkins a Drone, debido a los costes de mantener los agentes.", "Drone", ["Jenkins"], "costes"),
    ("Substituir Yarn por pnpm porque o disco do CI enche com node_modules.", "pnpm", ["Yarn"], "disco"),
    ("Sostituire Gulp con esbuild perché la build è troppo lenta.", "esbuild", ["Gulp"], "lenta"),
    ("Wir ersetzen Jackson durch Gson, weil Jackson zu viele Abhängigkeiten mitbringt.", "Gson", ["Jackson"],
     "abhängigkeiten"),
    ("Wechsel von Travis zu GitHub Actions. Travis ist für Open Source nicht mehr kostenlos.", "GitHub Actions",
     ["Travis"], "kostenlos"),
    ("从 Gradle 迁移到 Bazel。因为增量构建太慢了。", "Bazel", ["Gradle"], "增量构建"),
    ("Express から Fastify に移行します。Express は遅いため。", "Fastify", ["Express"], "遅い"),
    ("MySQL에서 PostgreSQL로 전환합니다. JSON 지원이 부족하기 때문에.", "PostgreSQL", ["MySQL"], "json 지원"),
])
def test_round17_a_change_said_in_another_language(text, chosen, dropped, why):
    got = _one_of(text)
    assert got.kind == "decision" and got.subject == chosen and got.rejects == dropped, got.to_json()
    assert why in (got.rationale or "").lower(), got.to_json()


@pytest.mark.parametrize("text, dropped", [
    ("删除 Moment。它太大了。", "Moment"),
    ("Supprimer jQuery. Plus aucune page ne s'en sert.", "jQuery"),
    ("Lodash を削除する。", "Lodash"),
    ("Redux 제거.", "Redux"),
])
def test_round17_a_removal_said_in_another_language(text, dropped):
    got = _one_of(text)
    assert got.subject == "no " + dropped and got.rejects == [dropped], got.to_json()


def test_round17_a_record_in_another_language_rejects_its_alternatives():
    got = _one_of("ADR-7: Nachrichtenbus. Entscheidung: Wir verwenden NATS für alle Dienste. Alternative A: Kafka. "
                  "Entscheidung: Abgelehnt - zu schwer zu betreiben. Alternative B: RabbitMQ. Entscheidung: Abgelehnt - "
                  "keine Replays.")
    assert got.subject == "NATS" and got.rejects == ["Kafka", "RabbitMQ"], got.to_json()
    assert "zu schwer" in (got.rationale or "") and "keine Replays" in (got.rationale or ""), got.to_json()


def test_round17_a_change_told_twice_in_another_language_is_one():
    got = _one_of("Celery를 RQ로 대체. 작업 코드를 RQ로 대체합니다. 설정에서 Celery를 제거했습니다.")
    assert got.subject == "RQ" and got.rejects == ["Celery"], got.to_json()


@pytest.mark.parametrize("text", [
    "We retire the old workers on Friday.",  # English "retire" is no French removal
    "Use the cache as a fallback.",
    "The car park is closed.",
])
def test_round17_english_matches_no_other_language_frame(text):
    from lore.memory import multilingual
    assert multilingual.read(text) == []


@pytest.mark.parametrize("text, dropped, why", [
    # the sentence after a removal has the removed thing as the subject of a clause: what it is or does is why it goes
    ("Remove Guava. Guava pulls in forty transitive jars.", "Guava", "forty transitive"),
    ("Drop the Hystrix dependency. Today every client wraps Hystrix and Hystrix is no longer developed.", "Hystrix",
     None),
    ("Remove Mockito. Mockito keeps breaking on each JDK upgrade.", "Mockito", "jdk upgrade"),
])
def test_round17_the_removed_thing_judged_after_the_removal(text, dropped, why):
    got = _one_of(text)
    assert got.subject == "no " + dropped and got.rejects == [dropped], got.to_json()
    if why:
        assert why in (got.rationale or "").lower(), got.to_json()


@pytest.mark.parametrize("text", [
    "Remove the retry loop. The retry loop is in client.py.",  # a part of the code, not a thing chosen
    "Remove Guava. Does Guava still matter?",
])
def test_round17_a_removal_without_a_judgement_states_nothing(text):
    assert all(g.kind != "decision" or "guava" not in g.subject.lower() for g in heuristic(f"User: {text}\nAgent: ok"))


@pytest.mark.parametrize("text, dropped", [
    ('Revert "Adopt Deno for the scripts"', "Deno"),
    ('Revert "Switch to Poetry for packaging"', "Poetry"),
    ("Revert the Spring Boot 4 upgrade (#912)", "Spring Boot 4"),
])
def test_round17_a_reverted_adoption_gives_up_what_it_took_on(text, dropped):
    got = _one_of(text)
    assert got.subject == "no " + dropped and got.rejects == [dropped], got.to_json()


def test_round17_a_revert_of_an_ordinary_change_states_nothing():
    assert heuristic('User: Revert "Add a retry to the upload step"\nAgent: ok') == []


@pytest.mark.parametrize("text, chosen, dropped", [
    ("Switch Memcached to Redis. Memcached has no persistence.", "Redis", "Memcached"),
    ("We should migrate Karma to Vitest since Karma is deprecated.", "Vitest", "Karma"),
])
def test_round17_switch_x_to_y_leaves_x(text, chosen, dropped):
    got = _one_of(text)
    assert got.subject == chosen and got.rejects == [dropped], got.to_json()


@pytest.mark.parametrize("text", [
    "Move the tests to pytest. unittest needs too much boilerplate.",
    "Migrate fully to pytest. Half the suite is already on it.",  # an adverb is no thing left
])
def test_round17_switching_a_part_to_y_leaves_no_thing(text):
    got = _one_of(text)
    assert got.subject == "pytest" and not {"tests", "fully"} & set(got.rejects), got.to_json()


@pytest.mark.parametrize("text", [
    "Replace Flask with Quart. Quart is async. Currently blocked on the auth middleware, which has no async port.",
    "Move to Deno. Deno starts faster. We have not decided yet whether the tooling is ready.",
    "Drop Ruby 3.0. Ruby 3.0 is EOL. It is a roadmap item for the next major, closing this one for now.",
    "Remove sidekiq. Now that jobs are rare we should probably think about retiring sidekiq.",
    "Adopt Bazel. This issue proposes to adopt Bazel for the monorepo builds, as Make is slow.",
    "Replace Jest with Vitest. Vitest is faster. Needs investigation to see whether our mocks carry over.",
])
def test_round17_a_title_whose_body_says_it_is_still_open_states_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, chosen, dropped", [
    # a path of code names is one name
    ("Use Arc::clone instead of Rc::clone for shared handles.", "Arc::clone", "Rc::clone"),
    ("Prefer std::string_view over const std::string& in new APIs.", "std::string_view", "const std::string"),
])
def test_round17_a_code_path_is_one_name(text, chosen, dropped):
    got = _one_of(text)
    assert got.subject == chosen and got.rejects == [dropped], got.to_json()


@pytest.mark.parametrize("text, dropped", [
    # a reason that speaks ill of another thing names what the choice is made over
    ("Use podman. The legacy docker daemon needs root on every host.", "docker"),
    ("Switch to Ky. We had trouble with Superagent in the browser.", "Superagent"),
])
def test_round17_what_the_reason_speaks_ill_of_is_left(text, dropped):
    got = _one_of(text)
    assert len(got.rejects) == 1 and got.rejects[0].startswith(dropped), got.to_json()


def test_round17_a_reason_that_speaks_ill_of_nothing_leaves_nothing():
    got = _one_of("Use Vite. It starts in under a second on a cold cache.")
    assert got.rejects == [], got.to_json()


@pytest.mark.parametrize("text, subject", [
    # a change whose object points back and that names nothing is the change before it said again
    ("Switch to Bun. Bun installs are three times faster than npm. We should switch to it.", "Bun"),
    ("Drop Node 16 support. Node 16 reached end-of-life in 2023. We should drop support for it.", "no Node 16"),
])
def test_round17_a_change_that_points_back_is_the_one_before(text, subject):
    assert _one_of(text).subject == subject


@pytest.mark.parametrize("text", [
    # a concessive clause concedes a liking; it states no preference of its own
    "Switch to Bulma. As much as I love writing plain CSS, not everyone on the team agrees with it.",
    "Switch to Bulma. Much as we like hand-made grids, components let the team move faster.",
])
def test_round17_a_concession_is_no_preference(text):
    got = _one_of(text)
    assert got.subject == "Bulma", got.to_json()


# ------------------------------------------------------------------ round 18 (set 20 read, sentences written here)

@pytest.mark.parametrize("text, thing, ref", [
    ("Never change the public signature of parse_config.", "public signature of parse_config", "parse_config"),
    ("Don't rename load_settings.", "load_settings", "load_settings"),
    ("The wire format must stay backwards compatible.", "wire format", "wire format"),
    ("Keep the Session class as is.", "Session class", "Session class"),
    ("Please don't touch `retry_policy()` because the billing jobs depend on its timing.", "retry_policy()", "retry_policy"),
    ("The config keys must not be renamed, since old deployments still read them.", "config keys", "config keys"),
    ("Leave migrations/0001_initial.py untouched.", "migrations/0001_initial.py", "migrations/0001_initial.py"),
    ("ExportFormat must remain a plain enum.", "ExportFormat", "ExportFormat"),
])
def test_round18_what_must_stay_as_it_is_is_a_constraint_on_it(text, thing, ref):
    got = one(text)
    assert (got.kind, got.subject, got.relation) == ("constraint", f"keep {thing}", (":governs", ref))
    assert not got.rejects and not got.forbids  # nothing is turned down: the thing stays


def test_round18_a_kept_thing_keeps_its_reason():
    got = one("Do not rename the /v1/orders route because mobile clients older than 3.2 call it.")
    assert got.subject == "keep /v1/orders route" and "mobile clients" in (got.rationale or "")


@pytest.mark.parametrize("text", [
    "Don't use Redux in new code.",  # a ban, not a thing kept
    "Should we keep the Session class as is?",  # a question
    "It must stay fast.",  # nothing named
    "Don't change anything until the release is out.",
])
def test_round18_only_a_named_thing_kept_as_it_is_is_kept(text):
    assert not any((g.relation or ("",))[0] == ":governs" for g in heuristic(f"User: {text}\nAgent: Noted."))


@pytest.mark.parametrize("text, chosen", [
    ("Migrate from Flask to FastAPI. Flask is not async. Consider moving to Litestar in the future.", "FastAPI"),
    ("Move the build from Make to Bazel. We could look at Buck2 later once it is stable.", "Bazel"),
    ("Replace moment with date-fns. You may want to try Temporal once browsers ship it.", "date-fns"),
])
def test_round18_a_proposal_about_another_target_leaves_the_title_standing(text, chosen):
    assert one(text).subject == chosen


@pytest.mark.parametrize("text", [
    "Migrate from Flask to FastAPI. We could look at FastAPI again later once it is stable.",  # the same target: open
    "Move the build from Make to Bazel. Consider moving to Bazel only after the release.",
])
def test_round18_a_proposal_about_the_same_target_still_reopens_it(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text", [
    "Because of the new licence, either pin the last free release or replace the package altogether.",
    "We were stuck on 3.4, so staying current meant either paying for seats or forking the project.",
    "We will either vendor the parser or drop YAML support.",
])
def test_round18_either_or_offers_courses_and_takes_none(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


def test_round18_an_answer_after_a_question_mark_opens_with_a_lowercase_name():
    got = one("Move the session store to Redis. Why redis? redis keeps the sessions across restarts.")
    assert got.subject == "Redis" and "keeps the sessions" in (got.rationale or "")


@pytest.mark.parametrize("text, chosen, dropped", [
    ("We will use Postgres for the ledger. Why not MongoDB? Its transactions came too late for us.", "Postgres", "MongoDB"),
    ("Decision: We will use gRPC for internal calls. Why NOT REST? No schema. Why NOT Thrift? Few maintainers.", "gRPC", "Thrift"),
])
def test_round18_why_not_x_turns_x_down_and_its_verdict_is_no_fact(text, chosen, dropped):
    got = one(text)
    assert got.subject == chosen and dropped in got.rejects


def test_round18_why_not_with_a_verb_is_a_suggestion_not_a_verdict():
    got = heuristic("User: We will use Postgres for the ledger. Why not use MongoDB?\nAgent: Noted.")
    assert not any("MongoDB" in g.rejects for g in got)


@pytest.mark.parametrize("text, kept, dropped", [
    ("Migrate the frontend to Svelte. Thanks for the work, but I'd like to keep this project on React.", "React", "Svelte"),
    ("Switch the logger to structlog. We'd rather keep the stdlib logging module, it is one dependency less.",
     "stdlib logging", "structlog"),
    ("Move the docs from Sphinx to MkDocs. I'm inclined to keep Sphinx, the API pages need autodoc.", "Sphinx", "MkDocs"),
    ("Port the CLI to Rust. I’d like to keep it in Go as it is.", "Go", "Rust"),  # a curly apostrophe
])
def test_round18_a_turn_down_that_keeps_what_is_there(text, kept, dropped):
    got = one(text)  # named as every turned-down title is (round 15): no-<what was turned down>, what stays said
    assert got.subject == f"no {dropped}" and dropped in got.rejects and kept.split()[-1] in got.description


def test_round18_not_now_is_a_deferral_not_a_turn_down():
    assert heuristic("User: Move the wiki to Notion. Let's talk it over first. For now we won't do this.\nAgent: Noted.") == []


def test_round18_a_reason_said_on_its_own_is_the_next_sentences_reason():
    got = one("Since the old parser is unmaintained. Switch to lark.")
    assert got.subject == "lark" and "unmaintained" in (got.rationale or "")


@pytest.mark.parametrize("text, why", [
    ("drop support for node 16 which reached eol last year", "reached eol"),
    ("Drop Ruby 2.7 which was EOL in March.", "was eol"),
    ("Drop Python 3.8, which is end-of-life.", "end-of-life"),
    ("Switch the linter to ruff to take advantage of its speed.", "take advantage"),
    ("Run the release job on uv instead of pip to match what developers use locally.", "to match what developers"),
    ("Use Zustand instead of Redux. Could remove a lot of wiring code!", "remove a lot of wiring"),
])
def test_round18_reasons_in_more_forms(text, why):
    assert why in (one(text).rationale or "").lower()


@pytest.mark.parametrize("text, dropped", [
    ("Remove .travis.yml in favour of GitHub Actions", "travis.yml"),
    ("Drop .eslintrc.json now that eslint.config.js is in place", "eslintrc.json"),
])
def test_round18_a_dotfile_is_a_name(text, dropped):
    assert slugs([dropped]) <= slugs(one(text).rejects)


@pytest.mark.parametrize("text, chosen, dropped", [
    ("Replace Jinja with Mako. Drop any mention of Jinja from the docs.", "Mako", "jinja"),
    ("chore: swap yaml for tomlkit. chore: remove any reference to yaml", "tomlkit", "yaml"),
])
def test_round18_removing_any_mention_of_x_is_the_replacement_said_again(text, chosen, dropped):
    got = one(text)
    assert got.subject == chosen and slugs(got.rejects) == {dropped}


@pytest.mark.parametrize("text", [
    "fix(parser): return a clear error instead of panicking on empty input",
    "Fix a closed socket. We now log a warning instead of crashing the worker.",
    "fix: skip the plugin instead of failing the whole build",
])
def test_round18_doing_something_instead_of_failing_is_a_bug_fixed(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


def test_round18_instead_of_a_thing_still_chooses():  # guards: the failure verbs only, in a fix's text only
    assert one("Use logging instead of printing in the dump path.").rejects == ["printing"]
    assert one("Return an error instead of panicking. Callers cannot recover from a panic.").kind == "decision"


def test_round18_when_something_can_only_happen_is_no_rule():
    assert heuristic("User: Fix a bounds check. This can only happen for corrupted archives.\nAgent: Noted.") == []


@pytest.mark.parametrize("text", [
    "Move the CI to GitHub Actions where possible. We should see which of our jobs need self-hosted runners.",
    "Adopt Bun for the scripts. First we need to find out whether the lockfile format is stable.",
])
def test_round18_a_title_with_its_investigation_still_to_do_states_nothing(text):
    assert heuristic(f"User: {text}\nAgent: Noted.") == []


@pytest.mark.parametrize("text, chosen", [
    ("Port the scripts to Deno. It would be nice to have one runtime. If you want, please feel free to do it.", "Deno"),
    ("Replace the yaml loader with ruamel. You may want to look at ruamel, it is maintained. Good idea. PRs welcome!",
     "ruamel"),
    ("Switch the docs to Docusaurus. Will it handle versions? Sure, I am okay with switching to Docusaurus.", "Docusaurus"),
])
def test_round18_a_go_ahead_in_other_words_settles_the_title(text, chosen):
    assert one(text).subject == chosen


@pytest.mark.parametrize("text, chosen, dropped, why", [
    ("Перейти с Gulp на esbuild, потому что сборка занимает минуту.", "esbuild", ["Gulp"], "потому что"),
    ("Использовать Caddy вместо nginx.", "Caddy", ["nginx"], ""),
    ("Заменить moment на dayjs.", "dayjs", ["moment"], ""),
    ("Die Dokumentation auf MkDocs umstellen.", "MkDocs", [], ""),
    ("以 esbuild 取代 Babel，为了加快构建。", "esbuild", ["Babel"], "为了"),
    ("Redux 대신 Jotai를 사용합니다.", "Jotai", ["Redux"], ""),
    ("Decisión: Se adopta Kafka para los eventos. Justificación: soporta reproducir eventos.", "Kafka", [], "soporta"),
])
def test_round18_a_change_said_in_another_language(text, chosen, dropped, why):
    got = one(text)
    assert got.kind == "decision" and got.subject == chosen and got.rejects == dropped, got.to_json()
    assert why in (got.rationale or "").lower(), got.to_json()


def test_round18_a_link_names_its_site():
    assert one("Использовать https://bun.sh/ вместо npm").subject == "bun.sh"


def test_round18_the_other_languages_reason_joins_the_english_change():
    got = one("Move from yarn to pnpm. 将依赖从 yarn 迁移到 pnpm，以减少磁盘占用。")
    assert got.subject == "pnpm" and "以减少磁盘占用" in (got.rationale or "")


@pytest.mark.parametrize("text, dropped", [
    ("We decided not to support FreeBSD for the agent.", "FreeBSD"),
    ("After the call we decided not to ship the Electron build.", "Electron build"),
])
def test_round18_deciding_not_to_support_x_turns_x_down(text, dropped):
    got = one(text)
    assert got.kind == "decision" and got.rejects[:1] == [dropped] and got.subject == f"no {dropped}"


def test_round18_the_infinitive_a_decision_takes_is_no_purpose():
    got = one("We chose to support Python 3.9 because Debian stable ships it.")
    assert "debian" in (got.rationale or "").lower() and "to support" not in (got.rationale or "")


def test_round18_a_status_label_before_a_reported_decision_takes_nothing_back():
    got = one("Arm64 images. DO NOT MERGE: pending the runner fleet. We decided not to support 32-bit ARM at all.")
    assert got.subject == "no 32-bit ARM"
    assert heuristic("User: Add arm64 images. DO NOT MERGE: waiting on the runner fleet.\nAgent: Noted.") == []


@pytest.mark.parametrize("text, dropped", [
    ("Switch from Joda-time to java.time.", "Joda-time"),
    ("Move from build-time codegen to reflection.", "build-time codegen"),
])
def test_round18_a_name_ending_in_a_time_word_is_still_a_name(text, dropped):
    assert dropped in one(text).rejects


def test_round18_a_turn_down_said_inside_the_reason_turns_nothing_down():
    got = one("Move the iOS build from Carthage to SPM. Moved the targets from Carthage to SPM, as there will be no "
              "further releases of Carthage.")
    assert got.subject == "SPM" and got.rejects == ["Carthage"] and "no further releases" in (got.rationale or "")


@pytest.mark.parametrize("text", [
    # a decision reported as regretted, then put off, is no outcome
    "Move away from Redis. I don't know why I decided to use it, I'm closing this for now as Redis is fine for now.",
    # "feel free to" discuss, not to do it
    "Relicense to MIT. We are asking all contributors to give their consent first. If you disagree with the change, "
    "please feel free to do so below.",
    # a consequence after "so" is no reason: the turn-down still reads
    "Migrating away from Mocha. The tests were rewritten and the helpers all depend on it as well so this PR was abandoned.",
])
def test_round18_what_still_takes_a_title_back(text):
    got = heuristic(f"User: {text}\nAgent: Noted.")
    assert all(g.subject.startswith("no ") for g in got), [g.to_json() for g in got]


# ------------------------------------------------------------------ round 19: sets 21 and 22's failures by cause
# (sentences written for this round; each class is a form engineers use, not a phrase of one exchange)

def nothing(text: str) -> bool:
    got = heuristic(f"User: {text}\nAgent: Noted.")
    return got == [] or [g.to_json() for g in got]  # type: ignore[return-value]


@pytest.mark.parametrize("text, chosen, dropped", [
    ("Remove Grunt and use npm scripts for the build. Grunt has had no release in years.", "npm scripts", "Grunt"),
    ("Remove Moment and replace with date-fns.", "date-fns", "Moment"),
    ("Remove Gulp. Use esbuild directly.", "esbuild", "Gulp"),
    ("Drop Enzyme, switch to Testing Library.", "Testing Library", "Enzyme"),  # (a guard: read so before)
])
def test_round19_a_removal_and_what_takes_its_place_are_one_replacement(text, chosen, dropped):
    got = one(text)
    assert got.kind == "decision" and chosen in got.description and got.rejects == [dropped], got.to_json()


def test_round19_a_removal_whose_next_sentence_says_what_alone_stays():
    got = one("Remove Carthage support. Version 3 will only support Swift Package Manager.")
    assert "Swift Package Manager" in got.description and got.rejects == ["Carthage"], got.to_json()


@pytest.mark.parametrize("text, chosen, dropped, why", [
    ("Add ruff. The flake8 plugin is being phased out upstream.", "ruff", "flake8 plugin", "phased out"),
    ("Migrate the docs to MkDocs. Support for the Sphinx theme is being discontinued.", "MkDocs", "Sphinx theme",
     "discontinued"),
])
def test_round19_what_is_said_to_be_going_away_is_the_changes_reason(text, chosen, dropped, why):
    got = one(text)
    assert got.kind == "decision" and got.subject == chosen, got.to_json()
    assert why in (got.rationale or "") and dropped in got.rejects, got.to_json()


def test_round19_a_thing_going_away_said_alone_is_still_a_decision():  # guard: nothing beside it to explain
    got = one("Webpack is being phased out.")
    assert got.kind == "decision" and got.rejects == ["Webpack"]


@pytest.mark.parametrize("text, chosen, dropped", [
    ("Rename trunk to main. Any objections? None from me. This has now been done.", "main", "trunk"),
    ("Move to Poetry? Poetry handles the lock file for us. Finalized in #812", "Poetry", None),
    ("Switch to Vite? Vite starts faster. I'm open to this idea. Done in #210", "Vite", None),
    ("Move the chat to Zulip. Expected behavior: the chat is on Zulip. All done!", "Zulip", None),
])
def test_round19_a_title_reported_done_in_other_words_is_the_decision(text, chosen, dropped):
    got = one(text)
    assert got.kind == "decision" and got.subject == chosen, got.to_json()
    assert dropped is None or got.rejects == [dropped]


def test_round19_a_title_not_reported_done_stays_open():
    assert nothing("Rename trunk to main. Any objections?") is True


def test_round19_being_open_to_the_idea_is_no_choice_of_its_own():
    got = heuristic("User: Move to Deno? Deno ships a formatter. I'm open to this idea. Addressed in #88\nAgent: Noted.")
    assert [g.subject for g in got] == ["Deno"], [g.to_json() for g in got]


@pytest.mark.parametrize("text", [
    "Convert the app to Flutter 4 upon release.",
    "We will move to Bun once there is a stable version.",
])
def test_round19_a_change_waiting_on_a_later_event_is_a_plan(text):
    assert nothing(text) is True


def test_round19_a_change_made_after_an_event_is_still_made():  # guard
    assert one("We moved to Node 20 after its release.").kind == "decision"


@pytest.mark.parametrize("text", [
    "Switch to Meson. I need to do further research before committing to it.",
    "Migrate from Jest to Vitest. Tasks: Explore how much effort it is to port the mocks.",
    "Bun migration. Summary: I am trying to figure out what needs to change to replace npm with Bun.",
    "Rework the build. I propose we make the following changes: Use Ninja. Use ccache to speed up rebuilds.",
])
def test_round19_research_or_a_proposed_list_still_to_do_states_nothing(text):
    assert nothing(text) is True


def test_round19_a_proposed_list_reported_done_states_its_changes():  # guard
    got = heuristic("User: Rework the build. I propose we make the following changes: Use Ninja. Use ccache to speed "
                    "up rebuilds. Done in #41\nAgent: Noted.")
    assert any("Ninja" in g.description for g in got), [g.to_json() for g in got]


@pytest.mark.parametrize("text, dropped", [
    ("Migrate out of Heroku.", "Heroku"),
    ("Move circleci job to Buildkite.", "circleci"),
    ("Upgrade from Gradle 7 to 8. It builds faster.", "Gradle 7"),
])
def test_round19_what_a_change_leaves_in_more_forms(text, dropped):
    got = one(text)
    assert got.kind == "decision" and got.rejects == [dropped], got.to_json()


def test_round19_a_role_moved_is_not_a_thing_left():  # guard: "library" is what moves, not what is left
    assert one("Migrate library to Gradle.").rejects == []


@pytest.mark.parametrize("text, dropped", [
    ("Adopt Bazel. I tried Bazel last month and rejected it because the remote cache was too slow.", "Bazel"),
    ("Use the shadow plugin. Honestly, I advise against using the shadow plugin because it breaks the manifest.",
     "shadow plugin"),
    ("Convert to Hatch. I don't see the advantage to add Hatch as a new build dependency. Setuptools does everything.",
     "Hatch"),
])
def test_round19_a_title_turned_down_in_other_words(text, dropped):
    got = one(text)
    assert got.kind == "decision" and got.rejects == [dropped] and got.subject == f"no {dropped}", got.to_json()


def test_round19_a_verdict_after_a_comma_is_the_reason():
    got = one("Drop the Windows runners from CI, too slow.")
    assert got.rationale == "too slow" and got.rejects == ["Windows runners"]


def test_round19_a_condition_is_no_reason():
    got = one("We will keep the monorepo, as long as the builds stay under ten minutes.")
    assert got.rationale is None


@pytest.mark.parametrize("text", [
    "Sorry for the silence, I dropped the ball on this one.",  # an idiom
    "Logs may be shipped after the secrets have been removed.",  # a removal inside a condition
    "Remove the Docker plugin. Don't merge this just yet, CI is still red.",  # the pull request's status
])
def test_round19_what_is_no_decision(text):
    assert nothing(text) is True


def test_round19_a_pointer_back_is_not_a_name():
    got = one("Replace nose with pytest. nose is unmaintained, so we should migrate from the first to the second.")
    assert got.rejects == ["nose"], got.to_json()


def test_round19_a_revert_commit_line_is_no_reason():
    got = one('Revert "Switch to pnpm". This reverts commit 0a1b2c3d4e5f.')
    assert got.rejects == ["pnpm"] and not got.rationale


@pytest.mark.parametrize("text", [
    # a passive history of the choice being left is background
    "Move the forum to Discourse. Google Groups was initially chosen because it was free. Few people read it now, so "
    "we are moving to Discourse.",
    # the leftovers of a change are no change of their own
    "Switch the site to Hugo. Hugo builds in seconds. I also removed the remaining references.",
])
def test_round19_background_and_leftovers_are_no_second_fact(text):
    got = one(text)
    assert got.kind == "decision" and got.subject in ("Discourse", "Hugo"), got.to_json()


def test_round19_a_go_ahead_said_as_a_verdict_on_the_idea_settles_the_title():
    got = one("Proposal: Switch the docs to Docusaurus. It would be nice to move away from Jekyll. What do you all "
              "think? Absolutely, this is a good idea.")
    assert got.subject == "Docusaurus", got.to_json()


def test_round19_a_thread_that_decides_on_another_target_turns_the_titles_down():
    got = one("Move to Pino. We should use Pino instead of Winston because Winston is slow to format. We decided to "
              "go with Bunyan as the replacement for Winston.")
    assert got.subject == "Bunyan" and set(got.rejects) == {"Winston", "Pino"}, got.to_json()


def test_round19_what_others_do_is_no_decision():
    assert nothing("After Docker changing its license to BSL, many teams have started adopting Podman as an "
                   "alternative.") is True


def test_round19_what_a_change_may_bring_is_its_reason_not_a_second_decision():
    got = one("Move to Moshi. Moshi is a first party library for JSON. Migrating to it may provide a nice boost, as "
              "everything is done at compile time.")
    assert got.subject == "Moshi" and "may provide" in (got.rationale or ""), got.to_json()


def test_round19_a_change_said_as_a_gerund_with_its_reason_is_still_a_decision():  # guard
    assert one("Switching to Vite since webpack was too slow.").kind == "decision"


def test_round19_a_discontinued_thing_replaced_is_why_it_goes():
    got = one("Replace the discontinued Sentry SDK with OpenTelemetry.")
    assert "discontinued" in (got.rationale or "") and any("Sentry SDK" in r for r in got.rejects), got.to_json()


def test_round19_a_guides_preferable_rule_and_a_bare_double_underscore():
    got = heuristic("User: Contributing. Code: Please write in PEP-8. Preferable to use a one-line docstring for a "
                    "helper. Please use the __ prefix to mark private fields.\nAgent: Noted.")
    said = [g.description for g in got if g.kind == "preference"]
    assert any("one-line docstring" in d for d in said) and any("__ prefix" in d for d in said), said


def test_round19_a_tool_said_to_be_used_for_the_project_is_a_decision():
    got = heuristic("User: Contributing. Linting: Ruff is used to lint this project. Type Checking: Pyright (in strict "
                    "mode) is used to type-check this project.\nAgent: Noted.")
    assert [g.kind for g in got] == ["decision", "decision"], [g.to_json() for g in got]
    assert nothing("This function is used to parse the config.") is True  # guard: not a tool for the project


def test_round19_a_going_away_said_as_the_reason_of_a_stated_change_keeps_its_name():  # guard
    got = one("Move to Forgejo. As the hosted Gitea service is now deprecated and not running, we should switch our "
              "repositories over to Forgejo.")
    assert got.subject == "Forgejo" and "deprecated" not in got.rejects, got.to_json()


@pytest.mark.parametrize("text", [
    # a change asked in another language is no decision
    "Switch to PlatformIO. Hallo zusammen, ich würde das Projekt gerne von der Arduino IDE weg auf PlatformIO "
    "umstellen, was haltet Ihr davon?",
    # an investigation of what a change needs
    "Yarn to pnpm [WIP]. Summary: I am trying to figure out what needs to be adjusted to replace yarn with pnpm.",
])
def test_round19_asked_or_still_being_worked_out_states_nothing(text):
    assert nothing(text) is True


def test_round19_what_a_change_still_needs_done_is_no_rule_of_its_own():
    got = heuristic("User: Move from Moment to Luxon. We agreed that we wanted to switch to Luxon over Moment. This will "
                    "need to be done in every package at once to avoid two date libraries.\nAgent: Noted.")
    assert [g.subject for g in got] == ["Luxon"], [g.to_json() for g in got]


# ------------------------------------------------------------------ user trial 17 (pallets/flask), sentences from
# commit messages of the repositories in /work/repos (grpc-go, ipykernel, opendal, nats.py, matrix-js-sdk, cometbft,
# ipython, vector) and public project docs

@pytest.mark.parametrize("text, kept", [
    ("simplejson was dropped in 2.0, so use the json module", "simplejson"),  # the trial's sentence
    ("Migrate from `ast.Ellipsis` deprecated in 3.8 and dropped in 3.14 to `ast.Constant`", None),  # ipython
    ("Adds back the bearer auth config which was mistakenly removed in v0.25", None),  # vector
    ("The ujson backend was dropped in 3.0, so use orjson instead.", "ujson backend"),
])
def test_trial17_a_version_is_when_never_a_package(text, kept):
    got = heuristic(f"User: {text}\nAgent: Noted.")
    said = [x for g in got for x in g.rejects + g.forbids]
    assert not [x for x in said if re.fullmatch(r"v?\d+(?:\.[\dx]+)*", x)], [g.to_json() for g in got]
    assert kept is None or kept in said


@pytest.mark.parametrize("text, governed", [
    ("Don't call _split_blueprint_path from outside blueprints.py", "_split_blueprint_path in blueprints.py"),  # trial
    ("Do not call testdata.Path when defining flags", "testdata.Path"),  # grpc-go
    ("Don't call wake_by_ref in OperatorFuture", "wake_by_ref"),  # opendal
    ("Don't call QApplication.setQuitOnLastWindowClosed(False).", "QApplication.setQuitOnLastWindowClosed"),  # ipykernel
    ("do not call debug_request on usage_request", "debug_request"),  # ipykernel
    ("Don't call t.FailNow in goroutines started by tests.", "t.FailNow"),  # grpc-go
])
def test_trial17_a_function_called_is_governed_not_rejected(text, governed):
    got = one(text)
    assert (got.kind, got.relation) == ("constraint", (":governs", governed)), got.to_json()
    assert not got.rejects and not got.forbids and _slug_of(got.subject) != "no-call"


def test_trial17_a_package_called_is_read_as_before():  # guard: "cmp" is a Go package as well as a function
    assert "cmp" in one("Don't call cmp in non testing file").rejects  # grpc-go


@pytest.mark.parametrize("text, governed", [
    ("Never log the secret key in dump_session_for_debug; it ends up in CI logs", "dump_session_for_debug"),  # trial
    ("Don't log the CONNECT payload", None),  # nats.py
    ("Don't log the entire /sync response", None),  # matrix-js-sdk
    ("Don't log complete contents of history replies, even in debug", None),  # ipykernel
    ("Do not print the whole transaction in log messages.", None),  # cometbft
    ("Intentionally do NOT log the generated private key", None),  # a Go service's comment
])
def test_trial17_what_is_logged_is_data_not_a_dependency(text, governed):
    got = one(text)
    assert not got.rejects and not got.forbids, got.to_json()
    assert got.relation == ((":governs", governed) if governed else None)


@pytest.mark.parametrize("text, ref", [
    ("Never rename url_for in helpers.py", "url_for in helpers.py"),  # the trial's sentence
    # a project's agent notes: "Model constants in `src/config.py` … Don't change `SONNET_MODEL` (the analysis agent
    # depends on it)"
    ("Don't change `SONNET_MODEL` in `src/config.py` (the analysis agent depends on it).", "SONNET_MODEL in src/config.py"),
    ("Do not rename `Procedural.Parameter` (575 uses).", "Procedural.Parameter"),  # a project's architecture notes
])
def test_trial17_a_name_kept_as_it_is_is_governed_with_its_file(text, ref):
    got = one(text)
    assert (got.kind, got.relation) == ("constraint", (":governs", ref)), got.to_json()
    assert not got.rejects and not got.forbids


def test_trial17_a_version_chosen_keeps_the_version_it_leaves():  # guard: a move between versions of one thing
    got = one("Switch from 4.07 to 4.10 and replace ocamlbuild by dune")
    assert got.subject == "4.10" and "4.07" in got.rejects, got.to_json()
