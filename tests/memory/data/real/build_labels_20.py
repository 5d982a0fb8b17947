# One-off: writes capture20.json, the twentieth capture set (issue 14). Every label was written by reading the text
# against docs/capture-labelling.md before the extractor was run on any of it, by a labeller who had not read the
# extractor's code nor its tests nor any earlier set's failures, nor run any Lore code on this text. The whole set is blind.
# Usage: python build_labels_20.py capture20.json (run from this folder; it checks that no repository of the earlier
# sets, of the recall sets or of the outside held-out set is used again)
import sys

from labelset import G, assert_new_repositories, commit, d, doc, ex, noise, write_heldout_set

# ---------------------------------------------------------------- .NET: FluentAssertions and MediatR relicensed
ex(G + "kaltinril/ShadowDusk/issues/171",
   "Migrate tests off FluentAssertions to Shouldly. FluentAssertions relicensed at 8.x under Xceed's non-commercial "
   "license (paid for commercial use). We're pinned at 7.2.2 (last Apache-2.0 release) to avoid it, which just delays "
   "the problem since 7.x won't get further updates. Shouldly is MIT-licensed at all versions and a common replacement. "
   "Migrate the 7 test projects off FluentAssertions onto Shouldly. Working this now",
   [d("decision", ["shouldly"], "non-commercial license", ["fluentassertions"])])
ex(G + "matt-goldman/flagstone-ui/issues/24",
   "Replace FluentAssertions with Shouldly. Remove FluentAssertions as it no longer has a permissive open-source "
   "license. Use Shouldly instead.",
   [d("decision", ["shouldly"], "permissive open-source license", ["fluentassertions"])])
ex(G + "alex289/CleanArchitecture/pull/86",
   "feat: Replace FluentAssertions with Shouldy. FluentAssertions just changed their license and is now paid for "
   "commercial use. Since this project should be usable for any kind of project Im replacing it with Shouldy which "
   "uses the 3-Clause BSD License",
   [d("decision", ["shouldy"], "paid for commercial use", ["fluentassertions"])])
ex(G + "Cysharp/ConsoleAppFramework/pull/158",
   "Remove FluentAssertions, Use Shouldly. FluentAssertions has been acquired and changed to a commercial license. Such "
   "an abrupt license change from OSS is unacceptable. I removed FluentAssertions and switched to Shouldly, which "
   "provides equivalent functionality.",
   [d("decision", ["shouldly"], "commercial license", ["fluentassertions"])])
ex(G + "salvois/DiscriminatedOnions/issues/6",
   "Handle FluentAssertions license change. Due to fluentassertions/fluentassertions#2943 either pin to the last open "
   "source version or replace the library altogether. Replaced FluentAssertions with Shouldly.",
   [d("decision", ["shouldly"], "license change", ["fluentassertions"])])
ex(G + "Viincenttt/MollieApi/pull/411",
   "Replace FluentAssertions library with Shouldly. Replace FluentAssertions with Shouldly, because version 8 and higher "
   "of FluentAssertions is no longer free and requires a license.",
   [d("decision", ["shouldly"], "no longer free", ["fluentassertions"])])
ex(G + "microsoft/healthcare-shared-components/pull/1230",
   "Remove MediatR. This PR removes MediatR as we cannot upgrade it to v13+ due to licensing changes",
   [d("decision", ["mediatr"], "licensing changes", ["mediatr"])])
ex(G + "ArgonFetch/ArgonFetch/pull/229",
   "Replace MediatR with Mediator. MediatR is Apache-2.0 up to 12.x and commercially licensed from 13 onwards. We were "
   "pinned at 12.4.1, so staying current meant either accepting those terms or pinning an old version forever - and "
   "pinning to avoid a licence is not a decision that improves with age. Mediator is MIT, and resolves handlers with a "
   "source generator rather than scanning assemblies at startup: a request with no handler is now a build error instead "
   "of a request that fails the first time somebody makes one.",
   [d("decision", ["mediator"], "commercially licensed", ["mediatr"])])
ex(G + "FritzTheCat9/YoutubeLinks/issues/75",
   "Remove MediatR. Remove commertial lib MediatR. Use Code Gen to create custom mediator pipelines. Remove the bloat.",
   [d("decision", ["code gen"], "commertial", ["mediatr"])])
ex(G + "patrickklaeren/Accord/issues/87",
   "Replace MediatR. MediatR new versions require licenses, even for community use. Migrate to a new mediator/bus "
   "library. Feel free to assign me, I'll look next week sometime",
   [d("decision", ["mediatr"], "require licenses", ["mediatr"])])
ex(G + "dpvreony/whipstaff/pull/2616",
   "housekeeping: remove mediatr",
   [d("decision", ["mediatr"], None, ["mediatr"])])
ex(G + "fabiantax/zero-allocation-fileupload/pull/38",
   "Record the CQRS mediator comparison: none adopted. The decision, in one sentence: The hand-rolled "
   "IRequest/IRequestHandler dispatcher wins the paper comparison — and the codebase adopts none of the three, keeping "
   "the endpoint calling IFileMutator directly. One synchronous command, one accepted format, no second read model: "
   "there is no dispatch problem for a mediator to solve.",
   [d("decision", ["ifilemutator"], "no dispatch problem", ["mediator"])])
noise(G + "Altinn/altinn-studio/issues/16735",
      "Update Mediatr to v13. Mediatr v13+ requires a paid license, while versions below 13.0 remain free. We should "
      "verify if our status as a public/open-source organization allows us to use Mediatr v13 for free, or if we would "
      "need a commercial license")
noise(G + "TimeWarpEngineering/timewarp-state/issues/571",
      "add ability to opt into the MIT Mediator version. An alternative to this would be Martin's source generated, MIT "
      "version of the Mediator implementation, which has an almost 1:1 drop in replacement. Has this potentially been "
      "considered or was there any clashing? I would be more than happy to contribute to the migration if this would be "
      "the direction the project owners would agree with. I have a replacement already. And more coming soon.")
# ---------------------------------------------------------------- package managers: npm, yarn, pnpm
ex(G + "zainfathoni/kelas.rumahberbagi.com/issues/242",
   "Migrate from npm to pnpm. Why: pnpm has better supply chain security defaults (no lifecycle scripts by default, "
   "minimum-release-age support); npm 11 doesn't fully support min-release-age yet; pnpm is faster and more "
   "disk-efficient. Context: Triggered by axios supply chain attack (2026-03-31). pnpm's security model is stricter by "
   "default, making it a better fit going forward.",
   [d("decision", ["pnpm"], "supply chain security", ["npm"])])
ex(G + "max-programming/hacktoberfest-projects/issues/115",
   "chore(dep): migrate to pnpm. Currently, we are using npm for this project, but npm has a few problems. pnpm: Saves "
   "disk space by not duplicating packages. Faster installations due to shared packages. Sure I am okay with using pnpm. "
   "But for people who want to use npm, will the pnpm lockfile support that? They need to install PNPM on their machine "
   "before proceeding. What's the worst that can happen if they use npm. Because I don't want to force pnpm to everyone. "
   "Alright, then you can configure pnpm.",
   [d("decision", ["pnpm"], "saves disk space", ["npm"])])
ex(G + "AlphaDecodeX/NoMise_Store/issues/24",
   "chore(dep): migrate to pnpm. hey, we are using npm for this project right now. We can migrate from npm to pnpm for "
   "package management. Why pnpm? pnpm offers improved performance. Got it, I am assigning this to you. Kindly create a "
   "branch and PR. Thanks for the suggestion. Completed.",
   [d("decision", ["pnpm"], "improved performance", ["npm"])])
ex(G + "dotansimha/graphql-code-generator/issues/9084",
   "Migrate to pnpm. More details on this issue please. What's unclear? Migrate monorepo from yarn to pnpm. I wanted to "
   "know what the current issue with yarn and why the migration to pnpm. We evaluated all package managers that are out "
   "there and decided that pnpm is the best fit for our projects in terms of efficiency and feature set.",
   [d("decision", ["pnpm"], "efficiency and feature set", ["yarn"])])
ex(G + "AGPEIM/lenslink/pull/7",
   "chore(deps): migrate package manager from npm to pnpm. 将项目的包管理器从 npm 迁移到 pnpm，以获得更好的磁盘空间效率和安装速度。",
   [d("decision", ["pnpm"], "磁盘空间效率", ["npm"])])
noise(G + "OWASP/threat-dragon/issues/637",
      "Look into migrating to npm. need to know how easy it is to migrate to npm from pnpm. This is a subject of a pull "
      "request #638 - which can be closed as it proves the concept if we decide to do it")
noise(G + "orcasound/orcahome/issues/271",
      "Dev/DevOps: Migrate from npm to pnpm. pnpm is preferred because it is 2x-3x faster, is more strict in it's tree, "
      "and has more secure default configurations. This has no urgency but should not be a heavy lift. Logged. Agreed "
      "this is a chore that can sit in the backlog with no urgency. I'm inclined to keep npm for now. pnpm has "
      "advantages for reduced local disk usage, but as an open source project, going with the more common npm lowers "
      "onboarding friction. I'd support revisiting pnpm")
noise(G + "leaderboardsgg/leaderboard-site/issues/98",
      "Can I migrate the project from NPM to PNPM. Move the project from being just NPM to using PNPM (like Yarn a "
      "faster manager ontop of NPM). Apparently github actions don't directly support PNPM, gonna try and use "
      "pnpm/action-setup, to see if this helps us switch.")
# ---------------------------------------------------------------- test runners: Jest to Vitest
ex(G + "martincostello/website/issues/3013",
   "Migrate from Jest to Vitest. Jest doesn't seem to get much love and maintenance these days. Instead, migrate to "
   "Vitest as a replacement.",
   [d("decision", ["vitest"], "maintenance", ["jest"])])
ex(G + "DavidGomesh/den-braille-typewriter/pull/57",
   "Migra os testes de Jest para Vitest. Resumo: substitui Jest e sua transformação Babel pelo Vitest integrado ao "
   "Vite; migra mocks, spies e matchers das suítes existentes; reduz a baseline de auditoria após remover dependências "
   "vulneráveis transitivas.",
   [d("decision", ["vitest"], None, ["jest"])])
ex(G + "Codeminer42/cm42-central/issues/908",
   "Migrate from Jest to Vitest. We already migrated the bundling part of the app from Webpack to Vite, now we can also "
   "migrate the tests from Jest to Vitest to take advantage of their integration. Working on this.",
   [d("decision", ["vitest"], "integration", ["jest"]), d("decision", ["vite"], None, ["webpack"])])
ex(G + "eleven-labs/blog.eleven-labs.com/pull/939",
   "feat: migrate jest to vitest. Un petit mot sur ce que ca apporte vs jest ? Vitest est intégré au bundler Vite, "
   "compatible avec jest donc la migration est assez simple ainsi que son utilisation. Et il est surtout 3 à 4x plus "
   "rapide lors de l’exécution.",
   [d("decision", ["vitest"], "plus rapide", ["jest"])])
ex(G + "cytomine/cytomine/issues/249",
   "Migrate from Jest to Vitest. Description: Migrate the existing test setup from Jest to Vitest to improve "
   "performance, compatibility with Vite, and developer experience.",
   [d("decision", ["vitest"], "improve performance", ["jest"])])
# ---------------------------------------------------------------- Japanese removals
ex(G + "kyokomi/goma/issues/55",
   "miguを廃止する. 時代がまだ追いついていなかった...",
   [d("decision", ["migu"], "追いついていなかった", ["migu"])])
ex(G + "ReinaS-64892/TexTransTool/issues/946",
   "Remove ProjectMigrationDialog. もう全体を強制的にマイグレーションをする必要がなくなる。",
   [d("decision", ["projectmigrationdialog"], "必要がなくなる", ["projectmigrationdialog"])])
# ---------------------------------------------------------------- databases: MySQL to PostgreSQL
ex(G + "cloudogu/ecosystem/issues/210",
   "Switching from MySQL to PostgreSQL. We should switch from MySQL as base database to PostgreSQL. For more information "
   "have a look at the following links: #197",
   [d("decision", ["postgresql"], None, ["mysql"])])
# ---------------------------------------------------------------- notices, moves and removals
noise(G + "openNAMU/openNAMU/issues/1125",
      "[알림] Organization으로 이동할 계획입니다. 뭐가 바뀌나요? 아무것도 안 바뀝니다. 왜 하나요? 그냥 스킨이랑 유기적 연동과 장기적인 개발 "
      "플랜 확립을 위해서 입니다")
noise(G + "hydranox/foo-pub/issues/59",
      "Umzug auf hochsichere VM. Geplant am Freitag, den 8 Apr. 15. Aufgrund der Clusterreform von MOTIS ist dieser "
      "Termin nicht einhaltbar. :/")
ex(G + "puzzle/quartieridee/issues/34",
   "DNS umstellen. www.quartieridee.ch auf Decidim umstellen. Inzwischen funktioniert beides; www leitet automatisch "
   "auf die Variante ohne www weiter.",
   [d("decision", ["decidim"])])
ex(G + "tgstation/tgstation/pull/30196",
   "Pulls the plug on Cerestation (for real this time). Cerestation has been decommissioned. The more I work on "
   "remapping the departments to resolve complaints the more I wonder if I'm just better off scrapping it entirely and "
   "starting from scratch. The shuttle stays in though because I've only heard positives about it and because having "
   "the space titanic as a shuttle is funny.",
   [d("decision", ["cerestation"], "resolve complaints", ["cerestation"]),
    d("decision", ["shuttle"], "only heard positives")])
# ---------------------------------------------------------------- Rust: lazy_static, once_cell, LazyLock
ex(G + "Eh2406/rust-reader/pull/22",
   "Replace lazy_static with once_cell. Fixes #16. I don't think std::cell::OnceCell does everything we need, hence the "
   "once_cell crate, but I might be wrong. Thank you!",
   [d("decision", ["once_cell"], "does everything we need", ["lazy_static"])])
# ---------------------------------------------------------------- Android image loading
ex(G + "libre-tube/LibreTube/pull/844",
   "use coil instead of picasso",
   [d("decision", ["coil"], None, ["picasso"])])
ex(G + "TeamNewPipe/NewPipe/pull/11238",
   "Migrate image loading from Picasso to Coil. Migrate the image loading functionality from Picasso to Coil. Picasso "
   "has not had a new release for some time, and it has been recommended to move to other libraries. Coil also allows "
   "the notification icon loading to be greatly simplified, and it provides default configurations for its memory and "
   "disk caches.",
   [d("decision", ["coil"], "new release", ["picasso"])])
ex(G + "Gridstone/DebugDrawer/pull/48",
   "Bump dependencies; migrate from Picasso to Coil. Helps address #17 by bumping DrawerLayout to 1.1.0. Will close "
   "that once we update documentation",
   [d("decision", ["coil"], None, ["picasso"])])
ex(G + "oleksandrbalan/lazytable/pull/40",
   "Replace Image-Loader with Coil",
   [d("decision", ["coil"], None, ["image-loader"])])
ex(G + "jonan/ForkHub/pull/31",
   "Use Picasso for image loading",
   [d("decision", ["picasso"])])
# ---------------------------------------------------------------- iOS: CocoaPods to Swift Package Manager
ex(G + "twostraws/Unwrap/pull/189",
   "migration from CocoaPods to Swift Package Manager. This PR has two commits: 1. Remove the CocoaPods Package manager "
   "configuration. 2. Add's the Swift Package Manager. Closes #185. You're on fire – thank you!",
   [d("decision", ["swift package manager"], None, ["cocoapods"])])
ex(G + "merlos/iOS-Open-GPX-Tracker/pull/290",
   "Migrate CocoaPods to SwiftPackageManager. Migrated the codebase from CocoaPods to Swift Package Manager, as there "
   "will be no further active development in CocoaPods. Hopefully this still compiles. Seems fine! Thank you!",
   [d("decision", ["swift package manager"], "no further active development", ["cocoapods"])])
ex(G + "wesgood/RBSManager/issues/16",
   "Migrate to Swift Package Manager. I would like to migrate this to SPM and make a PR. Should we keep the support for "
   "CocoaPods? Yes if you'd like please go ahead! We are moving to that at work but I have not had the time to "
   "implement it here. Also CocoaPod support should probably stay in, unless that causes conflicts. I'll make a PR. The "
   "PR has been merged.",
   [d("decision", ["spm"])])
ex(G + "karambirov/Podcasts-UIKit/pull/63",
   "Feature: Migrate to SPM. Migrate to SPM. Deintegrate Cocoapods. Fix build time errors caused by migration and "
   "updating versions of the packages",
   [d("decision", ["spm"], None, ["cocoapods"])])
noise(G + "steamclock/netable/issues/9",
      "Explore migration to Swift Package Manager. We'd like to move this over from Cocoapods whenever possible.")
noise(G + "Haptic-Apps/Slide-iOS/issues/1089",
      "Migrate to Swift Package Manager where possible. We should see how many of our dependencies can be installed "
      "through SPM. That'd be easier than CocoaPods, I think. Realm just put out an SPM integration.")
# ---------------------------------------------------------------- Create React App and webpack to Vite
ex(G + "miyukiproject/miyuki/pull/47",
   "Migracion de CRA a Vite. ¿Por qué? Create-react-app está deprecado desde el año pasado, me pareció que si hacemos "
   "crecer miyuki-laboratory (que es la idea), nos puede traer problemas a futuro. Además de esto entiendo que Vite es "
   "mucho más rápido para levantar y para hot reloading. ¿Por qué vite? Es lo que conozco xd",
   [d("decision", ["vite"], "está deprecado", ["cra"])])
ex(G + "Striveworks/valor/pull/114",
   "Migrated app from CRA (Depreciated) to Vite. create-react-app is depreciated. The React team has stopped working on "
   "the project and it will no longer be supported. Remove 6 high vulnerabilities from npm. Faster build times for "
   "development",
   [d("decision", ["vite"], "no longer be supported", ["cra"])])
ex(G + "ShaifArfan/react-todo-app/pull/13",
   "Migration CRA to Vite. I migrated everything to Vite rather than using CRA (now deprecated)..",
   [d("decision", ["vite"], "deprecated", ["cra"])])
ex(G + "dappnode/DNP_DAPPMANAGER/pull/1972",
   "Migrate from CRA to Vite. CRA is being deprecated and is no longer maintained. Migrate to VIte for better long-term "
   "support. Consider migrating to official react compiler in the future once is ready in production",
   [d("decision", ["vite"], "no longer maintained", ["cra"])])
ex(G + "Adrinlol/landy-react-template/pull/66",
   "feat: vitejs. Since create-react-app has been deprecated. I migrated this to ViteJS. I appreciate the update, but "
   "I’d like to keep this project as it is with create-react-app.",
   [d("decision", ["create-react-app"], None, ["vitejs"])])
noise(G + "michael-ortiz/LinkifyBio/issues/1",
      "Create React App is deprecated. noticed you used Create React app(CRA), and wanted to point out that CRA was "
      "deprecated in 2023 due to it being incompatible with new tooling & slow as it relied on webpack. The "
      "recommendation I have seen most popular is Vite. Oh wow! I was not aware of this. I will look into it more. Does "
      "this bring performance improvements to the app?")
noise(G + "neurostuff/neurostore/issues/782",
      "migrate from CRA to vite. create-react-app seems to be dead or deprecated. we should look into migrating to vite "
      "which seems to be the new standard for bootstrapping react applications.")
noise(G + "wger-project/react/issues/819",
      "Migrate from react-create-app. Since the project seems to be deprecated, it's probably a good idea to move to "
      "something like vite")
noise(G + "pagesource/universal-react-v2/issues/223",
      "Replacing Webpack with Vite. Given that Vite is a much faster bundler and provides a better developer experience "
      "for most common deployment scenarios, would you consider adopting Vite in favor of Webpack?")
ex(G + "deep-foundation/deepcase-app/issues/216",
   "Использовать https://vitejs.dev/ вместо webpack",
   [d("decision", ["vitejs"], None, ["webpack"])])
ex(G + "carbon-bond/carbonbond/issues/178",
   "webpack => vite. 以 vite 取代 webpack: 提高打包速度; 解決現今 css module ，新增 class name 需要重啓的問題",
   [d("decision", ["vite"], "提高打包速度", ["webpack"])])
ex(G + "optimizely-axiom/optiaxiom/pull/408",
   "replace webpack with vite in storybook. although the first load with vite is much slower than webpack - subsequent "
   "updates due to code changes is super fast - and is a much better dev experience",
   [d("decision", ["vite"], "much better dev experience", ["webpack"])])
ex(G + "anup-a/svgwave/issues/32",
   "Slow build & productivity in webpack. Migrate to vite. Slow build & development time in webpack; hot reload takes 2-3 "
   "sec; Vite is much better and faster solution; Vite is easy to integrate with tailwind",
   [d("decision", ["vite"], "slow build", ["webpack"])])
ex(G + "VizuaaLOG/BulmaJS/issues/157",
   "Migrating build process from Webpack to Vite. Vite offers many benefits, mainly being a simpler solution and much "
   "faster. This should not impact users of the library.",
   [d("decision", ["vite"], "simpler solution", ["webpack"])])
# ---------------------------------------------------------------- Python: appdirs to platformdirs
ex(G + "mu-editor/mu/pull/2288",
   "replace appdirs with platformdirs. appdirs is no longer actively maintained, whereas platformdirs (a fork) is "
   "actively maintained and supported by tidelift. Thanks, we didn't realise appdirs is no longer maintained",
   [d("decision", ["platformdirs"], "no longer actively maintained", ["appdirs"])])
ex(G + "ecyoung3/FRHEED/pull/37",
   "Replace appdirs with platformdirs. Since appdirs is deprecated, replace it with its successor that is being "
   "actively maintained, platformdirs.",
   [d("decision", ["platformdirs"], "deprecated", ["appdirs"])])
ex(G + "joerick/pyinstrument/issues/279",
   "replace deprecated appdirs with platformdirs. Note: This project has been officially deprecated. You may want to "
   "check out platformdirs which is a more active fork of appdirs. Yes, good idea. Pr welcome!",
   [d("decision", ["platformdirs"], "officially deprecated", ["appdirs"])])
ex(G + "artefactual-labs/a3m/pull/438",
   "Replace appdirs with platformdirs. The latter is a fork actively maintained.",
   [d("decision", ["platformdirs"], "actively maintained", ["appdirs"])])
# ---------------------------------------------------------------- Java: Joda-Time to java.time
ex(G + "prestodb/presto/pull/14046",
   "Replace Joda-Time libraries with java.time. Since Java 8 we have java.time packages which are equivalent to Joda and "
   "the recommendation from the author of the Joda-Time is to migrate to java.time(JSR-310) library.",
   [d("decision", ["java.time"], "recommendation from the author", ["joda-time"])])
ex(G + "jarohen/chime/issues/26",
   "Replace Joda Time with JDK's java.time. As the Joda-Time page states: Note that from Java SE 8 onwards, users are "
   "asked to migrate to java.time (JSR-310) - a core part of the JDK which replaces this project. I can (hopefully) "
   "contribute a PR, if interested. haha - I'd considered doing the exact same after you raised your earlier PR. yep, "
   "PR would be lovely, thanks - I'm happy to introduce a deprecation/removal of Joda time if that makes it easier",
   [d("decision", ["java.time"], "core part of the jdk", ["joda time"])])
ex(G + "thingsboard/thingsboard/pull/494",
   "Removal of Joda-Time library. From Java SE 8 onwards Joda-Time can be replaced by java.time (JSR-310).",
   [d("decision", ["java.time"], "java se 8", ["joda-time"])])
ex(G + "nielsbasjes/logparser/issues/41",
   "Switch from Joda-time to Java 8 java.time. Hmmm, Perhaps change to Java 8 instead. Joda-Time is the de facto standard "
   "date and time library for Java prior to Java SE 8. Users are now asked to migrate to java.time (JSR-310). Almost "
   "done. Done",
   [d("decision", ["java.time"], "asked to migrate", ["joda-time"])])
ex(G + "bitcoin-s/bitcoin-s/pull/643",
   "Killing Joda Dependency. Currently there are very few use cases of Joda and I am working on replacing it with Java "
   "standard library alternatives. I'd look into using the java.time package.",
   [d("decision", ["java standard library"], "very few use cases", ["joda"])])
noise(G + "apache/beam/issues/21055",
      "Replace use of Joda Time with java.time. Joda Time is in use in a number of places. It would be extremely helpful "
      "if that dependency were dropped in favor of the equivalent java.time package available since Java 8. duplicates "
      "#19215")
# ---------------------------------------------------------------- Kotlin JSON: Gson, Moshi, kotlinx.serialization
ex(G + "ZacSweers/ZacSweers/pull/61",
   "Replace moshi with kotlinx-serialization",
   [d("decision", ["kotlinx-serialization"], None, ["moshi"])])
ex(G + "mobiledevpro/Android-Kotlin-MVVM-Template/issues/55",
   "Use Moshi instead of Gson. Moshi is a Kotlin friendly lib. Why not kotlinx.serialization if the rationale is Kotlin "
   "friendliness?",
   [d("decision", ["moshi"], "kotlin friendly", ["gson"])])
ex(G + "KryptonMC/Krypton/issues/37",
   "Switch to Moshi for JSON. Gson is a great JSON library. However, I have been having various issues with it, "
   "especially when it comes to deserializing generic types and deserializing to Kotlin classes. We used to use "
   "kotlinx.serialization, but we switch to Gson because of its wider support in the Minecraft community. However, I "
   "believe that Moshi is much better than both of these, as Moshi can support both runtime reflection and compile time "
   "code generation, meaning you get the best of both worlds.",
   [d("decision", ["moshi"], "best of both worlds", ["gson", "kotlinx.serialization"])])
ex(G + "nekomangaorg/Neko/issues/19",
   "[research] Switch to Moshi. Going to switch to kotlinx serialization for json stuff.",
   [d("decision", ["kotlinx serialization"], None, ["moshi"])])
ex(G + "autonomousapps/gradle-best-practices-plugin/pull/9",
   "Use Moshi instead of kotlinx-serialization.",
   [d("decision", ["moshi"], None, ["kotlinx-serialization"])])
noise(G + "Nodrex/Testomania/issues/9",
      "Moshi vs Gson vs KotlinX.serialization")
noise(G + "ml-archive/kotlin-template/issues/31",
      "Use moshi for JSON deserialization for more Kotlin compatibility. Gson is stuck on a java, moshi offers better "
      "compatibility with Kotlin fx: Nullability. did we consider kotlinx.serialization? We can consider, never used it "
      "tho, do you have any sample? just wondering, haven't used it as well.")
# ---------------------------------------------------------------- linters, and team process without a named choice
ex(G + "ormsgpack/ormsgpack/pull/232",
   "Switch to ruff",
   [d("decision", ["ruff"])])
noise(G + "EdanToledo/Stoix/pull/140",
      "Chore/switch to ruff. What? Switch to ruff and perform minimal changes to satisfy linting issues. Why? Ruff is "
      "faster and more versatile. Hey! Yeah it just changed too many things and there were a lot of typing fixes. I "
      "still want to do it but its not a priority and i feel as if there are things more worth it right now.")
noise(G + "deepsense-ai/ds-template/pull/9",
      "Add option to switch to ruff")
noise(G + "crystal-lang/crystal/pull/7652",
      "Remove compiler warnings. Well, not not everyone was present in the discussion. It was an adhoc meeting and it "
      "became apparent that we needed a decision on what to do about the upcoming release. After an intensive "
      "discussion of 2 hours or so we agreed on the course of action. Which was then presented in this PR and the "
      "dicsussion about the content continued in #7655.")
noise(G + "commons-stack/iteration0/issues/878",
      "have a session with greaterthan to co-create our team culture process. maybe we do in september... maybe not at "
      "all? I forgot to ever update this issue - but I had a call with Stefan, explained to him where we were and that "
      "we probably wouldn't move forward with the proposal they had but it would be great to share best practices with "
      "Greaterthan sometime")
noise(G + "sara-sabr/ITStrategy/issues/266",
      "Team composition revision. Team needs to vote on /poll. Team has voted. Closing issue!")
# ---------------------------------------------------------------- Pydantic 2, and React state: Redux, useReducer, Zustand
ex(G + "gtalarico/pyairtable/pull/397",
   "Update to Pydantic v2. Pydantic v2 seems pretty stable and has a well defined migration path from v1. I also noticed "
   "some new warnings in Python 3.13 that certain features which Pydantic v1 uses are going to stop working in Python "
   "3.15, so I figured it was best to just take care of the migration as part of the 3.0 release.",
   [d("decision", ["pydantic v2"], "stop working in python 3.15", ["pydantic v1"])])
ex(G + "canonical/craft-application/issues/345",
   "Migrate to Pydantic 2. What needs to get done: Migrate to Pydantic 2. Why it needs to get done: Pydantic 1 will be "
   "EOL in June",
   [d("decision", ["pydantic 2"], "eol", ["pydantic 1"])])
noise(G + "experimental-design/bofire/issues/233",
      "Pydantic 2. Pydantic 2.0 is out. At some point, we should migrate our codebase. See PR #279")
ex(G + "UmaSupporter/UmaSupporter.WebClient/pull/13",
   "Manage state using Zustand. useReducer 대신 Zustand를 이용하여 상태를 관리하는 리팩토링 PR입니다. 각 컴포넌트에서 필요한 데이터만 요청할 수 "
   "있어 불필요한 리렌더를 줄일 수 있습니다. 원래는 Redux 도입을 생각하고 있었는데, Redux에 비해 Zustand가 가지는 이점이 있을까요? (redux-toolkit "
   "사용하려고 했습니다) 보일러플레이트 없이 간결한 코드, 낮은 러닝 커브, 가벼운 번들 사이즈 정도일 것 같네요! 리베이스 하셔서 컨플릭트 해소해 주시면 "
   "써보겠습니다! Zustand 연습도 할 겸 제가 다른 useReducer를 대체하는 PR을 올릴테니 리뷰해 주시겠어요?",
   [d("decision", ["zustand"], "불필요한 리렌더", ["usereducer", "redux"])])
ex(G + "alexpineda/titan-reactor/pull/139",
   "Redux -> Zustand",
   [d("decision", ["zustand"], None, ["redux"])])
ex(G + "nudibranchrecords/hedron/issues/411",
   "Use Zustand instead of redux. Could remove a load of boilerplate! Fairly big job, though.",
   [d("decision", ["zustand"], "boilerplate", ["redux"])])
ex(G + "satnaing/shadcn-admin/issues/74",
   "[Feature Request]:please add redux tookkit instead of zustand. Why do you think so? I mean what is stopping you to "
   "use zustand? because it is not scalable. Based on my experience, I have never had to reach for Redux or other "
   "complex state management solutions these days. Zustand is usually good enough for most use cases. I'll close this "
   "issue for now. Thanks for the suggestion anyway.",
   [d("decision", ["zustand"], "good enough", ["redux"])])
noise(G + "ls1intum/prompt/issues/232",
      "Migrate from Redux to Zustand or consider React Query. Done")
noise(G + "hackforla/311-data/issues/2041",
      "DEV - Research replacing Redux with Zustand. Overview: We need to know if Zustand is a viable alternative to "
      "Redux, since we need to prepare to scale down processing power requirements for mobile users. Action Items: "
      "Compile a pros/cons list of Zustand. Compile a pros/cons list of keeping Redux. Provide an assessment of our "
      "codebase to determine if we should adopt it, as well as when we should adopt it")
# ---------------------------------------------------------------- lockfiles and CI, status updates
noise(G + "vendorsec/mvsp/pull/34",
      "Upgrade npm lockfile. We build using npx pnpm i && npx pnpm run build on Cloudflare and pnpm version got upgraded "
      "to 8 which makes the build fail with the old lockfile: ERR_PNPM_FROZEN_LOCKFILE_WITH_OUTDATED_LOCKFILE Cannot "
      "perform a frozen installation because the version of the lockfile is incompatible with this version of pnpm. "
      "Upgrading the lockfile solves the issue.")
noise(G + "santoshyadavdev/angular-snippets/issues/51",
      "bug(ci): Build issue with pnpm v8 due to incompatible lock file. Problem: The build is breaking because the "
      "current pnpm lock file is not supported with pnpm v8. You may manually pin the pnpm version to v7 temporarily if "
      "the build is urgent, but ideally, the existing lock file should be deleted and regenerated.")
ex(G + "bda-research/node-crawler/pull/486",
   "Run CI on npm instead of pnpm. CircleCI ran pnpm with a frozen lockfile, but the dependency upgrade only refreshed "
   "package-lock.json and left pnpm-lock.yaml stale, so the build failed with ERR_PNPM_OUTDATED_LOCKFILE. Switch the CI "
   "steps to npm (npm ci / npx eslint / npm run build / npm test) to match local development, and drop the now-unused "
   "pnpm-lock.yaml.",
   [d("decision", ["npm"], "match local development", ["pnpm"])])
noise(G + "kuma-ui/kuma-ui/pull/434",
      "Attempt to upgrade pnpm to fix release workflow. The release seems to have failed due to an incompatible "
      "lockfile, possibly because of an old pnpm version. I'm trying to update pnpm to fix it.")
noise(G + "Agoric/BytePitchPartnerEng/issues/6",
      "Sprint Review: [16/09 - 20/09]. Objective: Conduct a sprint review to assess progress, identify blockers, and "
      "gather feedback for improvements in the next sprint. Review Completed Work: The following tasks were completed "
      "during this sprint: #4, #5, #7")
noise(G + "kushin77/lux-auto/issues/50",
      "[Framework] Week 1 Midpoint Status Check (May 8). Conduct midweek status check to ensure progress on track and "
      "identify blockers early. Agenda: Progress on Weekly Goals: On track? What's blocking progress? Do we need to "
      "adjust priorities? Are we at risk of missing targets?")
# ---------------------------------------------------------------- platform support, turn-downs told late in a thread
ex(G + "dart-archive/dart-services/pull/491",
   "Windows fixes, part 2. DO NOT SUBMIT: Pending product decision regarding dart-lang/dart-pad#1493. This PR assumes "
   "both #488 and #490 have already landed. We decided not to support MS Windows for deployment of the server at this "
   "point in time.",
   [d("decision", ["windows"], None, ["windows"])])
ex(G + "cuttlebelle/cuttlebelle/issues/1",
   "Windows support. Most important feature, imo. Just like old IE support, this comes at the end :) Joking aside... It "
   "will support windows for 1.0.0. Actually, just works!",
   [d("decision", ["windows"])])
ex(G + "ghostery/user-agent-desktop/issues/67",
   "Update policy check (Windows XP). Probably legacy (enclosed in a Windows XP check). Can someone confirm this before "
   "closing? Why this got closed? Is it not relevant anymore or already covered? 1. We cannot recover the diff this is "
   "talking about 2. This refers to winXP only code, which we will not support anyway.",
   [d("decision", ["winxp"], None, ["winxp"])])
noise(G + "life-itself/community/issues/1137",
      "Migration of Hub substack over to LI substack. I will hold off taking any action on the migration until a "
      "conversation has been had on this. Please wait to all be agreed on the best way to do that with Liam and myself "
      "when circumstances will allow. WONTFIX. For now we won't do this")
ex(G + "cloud-gov/pages-core/issues/687",
   "Evaluate Migration Strategy for Site Data. Options here include: 1. Don't migrate past build data 2. Migrate if "
   "customers ask 3. Migrate all data. I don't think past build data is very helpful unless there are atypical "
   "circumstances, so I would suggest that we maintain old Federalist at a different URL if people need the data for a "
   "month or so, then retire it. We expect not to migrate right now, but aren't 100% sure. We aren't migrating build "
   "data. closing as this was done",
   [d("decision", ["build data"], "very helpful", ["build data"])])
# ---------------------------------------------------------------- databases again: MySQL and MariaDB to PostgreSQL
ex(G + "parti-renaissance/espace-adherent/pull/3868",
   "good bye MySQL, welcome PostgreSQL",
   [d("decision", ["postgresql"], None, ["mysql"])])
ex(G + "OPIDoR/DMPOPIDoR/issues/104",
   "Migration to PostgreSQL. We need to migrate the database to PostgreSQL. The test & production servers use MariaDB "
   "or MySQL. Migrated in V2.1.5",
   [d("decision", ["postgresql"], None, ["mariadb", "mysql"])])
ex(G + "onaio/onadata/pull/86",
   "migrate mysql to postgresql. follow the plan in #85",
   [d("decision", ["postgresql"], None, ["mysql"])])
# ---------------------------------------------------------------- TypeScript migrations, proposals, wording preferences
ex(G + "zyachel/quetre/issues/73",
   "TypeScript Migration. I'd just like to ask for opinions and whether a PR for this would be accepted. I feel like "
   "maintainability would increase in the long run if it were typed before release. I'd absolutely love to port this "
   "to TypeScript. If you can, then please feel free to do it.",
   [d("decision", ["typescript"], "maintainability")])
ex(G + "valhalla/web-app/issues/247",
   "migrate to typescript. we should migrate the codebase from javascript/jsx with prop-types to typescript. prop-types "
   "has been deprecated, and typescript provides a modern and more reliable way of handling type safety.",
   [d("decision", ["typescript"], "prop-types has been deprecated", ["prop-types"])])
noise(G + "COVID-19-electronic-health-system/Corona-tracker/issues/280",
      "DISCUSSION: Migration to TypeScript. I'm personally a big fan of TypeScript. Describe alternatives you've "
      "considered: Sticking with plain JavaScript. This is open for discussion, let me know what you all think so we can "
      "keep an open record of changes. I think it would definitely be a later stage move, as it would be refactoring "
      "every component we have")
noise(G + "sahilatahar/Code-Sync/issues/5",
      "Migrate from JavaScript to TypeScript. Proposal: I propose that we migrate our project from JavaScript to "
      "TypeScript. TypeScript offers enhanced type safety, better code maintainability, and improved developer "
      "experience. Your input and feedback on this proposal are invaluable. Let's discuss the potential benefits and "
      "challenges of migrating to TypeScript for our project.")
noise(G + "meltylabs/melty/issues/11",
      "Migrate whole codebase to TS. TypeScript can provide type safety, rigidity and structure to code. Hence I propose "
      "to move whole codebase to TypeScript. All Melty source is already in TS.")
ex(G + "dosisod/refurb/issues/17",
   "Why \"use\" and \"replace\" suggestions? In the example, most of the suggestions were in the style and pattern of "
   "\"use x instead of y\", but one of them was \"replace x with y\". I agree that consistent wording in the error "
   "messages is a must. I prefer the \"Replace x with y\" form better, so I will update the messages to reflect that.",
   [d("preference", ["replace x with y"], "consistent wording", ["use x instead of y"])])
noise(G + "Xeio/WanderLost/issues/35",
      "Suggest Replacement doesn't work. If you make a mistake and submit but attempt to fix it with \"suggest "
      "replacement\" nothing happens. So this is sort of by-design as an anti-trolling measure it may change or become "
      "more lenient in the future but for now is likely to stay.")
noise(G + "open-circle/schema-benchmarks/issues/167",
      "Consider using e18e's module-replacements. We aim to be purely descriptive, allowing the user to form their own "
      "opinions on which library is best for their needs. With that said, it could be good to surface external opinions "
      "such as module-replacements for libraries considered to be outdated.")
# ---------------------------------------------------------------- commit messages (each checked against git show of the fetched repository)
commit("chaijs/chai", "0fc290b5ea9888c29d146754fd52146e0f04381d",
       "Replacing Karma with Web Test Runner (#1546). Replace Karma with Web Test Runner. remove karma dependencies. run "
       "browsers in ci. drop checking in safari",
       [d("decision", ["web test runner"], None, ["karma"])])
commit("starship/starship", "7485c90c9f7259c026a84dd0335f56860005315d",
       "feat(docs): move to vitepress (#5785). change up hero styles to match existing site. Replace stylus with plain "
       "CSS",
       [d("decision", ["vitepress"]), d("decision", ["plain css"], None, ["stylus"])])
commit("python-poetry/poetry", "4e181a1ab7f73e236dfe4fe3fc18c6990490d172",
       "tests: replace httpretty with responses (#10620). Notable changes: When registering a regex for a URL, you have "
       "to consider credentials.",
       [d("decision", ["responses"], None, ["httpretty"])])
commit("rollup/rollup", "37c516664e591627ce21d78cf31bbaeb92404dd3",
       "feat: use picocolors instead of colorette (#5780)",
       [d("decision", ["picocolors"], None, ["colorette"])])
commit("paramiko/paramiko", "eb035f6ede42a3237c6cf5c352c3e459915c510a",
       "Replace coveralls with codecov, comments disabled",
       [d("decision", ["codecov"], None, ["coveralls"])])
commit("python-jsonschema/jsonschema", "cffc2936cc4602d5da9ab26b77664e0ae1337cce",
       "Replace safety with pip-audit.",
       [d("decision", ["pip-audit"], None, ["safety"])])
commit("tornadoweb/tornado", "f7818e799a0fc72e136b93d34c94eda2e127a88c",
       "*: Switch from percent formatting to f-strings. Automated change using pyupgrade in two passes (once to go from "
       "percent formatting to str.format, then to go from str.format to f-strings), followed by black. This left a few "
       "uses of str.format for unknown reasons.",
       [d("preference", ["f-strings"], None, ["percent formatting"])])
commit("hapijs/hapi", "15b2539e69bc1519a0d3731a433974d9b93ae50b",
       "Switch to podium. Closes #3294",
       [d("decision", ["podium"])])
commit("reduxjs/redux", "7826334b39124524d7fcf538c236180a741dea6c",
       "Switch from Algolia to Canary + Pagefind",
       [d("decision", ["pagefind"], None, ["algolia"])])
commit("immerjs/immer", "0caba3710da324411951c80d71ec42c12f5f016c",
       "use lint-staged instead of pre-commit",
       [d("decision", ["lint-staged"], None, ["pre-commit"])])
commit("go-gorm/gorm", "ed474152b16789d61e535df336af2526c016629c",
       "Fix: Composite primary key with auto-increment value returns 0 after insert (#6127). Fix #4930 workaround for "
       "databases that support auto-increment in composite primary key. Add test for composite key with auto-increment.",
       [])
commit("pytest-dev/pytest", "ed5341cd853ea452c3094860d2b61f57a3bad57a",
       "remove optional-dependencies.dev in favor of dependency-groups. The PEP 735 dependency group is a superset of the "
       "old optional extra and nothing in the repo references pytest[dev] anymore.",
       [d("decision", ["dependency-groups"], "superset", ["optional-dependencies.dev"])])
commit("alacritty/alacritty", "4f739a7e2b933f6828ebf64654c8a8c573bf0ec1",
       "Switch to new objc2 crates",
       [d("decision", ["objc2"])])
commit("encode/django-rest-framework", "daac2f315ab9b258ea5d0a300956f4e21f9d2def",
       "Replace pre-commit with prek to fix CI deprecation warning (#10004)",
       [d("decision", ["prek"], "deprecation warning", ["pre-commit"])])
commit("celery/kombu", "92d2a5ceca90e61d3058989e5a403d973b14c23d",
       "Use logging instead of printing in emergency_dump_state (#2557). If stderr file is not set, use logging instead "
       "of printing directly to stderr in emergency_dump_state",
       [d("preference", ["logging"], None, ["printing"])])
commit("mobxjs/mobx", "0e8fbd6947350e4318d3cf83b69ee58b4b839c25",
       "chore: Switch from Lerna and Yarn 1 to NPM (#4646). Replace lerna with npm / yarn. Replace yarn 1 with npm. Keep "
       "mobx-undecorate CLI diff focused",
       [d("decision", ["npm"], None, ["lerna", "yarn 1"])])
commit("rust-random/rand", "52b1bea77b9ce1174d55f8ef46b930e4377c8661",
       "Replaced rand_chacha with chacha20.",
       [d("decision", ["chacha20"], None, ["rand_chacha"])])
commit("diesel-rs/diesel", "38bc8809fadc25b214c034614749915557ed3ca6",
       "Fix a potential overflow in the postgresql array deserialization code. This commit fixes a potential issue in the "
       "postgresql array deserialization code for too large dimensions. This can only happen for malformed packages. We "
       "now emit an error instead of panicing there.",
       [])
commit("hyperium/tonic", "6b885b0ae60b39827c9c354919e8485267ba6ad5",
       "refactor(grpc): Use gRPC metadata instead of tonic metadata (#2629). This PR migrates the gRPC crates to use the "
       "gRPC MetadataMap introduced in #2567, replacing the dependency on tonic types.",
       [d("decision", ["grpc metadata"], None, ["tonic metadata"])])
commit("dry-rb/dry-validation", "88b8940db9f2fbfa5dab13b5b274f7a472c24a31",
       "Remove .travis.yml in favor of CI workflow",
       [d("decision", ["ci workflow"], None, [".travis.yml"])])
commit("jbogard/MediatR", "85ed1f0bd705d457365d2c5b97c1f8350a07fe45",
       "Updated container examples; removed Unity because it's dead",
       [d("decision", ["unity"], "dead", ["unity"])])
commit("go-task/task", "ee99849b1de2973873e8016e214183727a556989",
       "refactor: migrate to the official yaml package (#2434). The old package is long archived, but the YAML org "
       "forked it and will officially maintain it from now on.",
       [d("decision", ["official yaml package"], "long archived")])
commit("evilmartians/lefthook", "c1393d93f474dcbc171b7b27d99b67f947fbd5f8",
       "chore!: replace viper with koanf (#813). chore: replace viper with koanf. fix: refactor load.go. chore: remove "
       "any reference to viper",
       [d("decision", ["koanf"], None, ["viper"])])
commit("typicode/husky", "89b0ffc00fb039114092898560a65bcc0bedd023",
       "Removing is-ci in favor of ci-info (#579)",
       [d("decision", ["ci-info"], None, ["is-ci"])])
commit("Pylons/pyramid", "264f5ce2329f6eb8011cdf5ccec85b136848b1da",
       "drop support for python 3.7 which was eol in 2023",
       [d("decision", ["python 3.7"], "eol", ["python 3.7"])])
commit("gulpjs/gulp", "818bd73e5da1ad69f43eef84214c98d6392a73e4",
       "Docs: Remove gulp-sourcemaps because it is built-in (#2592)",
       [d("decision", ["gulp-sourcemaps"], "built-in", ["gulp-sourcemaps"])])
commit("bottlepy/bottle", "e543073b4769c614bf3ec6a0d84e0ffa16cfb914",
       "Removed circle-ci and travis-ci in favor of GitHub actions.",
       [d("decision", ["github actions"], None, ["circle-ci", "travis-ci"])])
commit("jdx/mise", "dd96b193c4235b775dbd2dee62b8317a432cb2af",
       "fix(cli): report a missing shell instead of panicking (#12048)",
       [])
commit("actix/actix-web", "068909f1b3a24c4a38e485e265f976f5d7f0237c",
       "Replace deprecated twoway with memchr (#2909)",
       [d("decision", ["memchr"], "deprecated", ["twoway"])])
commit("fabric/fabric", "3d450e24998c38bc42dfe84d9f31cd0492703d78",
       "Add another sanity note about double fab installs. Also reformat the nearby section because wow that is just too "
       "much for one or even two warning blocks",
       [])
# ---------------------------------------------------------------- documents: decision records, contribution guides, a template
doc("jclemente-tlm/tlm-arq-servicios-corporativos", "docs/adrs/adr-009-postgresql-standard.md",
    "ADR-009: Uso de PostgreSQL como base de datos estándar. Estado: Aceptada – Julio 2025. Contexto: Se requiere una "
    "base de datos relacional robusta, escalable y de código abierto para los servicios corporativos, que soporte "
    "operaciones multi-tenant, replicación y alta disponibilidad. Las alternativas evaluadas fueron: PostgreSQL, "
    "MySQL/MariaDB, SQL Server, Oracle. Decisión: Se adopta PostgreSQL como base de datos relacional estándar para todos "
    "los servicios y microservicios corporativos. Justificación: Open source, sin costos de licenciamiento. Soporte "
    "avanzado para JSON, índices, particionamiento y extensiones.",
    [d("decision", ["postgresql"], "sin costos de licenciamiento", ["mysql", "sql server", "oracle"])])
doc("danrodgue/FallApp", "04.docs/arquitectura/ADR-001-postgresql-vs-mongodb.md",
    "ADR-001: Elección de PostgreSQL sobre MongoDB. Estado: Aceptado. Alternativas consideradas: PostgreSQL "
    "(relacional), MongoDB (documental), Firebase (BaaS). Decisión: Elegimos PostgreSQL 13 como motor principal de base "
    "de datos. Justificación: 1. Modelo de datos relacional natural",
    [d("decision", ["postgresql"], "relacional natural", ["mongodb", "firebase"])])
doc("vuongng2212/TalentFlow-AI-Frontend", "docs/adr/ADR-002-kafka-message-queue.md",
    "ADR-002: Use Apache Kafka Instead of RabbitMQ. Status: Accepted. Context: We need a message queue for async "
    "communication between services, specifically for CV processing pipeline. Decision: We will use Apache Kafka for "
    "message queue. Why Kafka? Event Streaming: Stores events permanently, supports replay. Why NOT RabbitMQ? Traditional "
    "message broker: Messages deleted after consumption. Why NOT BullMQ? Simpler but limited: Redis-based, not suitable "
    "for event streaming. Why NOT AWS SQS? Vendor Lock-in: Tied to AWS",
    [d("decision", ["kafka"], "supports replay", ["rabbitmq", "bullmq", "aws sqs"])])
doc("leaktk/scanner", "CONTRIBUTING.md",
    "Contributing. Guidelines: Try to avoid extra libs when the feature would be small to implement from scratch. Format "
    "the code with make format. Use proper names for variables and functions. Sort and group import statements in the "
    "order built-in, external lib, internal lib with make import",
    [d("preference", ["extra libs"], "small to implement"), d("constraint", ["make format"]),
     d("preference", ["proper names"]), d("preference", ["import statements"])])
doc("andrewhsud/Daily-CLI-Tools", "CONTRIBUTING.md",
    "Contributing Guide. Principles: Keep patches small and focused. Prefer standard library. Add help text and "
    "examples. Commit style: Imperative mood, present tense. Scope in parentheses when useful. Wrap at ~72 chars in body",
    [d("preference", ["small and focused"]), d("preference", ["standard library"]),
     d("constraint", ["help text"]), d("preference", ["imperative mood"])])
doc("kai-5908/harmony-study-app", "docs/adr_template.md",
    "アーキテクチャ上の決定記録（ADR）テンプレート. 1. タイトル（例：データベースにPostgreSQLを採用する）. 2. ステータス（例：提案中、承認、却下、廃止 など）. "
    "3. コンテキスト: この決定に至った背景や状況、考慮した要素を記載します。 4. 決定: 最終的にどのような決定をしたかを明確に記載します。 5. 根拠: "
    "なぜその決定をしたのか、理由や根拠を記載します。")


assert_new_repositories("capture20.json")
write_heldout_set(20, "u", sys.argv[1])
