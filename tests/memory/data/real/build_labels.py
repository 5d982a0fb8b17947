# One-off: writes capture.json (labels written before any tuning; see README.md). Kept for provenance.
import hashlib
import json

A = "Agent: Noted."
X = []
def ex(source, user, expected, agent=A):
    X.append({"source": source, "delta": f"User: {user}\n{agent}", "expected": expected})
def d(kind, terms, rationale=None, rejects=None):
    e = {"kind": kind, "terms": terms}
    if rationale: e["rationale"] = rationale
    if rejects: e["rejects"] = rejects
    return e

ex("github.com/thousandeyes/shoelaces/pull/44", "Drop alice in favor of built-in dependency. This dependency is too small to be worth keeping.",
   [d("decision", ["alice"], "too small", ["alice"])])
ex("github.com/Qowaiv/Qowaiv/pull/317", "Abandoned, we switched to PolySharp.", [d("decision", ["polysharp"])])
ex("github.com/llnl/UnifyFS/issues/550", "Drop FlatCC as a dependency. FlatCC is not longer providing much, if any, value for us as a dependency.",
   [d("decision", ["flatcc"], "value", ["flatcc"])])
ex("github.com/Hourglass-Resurrection/Hourglass-Resurrection/pull/42", "After lots of discussion and consideration, this was a bad idea, we should just write our own libc from scratch.",
   [d("decision", ["libc"])])
ex("github.com/der-On/moment-calendar/issues/5", "Instead of using the bloated moment library, use date-fns to reduce bundle sizes and bloat.",
   [d("decision", ["date-fns"], "bundle", ["moment"])])
ex("github.com/streamr-app/streamr-web/pull/101", "Remove moment to improve bundle size. Moment is a great library, but it's so friggin big. date-fns is tiny and can be imported module-by-module.",
   [d("decision", ["moment"], "bundle", ["moment"])])
ex("github.com/zenika-open-source/FAQ/pull/117", "There is a use of moment.fromNow() to get relative date, so I decided to use date-fns over reinventing the wheel.",
   [d("decision", ["date-fns"], "relative date")])
ex("github.com/probot/smee.io/pull/37", "Use date-fns instead of moment. Moment is a little hefty for browsers, date-fns has a similar API and use-case, but is a lot lighter.",
   [d("decision", ["date-fns"], "lighter", ["moment"])])
ex("github.com/mozilla/delivery-console/issues/230", "Replace moment with date-fns. date-fns is much more performant, and since it's packaged individually you only have to bundle exactly what you're using.",
   [d("decision", ["date-fns"], "performant", ["moment"])])
ex("github.com/eiffel-community/eiffel-intelligence/issues/525", "On Dec 16, 2021, the Eiffel Technical Committee decided that existing uses of Travis CI should be migrated to GitHub Actions. Nowadays Travis CI isn't as free to use as it used to be.",
   [d("decision", ["github actions"], "free", ["travis"])])
ex("github.com/kiudee/cs-ranking/pull/189", "This pull request will migrate our continuous migration from Travis-CI to GitHub actions. As explained in #188, Travis-CI is no longer free for open source projects and had a history of failing builds.",
   [d("decision", ["github actions"], "free", ["travis"])])
ex("github.com/bihealth/sodar-core/issues/577", "Migrate GitHub CI from Travis to GitHub Actions. Travis-ci.org is being phased out and GitHub actions is a better choice anyway.",
   [d("decision", ["github actions"], "phased out", ["travis"])])
ex("github.com/MaibornWolff/codecharta/issues/1605", "Travis has a low bandwidth free for open source projects and as such we frequently wait for Travis to finish. As such, instead of continuing using travis, let's use github actions.",
   [d("decision", ["github actions"], "wait", ["travis"])])
ex("github.com/uber/NullAway/issues/408", "I think resource limitations on Travis CI are a good enough reason to move. Also, switching to GitHub Actions will let us easily run tests on Windows.",
   [d("decision", ["github actions"], "windows", ["travis"])])
ex("github.com/getsentry/sentry-dotnet/issues/724", "Travis sprung some surprise billing changes on us, so we are now prioritizing removing usage of TravisCI completely.",
   [d("decision", ["travis"], "billing", ["travis"])])
ex("github.com/ably/docs/pull/1110", "In anticipation of Travis closing down on 15 June this PR removes Travis from the project and migrates the 'find-duplicate-spec-items' CI script to GitHub actions.",
   [d("decision", ["github actions"], "closing down", ["travis"])])
ex("github.com/cocagne/txdbus/pull/92", "Python2 has reached its EOL, so drop support for it and a bunch of python2-only code.",
   [d("decision", ["python2"], "eol")])
ex("github.com/python/mypy_extensions/pull/29", "Drop Python 2 support. Mypy has dropped Python 2 support some time ago, and maintaining Python 2 support is getting too complicated for little benefit.",
   [d("decision", ["python 2"], "complicated", ["python 2"])])
ex("github.com/gapan/xdgmenumaker/pull/23", "Python 2 went EOL almost 1 year and half ago, and Python 2 bits are tested less and less. Hence, drop the support for Python 2, and assume Python 3 instead.",
   [d("decision", ["python 3"], "eol", ["python 2"])])
ex("github.com/flipt-io/labs/pull/39", "Switch to Vite for faster builds. Vite is the same build system that we use for Flipt UI + our landing page and its much faster than webpack.",
   [d("decision", ["vite"], "faster", ["webpack"])])
ex("github.com/oxidecomputer/console/pull/391", "Use Vite instead of Webpack. Why Vite instead of Webpack? Faster. Less config (lots of stuff works out of the box).",
   [d("decision", ["vite"], "faster", ["webpack"])])
ex("github.com/alopezlago/MODAQ/pull/154", "Switch from webpack to vite for builds. This speeds up compilation times and reduces the size of the demo application (~800 KB vs ~1.3 MB).",
   [d("decision", ["vite"], "compilation", ["webpack"])])
ex("github.com/bacalhau-project/bacalhau/issues/3427", "Move from webpack to vite. Vite is much better/cleaner for what we need.",
   [d("decision", ["vite"], "cleaner", ["webpack"])])
ex("github.com/planttheidea/fast-copy/pull/106", "Swap webpack for vite. It is faster, and much simpler to config.",
   [d("decision", ["vite"], "faster", ["webpack"])])
ex("github.com/Shopify/javascript/pull/274", "Avoid using default exports, consistently using named exports helps to keep naming and import style consistent across our repos.",
   [d("preference", ["default exports"], "consistent", ["default exports"])])
ex("github.com/elastic/kibana/issues/8641", "I don't like default exports and, if it were up to me, would require named exports.",
   [d("preference", ["default exports"])])
ex("github.com/deephaven/web-client-ui/issues/585", "Prefer named exports over defaults. There's preference for named exports over defaults in ESM now.",
   [d("preference", ["named exports"], None, ["defaults"])])
ex("github.com/sumup-oss/circuit-ui/pull/2644", "Migrate default exports to named ones. Default exports cannot be easily discovered inside an editor: They cannot be suggested by the editor when the user tries to import a name.",
   [d("decision", ["named"], "editor", ["default exports"])])
ex("github.com/Radi85/Comment/pull/200", "Regarding the run-order thing, I would advise not to use raw values for id in the tests, because they make the tests depend upon the order in which they are run.",
   [d("preference", ["raw values"], "order")])
ex("github.com/JabRef/jabref docs/decisions/0044-use-picocli-for-jabkit.md", "Use Picocli instead of Apache Commons CLI for JabKit. Chosen option: \"Migrate to Picocli\", because it offers a more modern, feature-rich, and developer-friendly approach to handling command-line interfaces with significantly less boilerplate code and better organization.",
   [d("decision", ["picocli"], "boilerplate", ["apache commons cli"])])
ex("github.com/JabRef/jabref docs/decisions/0004-use-mariadb-connector.md", "JabRef needs to connect to a MySQL database. Chosen option: \"Use MariaDB Connector\", because it can be used as drop-in replacement for MySQL connector.",
   [d("decision", ["mariadb connector"], "drop-in", ["mysql connector"])])
ex("github.com/JabRef/jabref docs/decisions/0020-use-Jackson-to-parse-study-yml.md", "What parser should be used to parse YAML files? Chosen option: Jackson, because as it is a dedicated library for parsing YAML.",
   [d("decision", ["jackson"], "dedicated library")])
ex("github.com/JabRef/jabref docs/decisions/0002-use-slf4j-for-logging.md", "Up to version 4.1 JabRef uses apache-commons-logging 1.2 for logging errors and messages. However, this is not compatible with java 9 and is superseded by log4j. Chosen option: \"SLF4J with Log4j2 binding\".",
   [d("decision", ["slf4j"], "java 9", ["apache-commons-logging"])])
ex("github.com/JabRef/jabref docs/decisions/0009-use-plain-junit5-for-testing.md", "How to write readable test assertions? Chosen option: \"Plain JUnit5\", because Junit5 is \"common Java knowledge\". AssertJ: bad, because not commonly used.",
   [d("decision", ["junit5"], "common java knowledge", ["assertj"])])
ex("github.com/CDCgov/trusted-intermediary adr/016-database.md", "We will use a Postgres database for storage of project data that needs to persist across restarts.",
   [d("decision", ["postgres"])])
ex("github.com/alphagov/govuk-aws docs/architecture/decisions/0022-remove-the-elasticsearch-proxy.md", "We've tested the instances in AWS without the local proxies and we have not discovered any degradation of service when using the ELBs. In light of this we will remove the configuration and exclude this puppet code from running in AWS and accept the ELBs as its replacement.",
   [d("decision", ["elbs"], "degradation")])
ex("github.com/alphagov/govuk-aws docs/architecture/decisions/0019-centralise-mysql-databases.md", "The final option, and the one we've chosen for now, is to have a single instance with a dedicated \"db admin\" puppet role that will manage these tasks for all of our databases while also centralising the databases themselves in to a single RDS instance in order to simplify our connectivity code, connection strings and secret management.",
   [d("decision", ["db admin"], "simplify")])
ex("github.com/alphagov/govuk-aws docs/architecture/decisions/0019-centralise-mysql-databases.md (context)", "An additional piece of context is that once the 'lift and shift' is done we will convert the signon application and database to PostgreSQL.",
   [d("decision", ["postgresql"])])
ex("github.com/alphagov/govuk-aws docs/architecture/decisions/0021-use-acm-for-ssl-purchases-and-terminate-certificates-on-elbs.md", "We have decided to use ACM to manage our SSL certificates, and terminate SSL on the ELBs. This gives us the following advantages: automatic renewal and notifications related to the SSL certificates we purchase through ACM.",
   [d("decision", ["acm"], "renewal")])
ex("github.com/alphagov/govuk-aws docs/architecture/decisions/0023-use-separate-data-repository.md", "Some of the data we need to use is sensitive (e.g. RDS passwords). The terraform/data directory will be split out into its own repository that will be kept private and all sensitive data within it will be encrypted using sops.",
   [d("decision", ["sops"], "sensitive")])
ex("github.com/alphagov/govuk-aws docs/architecture/decisions/0002-hosting-platforms.md", "We are using Amazon Web Services as our hosting provider of choice. We will initially be using the eu-west-1 region, Ireland. This region has 3 availability zones and also contains the GDS PaaS which will allow easier sharing and peering.",
   [d("decision", ["amazon web services"]), d("decision", ["eu-west-1"], "availability zones")])
ex("github.com/alphagov/govuk-aws docs/architecture/decisions/0038-mongo_replacement_by_documentdb.md", "One architectural strategy principle of TechOps is to make use as much as possible AWS managed services in order to reduce the burden on GOV.UK teams to manage Commercial off-the-shelf (COTS) functionality/services.",
   [d("preference", ["aws managed services"], "burden")])
ex("github.com/alphagov/govuk-aws docs/architecture/decisions/0038-mongo_replacement_by_documentdb.md (consequences)", "AWS DocumentDB requires authentication using username and password. This is in contrast with the current GOV.UK MongoDB clusters that are protected based on IP only.",
   [d("constraint", ["username and password"])])
ex("github.com/alphagov/govuk-aws docs/architecture/decisions/0038-mongo_replacement_by_documentdb.md (context)", "GOV.UK uses MongoDB as the backing database for a number of apps.",
   [d("dependency", ["mongodb"])])
# Noise: real text that states no durable fact (questions, proposals, bug reports, chatter).
N = []
def noise(source, user):
    ex(source, user, [])
noise("github.com/capitalone/datacompy/issues/48", "Wondering if we should have some conversation about dropping Python 2 support as it is coming soon to EOL.")
noise("github.com/studio24/amplify/issues/118", "@ChrisButterworth noted that it would be good to replace Webpack as the build process with Vite.")
noise("github.com/alopezlago/MODAQ/issues/146", "Tools like vite are significantly faster than webpack, but lack many of the extensions. We should see if we can move to using vite to make development faster.")
noise("github.com/linuxfoundation/crowd.dev/issues/786", "We should consider migrating from webpack to vite, that would likely result in faster build times and a more streamlined development process (HMR).")
noise("github.com/v0ltoz/react-datetimepicker/issues/29", "Since moment is 10 times bigger than date-fns, I was wondering, if it is possible to switch to date-fns to reduce the load time?")
noise("github.com/advaith1/libs/pull/94", "Is there a reason that this library should be removed?")
noise("github.com/DobyTang/LazyLibrarian/issues/785", "It would be nice to see which magazines LL rejected...some may just be so poorly posted that they are the correct magazine.")
noise("github.com/kypss94132/CAS741_YiLeng-Chen/issues/36", "The library description in section 7.3.1 was clarified through commit da48880.")
noise("github.com/mulesoft/mule/pull/132", "Test is flaky because it depends on the other on which test methods are executed.")
noise("github.com/kevlened/pytest-parallel/pull/22", "The concurrent tests of this repo depended on the order that pytest ran the tests. Unfortunately, the ordering isn't guaranteed, so the test was flaky.")
noise("github.com/Activiti/Activiti/pull/2958", "It was leveraging on the order so it was failing randomly as the ordering by time when the time was equal resulted in unpredicted order.")
noise("github.com/uber/NullAway/issues/408 (comment)", "Is there a brief explanation anywhere of the advantages?")
noise("github.com/GraphQLAPI/graphql-api-for-wp/issues/67 (comment)", "Travis CI is a mature project. You may contact them and get free Credits ASAP.")
noise("github.com/bpython/bpython/issues/819 (comment)", "I assume we would not be yanking the old releases or anything, so installing bpython in Python 2 would continue to work; it just wouldn't get any updates.")
noise("github.com/getodk/briefcase/pull/327", "We should have removed this as part of #314.")
noise("github.com/vercel/now-desktop/pull/438 (comment)", "wow, thank you! wanted to do that for some time now.")
noise("github.com/elastic/kibana/issues/8641 (comment)", "Though, readability may not be a strong enough reason to deviate from the style guide.")
noise("github.com/pfBlockerNG/pfBlockerNG/issues/1666", "An order-dependent test undermines suite trust and can produce spurious CI reds.")

# Second batch (added after the first round of tuning, labelled before tuning against it).
ex("github.com/DevexSolar/RoadWarrior ADRs/event-bus.md", "While there are number of available message queues, we will use Kafka. As it suits all our needs and in addition has great advantage as it is the most popular and widely used one.",
   [d("decision", ["kafka"], "popular")])
ex("github.com/DevexSolar/RoadWarrior ADRs/event-bus.md (rationale)", "And we should not use any exotic components for our startup project, where we should be able to find new developers pretty quick.",
   [d("preference", ["exotic components"], "developers")])
ex("github.com/buehler/mcs-event-driven-systems doc/adr/0003-using-kafka-for-communication.md", "As the course requires and suggest the use of kafka, kafka will be the main event-driven system for use.",
   [d("decision", ["kafka"], "course requires")])
ex("github.com/anhhunghoang/banking-microservices docs/specs/adr/0001-event-driven.md", "The system requires loose coupling, scalability and resilience. Use Kafka-based event-driven architecture.",
   [d("decision", ["kafka"], "loose coupling")])
ex("github.com/warpedvoxels/java-edition/issues/28", "We should use a RPC server instead of a REST server for our internal CRUD operations. REST is about 7 times slower than a gRPC server for data receiving and 10 times slower than gRPC for data sending, so that's the main reason for avoiding REST in our network.",
   [d("decision", ["rpc server"], "slower", ["rest server"])])
ex("github.com/vmware/secrets-manager/issues/157", "REST is easier to interact and develop a SDK around, whereas dealing with gRPC will be relatively harder. I'm proposing to keep things simpler, and keep the inner APIs RESTful as an architectural decision.",
   [d("decision", ["restful"], "easier", ["grpc"])])
ex("github.com/kensho-technologies/orama/issues/60", "Prefer native methods over Lodash where possible. For the sake of reducing bundle size.",
   [d("preference", ["native methods"], "bundle size", ["lodash"])])
ex("github.com/saadtazi/firefox-profile-js/pull/115", "Drop lodash. I noticed that lodash was used sparingly so I just replaced it with native functions.",
   [d("decision", ["lodash"], "sparingly", ["lodash"])])
ex("github.com/third-culture-software/bhima/issues/8708", "Many of the standard lodash functions have been added to ECMAScript (spread operators, array functions, Set functions), and we don't need to use lodash as much. We should prefer to use native ECMAScript were possible.",
   [d("preference", ["native ecmascript"], "added to ecmascript", ["lodash"])])
ex("github.com/comanche/datatables-responsive/pull/31", "Remove lodash dependency. Replace lodash function calls with native & jQuery alternatives. In most cases these will be faster.",
   [d("decision", ["lodash"], "faster", ["lodash"])])
ex("github.com/jasonkradams/real-staging-ai docs/worker_service.md", "The worker service uses Redis as a message broker for a job queue.",
   [d("dependency", ["redis"])])
ex("github.com/jasonkradams/real-staging-ai docs/worker_service.md (job processing)", "The worker service continuously polls the Redis queue for new jobs.",
   [d("architecture", ["redis queue"])])
ex("github.com/ThomasCode92/fibapp apps/worker/README.md", "This service connects to a Redis server and performs background operations using a Redis client.",
   [d("dependency", ["redis"])])
ex("github.com/elastic/kibana/issues/9079", "Well, speaking for myself, I generally reach for the language's features before I look for a library.",
   [d("preference", ["language's features"])])
ex("github.com/DevexSolar/RoadWarrior ADRs/event-bus.md (decision)", "Use Kafka as persistent and scalable event bus to stream reservation events.",
   [d("decision", ["kafka"])])
ex("github.com/alphagov/govuk-aws docs/architecture/decisions/0021-use-acm-for-ssl-purchases-and-terminate-certificates-on-elbs.md (consequences)", "We can only manually create certificates in ACM so are unable to automate this process, but we accept the time cost of doing this step.",
   [d("constraint", ["manually create certificates"])])
ex("github.com/alphagov/govuk-aws docs/architecture/decisions/0038-mongo_replacement_by_documentdb.md (null character)", "AWS DocumentDB does not support the null character in any string and you should amend any records that contain these before migrating to AWS DocumentDB.",
   [d("constraint", ["null character"])])
noise("github.com/int-brain-lab/ibllib/issues/701", "I've just upgraded Python on his server but we need to make a decision if we fix it or if it is time to drop support for 3.8 (and possibly 3.9).")
noise("github.com/jhipster/jhipster-core/issues/197", "Its your code base and your choice, but maybe its best you just modify these minor style issues according to your preferences directly while reviewing?")
noise("github.com/line/armeria/issues/3475", "why we need grpc, why we donot use restful ?")
noise("github.com/optakt/flow-dps/issues/112", "Decide whether to stick with GRPC or REST")
noise("github.com/ringcentral/ringcentral-javascript/pull/11 (review)", "Still need your input about polyfills and cross browser limitations.")
noise("github.com/goldbergyoni/nodebestpractices/pull/305 (review)", "Good point, I've added that title.")
noise("github.com/vmware/secrets-manager/issues/157 (comment)", "are we planning to do this @v0lkan ?")
noise("github.com/akka/akka-grpc/pull/187 (review)", "is it more flexible really?")
noise("github.com/spotify/reactochart/pull/164", "Went through and updated a few lodash imports that could be replaced with their native counterpart.")
noise("github.com/elastic/kibana/issues/8641 (comment, Bargs)", "If we get rid of our webpack aliases (which we intend to do) all of our imports should be statically analyzable so refactoring tools should allow us to find all usages of a module even if we're using default exports.")
noise("github.com/alphagov/govuk-aws docs/architecture/decisions/0022-remove-the-elasticsearch-proxy.md (consequences)", "This means we won't be testing the exact same thing but will simplify the networking and application data flow paths.")
noise("github.com/kiudee/cs-ranking/pull/189 (motivation)", "Getting the current Travis-CI build to work took days, while setting up this simple build matrix took only a few minutes using GitHub Actions.")

# Third batch (added after the second round of tuning, labelled before tuning against it).
ex("github.com/codeforamerica/ohana-api/issues/138", "Replace MongoDB with Postgres. Now that we've settled on a structure, we think Postgres is the best tool for the situation, given the relational nature of the data.",
   [d("decision", ["postgres"], "relational", ["mongodb"])])
ex("github.com/virtool/virtool/issues/1027", "Deprecate MongoDB support and move to PostgreSQL. Rationale: data has become far more relational as application has grown.",
   [d("decision", ["postgresql"], "relational", ["mongodb"])])
ex("github.com/opennorth/citizenbudgetapp.com/issues/46", "MongoDB was an okay choice when our database schema was frequently changing, but storing questionnaires along with sections and questions in one document makes the app harder to change and test. We should instead use PostgreSQL, to benefit from ACID, and from one-table-per-class, for easier testing and modification.",
   [d("decision", ["postgresql"], "acid", ["mongodb"])])
ex("github.com/zalando/tech-radar/issues/13 (hjacobs)", "A 3-node MongoDB (2.x) was used for event storage (timeseries), but due to massive performance problems later replaced with a single node PostgreSQL.",
   [d("decision", ["postgresql"], "performance", ["mongodb"])])
ex("github.com/zalando/tech-radar/issues/13 (hjacobs, guild)", "Although version 3 looks promising, the consensus in the Technologist Guild is to wait for external success stories before having a look at MongoDB again.",
   [d("decision", ["mongodb"])])
ex("github.com/AbsaOSS/ABRiS/pull/49", "New implementation should use the new API, the old is going to be kept for now as deprecated.",
   [d("preference", ["new api"])])
ex("github.com/JoseLion/maybe/pull/228", "BREAKING CHANGE: Deprecated API has been removed in favor of the new API.",
   [d("decision", ["new api"], None, ["deprecated api"])])
ex("github.com/ringcentral/ringcentral-javascript/pull/11", "Avoid lodash. Prefer native js vs lodash.",
   [d("preference", ["lodash"], None, ["lodash"])])
noise("github.com/DARIAEngineering/dcaf_case_management/issues/1751", "Should we port DARIA over from mongodb to postgres?")
noise("github.com/DARIAEngineering/dcaf_case_management/issues/1751 (benefits)", "postgres' ecosystem is probably going to be really great for a long time; a bunch of our mongo libraries are not super actively maintained.")
noise("github.com/psolin/cleanco/issues/65", "Suggest we drop it in 2.2, whenever that will be out.")
noise("github.com/psolin/cleanco/issues/65 (comment)", "@psolin I could remove old api and cut a new release. That ok for you?")
noise("github.com/HeldPascal/arsvent-2025 docs/specs/C2-server-driven-updates.md", "Evaluate SSE as the default approach. WebSocket support is optional and only if SSE is insufficient.")
noise("github.com/Sustainable-IT-Manifesto/audit-rules-catalog docs/rules/web/ECO-WEB-004.md", "Frequent polling wastes radio/CPU cycles.")
noise("github.com/mozilla/mig/pull/13", "Ready for review")
noise("github.com/zalando/tech-radar/issues/13 (techyrajeev)", "I was planning to use mongodb in my project but seeing that I had to think again.")
noise("github.com/AccelerationConsortium/ac-microcourses/issues/47", "In a similar sense, it may be worth introducing easy to approach methods and then providing motivation for more robust and scalable solutions.")
noise("github.com/elastic/kibana/issues/9079 (comment)", "+1 to CJ in that some of the lodash functions are not immediately clear to me, and I end up having to spend time looking them up.")
noise("github.com/third-culture-software/bhima/issues/8708 (last line)", "This is a reversal of this issue we made a decade ago.")

for i, x in enumerate(X, 1):
    x["id"] = f"r{i:02d}"
    # The split is drawn from a hash of the text, not chosen: about a third is held out.
    x["split"] = "heldout" if int(hashlib.sha1(x["delta"].encode()).hexdigest(), 16) % 3 == 0 else "tune"
out = {"about": "Capture evaluation on real public text (see README.md): each exchange's user turn is an excerpt of a "
                "public issue, pull request or architecture decision record; labels were written before tuning. "
                "'expected' lists what a careful person would store: kind, terms that must appear in the stored "
                "description, where stated a word of the why ('rationale') and the rejected alternatives "
                "('rejects'). An empty list means nothing may be stored.",
       "exchanges": [{k: x[k] for k in ("id", "split", "source", "delta", "expected")} for x in X]}
json.dump(out, open("capture.json", "w"), indent=1, ensure_ascii=False)
print(len(X), sum(1 for x in X if x["split"] == "heldout"), sum(1 for x in X if not x["expected"]))
