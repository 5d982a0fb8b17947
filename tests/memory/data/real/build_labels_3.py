# One-off: writes capture3.json, the third capture set (labels written before the extractor was run on any of
# this text; see README.md). Kept for provenance. The split is drawn from a hash of each exchange's text.
import hashlib
import json

from labelset import X, d, ex, noise


# --- webpack -> vite
ex("github.com/EmerisHQ/demeris/issues/1170",
   "Migrate from Webpack to Vite. Why: It will speed up development and build times. Better dev experience. "
   "What: Remove webpack, add vite and fix all inconsistencies and differences.",
   [d("decision", ["vite"], "speed up", ["webpack"])])
ex("github.com/digitalfabrik/entitlementcard/issues/2857",
   "Replace webpack with vite. Vite is slightly faster and avoids a lot of configuration code with sane defaults.",
   [d("decision", ["vite"], "faster", ["webpack"])])
ex("github.com/hotosm/field-tm/issues/883",
   "Switch from webpack -> vite. Switch from using webpack to vite, it's so so much quicker, less config required "
   "and has quite a few other benefits.",
   [d("decision", ["vite"], "quicker", ["webpack"])])
ex("github.com/suttacentral/suttacentral/pull/2319",
   "Use vite instead of webpack (development mode). After switching from webpack to vite, in the development mode, "
   "the startup speed is faster, because there is no need to pack.",
   [d("decision", ["vite"], "faster", ["webpack"])])
noise("github.com/tijlleenders/ZinZen/issues/139",
      "I would strongly recommend migrating to Vite immediately. Let's discuss this Friday.")

# --- yarn -> pnpm
ex("github.com/sciencehistory/scihist_digicoll/pull/3509",
   "migrate from yarn (v1) to pnpm. We have been using yarn v1.x for a long time -- which is basically abandonware. "
   "`pnpm` seems to be the most popular cohice to switch to, and vite which we already use likes it.",
   [d("decision", ["pnpm"], "abandonware", ["yarn"])])
ex("github.com/cksource/mrgit/issues/191",
   "Migrate to pnpm@10 from yarn in `mrgit`. If there is a `yarn.lock` file, replace it with `pnpm-lock.yml`. "
   "Do not use `corepack`.",
   [d("decision", ["pnpm"], None, ["yarn"]), d("constraint", ["corepack"], None, ["corepack"])])
ex("github.com/pinojs/pino/pull/1972", "Drop yarn support and update pnpm",
   [d("decision", ["yarn"], None, ["yarn"])])

# --- black/isort -> ruff
ex("github.com/trailofbits/cookiecutter-python/issues/7",
   "Replace isort and black with just ruff. Our template can replace these two tools with just `ruff`: `isort` "
   "becomes the `I` ruleset, and `black` becomes `ruff format`.",
   [d("decision", ["ruff"], None, ["isort", "black"])])
noise("github.com/jerpint/buster/issues/47",
      "Replace isort with ruff. All the cool kids seem to be using ruff these days, and it's black compatible. "
      "Low-priority, closing for now")
ex("github.com/dtscalibration/python-dts-calibration/issues/201",
   "Replace isort with the new capabilities of ruff. To add to this, ruff now has a formatter which is 99.99% black "
   "compatible, and a lot faster.",
   [d("decision", ["ruff"], None, ["isort"])])

# --- Redux / context
ex("github.com/LightTag/dcjs-in-react/issues/2",
   "We never deployed this to production mostly for prioritization reasons. We try to move away from Redux as much "
   "as possible, because of a preference for \"data locality\".",
   [d("preference", ["redux"], "data locality", ["redux"])])
noise("github.com/boxwise/boxwise/issues/192",
      "Should we use Redux? Shoul we use Redux or drop it? Why? Is there any alternative you can think of?")
noise("github.com/Chalarangelo/30-seconds-web/issues/290",
      "Investigate replacing Redux with React Context. Redux might be overkill based on our current needs. If we can "
      "replace it with the React Context API, we'll create a smaller bundle and speed up the page a little bit.")

# --- dropping Python 3.7
ex("github.com/python-lsp/python-lsp-server/pull/417",
   "Drop support for Python 3.7. That version reached end-of-life at the end of June, so there's no need for us to "
   "keep supporting it.",
   [d("decision", ["3.7"], "end-of-life", ["python 3.7"])])
ex("github.com/radeklat/settings-doc/pull/13",
   "Drop Python 3.7 support. Python 3.7 reaches end of life on 2023-06-27. Some libraries have already dropped "
   "support, preventing update to newer versions.",
   [d("decision", ["3.7"], "end of life", ["python 3.7"])])
ex("github.com/GNS3/gns3-server/pull/2301",
   "Drop Pyhton 3.7 support (end-of-life). Python 3.7 is end-of-life and it is starting to be challending to support "
   "it because many of the latest dependency versions already don't.",
   [d("decision", ["3.7"], "end-of-life", ["3.7"])])
noise("github.com/callowayproject/bump-my-version/issues/53",
      "Drop Python 3.7 support? Python 3.7 just EOL'd this year. Should we drop 3.7 support? We'll want to remember "
      "to keep the conda-forge recipe in with that change.")

# --- Jenkins -> GitHub Actions
ex("github.com/gdcc/dataverse-kubernetes/issues/214",
   "Move from Jenkins to Github Actions. Move image builds and tests from Jenkins to Github Actions.",
   [d("decision", ["github actions"], None, ["jenkins"])])
ex("github.com/stakater/Xposer/issues/31",
   "Move to Github actions instead of Jenkins. CI/CD workflow with Jenkins is deprecated. Move to Github Actions as "
   "for other projects",
   [d("decision", ["github actions"], "deprecated", ["jenkins"])])
ex("github.com/githubtraining/training-manual/pull/188",
   "adding GitHub Actions. This PR will cover: Moving the CI/CT/CD from Jenkins to GitHub Actions. This will allow "
   "for better transparency and help keep the codebase safe.",
   [d("decision", ["github actions"], "transparency", ["jenkins"])])
noise("github.com/tebeka/selenium/issues/265",
      "Migrate Jenkins to Github Action. It would be great to migrate from Jenkins to Github actions. I will do a pull "
      "request with these changes if that is fine with you guys?")
ex("github.com/liatrio/engineering-bootcamp/pull/312",
   "Remove Jenkins, replace with GitHub Actions. Removed Jenkins entirely and swapped for GitHub Actions",
   [d("decision", ["github actions"], None, ["jenkins"])])

# --- REST / gRPC
ex("github.com/fission/fission/pull/2706",
   "We recently revisited internal-transport optimization and decided not to pursue a gRPC migration: Since the "
   "EndpointSlice data plane (RFC-0002), the warm request path has no internal RPC left to accelerate.",
   [d("decision", ["grpc"], "accelerate", ["grpc"])])
ex("github.com/weni-ai/bothub-engine/pull/721", "Use REST for the internal communication instead of gRPC",
   [d("decision", ["rest"], None, ["grpc"])])
noise("github.com/googleforgames/global-multiplayer-demo/issues/134",
      "Switch over to gRPC for everything! (or as much as we can). REST was a faster way to get up and moving quickly, "
      "but it would be really nice if we made everything gRPC based, since that is going to generally be faster and "
      "better etc.")

# --- databases
ex("github.com/JeffreyCA/spleeter-web/pull/33",
   "Use SQLite instead of PostgreSQL. After testing Spleeter Web on the cloud with Docker I encountered various "
   "database-related issues where DB writes weren't applying. Since it's pretty lightweight, SQLite is probably a "
   "better DB choice.",
   [d("decision", ["sqlite"], "lightweight", ["postgresql"])])
noise("github.com/geode-sdk/server/issues/4",
      "Decide which DB to use after all. sqlite or postgres.. we have to choose")
ex("github.com/Fleet-Analytics-Dashboard/Application/issues/53",
   "Choose database. PostgreSQL was chosen from these options: PostgreSQL vs MySQL vs SQLite",
   [d("decision", ["postgresql"], None, ["mysql", "sqlite"])])
noise("github.com/Pythagora-io/gpt-pilot/issues/267",
      "Is postgresql better than sqlite in some way? If it is, why not make it the default? If not, why have it in "
      "the requirements instead of sqlite?")
noise("github.com/Palleri/DCW/issues/2",
      "[DISCUSSION] Using SQLITE rather than requiring postgres. This was more for a discussion than an issue, but "
      "would using sqlite be a smaller requirement rather than postgres given there shouldn't be too huge of a "
      "simultaneous usage of the app?")
noise("github.com/heedy/heedy/issues/157",
      "Drop sqlite. A lot of our code is attempting to choose between sqlite and postgres. Since we are upending a lot "
      "of the guts of the server, why don't we drop sqlite support?")

# --- lodash -> native
ex("github.com/timwis/jkan/pull/313",
   "Drop lodash dependency in favor of native JS. Replace lodash usage in the scripts bundle with native Array/Object "
   "methods, keeping the same behavior verified against lodash output. Removes ~70 kB (24 kB gzipped) from the "
   "served bundle.",
   [d("decision", ["native"], "bundle", ["lodash"])])
ex("github.com/balena-io-modules/rendition/pull/1107",
   "Lodash to native. This removes some unnecessary lodash usage which should reduce the bundle size and in some "
   "cases improve typings/performance",
   [d("decision", ["lodash"], "bundle size", ["lodash"])])
ex("github.com/QubitProducts/cherrytree/pull/89",
   "Switching away from lodash to es5 methods, since babel usage already requires es5 environment.",
   [d("decision", ["es5"], "babel", ["lodash"])])
ex("github.com/FormidableLabs/victory/issues/208",
   "Remove lodash. Some methods will stay like `defaults` but most will be replaced with JS built-ins to reduce "
   "package size.",
   [d("decision", ["lodash"], "package size", ["lodash"])])
noise("github.com/proton-ui/proton/issues/19",
      "Change lodash to native. I think we can optimize and remove `lodash` and use vanilla (native) instead. It's "
      "less a lib. Possible. Another alternative is to only import the methods used vs the whole library, which would "
      "also cut down on the compiled file size.")

# --- requests -> httpx; more Python 3.7
ex("github.com/bennylope/smartystreets.py/pull/10",
   "Replace requests with httpx. This paves the way for using one library for asynchronous HTTP requests",
   [d("decision", ["httpx"], "asynchronous", ["requests"])])
ex("github.com/jesserizzo/envoy_reader/pull/49",
   "Replace requests_async with httpx library. Removed references to `requests_async` library and replaced HTTP "
   "requests with the `httpx` library",
   [d("decision", ["httpx"], None, ["requests_async"])])
noise("github.com/skyportal/skyportal/issues/2377",
      "Oh yes, all good, just saying that if we ever were to replace requests, we should hop over to httpx2 instead.")
ex("github.com/nolar/kopf/pull/1062",
   "Drop Python 3.7. Python 3.7 is end-of-life since June 2023 \u2014  months ago. We can finally remove it and "
   "switch to the new feature of 3.8+, if any.",
   [d("decision", ["3.7"], "end-of-life", ["python 3.7"])])
ex("github.com/pangeacyber/pangea-python/pull/178",
   "Drop support for Python v3.7 (GEA-11332). Python v3.7 has been end-of-life since 2023-06-27. Since this is a "
   "breaking change it should go in the next major release (v4).",
   [d("decision", ["3.7"], "end-of-life", ["3.7"])])

# --- moment / date-fns
ex("github.com/solana-labs/networkexplorer/pull/284",
   "fix: use momentjs instead of date-fns. Problem: date-fns introduced a major version bump that dependabot picked "
   "up; we're only using it in one place. Solution: let's go back to our old friend moment.js since we're using it "
   "elsewhere",
   [d("decision", ["moment"], "elsewhere", ["date-fns"])])
ex("github.com/stephy/CalendarPicker/pull/359",
   "Replace moment with date-fns. I think there are good reasons to replace moment.js with date-fns. A way lighter, "
   "more performant, more popular, library, without the mutability quirks of moment.",
   [d("decision", ["date-fns"], "lighter", ["moment"])])
noise("github.com/browserpass/browserpass-extension/issues/304",
      "Moment is no longer updated. Switch out for date-fns. Not for this PR, but moment is no longer being updated "
      "(maintenance-only), and we should at some point switch this out for date-fns.")

# --- named / default exports
ex("github.com/ueberdosis/tiptap/pull/2238",
   "Use named exports instead of default exports. Default exports have a few limitations. Therefore we try to use "
   "only named exports in the whole codebase as far as possible.",
   [d("preference", ["named exports"], "limitations", ["default exports"])])
ex("github.com/kiali/kiali/issues/6302",
   "Avoid default exports in frontend. Currently both default and named exports are used in Kiali frontend "
   "application. This is confusing for developers because they do not know which kind of import need to use for "
   "each item exported. To avoid confusion, only named exports should be used.",
   [d("preference", ["named exports"], "confus", ["default exports"])])
ex("github.com/wasp-lang/open-saas/pull/665",
   "Make component exports consistent through project. Changes all default exports to named exports. Now there is "
   "only a single export type used through the codebase. We agreed previously that Wasp team prefers the named "
   "exports.",
   [d("preference", ["named exports"], None, ["default exports"])])
ex("github.com/ozziexsh/laravel-jetstream-react/issues/29",
   "i prefer default exports for the sake of consistency and knowing what the \"main\" entity is in a file, and "
   "since there are no concrete advantages to named vs default exports i'm going to leave it as is",
   [d("preference", ["default exports"], "consistency", ["named exports"])])
ex("github.com/CodeFTW/future-web/issues/25",
   "Use only export with names and not export default because the IDEs are better with named exports",
   [d("preference", ["export"], "ides", ["export default"])])

# --- Windows support
ex("github.com/lneely/pcloudcc-lneely/issues/5",
   "decision: windows support. Windows code is additional code to maintain. I am one person who will not use "
   "Windows, and expect that the Windows audience size for pcloudcc is nearly nonexistent. no windows.",
   [d("decision", ["windows"], "maintain", ["windows"])])
noise("github.com/Financial-Times/ft-origami/issues/238",
      "Don't support Windows. To avoid providing a poor service and level of support to Windows users, I propose we "
      "don't support Windows at all.  Windows users can run a VM of any unix like OS.")
ex("github.com/pufferpanel/pufferpanel/pull/1431",
   "Remove windows support. Windows is now unsupported. While this was a nice endeavor, it's only been a headache "
   "more than anything. WSL is good enough for development purposes.",
   [d("decision", ["windows"], "headache", ["windows"])])
noise("github.com/Consensys-Incorporated/teku/issues/9714",
      "consider removing support for windows. Gather feedback on how many people are using windows releases, we may "
      "not need to support it any more, but we really have no information either way.")

# --- network, dependencies (constraints) and bug reports
ex("github.com/AdaCore/e3-core/pull/86", "Do not depend on network connection to run the tests",
   [d("constraint", ["network"])])
noise("github.com/rcsb/mmtf-python/issues/23",
      "two tests fail without network access. Two of the tests require network access and while one is indeed "
      "testing network access, the other would also work with local files. Could you include the pdb files that "
      "`test_round_trip_list` is trying to fetch in `mmtf/tests/testdatastore` and switch to testing against local "
      "copies?")
noise("github.com/huggingface/tokenizers/pull/1872",
      "I would like to mark tests that need network access in order to more easily disable them when building the "
      "software in an environment that restricts network access. Not super sure this is very important, will leave "
      "it as is")
ex("github.com/dicebear/dicebear/issues/4", "Zero dependencies. The goal is to have no dependencies.",
   [d("constraint", ["dependencies"])])

# --- infrastructure as code (decision records)
ex("github.com/Kilianrm/cloud-events-platform docs/decisions/012-infraestructure-as-code-with-terraform.md",
   "Decision: Define all infrastructure using Terraform. Reasoning: Terraform enables: repeatable and auditable "
   "infrastructure, clear separation between code and configuration, controlled infrastructure evolution. "
   "Alternatives Considered: Manual configuration, CloudFormation. Rejected to maintain flexibility and consistency "
   "across environments.",
   [d("decision", ["terraform"], "repeatable", ["cloudformation", "manual configuration"])])
ex("github.com/rusets/aws-multi-tier-infra docs/adr/0001-why-terraform.md",
   "Decision: Use Terraform as the primary Infrastructure-as-Code tool. Rationale: Mature ecosystem and strong AWS "
   "provider support. Declarative model with clear diff/plan workflow.",
   [d("decision", ["terraform"], "mature")])
ex("github.com/dtolbertcooke/Terraform-Serverless-API docs/ADRs/1-iac.md",
   "Decision: We will use Terraform as our IaC tool. Reasoning: Cloud Agnostic: Supports AWS and other cloud "
   "providers. Alternative Consideration: AWS CloudFormation. Why rejected: Used less than Terraform; verbose syntax",
   [d("decision", ["terraform"], "cloud agnostic", ["cloudformation"])])
ex("github.com/Pumpkin-cod/cloud-translate-project docs/decisions/0001-infra-tool.md",
   "Option 1: AWS CloudFormation. Option 2: Terraform. Decision: Use Terraform because: Easier to test with "
   "`terraform plan` in CI/CD. More portable & modular.",
   [d("decision", ["terraform"], "easier to test", ["cloudformation"])])

for i, x in enumerate(X, 1):
    x["id"] = f"t{i:02d}"
    # Drawn from a hash of the text, not chosen: about half is held out.
    x["split"] = "heldout" if int(hashlib.sha1(x["delta"].encode()).hexdigest(), 16) % 2 == 0 else "dev"
out = {"about": "Third capture set on real public text (see README.md): each exchange's user turn is an excerpt of a "
                "public issue, pull request or decision record; every label was written before the extractor was run "
                "on the text. 'expected' lists what a careful person would store: kind, terms that must appear in the "
                "stored description, where stated a word of the why ('rationale') and the rejected alternatives "
                "('rejects'). An empty list means nothing may be stored.",
       "exchanges": [{k: x[k] for k in ("id", "split", "source", "delta", "expected")} for x in X]}
json.dump(out, open("capture3.json", "w"), indent=1, ensure_ascii=False)
print(len(X), sum(1 for x in X if x["split"] == "heldout"), sum(1 for x in X if not x["expected"]),
      sum(1 for x in X if x["split"] == "heldout" and not x["expected"]))
