"""finalize-turn, reading: which sentences of a finished exchange are durable facts (zero network).

The seed's signal table decides what is kept: decisions ("we'll use X", "going with Y", "we decided"),
preferences ("I prefer", "always/never use"), constraints ("must", "can't use", "prioritize X over Y"),
dependencies ("X depends on / calls / requires Y") and architecture ("X is responsible for …"). Each
kept sentence becomes an entity with :description and :entity-type; the why ("because …", "since …",
"— …", or a following "That's because …" sentence) becomes :rationale, and rejected alternatives
("over X", "instead of X", "rather than X", "X was too …", "switching from X") become :rejects edges
(a constraint's "can't use X" becomes :forbids). Entities resolve against existing idents and :alias
values, so a second mention reuses the first entity; idents are canonical lowercase-hyphen.

Transient chatter is skipped: questions, greetings and acknowledgements, requests to do something now,
hypotheticals ("maybe", "what if"), and statements scoped to now ("for now", "temporarily").

Only the user's turns are read when the delta has speaker labels (the agent's turns restate or ask);
a delta without labels is read whole. Another strategy (an LLM, or the connected agent) can be plugged
in with ``register_strategy``; LORE_EXTRACTION_STRATEGY picks one (default ``heuristic``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from lore.memory import multilingual
from lore.memory.cues import (
    ASSENT,
    BANS,
    CHANGE_MADE,
    CHOICE_VERBS,
    DECIDED,
    EITHER_OR,
    MIGRATION_DONE,
    OUTCOME,
    PROPOSAL,
    REPLACES,
    TENTATIVE_BODY,
    TENTATIVE_TITLE,
    TOOK_UP_OBJECT,
    WISH_TO_CHANGE,
    Y_MIGRATION,
    as_imperative,
)
from lore.memory.tokens import STOPWORDS

MAX_DESCRIPTION = 500

_SPEAKER = re.compile(r"(?:^|(?<=\s))(User|Human|Me|Agent|Assistant|AI|Claude|Bot)\s*:", re.I)
_USER = {"user", "human", "me"}

_I = r"(?:i|we)"
# What a tool is to a project ("Terraform is our IaC tool", "Sass is our CSS preprocessor").
_ROLE = (r"(?:tool|choice|framework|library|database|db|language|runtime|standard|default|platform|provider|solution|"
         r"preprocessor|linter|formatter|bundler|orm|builder|backend|frontend|stack|broker|queue|engine|server|client)s?")
SIGNALS: list[tuple[str, re.Pattern[str]]] = [
    ("decision", re.compile(
        r"\b(?:we(?:'ll| will| are going to|'re going to)? (?:use|go with|adopt|switch to|move to|migrate to|"
        r"standardi[sz]e on|keep)|(?:we're|we are|i'm) (?:going with|switching to|moving to|migrating to|"
        r"using|standardi[sz]ing on)|going with|go with|(?:we|i) (?:have |'ve )?decided|decided (?:to|on)|"
        r"(?:the )?decision (?:is|was|that|(?:has|had) been made to|was made (?:\w+ ){0,4}?(?:to|that))|let's (?:use|go with|switch to|adopt|keep|move to|standardi[sz]e on)|"
        r"(?:we|i) (?:chose|picked|settled on|opted for|selected|went with|ended up (?:using|with|going with)|adopted|"
        r"introduced|standardi[sz]ed on)|(?:we're|we are|i'm|i am) (?:keeping|sticking with|staying with|staying on)|(?:we've|we have) (?:chosen|picked|settled on)|"
        r"go(?:ing)? ahead with|switching (?:from \S+(?: \S+)? )?to|we're replacing|replace[sd]? \S+(?: \S+)? with|"
        r"(?:we|team|everyone) (?:all )?agreed (?:on|to)|(?:runs|run|is built|are built) (?:on|with) \S+(?: \S+)? now|"
        r"(?:frontend|backend|service|app|api|stack|cli|server|client)s? (?:uses(?! \S+(?: \S+)? as (?:the|a|an|our)\b)|"
        r"is written in|runs on)|as an? (?:architectural|architecture|design|team) decision|"
        r"(?:i'm|i am|we're|we are) proposing to (?:keep|use|switch|move|adopt|drop|stay)|"
        r"chosen option|decided (?:that|against)|(?:we|i) (?:really |just )?need to (?:change|switch|move|migrate|replace|drop|"
        r"remove|adopt|get rid of|stop using)\b|(?:i|we)(?:'d| would) (?:really )?(?:like|love) to (?:switch|move|migrate|use|"
        r"replace|drop|remove|adopt|go with)\b|(?:is|are) the (?:best|right) (?:tool|choice|option|fit)|(?:should|will|would) do the (?:job|trick)|(?:drop|dropping|end|ending) (?:the )?support for|(?:we|i) (?:also |then |now |finally |just |already )?(?:switched|moved|migrated|converted) (?:[\w/-]+ ){0,6}?(?:to|from)|"
        r"(?:we|i)(?:'ll| will| are going to|'re going to) (?:\w+ )?(?:be using|remove|drop|replace|convert|migrate|"
        r"move|switch|accept|stop using|retire|deprecate|enable|disable|turn on|turn off)|(?:we|i) should (?:just )?(?:use|write|go with|switch|"
        r"move|drop|stick with|keep|adopt|stop using|pin|replace|remove|migrate|enable|disable|instead use|rather use|"
        r"upgrade|deprecate|standardi[sz]e on)|(?:this|the) (?:pr|pull request|change|commit|patch) "
        r"(?:will )?(?:removes?|replaces?|migrates?|switches|drops?|moves?|implements?|introduces?|adopts?|converts?|"
        # round 14: "This PR adds type hints to all functions and runs MyPy in CI", "This commit sets mem_limit on …"
        r"adds?|sets?|enables?|disables?|pins?)|^this (?:sets|enables|disables|pins) (?!(?:it|this|that|them|us|you)\b)|"
        r"will be (?:\w+ )?(?:split out|moved|dropped|removed|deprecated|retired|discontinued|"
        r"migrated|replaced|converted|encrypted|rewritten|stored in|saved in|kept in|persisted in|written in|emitted as|"
        r"logged as|stored as|saved as)|no longer (?:use|using|need|needs)|stop(?:ped)? using|"
        r"(?:won't|will not|wont) (?:be )?(?:use|using|support|adopt|ship)|prioriti[sz]ing removing|"
        r"(?:was|were|has been|have been) (?:rejected|ruled out|abandoned)|"
        # round 16: "I'd personally be in favour of showing both" is an opinion in a discussion
        r"(?<!\bbe\s)(?<!\bbe personally\s)(?<!\bam\s)(?<!'m\s)in favou?r of|"
        r"(?:don't|do not) use \S+(?: \S+)? any ?more|(?:i'm|i am|we're|we are) open to|"
        r"we(?:'ll| will) (?:write|build|implement) (?:[\w-]+ ){0,4}?(?:in|on|with)|"
        r"(?:am|are|'re|'m|is) not going to (?:use|adopt|support|switch|move)|"
        r"(?:makes? sense|is time|is better|is best) to (?:just )?(?:switch|move|migrate|use|drop|go with|replace|adopt|keep)|"
        r"(?:the )?(?:official|default|standard|recommended|preferred|chosen) [\w -]{1,40}? (?:is|are|will be)|"
        r"(?:is|are) (?:not|no longer) used|no \S+(?: \S+)?(?: \([^)]{1,60}\))? (?:is|are) used|"
        r"(?:we|i) now (?:use|rely on|run|ship|build)|now (?:runs? on|uses|relies on|is built (?:on|with)|builds with)|"
        # round 11: "Everything is now managed by Helm", "Error messages now go to stderr instead of stdout"
        r"(?:is|are) now (?:managed|handled|deployed|built|run|done|served) (?:by|with|through|via|from|on)|"
        # round 13: "I enabled private vulnerability reporting", "Private reporting becomes the default route", "We
        # migrate the job runner fully to Temporal"
        r"(?:^|(?<=[,;]\s))(?:we|i)(?:'ve|\s+have)?\s+(?:now\s+|just\s+)?(?:enabled|disabled|turned\s+(?:on|off))\s+"
        r"(?!(?:it|this|that|them)\b)\w+|"
        r"\bbecomes?\s+the\s+(?:new\s+)?default\b|"
        r"^(?:so\s+)?(?:we|i)\s+(?:now\s+)?(?:migrate|switch|move)\s+(?:[\w-]+\s+){0,3}?(?:fully\s+|completely\s+|entirely\s+)?to\s|"
        r"now (?:go|goes) to \S+ (?:instead of|rather than)|"
        r"(?:we|i)(?:'ll| will) be (?:moving|switching|migrating|replacing|dropping|removing|using|adopting)|"
        # a commit message's past change ("Switched CI to GitHub Actions", "Ended support for Ruby 2.6"); a gerund
        # there may be the subject of a sentence ("Migrating to X brings little benefit")
        r"^(?:switched|moved|migrated|ported|converted|transitioned)"
        r"\b(?=[^.;:]{0,80}?\b(?:to|onto)\s+(?!(?:the\s+|a\s+)?(?:next|later|tomorrow|today|another|monday|tuesday|"
        r"wednesday|thursday|friday|saturday|sunday|\d{1,2}(?::\d\d)?\s*(?:am|pm))\b)\S)|"
        r"^(?:ended|dropped|removed|stopped) support for|"
        # a licence changed, a rewrite in another language, a change reported in the passive
        r"\bre-?licens(?:e|es|ed|ing)\b|(?:should|will|must|is going to) be (?:re-?written|ported) (?:in|into|to|with)\b|"
        r"(?:we|i)(?:'ve| have)? (?:\w+ )?(?:rewrote|rewritten|re-?wrote)\b[^.;]{0,60}\b(?:in|into|with|using)\b|"
        r"^rewrite\b[^.;]{0,60}\b(?:in|into|using|with)\b|"
        r"(?:has been|have been) (?:switched|moved|migrated|converted|ported) (?:over )?to\b|"
        r"(?:is|are) (?:now )?the (?:new )?default " + _ROLE + r"\b|"
        # "There are no plans to support X", "X is out of scope": a decision not to
        r"no plans to (?:support|use|adopt|add|switch to|move to|migrate to)|(?:is|are) out of scope|"
        r"i(?:'m| am) going to (?:use|go with|switch|move|migrate|adopt|keep|drop|remove|replace|stop using)|"
        r"will be used (?:for|in|as|by|everywhere|throughout|across|from now|going forward)|"
        r"(?:have|has|'ve) (?:all )?agreed (?:on|to)|(?:is|are) the way to go|"
        r"(?:is|are) (?:now )?(?:our|the project's|the team's) (?:\w+ ){0,3}?" + _ROLE + r"\b|"
        r"(?:(?:hence|thus|therefore|so) |^)(?:the|this|our) (?:migration|move|switch|transition|upgrade) (?:from \S+(?: \S+)? )?"
        r"to(?!.*\b(?:broke|breaks|broken|fail|fails|failed|caused|causes|crash\w*|regress\w*)\b)|"
        r"^(?:so\s+|therefore\s+|hence\s+|thus\s+)?we(?:'ll| will| shall) (?!(?:need|have|be|look|investigate|see|check|discuss|"
        r"think|try|get|fix|release|let|keep an eye|consider|revisit|wait|probably|maybe|likely|definitely|also|want|take|"
        r"update|review|merge|publish|ask|reach|come|follow|talk|figure|work|continue|do|make sure|start|begin|"
        r"soon|then|now|just|tag|cut|close|reopen|track|add it|address|handle it|report|post|share|send|write up|"
        r"document|announce|schedule|plan|evaluate|explore|test|debug|"
        r"add (?:this|it|that|them)\b|"
        r"add (?:a |an |the |some |more )?(?:note|tests?|docs?|documentation|comments?|examples?|entry|section|links?|"
        r"warnings?|changelog))\b)[a-z]+\b|(?:we|i) (?:have |'ve )?(?:moved|switched|migrated) (?:\w+ )?to)\b", re.I)),
    ("preference", re.compile(
        rf"\b(?:{_I} (?:really |strongly |much |would |'d )?(?:prefer|like|love|hate|dislike|rather)|"
        rf"{_I} (?:don't|do not) (?:like|want)|{_I}'d rather|"
        r"(?:please )?(?:always|never) (?:use|write|put|add|run|mock|commit|call|name|prefix|return|log|raise|"
        r"keep|make|pin|squash|rebase|format|wrap|store|hard-?code|import|leave|push|declare|annotate|type-?hint)|"
        r"(?:prefers?|preferably) \w+|no (?:more )?\w+ (?:in|for) (?:tests|production|prod|the codebase)|"
        r"(?:my|our|the team's) (?:preference|style|convention) is|stick (?:to|with)|avoid (?:using )?\w+|"
        r"let's not|^use \S+(?: \S+)? (?:for|in|everywhere|when|throughout|across)|"
        r"^use (?:as much of |as many of )?\S+(?: \S+)? (?:as much as possible|as possible|wherever|whenever|where possible)|"
        r"(?:should|must|is to|are to|ought to) be (?:\w+ly )?(?:avoided|discouraged)|(?:is|are) (?:\w+ly )?(?:avoided|discouraged|"
        r"encouraged)|(?:we|you) (?:should|must) not (?:use|add|depend|rely)|"
        r"(?:we|you) shouldn't (?:use|add|depend|rely)|(?:i|we) (?:would )?(?:advise|recommend)|"
        r"(?:principle|policy|guideline|convention) (?:\w+ ){0,4}?is to|"
        r"(?:we|i) (?:strictly |always |generally )?follow (?:the )?[\w +.#-]{2,40}?(?:style guide|guidelines?|conventions?|"
        r"standard|specification|rules|semver|semantic versioning)\b|"
        r"^(?:when|whenever)\b[^,?]{3,80},\s*(?:we\s+(?:always\s+|never\s+|first\s+)?(?!\w+ed\b|were\b|had\b|saw\b|"
        r"got\b|could\b|might\b|can\b)\w+|always|never|use|run|prefer|please\s+(?:also\s+)?(?:add|use|run|update|include|"
        r"write|document|mention|open|file|rebase|squash))|"
        # round 15: "This should not be too bad" is an expectation: "this", "its" … are no plural subject
        r"(?<!think )(?<!thinks )(?<!believe )(?!(?:this|its|his|thus|was|is|has|does|yes|less)\s)\w+s should (?!be (?:\w+ly )?(?:comfortable|able|fine|ok|okay|happy|aware|familiar|good)\b)"
        r"(?:be|have|use|not|never|always)|\w+ should (?:always |only )?be used)\b",
        re.I)),
    ("constraint", re.compile(
        r"\b(?:(?:does not|doesn't|do not|don't|cannot|can't) support|(?:is|are) unable to|"
        # round 18: "This can only happen for malformed input" says when, it rules nothing
        r"can only(?!\s+(?:happen|occur|arise|be\s+(?:triggered|reached|hit|caused|seen|observed|reproduced)))|"
        r"must(?:n't| not| never| always)?|can't use|cannot use|can not use|can't depend|cannot depend|"
        r"(?:has|have) to|needs? to (?:support|run|stay|be|work|handle|remain)|^(?:so |and )?(?:we|you) (?:\w+ )?need to use|is required|are required|"
        r"requirement is|(?:is|are) now required|"
        # "MSVC support is a hard requirement", "we require you to sign off every commit", a title "Require sign-off",
        # "we only support Postgres", "No pull request without tests will be merged", "we should accept only …"
        r"(?:is|are) an? (?:hard|strict|firm|absolute) requirement|(?:we|i)(?: now| also| do| will)? require (?!that\b)|"
        r"^require\s+(?=\S)|(?:we|the project) (?:only|exclusively) support|only \S+(?: \S+)? will be supported|"
        r"^no\s+(?:[\w-]+\s+){1,10}?will be (?:merged|accepted)|\baccept only\b|\bonly accept\b|^only \S+(?: \S+)? (?:is|are) (?:now )?supported|(?:is|are) not allowed|(?:is|are) (?:banned|prohibited|disallowed)|not allowed to|is forbidden|are forbidden|forbidden|"
        r"no more than|at most|at least|never exceed|may not(?! be\b)|shall|prioriti[sz]e \w+(?: \w+)? over|"
        # a policy on what a project takes on: "keep dependencies minimal", "a commitment to zero dependencies"
        r"keep (?:\w+ ){1,3}?(?:minimal|to a minimum|lean|as few as possible)|commit(?:ment|ted|s)? to (?:zero|no|minimal) \w|"
        r"should be avoided unless|"
        r"(?:is|are) limited to|only (?:run|runs|works|support|supports) on|mandatory|compliance requires|"
        r"(?:latency|budget|limit|quota|sla|timeout) (?:is|of|must|under|below)|"
        r"(?:every|all|each) [\w\s-]{1,30}? needs? (?:a|an|to)|is the (?:minimum|maximum)|minimum (?:version|runtime)|"
        r"maximum of|^(?:please\s+)?(?:do not|don't)\s+(?!think|know|worry|forget|mind|hesitate)\w+|"
        r"(?:the|our|a) (?:goal|aim|rule|requirement) is (?:to|that)|intentionally|deliberately|by design)\b", re.I)),
    ("dependency", re.compile(
        r"\b(?:depends on|depend on|relies on|rely on|calls into|calls|talks to|is built on(?: top of)?|"
        r"requires|imports|reads from|writes to|sits behind|publishes to|consumes from|is backed by|"
        r"backed by|sends \w+ to|pulls \w+ from|wraps|uses \S+(?: \S+)? as (?:the|a|an|our)|connects to|"
        r"polls|listens (?:to|on)|subscribes to)\b", re.I)),
    ("architecture", re.compile(
        r"\b(?:is responsible for|are responsible for|handles|owns|consists of|is composed of|"
        r"is the source of truth|lives in|is split into|data flows|is the entry point|"
        r"is the (?:only|single) (?:writer|reader|owner))\b", re.I)),
]

_QUESTION_START = re.compile(
    r"^(?:(?:what|why|how|when|where|who|which)\s+(?:\w+\s+)?(?:is|are|was|were|do|does|did|can|could|would|"
    r"should|will|shall|have|has|to)\b|(?:what|why|how|who|which)\b(?!\s+\w+\s+\w+)|"
    r"(?:can|could|would|should|do(?!\s+not\b)|does|did|is|are|will|shall|have|has)\b(?!\s+be\b[^?]*$))", re.I)
_CHATTER = re.compile(
    r"^(?:hi|hello|hey|thanks|thank you|thx|ok(?:ay)?|sure|great|cool|nice|perfect|awesome|got it|sounds good|"
    r"lgtm|yes|yep|no|nope|done|good|alright|right|understood|noted|stored)\b[\s!.,]*", re.I)
_TRANSIENT = re.compile(
    r"\b(?:for now|for the time being|right now|temporarily|temporary|just this once|for this (?:test|run|session|branch|pr)|"
    r"today|tonight|at the moment|this time|for the moment|currently debugging|in this session|quick hack|"
    r"for the demo|until (?:tomorrow|friday|monday|later)|take a break|lunch|coffee|brb|back in \d+|heading out|"
    r"signing off|call it a day|while (?:i|we)(?:'m|'re| am| are)? (?:debug|investigat|bisect|test)\w*|that's the bug|the bug is|is the bug|is failing|keeps failing|still failing|"
    r"crash(?:es|ed)?|(?:in|for|on) my (?:own )?(?:\w+ )?(?:projects?|forks?|apps?|setups?|cases?|environments?|code|repos?|"
    r"repositories|monorepos?|machines?)|for me|on my machine)\b", re.I)
_HYPOTHETICAL = re.compile(
    r"\b(?:maybe|might(?! as well)|perhaps|what if|not sure|wonder(?:ing)?|considering|thinking about|could we|"
    r"should we|we could|possibly|in theory|if we|unless|(?:it|that|this|there) must (?:be|have)|"
    r"consider|should see|see if|would be (?:good|nice|great|better)|i assume|should have|"
    r"(?:would|'d) (?:really )?like to(?! always| never|\s+(?:switch|move|migrate|use|replace|drop|remove|adopt|go\s+with)\b)|(?:the|an?) alternatives? (?:are|is|would be)|"
    r"another option|alternatively|(?:have|has) plans? to|needs? to be (?:solved|fixed|addressed|resolved|investigated)|"
    r"(?:wanted|want) to do that|whether|could be (?:replaced|removed|used|dropped|moved)|"
    # round 19: "a lot of users have started adopting OpenTofu": what others do
    r"(?:a\s+lot\s+of|lots\s+of|many|most|several|more\s+and\s+more)\s+(?:users|people|projects|teams|companies|developers|"
    r"folks|maintainers)\s+(?:have\s+|are\s+)?(?:started|begun|been|now)\s+\w+ing\b|"
    r"(?:i|we)(?: would|'d)? (?:propose|suggest)|my suggestion|"
    r"not (?:\w+ )?(?:a priority|urgent)\b|low on (?:the|my|our) (?:list|priorities)|"
    r"(?:would|'d) (?:love|appreciate|welcome) (?:some |any |your )?(?:feedback|input|thoughts|opinions|comments|reviews?)|"
    r"happy to (?:hear|discuss|get)|^(?:explore|investigate|evaluate|look into|prototype|try out|spike on)\b|"
    r"(?:i|we|you) may\b|why don't we|why not\b|"
    r"any objections|what do you (?:all |guys |folks )?think|would be (?:awesome|cool|helpful|ideal)|it would be|"
    # a plan, an aim or a wish is not yet a choice; a proposal's labels; agreement still to come
    r"(?:i|we) (?:plan|aim|hope|intend|wish) to|(?:am|are|'re|'m) (?:planning|aiming|hoping|intending) to|"
    r"(?:my|our|the) plan is to|(?:my|our|this|a) proposal (?:is|would be|here)\b|(?:here is|here's) (?:a|my|the) proposal|"
    r"\bprobably\b|(?:good|high|fair|decent|some) chances?\b|(?:i'm|i am|we're|we are) debating|"
    r"worth (?:exploring|considering|investigating|trying|a try|a look)|nice[- ]to[- ]have|low[- ]priority|"
    r"^(?:proposal|idea|suggestion|rfc|question|open question|draft|wip|research|spike|investigation|exploration|"
    r"experiment|discussion|brainstorm(?:ing)?|poll|todo|fixme|proof of concept|poc|plan)\s*:\s*(?=\w)|^\[(?:rfc|draft|wip|proposal|discussion)\]\s*(?=\w)|"
    r"thoughts(?=\s*\?)|"
    r"if (?:everyone|everybody|you all|you|others|nobody|we all|all of you) (?:agrees?|objects?|is fine)|"
    r"(?:don't|do not) see the point(?: (?:in|of) (?:doing )?(?:that|this|it))?(?=\s*(?:$|[.,;!]|though|unless|now))|"
    r"not (?:\w+ )?(?:needed|necessary|required|a priority|urgent) (?:yet|right now|at the moment)|"
    r"(?:can|could|will|'ll|should) revisit|if you(?:'d| would) (?:like|prefer)|"
    # a sentence that announces or asks a question without its mark ("I have a question, why do you choose X …")
    r"(?:i have|i've got|quick|one|a) question\b|\bwhy (?:do|did|does|would|should) (?:you|we|they)\b|"
    # a possibility, a check still to make, a stance that decides nothing
    r"can be (?:replaced|removed|dropped|swapped)\b|^check (?:if|whether)\b|"
    r"(?:should|could|might|can|will|'ll|need to|want to) (?:\w+ )?look into\b|this is (?:just |only )?an? (?:experiment|"
    r"proof of concept|poc)\b|not against (?:it|this|that)\b|"
    r"(?:no|not a) strong (?:opinion|preference|feelings?)|(?:don't|do not) have a (?:strong )?(?:opinion|preference)|"
    # round 16: "I can imagine in some cases we'll have to keep X": a guess at what may come
    r"(?:i|we) can (?:\w+ )?imagine)\b", re.I)
_REQUEST = re.compile(
    r"^(?:please |pls |now )?(?:can you|could you|would you|run|fix|show|open|look|check|try|print|add|"
    r"rename|refactor|delete|remove|update|write|generate|explain|tell|let me|give me|make|help|find|"
    r"debug|test|commit|push|revert|undo|lint|decide|investigate|evaluate|figure out)\b", re.I)

_WHY = re.compile(r"\s*(?:,\s*)?\b(because|since|(?<!\bmuch\s)so that|due to|given that|(?<!\bsoon\s)(?<!\blong\s)as (?:it|they)|in order to|"
                  r"thanks to|owing to|"
                  # round 19: "stop using dependabot for python, too noisy": a verdict tacked on after a comma
                  r"(?<=,\s)(?:(?:way|far|much)\s+)?too\s+(?!many\b|much\b|few\b|little\b)\w{3,}(?=\s*(?:[.;!]|$))|"
                  r"as (?:we|i)(?:'re|'ve| are| have| no longer| now| already| (?:believe|think|feel|found|see|want|need)\b)|"
                  r"as a result of|in view of|motivated by|driven by|"
                  # "…, which drastically reduces the bundle", "…, which reached its end of life": what the relative
                  # clause says the change does, or says of what it drops
                  r"(?:(?<=,\s)|(?<=[\w)]\s)(?=which\s+(?:was|is|were|are|has\s+been|have\s+been|reached|has\s+reached)\s+"
                  r"(?:\w+\s+)?(?:eol|end[- ]of[- ]life|deprecated|unmaintained|archived|abandoned|obsolete)\b))"
                  r"which\s+(?:\w+ly\s+)?(?:reduces|removes|saves|cuts|improves|avoids|simplifies|speeds up|"
                  r"eliminates|prevents|fixes|shrinks|halves|reached|has reached|(?:is|are|was|were) (?:no longer|now|"
                  r"already)\s+(?:\w+\s+)?(?:unmaintained|deprecated|supported|maintained|end[- ]of[- ]life|eol|archived)|"
                  r"(?:is|are|has been|have been|was|were) (?:\w+\s+)?(?:unmaintained|deprecated|archived|abandoned|obsolete|eol|"
                  r"end[- ]of[- ]life))(?=[\s.,;!]|$)|"
                  # "Use f-strings as faster and easier to read": a comparative after "as"
                  r"(?<=\s)as (?:faster|easier|simpler|smaller|cleaner|safer|better|lighter|quicker|cheaper|more|less)(?=\s)|"
                  # "…, primarily for the stronger patent protections", "mainly because …", "partly to …"
                  r"(?:mainly|mostly|partly|primarily|largely|chiefly)\s+(?:for|because|due to|to)(?=\s)|"
                  # "We need to use X otherwise we get this error": what happens without it
                  r"(?<!unless\s)(?<!than\s)otherwise(?=\s)|"
                  r"(?<=,\s)which (?:is|are|was|were|has|have) (?:(?:much|far|way|a lot|significantly|slightly|also)\s+)?"
                  r"(?:\w+er|more|less|better|worse)(?=\s)|"
                  r"for the sake of|given|will let us|lets us|allows us to|will allow us to|(?:as\s+)?per (?:our|the|its)|"
                  # round 15: "… needs to be relicensed as part of the org-wide migration"
                  r"(?<=\s)as part of (?:the|an?|our|this)\s+(?:[\w-]+\s+){0,3}?(?:migration|effort|initiative|move|push|plan|"
                  r"switch|transition|cleanup|clean-up|rollout|overhaul|rewrite|consolidation|standardi[sz]ation)\b|"
                  r"for (?:\w+ )?purposes|which (?:makes|means|gives|"
                  r"lets|allows)|"
                  # round 18: the infinitive a decision or an obligation takes ("decided not to support X", "we have to
                  # keep X") is what is decided, not what it is for
                  r"(?<!decided )(?<!decided not )(?<!chose )(?<!chose not )(?<!agreed )(?<!agreed not )(?<!have )"
                  r"(?<!has )(?<!had )(?<!need )(?<!needs )(?<!going )(?<!want )(?<!wants )(?<!plan )(?<!decide not )"
                  r"to (?:reduce|improve|avoid|speed up|simplify|cut|lower|prevent|save|get rid of|fix|"
                  r"make sure|ensure|keep|facilitate|benefit from|take advantage of|make use of|match|enable|guarantee|be able to|help|unblock|unify|provide|"
                  r"add support for|support|allow|modernize|modernise|streamline|consolidate|minimi[sz]e|maximi[sz]e|optimi[sz]e|decrease|increase|"
                  r"comply with|align with|stay (?:compatible|consistent|in line))|"
                  r"it(?:'s| is) (?:(?:so|much|way|a lot|far)\s+)*(?:\w+er|more|less|better)|"
                  r"(?:(?:mainly|mostly|partly|primarily|largely|chiefly)\s+)?for (?:its|their)(?=\s)|"
                  # "for better performance", "for smaller payloads", "for simplicity", "for security reasons"
                  r"for (?:(?:much\s+|far\s+)?(?:better|improved|faster|easier|simpler|smaller|cleaner|safer|greater|"
                  r"higher|lower|less|more|reduced|increased|quicker|lighter|"
                  # round 15: "ktlint is mandatory for consistent formatting", "pin versions for reproducible builds"
                  r"consistent|reproducible|predictable|deterministic|readable|portable|stable|reliable|secure)\s+\w+|"
                  r"(?:\w+ )?reasons? of \w+|\w+ reasons|"
                  r"(?:the sake of )?(?:\w+(?:ity|ness)|speed|performance|security|consistency|safety|clarity|privacy|"
                  r"cost|costs|price|licensing|ergonomics|convenience|maintenance|ease of use)"
                  r"(?=\s*(?:[.,;!]|$|\band\b|\bacross\b|\bin\b|\bof\b|\bamong\w*\b)))|"
                  r"(?<=\s)and(?=\s+(?:[\w/-]+\s+){1,4}(?:decreased|dropped|fell|shrank|halved|improved|went down)\b)|"
                  r"(?<![,;]\s)(?<!\bmuch\s)(?<=\s)so(?=\s+(?:the|a|an|our|its|their|this|that|these|those|we|it|they|there|people|"
                  r"users|everyone|nobody|you)\b)|"
                  # (round 19: not "…, as long as it provides value": a condition)
                  r"(?<=,\s)as(?!\s+(?:soon|long|far|much|well|such|if|though)\b)(?=\s+(?:the|a|an|our|its|their|this|that|these|those|we|it|they|there|most|many|all|"
                  r"some|[A-Z][\w.+-]*)\s+\w+)|"
                  # round 12: "switch to X as gocover.io is closing", "… and support java 11 up as there are no advantages":
                  # "as" opening a clause (a subject of one to three words, then a finite verb) gives the reason, comma
                  # or not; "as soon as", "as long as" (a condition), "such as", "as well as" are not reasons.
                  r"(?<!\bsoon\s)(?<!\blong\s)(?<!\bfar\s)(?<!\bmuch\s)(?<!\bwell\s)(?<!\bsuch\s)(?<!\bsame\s)(?<!\bjust\s)"
                  r"(?<=\s)as(?!\s+(?:soon|long|far|much|well|such|if|though|to|of|for|in|with|part|per)\b)"
                  r"(?=\s+(?:(?:the|a|an|our|its|their|this|that|these|those)\s+)?[\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?\s+"
                  r"(?:is|are|was|were|has|have|had|does|do|did|doesn't|don't|didn't|isn't|aren't|wasn't|can't|cannot|"
                  r"won't|will|would|no longer|gets|got|keeps|brings|causes|needs|requires|offers|provides|supports)\s))\b", re.I)
_WHY_SENTENCE = re.compile(r"^(?:(?:that's|that is|this is|it's) because|because|the reason (?:is|was)|"
                           # round 13: "Revert reason: …", "Removal reason: …"
                           r"[a-z]+\s+reason\s*:|"
                           r"(?:the\s+)?(?:reasons?|reasoning|rationale|why|motivation|justification)\s*[:?]|since\b|"
                           # "Reasons are two:", "The main reasons for the switch:", "There were two important reasons
                           # for the change:"
                           r"(?:there (?:are|were) |the )?(?:(?:main|key|two|three|several|a few|some|important|good)\s+){0,2}"
                           r"(?:reasons?|motivations?)(?:\s+(?:are|were|is)\s+(?:\w+\s+)?(?:two|three|several|simple|"
                           r"as follows|these))?(?:\s+(?:for|behind)\s+(?:this|the|these|that)\s+(?:\w+\s+)?(?:switch|change|"
                           r"move|decision|migration|choice|pr))?\s*:|"
                           # a pull request template's "Why is this needed:", "Why this change:"
                           r"why (?:is (?:this|it) (?:needed|necessary|important|useful|required)|this (?:change|pr)|"
                           r"do we need (?:this|it))\s*[:?])\s*", re.I)
_DASH_WHY = re.compile(r"\s+(?:—|–|--| - )\s+")

# Round 15: a name may be code that opens with a quote or a dunder ("instead of 'requires' clauses", "__send__").
_QUOTED_NAME = r"'[A-Za-z_][\w.+#/-]{0,58}'"
# A Maven coordinate, group:artifact[:version] ("com.fasterxml.jackson.core:jackson-databind"): one name, not a
# group cut at its colon; _name says it by its artifact, the name identity knows a JVM package by.
_COORDINATE = r"[A-Za-z][\w-]{0,40}(?:\.[\w-]{1,40}){1,6}:[A-Za-z][\w-]{0,60}(?:\.[\w-]{1,30}){0,4}(?::\w[\w-]{0,20}(?:\.[\w-]{1,20}){0,4})?"
# (user trial 16: "dropping memmap2 from grep-searcher": where it is dropped from is no part of its name)
_NP = r"((?:" + _QUOTED_NAME + r"|" + _COORDINATE + r"|(?:__)?[A-Za-z0-9][\w.+#/-]{0,60}(?:(?:::|\\)[A-Za-z_]\w{0,40}){0,3})(?:\s+(?!(?:for|because|since|as|given|to|from|and|or|vs|versus|but|in|on|with|over|instead|" \
      r"rather|than|so|which|that|the|a|an|is|was|it|we)\b)[A-Za-z0-9][\w.+#/-]{0,60}(?:(?:::|\\)[A-Za-z_]\w{0,40}){0,3}){0,2})"
# Verbs of taking a package on; after "not" their object is what is turned down.
_TAKE_ON = (r"(?:use|add|adopt|introduce|install|vendor|pull\s+in|bring\s+in|take\s+on|depend\s+on|rely\s+on|"
            r"go\s+with|switch\s+to|move\s+to|migrate\s+to)\b")
_REJECT_PATTERNS = [
    # "let's not pull in simd-json", "we should not depend on openssl": what the verb takes on, not the verb
    re.compile(r"\b(?:over|instead of|rather than|in place of|not\s+" + _TAKE_ON + r"|"
               # "does not end in a slash", "must not grow": a negated verb, not an alternative turned down
               r"(?<!\bdo )(?<!\bdoes )(?<!\bdid )(?<!\bmust )(?<!\bshould )(?<!\bwill )(?<!\bwould )(?<!\bcan )"
               r"(?<!\bcould )(?<!\bmay )(?<!\bmight )(?<!\bshall )not|vs\.?|versus|unlike)\s+"
               r"(?:the\s+|a\s+|an\s+|using\s+|"
               # "instead of migrating to travis-ci.com", "rather than sticking with X": the gerund's object
               r"(?:upgrading|migrating|moving|switching|going|sticking|staying|porting)\s+(?:over\s+|back\s+)?"
               r"(?:to|with|on|for|onto)\s+(?:the\s+)?|(?:keeping|maintaining)\s+(?:the\s+)?|"
               r"continu(?:ing|e)\s+(?:to\s+use|using|with|on)\s+(?:the\s+)?)?" + _NP,
               re.I),
    re.compile(r"\b(?:rejected|(?<=we )reject|(?<=i )reject|ruled out|dropped|dropping|ditched|ditching|abandoned|moving away from|"
               r"(?:moderni[sz]\w*|get|getting|step\w*) away from|(?:mov\w*|migrat\w*|transition\w*) (?:away )?from|"
               r"(?:mov\w*|migrat\w*) out of|"
               r"switching (?:away )?from|migrating (?:away )?from|replacing)\s+(?:the\s+)?" + _NP, re.I),
]
# "we don't want to add a dependency on lxml", "we tried Celery but …": what is turned down.
_TURNED_DOWN = re.compile(r"\b(?:(?:don't|do not|won't|will not|not)\s+(?:want\s+to\s+)?(?:add|introduce|take on|pull in)\s+"
                          r"(?:a\s+|another\s+|any\s+)?(?:new\s+|hard\s+|runtime\s+|extra\s+)?dependency\s+(?:on|to)|"
                          r"tried(?:\s+out)?(?=\s+\S+(?:\s+\S+){0,2}?\s+but\b))\s+(?:the\s+)?" + _NP, re.I)
# Inside a "because …" clause only the unmistakable forms count ("over" there is usually not a choice).
_REJECT_IN_WHY = re.compile(r"\b(?:instead of|rather than|in place of|unlike|outperform(?:s|ed|ing)?|beats|"
                            # round 12: "obviating the need for setup.py", "removes the need for isort"
                            r"(?:remov|obviat|eliminat|replac)\w*\s+(?:the\s+|any\s+)?need\s+(?:for|of)|"
                            # "we need to slowly move from Travis given the costs": what a move leaves
                            r"(?:mov|migrat|switch|transition)\w*\s+(?:away\s+)?from)\s+(?:the\s+|a\s+|an\s+|using\s+|"
                            r"(?:upgrading|migrating|moving|switching|going|sticking|staying|porting)\s+"
                            r"(?:to|with|on|for|onto)\s+(?:the\s+)?)?" + _NP, re.I)
# round 12: the forms of _REJECT_IN_WHY that name the change's own alternative in the statement after it
_NEED_GONE = re.compile(r"\b(?:unlike|(?:remov|obviat|eliminat|replac)\w*\s+(?:the\s+|any\s+)?need\s+(?:for|of)|"
                        r"(?:mov|migrat|switch|transition)\w*\s+(?:away\s+)?from)\s+(?:the\s+|a\s+|an\s+|using\s+)?" + _NP,
                        re.I)
_COMPARED_TO = re.compile(r"\b(?:as\s+)?compared\s+(?:to|with)\s+(?:the\s+|a\s+|an\s+)?" + _NP, re.I)
_REPLACEMENT_FOR = re.compile(r"\b(?:drop-in )?(?:replacement|substitute|successor) (?:for|of)\s+(?:the\s+)?" + _NP, re.I)
_PREFER_TO = re.compile(r"\bprefer(?:s|red)?\s+(?:using\s+)?" + _NP + r"\s+to\s+(?:using\s+)?" + _NP, re.I)
# "it is much faster than webpack", "Vitest is simpler than Jest": what a choice is better than is turned down.
_BETTER_THAN = re.compile(r"\b(?:(?:much|far|way|a lot|significantly|slightly|generally)\s+)?(?:faster|quicker|smaller|lighter|"
                          r"simpler|easier|cleaner|safer|better|cheaper|more (?:reliable|stable|secure|mature|popular|"
                          r"maintained|flexible|performant|efficient|robust|modern|readable|consistent|portable)|"
                          r"less (?:buggy|verbose|complex|complicated|error-prone|bloated)|less\s+[a-z]+)\s+(?:\w+\s+)?than\s+"
                          r"(?:the\s+|a\s+|an\s+)?"
                          + _NP + r"|\b(?:outperform(?:s|ed)?|beats)\s+(?:the\s+|a\s+|an\s+)?" + _NP, re.I)
_TOO = re.compile(r"\b" + _NP + r"\s+(?:was|is|were|are|felt|seemed)\s+(?:way\s+|far\s+|much\s+)?too\b", re.I)
_FORBID = re.compile(r"\b(?:can't|cannot|can not|must not|mustn't|may not|never|do not|don't)\s+(?:use|depend on|import|"
                     r"call|ship)\s+(?:the\s+)?" + _NP, re.I)
_OBJECT = re.compile(
    r"\b(?:use|using|go with|going with|adopt|switch(?:ing)? to|move to|moving to|migrate to|migrating to|"
    r"standardi[sz](?:e|es|ed|ing) on|chose|choose|picked|pick|settled on|opted for|selected|decided on|keep|"
    r"went with|ended up (?:using|with)|adopted|keeping|sticking with|staying with|replace \S+ with|uses|runs on|relies on|is built (?:on|with)|builds with|"
    r"agreed (?:on|to use)|go(?:ing)? ahead with|"
    r"(?:migration|move|switch|transition|upgrade) (?:from \S+(?: \S+)? )?to|"
    r"(?:mov|migrat|switch|port|convert)\w*\s+(?:the\s+|our\s+|all\s+)?(?:[\w/-]+\s+){0,3}?(?:to|onto)|"
    r"implements?|introduces?|"
    r"replacing \S+ with)\s+(?:the\s+|a\s+|an\s+)?" + _NP, re.I)
_DEP = re.compile(
    r"^(?:the\s+|our\s+)?(.{2,60}?)(?:\s+\w+ly)?\s+(depends on|depend on|relies on|rely on|calls into|calls|talks to|"
    r"is built on(?: top of)?|requires|imports|reads from|writes to|sits behind|publishes to|consumes from|"
    r"is backed by|backed by|wraps|uses|connects to|polls|listens (?:to|on)|subscribes to)\s+(?:the\s+|our\s+|a\s+|an\s+)?"
    r"(.{2,60}?)(?:\s+(?:for|to|because|since|as|"
    r"via|when|so|and)\b.*)?[.!;]*$", re.I)
_SUBJECT = re.compile(r"^(?:the\s+|our\s+)?(.{2,60}?)\s+(?:is responsible for|are responsible for|handles|owns|"
                      r"consists of|is composed of|is the|lives in|is split into)\b", re.I)

# ------------------------------------------------------------------ changes of mind

# A noun phrase in a change ("from Travis-CI to GitHub actions"): up to four words, stopping at the words that
# join phrases.
_STOP = (r"for|because|since|as|to|and|but|in|on|with|over|instead|rather|than|so|which|that|the|a|an|is|was|due|"
         r"are|were|it|we|from|into|by|at|when|if|will|should|would|can|could|must|this|these|those|its|our|"
         r"their|completely|entirely|altogether|now|too|anymore|any|support|then|directly|across|anywhere|everywhere|"
         r"again|here|there|outside|inside|unless|except|only|just|even|yet|instead|please|wherever|whenever")
# Round 17: a path of code names ("mem::forget", "Foo::Bar") is one name.
# A PHP name is one too, its namespace separators backslashes ("Slim\\Interfaces", "Slim\\App::handle").
_PATH = r"(?:(?:::|\\)[A-Za-z_]\w{0,40}){0,3}"
_CNP = r"((?:" + _QUOTED_NAME + r"|" + _COORDINATE + r"|(?:__|\.(?=[A-Za-z]))?[A-Za-z0-9][\w.+#/'@-]{0,60}" + _PATH + r")(?:\s+(?!(?:" + _STOP + r")\b)" \
       r"[A-Za-z0-9][\w.+#/@-]{0,60}" + _PATH + r"){0,3})"
_ART = r"(?:the\s+|a\s+|an\s+|our\s+|using\s+|usage of\s+|uses of\s+|support for\s+|(?:existing|current)\s+|" \
       r"continu(?:e|ing)\s+(?:to\s+use\s+|using\s+|with\s+)|" \
       r"(?:hard\s+|runtime\s+)?(?:dependency|dependencies|reliance) on\s+|" \
       r"(?:(?:all|any)\s+)?(?:traces?|remnants?|calls|references?|mentions?) (?:of|to)\s+|any\s+){0,3}"
# "Global state should be avoided", "Default exports are discouraged": what is avoided is turned down.
_AVOIDED = re.compile(r"\b" + _ART + _CNP + r"\s+(?:(?:should|must|is to|are to|ought to) be|is|are)\s+"
                      r"(?:\w+ly\s+)?(?:avoided|discouraged)\b", re.I)
_DISALLOWED = re.compile(r"^" + _ART + _CNP + r"\s+(?:is|are)\s+(?:not\s+(?:allowed|permitted)|(?:banned|prohibited|disallowed|"
                         r"forbidden))\b", re.I)
# "from pycodestyle and Pylint to Ruff", "from X, Y and Z to W": names joined to the first one left (_joined reads them)
_MORE_NAMES = r"(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*[+&/]\s*)(?:the\s+)?[A-Za-z0-9][\w.+#@-]{0,60}){0,3}"
_CHANGES: list[tuple[re.Pattern[str], int | None, int | None]] = [  # (pattern, group chosen, group dropped)
    (re.compile(r"\b(?:switch|switches|switched|switching|mov(?:e|es|ed|ing)|migrat(?:e|es|ed|ing)|chang(?:e|es|ed|ing)|"
                r"convert(?:s|ed|ing)?|port(?:s|ed|ing)?|transition(?:s|ed|ing)?|go(?:ing)? back|re-?licens(?:e|es|ed|ing))\s+(?:\S+\s+){0,6}?(?:from|off(?:\s+of)?)\s+"
                + _ART + _CNP + _MORE_NAMES
                + r"(?:\s*(?:->|=>|→)\s*|\s+(?:\w+\s+|as\s+(?:[\w-]+\s+){1,5}?)?(?:to|onto|into)\s+)" + _ART + _CNP, re.I), 2, 1),
    # round 14: "Remove Helm and start using Kustomize", "drop X, use Y instead": the drop and the choice are one change
    (re.compile(r"\b(?:drop|remove|ditch|get\s+rid\s+of|stop\s+using)\s+" + _ART + _CNP + r"\s*(?:,\s*|\s+)(?:and\s+)?"
                # round 19: "Remove Bower, rely on npm …", "Remove AF and replace with URLSession", "…, migrate to Y"
                r"(?:start\s+using|use|switch\s+to|move\s+to|migrate\s+to|adopt|go\s+with|rely\s+on|"
                r"replace\s+(?:it\s+|them\s+)?(?:with|by))\s+" + _ART + _CNP, re.I), 2, 1),
    # round 17: "Switch Redis to Valkey", "we should migrate Webpack to Vite": the bare name after the verb is what is
    # left, as in "change X to Y" (a role or a part — "Move the tests to pytest", "Port CI to …" — is not a thing left)
    (re.compile(r"(?:^|\b(?:we|i)\s+(?:should|will|'ll|must|can|want\s+to)\s+|\blet's\s+)(?:switch|migrate|move|port)\s+"
                r"(?!(?:the|our|a|an|all|every|each|it|its|this|that|them|these|those|from|over|back|to|away|off|everything|"
                r"tests?|docs?|code|builds?|ci|images?|scripts?|config\w*|project|repo\w*|app|apps|packages?|deps|"
                r"dependenc\w+|files?|jobs?|workflows?|pipelines?|services?|modules?|crates?|libs?|examples?|"
                r"components?|pages?|site|website|data|database|db|storage|logs?|logging|assets|\w+ly|"
                # round 19: "Migrate library to PlatformIO": a role, not a thing left
                r"librar(?:y|ies)|frameworks?|tool(?:s|ing)?|documentation|community|chat|backend|frontend|server|client)\b)"
                # round 19: "Move travis job to GitHub Actions": the thing whose part moves is what is left
                r"([\w+#@/-]+(?:\.[\w+#@/-]+)*(?:\s+v?\d[\w.]*)?)(?:\s+(?:jobs?|config(?:uration)?s?|setup|builds?|"
                r"scripts?|workflows?|pipelines?|usages?|references?|integration))?\s+(?:over\s+)?to\s+" + _ART + _CNP, re.I), 2, 1),
    # "… from setup.py to pyproject.toml, and from setuptools to flit": the change goes on
    (re.compile(r"(?:,\s*|\s)and\s+from\s+" + _ART + _CNP + r"\s+(?:to|onto)\s+" + _ART + _CNP, re.I), 2, 1),
    (re.compile(r"\b(?:switch(?:es|ed|ing)?|mov(?:e|es|ed|ing)|migrat(?:e|es|ed|ing))\s+(?:[\w-]+\s+){0,3}?"
                r"(?:over\s+)?to\s+(?:use\s+)?" + _ART + _CNP +
                r"\s+(?:\w+\s+)?from\s+" + _ART + _CNP, re.I), 1, 2),
    (re.compile(r"\bchang(?:e|es|ed|ing)\s+(?:(?:all|every|each|the|our)\s+)?(?:from\s+)?" + _ART + _CNP +
                r"\s+(?:to|into)\s+" + _ART + _CNP, re.I), 2, 1),
    (re.compile(r"^" + _CNP + r"\s*(?:->|=>|→)\s*" + _CNP + r"[.!]?$", re.I), 2, 1),
    (re.compile(r"\b(?:go|goes|going|went|move|moving|moved|switch|switching|switched|revert|reverting|reverted)\s+back\s+to\s+" + _ART + _CNP +
                r"(?:\s+(?:from|instead of)\s+" + _ART + _CNP + r")?", re.I), 1, 2),
    (re.compile(r"\breplac(?:e|es|ed|ing)\s+" + _ART + _CNP + r"\s+(?:\w+\s+){0,3}?(?:with|by)\s+" + _ART + _CNP,
                re.I), 2, 1),
    (re.compile(r"\bswap(?:s|ped|ping)?\s+" + _ART + _CNP + r"\s+(?:for|with)\s+" + _ART + _CNP, re.I), 2, 1),
    # round 13: "Rename the fetchAll helper to loadAll": the new name is chosen, the old one left
    (re.compile(r"\brenam(?:e|es|ed|ing)\s+" + _ART + _CNP + r"\s+(?:\w+\s+){0,3}?(?:to|into|as)\s+" + _ART + _CNP, re.I),
     2, 1),
    (re.compile(r"\b" + _ART + _CNP + r"\s+(?:should|will|must|is going to|are going to)\s+be\s+"
                r"(?:migrated|moved|switched|converted|ported)\s+to\s+" + _ART + _CNP, re.I), 2, 1),
    (re.compile(r"\b" + _ART + _CNP + r"\s+(?:(?:should|will|must|is going to|are going to|can)\s+be|has been|have been|"
                r"was|were|is being|are being|got|gets|is|are)\s+(?:\w+ly\s+)?(?:replaced|superseded|succeeded)\s+(?:with|by)\s+"
                + _ART + _CNP, re.I), 2, 1),
    (re.compile(r"(?:(?<!being )(?<!been )(?<!be )(?<!is )(?<!are )(?<!was )(?<!were )|"
                # user trial 16: "We are dropping memmap2" is the change "We're dropping memmap2" is (a passive
                # "X are dropped" stays out, as does "throughput is dropping")
                r"(?<=\bwe are )(?=\w+ing\b)|(?<=\bi am )(?=\w+ing\b))"
                # round 12: a participle after a preposition or an article is an adjective ("build breakages caused by
                # deprecated Gradle methods", "the removed files"), no change
                r"(?!(?:(?<=by )|(?<=of )|(?<=with )|(?<=for )|(?<=the )|(?<=a )|(?<=an ))\w+ed\b)"
                r"\b(?:drop|drops|dropped|dropping|remov(?:e|es|ed|ing)|delet(?:e|es|ed|ing)|ditch(?:es|ed|ing)?|"
                r"replac(?:e|es|ed|ing)|"
                r"abandon(?:s|ed|ing)?|(?:am|are|'re|'m|is) not going to (?:use|adopt)|sunset(?:s|ting)?|"
                r"discontinu(?:e|es|ed|ing)|decommission(?:s|ed|ing)?|"
                r"deprecat(?:e|es|ed|ing)|retir(?:e|es|ed|ing)|phas(?:e|ed|ing) out|get(?:ting)? rid of|disabl(?:e|es|ed|ing)|"
                r"stop(?:ped|ping)? using|no longer us(?:e|ing)|mov(?:e|ing|ed) away from|decided against|"
                r"(?<=we )reject(?:ed)?|(?<=i )reject(?:ed)?|(?<=we have )rejected|(?<=we've )rejected|"
                r"decide against|(?:won't|will not|wont) (?:be )?us(?:e|ing)|(?:don't|do not) use|"
                r"(?:won't|will not|wont|(?:decided|chose|agreed) not to)\s+(?:be\s+)?(?:adopt(?:ing)?|pursu(?:e|ing)|"
                # round 18: "We decided not to support MS Windows", "we won't ship the Electron build"
                r"support(?:ing)?|ship(?:ping)?|bundl(?:e|ing)|includ(?:e|ing)|"
                r"add(?:ing)?|introduc(?:e|ing)|(?:switch|mov|migrat)\w*\s+to))\s+"
                + _ART + _CNP + r"(?:\s+(?:\w+\s+){0,5}?in favou?r of\s+" + _ART + _CNP + r")?", re.I), 2, 1),
    (re.compile(r"^" + _ART + _CNP + r"\s+(?:replaces|replaced|will replace|is replacing|is going to replace|supersedes|"
                r"superseded|will supersede|succeeds)\s+" + _ART + _CNP, re.I), 1, 2),
    (re.compile(r"\bin favou?r of\s+" + _ART + _CNP, re.I), 1, None),
    # "Relicense to MIT", "re-licensing the project under MIT", "Rewrite the client in TypeScript", "should be rewritten
    # into Go", "The build system has been switched to Meson": the new thing, with nothing named as left
    (re.compile(r"\bre-?licens(?:e|es|ed|ing)\s+(?:\S+\s+){0,4}?(?:to|under)\s+" + _ART + _CNP, re.I), 1, None),
    (re.compile(r"\b(?:rewrit(?:e|es|ing)|rewritten|rewrote)\s+(?:\S+\s+){0,4}?(?:in|into|with|using)\s+" + _ART + _CNP +
                r"(?:\s+(?:instead\s+of|rather\s+than|over)\s+" + _ART + _CNP + r")?", re.I), 1, 2),
    (re.compile(r"\b(?:has|have|had)\s+been\s+(?:switched|moved|migrated|converted|ported)\s+(?:over\s+)?to\s+" + _ART + _CNP,
                re.I), 1, None),
    # "eval-rst switched to native MyST": the thing that changed, then what it changed to
    (re.compile(r"^" + _CNP + r"\s+(?:switched|moved|migrated)\s+(?:over\s+)?to\s+" + _ART + _CNP + r"[.!]?$", re.I), 2, 1),
    # "Migrate eleven modules off the pretend library, using pytest-mock instead", "Remove X and use Y instead"
    (re.compile(r"\b(?:mov(?:e|es|ed|ing)|migrat(?:e|es|ed|ing)|switch(?:es|ed|ing)?|port(?:s|ed|ing)?)\s+(?:\S+\s+){0,5}?"
                r"off\s+(?:of\s+)?" + _ART + _CNP, re.I), None, 1),
    (re.compile(r"(?:,\s*|\s+and\s+)(?:then\s+)?(?:using|use)\s+" + _ART + _CNP + r"(?:\s+and\s+[^,.;]{2,40}?)?\s+instead\b(?!\s+of)",
                re.I), 1, None),
    (re.compile(r"\b(?:drop|drops|dropped|dropping|end|ends|ended|ending|stop|stops|stopped|stopping|remov(?:e|es|ed|ing))"
                r"\s+(?:the\s+)?support\s+for\s+" + _CNP,
                re.I), None, 1),
    (re.compile(r"\b(?:won't|will not|no longer|don't|do not|not going to|(?:decided|chose) not to|"
                r"(?:do not|don't|does not|doesn't) (?:intend|plan|want) to)\s+"
                # round 15: "we will no longer be supporting Internet Explorer", "no longer ship a Windows installer"
                r"(?:be\s+)?(?:support(?:ing)?|bring back|re-?add|restore|reintroduce|"
                r"(?<=no longer )(?:be\s+)?(?:ship(?:ping)?|offer(?:ing)?|provid(?:e|ing)|maintain(?:ing)?|publish(?:ing)?|"
                r"feature|featuring))\s+"
                r"(?:support\s+for\s+)?" + _ART + _CNP, re.I), None, 1),
    (re.compile(r"\b" + _ART + _CNP + r"(?:\(\))?\s+(?:(?:is|are|was|were)\s+(?:\w+ly\s+)?(?:being\s+)?|(?:has|have) been\s+|"
                r"got\s+|will be\s+|(?:is|are) going to be\s+|shall be\s+|(?:won't|will not|wont) be\s+)(?:\w+ly\s+)?"
                r"(?:rejected|ruled out|dropped|removed|abandoned|deprecated|phased out|retired|discontinued|banned|gone|"
                r"discarded|dismissed|turned down|passed over|not chosen|declined|not allowed|not permitted|"
                r"prohibited|disallowed|forbidden|no longer supported|out of scope|(?<=n't be )supported|"
                r"(?<=not be )supported)\b", re.I),
     None, 1),
    (re.compile(r"\bno plans to (?:support|use|adopt|add|switch to|move to|migrate to)\s+" + _ART + _CNP, re.I), None, 1),
    (_AVOIDED, None, 1),
    # "No ORM (like SQLAlchemy) is used", "Travis CI is not used anymore": what is not used is dropped.
    (re.compile(r"\bno\s+" + _CNP + r"(?:\s+\([^)]{1,60}\))?\s+(?:is|are|was|were|will be)\s+(?:used|needed)\b", re.I),
     None, 1),
    (re.compile(r"\b" + _ART + _CNP + r"\s+(?:is|are|was|were)\s+(?:no longer|not)\s+(?:used|needed)\b", re.I), None, 1),
]
_NOT_A_NAME = re.compile(r"^(?:it|this|that|them|they|one|ones|something|anything|everything|nothing|"
                         r"the idea|idea|configuration|config|(?:\w+\s+)?settings?|code|files?|changes?|tests?|option|options|former|latter|"
                         r"both|all|either|most|some|many|few|support|(?:\w+\s+)?ones?|"
                         # round 19: "migrate from the first to this one": a pointer back, not a name
                         r"first|second|last|other|others)$", re.I)
# A phrase that opens with a joining word is not a name ("deprecated and has bad performance").
_JOINERS = (r"and|or|but|nor|has|have|had|is|are|was|were|be|been|in|on|at|by|for|with|to|of|as|if|so|than|then|"
            r"after|before|when|until|during|every|each|"
            r"which|who|that|because|since|whereas|dealing with")
_NOT_A_START = re.compile(r"^(?:" + _JOINERS + r")\b(?!-)|"  # "In-memory caching" is a name
                          # round 15: "Replacing shouldn't be terribly difficult": a modal opens no name
                          r"^(?:shouldn't|wouldn't|couldn't|won't|can't|cannot|mustn't|doesn't|don't|didn't|isn't|aren't|"
                          r"should|would|could|must|might)(?![\w-])", re.I)
_LEADING_JOINERS = re.compile(r"^(?:(?:" + _JOINERS + r")\s+){1,3}", re.I)


def _name(phrase: str | None) -> str | None:
    if not phrase:
        return None
    if _NOT_A_START.match(phrase.strip()):
        return None
    coordinate = re.fullmatch(_COORDINATE, phrase.strip())
    if coordinate:
        return phrase.strip().split(":")[1]
    # "Python 2 support" names Python 2; "legacy support" is what it says.
    bare = re.sub(r"\s+(?:support|dependency|library|package|module)$", "", _clean(phrase), flags=re.I)
    x = _clean(phrase if re.fullmatch(r"[a-z]+", bare) and bare != _clean(phrase) and
               _clean(phrase).lower().endswith(" support") else bare)
    x = re.sub(r"^(?:the|a|an|our|using|usage of|uses of|use)\s+(?=\S)", "", x, flags=re.I)
    if not x or x.lower() in STOPWORDS and x != "Go" or _NOT_A_NAME.match(x) or len(x) < 2 or _PLACEHOLDER.match(x):
        return None  # "Go", capitalized, is the language
    return x


_ASIDE = re.compile(r"\s*\([^()]{1,40}\)")
# Names joined to a dropped one ("replace isort and black with ruff", "drop support for Node 14 and 16", "lodash +
# underscore have been replaced by …"): one word (and its version) each, followed by what joins the change again.
_CONJ_AFTER = re.compile(r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|\s*[+&]\s*)(?:the\s+)?"
                         r"([A-Za-z0-9][\w.+#/@-]{0,60}(?:\s+v?\d[\w.]{0,20})?)"
                         r"(?=\s*$|\s*[.,;:!)]|\s*[+&]|\s+\(|\s+(?:with|by|for|in favou?r|to|from|and|or|support|as|"
                         r"ha(?:s|ve)|is|are|was|were|will|should|must|because|since|altogether|entirely|completely)\b)", re.I)
_CONJ_BEFORE = re.compile(r"(?:^|(?<=\s))(?:the\s+)?([A-Za-z0-9][\w.+#/@-]{0,60}(?:\s+v?\d[\w.]{0,20})?)"
                          r"(?:\s*,\s*|\s+(?:and|or)\s+|\s*[+&]\s*)$", re.I)


def _joined(clause: str, m: re.Match[str], group: int, head: str) -> list[str]:
    """The names coordinated with the dropped ``head`` matched as ``group`` of ``m``."""
    out: list[str] = []
    words = head.split()

    def named(x: str) -> str | None:
        # "Node 14 and 16": a bare version takes the name of the one before it.
        if re.fullmatch(r"v?\d[\w.]*", x) and len(words) > 1 and re.fullmatch(r"v?\d[\w.]*", words[-1]):
            x = " ".join(words[:-1] + [x])
        if re.fullmatch(r"[a-z]{2,}(?:ing|ed)", x):
            return None  # "dropping X, switching to Y": a verb, not another name
        n = _name(x)
        return n if n and _slug(n) != _slug(head) and not re.fullmatch(r"(?:more|other|others|etc|so on)", n, re.I) else None

    pos = m.end(group)
    for _ in range(4):
        c = _CONJ_AFTER.match(clause, pos)
        if not c:
            break
        n = named(c.group(1))
        if not n:
            break
        out.append(n)
        pos = c.end()
    before = clause[max(0, m.start(group) - 80):m.start(group)]
    for _ in range(4):
        c = _CONJ_BEFORE.search(before)
        if not c:
            break
        n = named(c.group(1))
        if not n:
            break
        out.insert(0, n)
        before = before[:c.start()]
    return out


def changes(clause: str) -> tuple[str | None, list[str]]:
    """(what is chosen, what is dropped) in a change of mind: "switch from X to Y", "replace X with Y",
    "swap X for Y", "drop X (in favour of Y)", "no longer use X", "decided against X", "X was rejected"."""
    chosen: str | None = None
    dropped: list[str] = []
    clause = _ASIDE.sub("", clause)  # "migrate from yarn (v1) to pnpm"
    # "ruff … replaces the need for isort / flake8": what is no longer needed is what is dropped
    clause = re.sub(r"\b((?:replac|remov|eliminat|obviat)\w*)\s+(?:the\s+|any\s+)?need\s+(?:for|of)\s+", r"\1 ", clause,
                    flags=re.I)
    # round 16: "Replace the logging library from logrus to slog": a change of what fills a role, as "change … from … to"
    clause = re.sub(r"\breplac(?:e|es|ed|ing)\s+((?:the|our|its)\s+[\w-]+(?:\s+[\w-]+){0,2}?\s+)from\s+(?=\S+(?:\s+\S+)?\s+to\s+\w)",
                    r"change \1from ", clause, flags=re.I)
    # round 19: "I dropped the ball on this": an idiom, nothing dropped
    clause = re.sub(r"\bdrop(?:s|ped|ping)?\s+the\s+ball\b", "erred", clause, flags=re.I)
    # round 19: "Upgrade from JUnit 4 to 5": a move between major versions of one named thing leaves the older one
    clause = re.sub(r"\b(?:upgrad|mov|migrat|switch)(?:e|es|ed|ing)?\s+from\s+((?-i:[A-Za-z])[\w.+#-]*)\s+v?(\d{1,2})\s+"
                    r"(?:to|->|→)\s+v?(\d{1,2})(?!\w|\.\d)", r"migrate from \1 \2 to \1 \3", clause, flags=re.I)
    # round 19: "Remove AF and replace with URLSession": one replacement, whose second verb has no object of its own
    clause = re.sub(r"^(?:let's\s+|please\s+)?(?:remove|drop|ditch|delete)\s+(\S+(?:\s+\S+){0,4}?)\s+and\s+"
                    r"replace\s+(?:it\s+|them\s+)?(with|by)\s+", r"replace \1 \2 ", clause, flags=re.I)
    later: tuple[int, str] | None = None  # a choice made after "then" in the clause: the later change
    then = re.search(r"(?:,\s*|\s)(?:and\s+)?then\s", clause, re.I)
    for rx, gc, gd in _CHANGES:
        for m in rx.finditer(clause):
            c = _name(m.group(gc)) if gc else None
            if c and then and m.start() >= then.end() and (later is None or m.start() > later[0]):
                later = (m.start(), c)  # user trial 16: "switched from X to Y, then dropped Y for Z": Z is chosen
            d = _name(m.group(gd)) if gd else None
            if gd and d is None and m.group(gd) and not re.match(r"(?:and|or)\s+\S", m.group(gd), re.I):
                d = _name(_LEADING_JOINERS.sub("", m.group(gd)))  # "The decision that windows won't be supported"
            if gd and d is None and re.match(r"(?:and|or)\s+\S", m.group(gd) or "", re.I):
                # "Bootstrap and Foundation have been replaced by …": the match began at the joining word.
                d = _name(re.sub(r"^(?:and|or)\s+", "", m.group(gd), flags=re.I))
                if d:
                    tail = re.match(r"(?:and|or)\s+", m.group(gd), re.I)
                    before = _CONJ_BEFORE.search(clause[:m.start(gd) + (tail.end() if tail else 0)])
                    first = _name(before.group(1)) if before else None
                    if first and first not in dropped:
                        dropped.append(first)
            if gd and d and clause[m.end(gd):m.end(gd) + 8].lower() == " support":
                d = _name(m.group(gd) + " support")  # "legacy support" is what it says; "Python 2 support" is Python 2
            if d and d not in dropped:
                dropped.append(d)
            if gd and d:
                dropped.extend(x for x in _joined(clause, m, gd, d) if x not in dropped and (not c or _slug(x) != _slug(c)))
            if c and chosen is None:
                chosen = c
    if later and chosen and _slug(later[1]) != _slug(chosen) and any(
            _slug(chosen) == _slug(d) or _slug(chosen).startswith(_slug(d) + "-") for d in dropped):
        chosen = later[1]  # the first choice's own name is dropped after "then": it did not last
    if chosen:
        dropped = [d for d in dropped if _slug(d) != _slug(chosen)]
    # "no Cargo.toml change is needed": what is not needed is a change, not a thing dropped
    dropped = [d for d in dropped if not re.search(r"\b(?:changes?|updates?|action|work|edits?)$", d, re.I)]
    return chosen, dropped


# "PostgreSQL was chosen from these options", "Terraform has been selected": the passive names the choice.
_PASSIVE_CHOICE = re.compile(r"^(?:the\s+|a\s+|an\s+)?" + _CNP + r"\s+(?:(?:(?:was|were|is|are|has been|have been)\s+"
                             r"(?:\w+ly\s+)?(?:chosen|selected|picked|adopted|preferred)|will be used|"
                             r"(?:is|are) (?:now )?(?:our|the project's|the team's) (?:\w+ ){0,3}?" + _ROLE +
                             r"|(?:is|are) the way to go|(?:is|are) now (?:officially\s+)?supported|"
                             # round 19: "Flake8 is used to lint this project", "Mypy is used to type-check the code"
                             r"(?:is|are) used (?:to|for) [\w-]+(?:\s+[\w-]+)?\s+(?:this|the|our) (?:project|code(?:base)?|"
                             r"repo(?:sitory)?|library|package|crate|app)\b(?!\s+(?:is|are|was|were)\b))\b)", re.I)
# A decision record's labelled line: "Decision: Use Terraform …", "Decision Outcome: …".
_DECISION_LABEL = re.compile(r"^(?:(?:the\s+)?decision(?:\s+outcome)?|outcome|resolution|conclusion|verdict|decided|agreed|"
                             r"solution|(?:decision|consensus)(?:/(?:decision|consensus))?\s+reached)\s*:\s*"
                             r"(?:we(?:'ll| will)?\s+)?", re.I)
# A listed option or alternative ("Option 1: AWS CloudFormation", "Alternatives Considered: Manual configuration,
# CloudFormation"): what the decision of the same text did not choose.
_OPTION_LINE = re.compile(r"^(?:(?:considered\s+)?options?\s*(?:\d{1,2}|[a-z])?|(?:considered\s+)?alternatives?(?:\s+(?:considered|consideration|"
                          r"options?))?|(?:other\s+)?options?\s+considered|"
                          # "Several solutions exist for this purpose: A; B; C"
                          r"(?:several|many|some|various|a few|multiple|the)\s+(?:solutions|options|alternatives|candidates|tools|"
                          r"libraries)\s+(?:exist|are available|were considered|were evaluated)[^:]{0,40})\s*:\s*(.{2,300}?)[.]?$", re.I)
# A heading that only says what follows ("Title: …", "Body: …") is dropped; a record's other sections ("Context: …",
# "Consequences: …", "Status: …") are context, not decisions.
_HEADING = re.compile(r"^(?:title|body|summary|description|details|changes?|update|edit|tl;?dr|(?:the\s+)?what|"
                      r"closing(?: (?:this|it))?(?: as [\w' -]{1,20})?)\s*:\s*(?=\S)", re.I)
_SECTION = re.compile(r"^(?:context|background|problem(?: statement)?|consequences?|(?:positive|negative) consequences|"
                      r"status|date|deciders?|authors?|pros?|cons?|drawbacks?|risks?|notes?|references?)\s*:", re.I)
# Round 15: a record's consequences in its favour ("Positive: …", "Pros: …", "Good, because …").
_GOOD_CONSEQUENCE = re.compile(r"^(?:positive(?:\s+consequences?)?|pros?|benefits?|advantages?|upsides?|good(?:,\s+because)?)\s*[:,]\s*",
                               re.I)
# A bug report ("… crashes on startup", "the connection drops after 5 minutes") that asks a question states no fact.
_BUG = re.compile(r"\b(?:crash(?:es|ed|ing)?|segfaults?|exceptions?|traceback|stack ?trace|errors?|fail(?:s|ed|ing)?|"
                  r"drops|broken|(?:doesn't|does not|don't|do not|won't) work|not working|regression|bug)\b", re.I)
# A bug report's own words: what it describes is how things are, not a choice.
_BUG_REPORT = re.compile(r"\b(?:looks? (?:wrong|off|broken|incorrect|like a bug)|steps to reproduce|to reproduce:|"
                         r"expected (?:behaviou?r|result|output)|actual (?:behaviou?r|result|output)|describe the bug|"
                         r"is this a bug|seems to be a bug|i (?:can|could) come up with a (?:patch|fix|pr))\b", re.I)
# What a bug report or a workaround says ("… the tests fail with ERR_REQUIRE_ESM", "Removing the cache directory fixed
# it", "This happens because …"): a setting or a fix, not a decision.
_SYMPTOM = re.compile(r"\b(?:fail(?:s|ed|ing)?\s+(?:with|on|when|to)|hangs?|hanging|is broken|are broken|broke|crash(?:es|ed|ing)?|"
                      r"segfaults?|throws?|fixed it|fixes it|works now|it works|this happens|happens when|"
                      # round 15: "reproducible builds" is an aim, not a bug being reproduced
                      r"reproduc(?!ible\s+(?:builds?|outputs?|results?|environments?|installs?)\b)\w+)\b",
                      re.I)
# Moving the tracker's own things ("We moved this issue to the new repository", "I moved the file to src/utils").
_HOUSEKEEPING = re.compile(r"\b(?:mov|keep|kept|clos|reopen|merg|lock|transferr?|label|rebas|squash|renam)\w*\s+(?:this|the|that|"
                           r"it|these)\s+(?:issue|pr|pull request|ticket|thread|discussion|conversation|file|files|branch|"
                           r"commit|comment)s?\b|"
                           # "Closing in favour of #123", "Superseded by the new PR": the tracker's own things
                           r"\b(?:in favou?r of|superseded by|replaced by|duplicate of)\s+(?:#\d+|(?:the\s+|a\s+|this\s+)?"
                           r"(?:new\s+|other\s+|newer\s+|later\s+|follow-up\s+)?(?:pr|pull request|issue|ticket|branch|thread)s?\b)",
                           re.I)
# A sentence that opens on what a change does ("Removes ~70 kB from the bundle", "This reduces build time").
_EFFECT = re.compile(r"^(?:this\s+|it\s+|which\s+|(?:this\s+)?change\s+|"
                     # "Switching to esbuild saves time …": the change said as a gerund, then what it does
                     r"(?:switching|moving|migrating|porting|replacing|dropping|removing|adopting)\s+[^.;,]{2,50}?\s+)?"
                     r"(?:removes|reduces|saves|cuts|improves|speeds up|shrinks|fixes|avoids|"
                     r"allows|enables|simplifies|lowers|halves|eliminates|prevents|produces|"
                     # round 15: "This addresses the OSSRH sunset deadline", "This is to comply with the DCO"
                     r"addresses|resolves|solves|ensures|guarantees|(?:is|was)\s+(?:(?:meant|needed|required|necessary|done)\s+)?to\s+"
                     r"(?!be\b)[a-z]+)\b(?!.*\b(?:instead of|in favou?r of|"
                     r"with)\b)", re.I)
# A sentence about how things are now ("Currently both default and named exports are used") is context.
_CURRENTLY = re.compile(r"^(?:(?:there\s+(?:is|are)\s+)?currently|at present|as of now|today|so far|until now|historically|"
                        r"(?:the\s+)?current(?=\s+[\w-]+(?:\s+[\w-]+)?\s+(?:is|are|was|were|takes?|runs?|uses?|needs?)\b))\b", re.I)
# Decision records (MADR): 'Chosen option: "Use X", because …'.
_CHOSEN = re.compile(r"(?:\bchosen option:?|^(?:our|the|my) (?:choice|pick|preferred option|chosen option) (?:is|was|will be))"
                     r"\s*[\"'“]?\s*(?:use\s+|migrate to\s+|switch to\s+|adopt\s+)?" + _CNP, re.I)
_BEST = re.compile(r"(?:^(?!(?:we|i|they|you)\b)|\bthink\s+|\bbelieve\s+|,\s*(?:(?:i|we)\s+(?:think|believe)\s+)?)" + _CNP + r"\s+(?:(?:is|are) the (?:best|right) (?:tool|choice|"
                   r"option|fit)|(?:should|will|would) do the (?:job|trick))\b", re.I)
# What stands for a choice not yet named ("replace celery with another task queue", "moving to a simpler task queue"):
# no name; a later sentence names the choice ("I think django-tasks-scheduler should do the job").
_PLACEHOLDER = re.compile(r"^(?:another|other|different|alternative|something|some other|simpler|lighter|better|faster|"
                          r"smaller|newer|more\s+[a-z]+|less\s+[a-z]+)(?:\s+[a-z]|$)")
_TO_PLACEHOLDER = re.compile(r"\b(?:to|with|for|use|using|by|adopt|of)\s+(?:a\s+|an\s+|some\s+)?(?:another|other|different|"
                             r"alternative|simpler|lighter|better|faster|smaller|newer|more\s+[a-z]+|less\s+[a-z]+)\s+"
                             r"(?-i:[a-z])[\w-]*", re.I)
# 'AssertJ: bad, because …' in a list of options names a rejected one.
_BAD_OPTION = re.compile(r"^" + _CNP + r"\s*:\s*bad\b", re.I)
# An imperative change stated as a title or commit message ("Drop FlatCC as a dependency", "Use X instead of Y").
_IMPERATIVE = re.compile(
    r"^(?:use|adopt)\s+(?-i:[A-Z])[\w.+#-]*(?:\s+(?!for\b|in\b|everywhere\b|when\b)|[.]?$)|^adopt\s+(?:the\s+)?[\w.+#-]{2,}|"
    r"^(?:use|adopt)\s+\S+(?:\s+\S+){0,3}?\s+as\s+(?:a|the)\s+(?:drop-in\s+)?(?:replacement|substitute|successor)\b|"
    r"^(?:let's\s+|we should\s+(?:just\s+|instead\s+|rather\s+)?|please\s+)?(?:[a-z]+\s+and\s+)?(?:instead of\s+[^,]{2,60},\s*(?:use|adopt|go with)\b|(?:use|adopt|make use of|go with|switch to|move to)\s+\S+(?:\s+\S+){0,3}?\s+"
    r"(?:instead of|over|rather than|in place of)\b|(?:switch|move|migrate)\s+(?:[\w/-]+\s+){0,5}?(?:from|to|away)\b|(?:move|migrate)\s+out\s+of\s+(?!the\s+way\b)\S|"
    r"replace\s+\S+(?:\s+\S+){0,3}?\s+with\b|swap\s+\S+(?:\s+\S+){0,2}?\s+for\b|"
    r"make\s+(?:\S+\s+){1,3}?the\s+(?:new\s+)?(?:minimum|minimal|lowest|oldest)\s+(?:supported\s+|required\s+)?\w+\b|"
    r"(?:drop|remove|ditch|deprecate|retire)\s+(?:\S+\s+){0,4}?(?:support\b|as a dependency|in favou?r of|"
    r"because|since|to (?:improve|reduce|simplify|cut|speed))|drop support\b|stop using\b|"
    # "Remove jQuery dependency", "Update CLI/argparsing to use click", "use click to handle the argparsing"
    r"(?:drop|remove|ditch)\s+(?:the\s+)?[\w.+#@/-]+\s+(?:dependency|dependencies)\b|"
    # round 19: "Remove Bower and use npm for all dependencies", "Remove Webpacker, switch to jsbundling-rails": the
    # removal and what takes its place are one replacement, stated as "Replace X with Y" is
    r"(?:drop|remove|ditch|delete)\s+(?:\S+\s+){0,4}?\S+(?:\s*,\s*|\s+and\s+)(?:start\s+using|use|switch\s+to|move\s+to|"
    r"migrate\s+to|adopt|go\s+with|rely\s+on|replace\s+(?:it\s+|them\s+)?(?:with|by))\s+\S|"
    r"update\s+(?:\S+\s+){0,4}?to\s+(?:use|allow|require|support|permit|forbid|disallow)\b|"
    # round 13: "Return an error instead of panicking", "Log a warning rather than raising": a practice preferred
    r"(?:return|raise|throw|log|write|keep|put|store|send|call|prefer|emit)\s+[^.;,?]{1,60}?\s+(?:instead\s+of|rather\s+than)\s+\S|"
    r"use\s+[\w.+#@/-]+\s+to\s+(?:handle|manage|parse|build|run|test|format|lint|bundle|generate|render|store|cache|"
    r"validate|serve|deploy|schedule|send|log)\b)", re.I)
# A leading reason: "Since the files are small, we'll use JSON", "In anticipation of X closing down this PR …".
_LEAD_WHY = re.compile(r"^(because|since|as(?!\s+(?:discussed|mentioned|noted|agreed|described|explained|said|"
                       r"requested|suggested|per|part of|well|usual|always|of|for|in|title|such|above|below|before|"
                       # round 15: "As a team, we have decided …" says who decides, not why
                       r"an?\s+(?:team|project|community|group|company|org|organi[sz]ation|maintainer)|maintainers)\b)|now that|given(?: that)?|due to|in anticipation of|"
                       r"motivated by|driven by|prompted by|thanks to|owing to|as a result of|in view of|"
                       # round 16: "Keeping with the last two versions policy, we should …", "In line with our LTS
                       # policy, …": the rule followed is why
                       r"(?:in\s+)?keeping\s+with|in\s+line\s+with|in\s+accordance\s+with|consistent\s+with|"
                       # "With the minimum Python version now being high enough to drop X, switch to Y"
                       r"with(?=\s[^,;]{2,80}?\s(?:now\s+)?being\s)|to (?:avoid|reduce|improve|"
                       r"keep|simplify|make|get|have|allow|enable|support|ensure|speed up|prevent)|for (?:the sake of\s+)?(?:\w+(?:ity|ness|ance|ence|ency|ancy)|security|performance|speed|"
                       r"safety|privacy|clarity)(?=\s|,)|"
                       # round 15: any purpose infinitive before the clause it explains ("To encourage broader adoption,
                       # we want to relicense under MIT"; not "To reproduce, run …": a subject must follow)
                       r"to\s+(?!be\b|do\b|reproduce\b|test\b|check\b|install\b|run\b|build\b)[a-z]{3,20}\b"
                       r"(?=[^;]{5,200}?(?:,|\s(?:—|–|--))\s*(?:we|i|the\s+team|let's)\b))\b(.{5,200}?)(?:,\s*|\s+(?=(?:this|we|i|the team|let's|it makes sense|it's time)\b))(.+)$",
                       re.I)
_ANAPHORIC_WHY = re.compile(r"^(?:because of (?:this|that|these|it)|for (?:this|that|these) reasons?|"
                            r"as a (?:result|consequence)|as such|consequently|in light of (?:this|that)|given (?:this|that))"
                            r"\s*,?\s+(?=\S)", re.I)
# "A, so we'll do B": A is the reason.
# (a whitespace opens a match only where its run starts: tried at every blank of a long run, the pattern was
# quadratic — 20,000 spaces took 15 s of CPU in finalize-turn)
_SO = re.compile(r"(?:[,;]|(?<!\s)\s)\s*(?:and\s+)?(?:so|hence|therefore|thus|which is why|as such|in light of this)"
                 r"(?:,)?\s+(?!that\b|far\b|much\b|many\b|long\b)", re.I)


REL_ATTR = {"calls": ":calls", "calls into": ":calls", "talks to": ":calls", "sends": ":calls",
            "publishes to": ":calls"}


@dataclass
class Extracted:
    kind: str
    subject: str
    description: str
    rationale: str | None = None
    rejects: list[str] = field(default_factory=list)
    forbids: list[str] = field(default_factory=list)
    relation: tuple[str, str] | None = None  # (attribute, object phrase) for dependencies
    alias: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "subject": self.subject, "description": self.description}
        if self.rationale:
            out["rationale"] = self.rationale
        if self.rejects:
            out["rejects"] = list(self.rejects)
        if self.forbids:
            out["forbids"] = list(self.forbids)
        if self.relation:
            out["relation"] = list(self.relation)
        return out


Strategy = Callable[[str], list[Extracted]]
STRATEGIES: dict[str, Strategy] = {}


def register_strategy(name: str, fn: Strategy) -> None:
    """Plug in another extraction strategy (an LLM, the connected agent); it returns Extracted items."""
    STRATEGIES[name] = fn


# ------------------------------------------------------------------ reading the exchange


def user_text(delta: str) -> list[str]:
    """The user's turns (all text when the delta has no speaker labels)."""
    marks = list(_SPEAKER.finditer(delta))
    if not marks:
        return [delta]
    out = []
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(delta)
        if m.group(1).lower() in _USER:
            out.append(delta[m.end():end])
    return out


_TAKES_TO = re.compile(r"\b(?:propos(?:e|es|ing)|want(?:s|ed)?|need(?:s|ed)?|going|decided|plan(?:s|ning)?|"
                      r"ha(?:ve|s)|like|try(?:ing)?|agreed|able|wish|hope|intend)\s*$", re.I)
_ABBREV = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|approx|cf|fig|no|incl)\.|(?<![\w/-])[A-Za-z]\.)$", re.I)
# Round 14: after "etc." a capitalised imperative of a rule opens a sentence ("… classes, functions, etc. Always use tabs").
_OPENS_RULE = re.compile(r"^(?:always|never|do\s+not|don't|use|avoid|prefer|keep|make|write|run|put)\b", re.I)


# A line that ends on its reason's opening word ("… decided to switch to pytest because") and the list items under it
# are one sentence: the items are the reason.
_DANGLING = re.compile(r"(?:\b(?:because|since|as|due to|given that|so that|reasons?|why)|:)\s*$", re.I)
_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+")
_MD = re.compile(r"\*\*|__|`")  # the learned reader's features read text this way (lore.memory.learned)
# (round 19: "use the __ prefix for private names": marks with space on both sides are text, not bold)
_MD_MARK = re.compile(r"(?<!\w)(__[a-z][a-z0-9_]{0,40}__)(?!\w)|(?<=\s)(__|\*\*)(?=\s)|\*\*|__|`")


def _unmark(text: str) -> str:
    """Markdown's bold and code marks dropped; round 15: a dunder name (`__send__`, `__init__`) is code, not bold."""
    return _MD_MARK.sub(lambda m: m.group(1) or m.group(2) or "", text)
# A commit message's or title's scope ("deps: replace moment with dayjs", "chore(tool): yarn->pnpm").
_SCOPE = re.compile(r"^(?!(?:rationale|reason|decision|note|status|context|why|update|chosen option|"
                    # round 15: "consider: Docusaurus as documentation framework" is a proposal, not a commit's scope
                    r"consider|proposal|suggestion|idea|question|rfc|discussion|draft|wip|research|spike|poc)\b)"
                    r"[a-z][a-z0-9-]{1,20}(?:\.[a-z0-9]{1,8})?(?:\([\w ./-]{1,30}\))?!?:\s+(?=\S)")


def _lines(text: str) -> list[str]:
    out: list[str] = []
    items: list[str] = []  # the list under a dangling line, joined when it ends
    joining = False

    def flush() -> None:
        if items:
            out[-1] += " " + "; ".join(items)
            items.clear()

    for line in text.split("\n"):
        if joining and _LIST_ITEM.match(line):
            item = _unmark(_LIST_ITEM.sub("", line)).strip().rstrip(".")
            if item and sum(map(len, items)) < MAX_DESCRIPTION:
                items.append(item)
            continue
        flush()
        joining = bool(line.strip()) and bool(_DANGLING.search(line))
        out.append(line)
    flush()
    return out


_SUPPORT_TO = re.compile(r"\b((?:drop|dropping|dropped|remove|removing|removed|end|ending|ended)\s+(?:the\s+)?support)\s+to\b",
                         re.I)


# "The goal of this PR is to …", "This PR aims to …": what follows is the change.
_THIS_PR_AIMS = re.compile(r"^(?:(?:the\s+)?(?:goal|purpose|aim|point|intent|idea)\s+of\s+this\s+|this\s+)"
                           r"(?:pr|pull request|change|patch|commit|mr|merge request)\s+(?:is\s+to|aims\s+to|tries\s+to|"
                           r"attempts\s+to)\s+(?=[a-z])", re.I)
# A pull request's description in the third person ("Uses tokio since …", "Replaces chalk with picocolors"); "Removes
# 70 kB" stays an effect (_EFFECT).
_THIRD_PERSON = re.compile(r"^(Use|Adopt|Replace)s(?=\s+\S)")
# A list of directives after a colon ("Moving forward we want to: Remove X; Replace Y with Z; Use W as much as
# possible", "Converts the codebase to async: Uses tokio since …"): each item is a sentence of its own.
_DIRECTIVE_ITEM = re.compile(r"(?:Use|Uses|Replace|Replaces|Remove|Drop|Switch|Move|Migrate|Adopt|Adopts|Prefer|Avoid|Keep|"
                             r"Do not|Don't|Never|Always|Stop using|Pin|Require|Enforce|Disable)\b")


def _directive_list(p: str) -> list[str]:
    c = re.search(r":\s+(?=" + _DIRECTIVE_ITEM.pattern + r")", p)
    if not c:
        return [p]
    lead = p[:c.start()].strip()
    if len(lead.split()) < 3 or _DECISION_LABEL.match(lead + ":") or _SECTION.match(lead + ":") or \
            _HEADING.match(lead + ": x") or _WHY_SENTENCE.match(lead + ":") or _OPTION_LINE.match(lead + ": x") or \
            re.search(r"\b(?:chosen option|decision|outcome|resolution)$", lead, re.I):
        return [p]
    items = [x.strip() for x in re.split(r";\s+(?=[A-Z])", p[c.end():])]
    # "Moving forward we want to:" only leads into the list; "Converts the codebase to async:" says something
    head = [] if re.search(r"\b(?:to|will|should|must|shall|would|need|needs|want|wants|are|is|we|following)$", lead, re.I) \
        else [lead + "."]
    return head + [x if x.endswith((".", "!", "?")) else x + "." for x in items if x]


# Names of two words joined by "and" (GitHub's merge methods "Squash and merge", "Rebase and merge"; "drag and drop"):
# one name each, hyphenated so that the joining word does not split it into two things chosen or dropped.
_AND_NAME = re.compile(r"\b(squash|rebase|drag|copy|find|search|extract|build)(?:\s+and\s+|\s*[&+]\s*)"
                       r"(merg(?:e|es|ed|ing)|drop|paste|replace|load|push)\b", re.I)


# Round 15: a thread's reply opens with whom it answers ("@alice it means that …", "@bob - I see …"); the handles are
# no part of the sentence (nor of the one before: "Why drop X? @bob X is …" is two sentences).
_MENTIONS = re.compile(r"^(?:@[\w-]{1,39}(?:\s*,\s*|\s+and\s+|\s*[:,]?\s+(?:-|—|–)?\s*))+(?=\S)")


# Round 16: "I'm closing this issue because the decision has been made to use helm": the tracker's step, then the
# decision it reports, which is what the sentence states.
_CLOSING_FOR = re.compile(r"^(?:(?:i'm|i\s+am|we're|we\s+are)\s+)?closing\s+(?:this|it)(?:\s+(?:issue|pr|pull\s+request|"
                          r"ticket))?\s+(?:because|since|as)\s+(?=(?:the\s+)?decision\s+(?:is|was|(?:has|had)\s+been\s+made|"
                          r"was\s+made)\s+to\b|(?:we|i)(?:'ve|\s+have)?\s+(?:now\s+|finally\s+)?decided\s+to\b)", re.I)


_NAME_AFTER_QUESTION = re.compile(r"(?<=[A-Za-z0-9)\]'\"`])([?!])\s+(?=[a-z][\w.+#-]*(?:\s+[\w.+#/-]+)?\s+(?:is|are|was|were|has|have|"
                                  r"offers|gives|brings|provides|supports|keeps|makes|saves|uses|runs|works|handles|"
                                  r"resolves|installs|builds|ships|lets|allows|needs|requires|reduces|improves)\b)")


def sentences(text: str) -> list[str]:
    text = text.replace("\u2019", "'")  # round 18: "I’d like to keep …" reads as "I'd like to keep …"
    text = _SUPPORT_TO.sub(r"\1 for", text)  # "Drop support to Python 3.8"
    text = _AND_NAME.sub(r"\1-and-\2", text)
    # round 12: "Switch X to Y (#737) This gets rid of …": a squash-merged title ends on its pull request's number
    text = re.sub(r"(\(#\d{1,7}\))[ \t]+(?=[A-Z])", "\\1\n", text)
    # "Drop Python 3.8 support. 3.8 is end-of-life": a sentence may open with a version number.
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z\"'(`*@])|(?<=[a-z][.!?])\s+(?=\d)|(?<=[.!?])$", "\n".join(_lines(text)))
    out: list[str] = []
    for p in (q.strip() for part in parts if part for q in part.split("\n")):
        if not p:
            continue
        p = _unmark(_SCOPE.sub("", _MENTIONS.sub("", p)))
        closing = _CLOSING_FOR.match(p)
        if closing:
            p = p[closing.end()].upper() + p[closing.end() + 1:]
        listed = _directive_list(p)
        if len(listed) > 1:
            out.extend(listed[:-1])
            p = listed[-1]
        # "Replace moment with date-fns. date-fns is faster": a sentence may open with a lowercase name.
        # ("Replace Axios with Fetch API. fetch is …", "Use 'go install'. go install is …": after a capital or a quote too)
        # ("… we don't need yet. pnpm workspaces: viable, but …": a lowercase name that labels an item opens one too)
        # (round 18: after a question or an exclamation too, before a name and its verb: "Why pnpm? pnpm offers …")
        p = _NAME_AFTER_QUESTION.sub("\\1\n", p)
        pieces = re.split(r"\n|(?<=[A-Za-z0-9)\]'\"`])\.\s+(?=(?:using|this|it|we|i|so|but|also|then|there|now|since|because|once|per|"
                          # round 16: "… to parse versions. requiring setuptools 60 causes …"
                          r"requiring|relying|depending|having|keeping)\s|"
                          r"(?:use|avoid|prefer|always|never|do\s+not|don't)\s+[`'\"\w]|"
                          r"[a-z][\w.+#-]*(?:\s+[\w.+#/-]+){0,2}:\s|"
                          r"[a-z][\w-]*[-.][\w-]|[a-z][\w.-]+ (?:and|or) [a-z][\w.-]+ (?:are|were|have)\b|[a-z][\w-]+'s [\w.-]+(?: [\w.-]+)? (?:is|are)\b|"
                          r"[a-z][\w-]+(?: [\w.-]+)? (?:is|are|was|were|has|have|"
                          r"adds|uses|needs|makes|gives|brings|requires|supports|provides|pulls|ships|includes|lacks|"
                          r"breaks|works|runs|takes|offers|weighs|costs|depends|replaces|removes|handles|avoids|solves|"
                          r"fixes|reduces|improves|speeds|caches|validates|compiles|bundles|installs|allows|lets|enables|"
                          r"comes|saves|produces|generates|integrates|keeps|doesn't|does not|can|cannot|can't)\b)",
                          p)
        for piece in pieces:
            piece = piece.strip()
            if piece:
                if out and _ABBREV.search(out[-1][-8:]) and len(out[-1]) < 4 * MAX_DESCRIPTION and \
                        not (out[-1].endswith("etc.") and piece[:1].isupper() and _OPENS_RULE.match(piece)):
                    out[-1] += " " + piece
                else:
                    out.append(piece if piece.endswith((".", "!", "?")) or piece is pieces[-1] else piece + ".")
    return out


# Adverbs that follow what is named ("we won't use it anymore", "use X instead") and are no part of its name.
_TRAILING_ADVERBS = {"anymore", "either", "again", "instead", "anyway", "altogether", "entirely", "completely",
                     "everywhere"}


_TRAILING_TIME = re.compile(r"\s+(?:(?:last|this|next|past|previous)\s+(?:week|month|year|sprint|quarter|release|"
                            r"cycle|night|time)|yesterday|today|recently|earlier|lately)[.,;:!?]*$", re.I)


def _clean(phrase: str) -> str:
    phrase = re.sub(r"(?<!\w)'([\w.+#/-]+)'(?!\w)", r"\1", phrase)  # "'requires' clause": the quotes are no part of it
    phrase = phrase.strip().strip("`'\".,;:!?()[]")
    # "switched to Webpack last week": when it was done is no part of the name
    phrase = _TRAILING_TIME.sub("", phrase)
    words = phrase.split()
    while words and (words[-1].lower() in STOPWORDS or words[-1].lower().rstrip(".,;:!?") in _TRAILING_ADVERBS):
        words.pop()
    while words and words[0].lower() in STOPWORDS:
        words.pop(0)
    return " ".join(words)


def _transient(s: str) -> bool:
    """Said of this moment only. "Temporarily switch the base image to Debian" is a change made to the code all the
    same (it stays until someone changes it back), so "temporarily" before a change is no transience."""
    hits = [m.group(0).lower() for m in _TRANSIENT.finditer(s)]
    if hits and set(hits) <= {"temporarily", "temporary"}:
        if re.search(r"\btemporar(?:il)?y\s+(?:\w+\s+)?(?:switch|replac|pin|mov|migrat|us(?:e|es|ed|ing)\b|drop|remov|"
                     r"disabl|revert|downgrad|upgrad)", s, re.I) and \
                not re.search(r"\bwhile\s+(?:i|we)(?:'m|'re|\s+am|\s+are)?\s+(?:\w+\s+)?(?:debug|investigat|fix|test|"
                              r"look)", s, re.I):
            return False
    return bool(hits)


# What a hedged sentence says of a change's effect or of a thing's worth: a reason, not chatter.
_HEDGED_REASON = re.compile(r"\b(?:help|helps|improve|improves|speed up|speeds up|reduce|reduces|save|saves|boon|benefit|"
                            r"pain|easier|simpler|faster|slower|harder|better|worse|cleaner|safer|lighter|smaller|"
                            r"(?:too|very|really) (?:slow|big|heavy|complex|complicated|tedious|hard)|a (?:dreaded|tedious|"
                            r"painful|huge|real) \w+)\b", re.I)


# "Raise the MSRV to 1.84", "Bump the minimum Node version to 20": a floor raised to a version is a change of what is
# supported, not a request (a dependency's own bump, "Bump lodash from 4.17.20 to 4.17.21", stays a request).
_RAISES_FLOOR = re.compile(r"^(?:let's\s+)?(?:bump|raise|increase|lift|update|set)\s+(?:the\s+|our\s+)?(?:(?:minimum|minimal|min|"
                           r"required|supported|lowest)\s+(?:supported\s+|required\s+)?[\w.+#-]+(?:\s+version)?|msrv|floor|"
                           r"baseline)\s+(?:from\s+v?\d[\w.]*\s+)?to\s+v?\d", re.I)


def _is_chatter(s: str) -> bool:
    body = _CHATTER.sub("", s).strip()
    if not body or len(body) < 8:
        return True
    if re.match(r"^(?:i|we) (?:really )?(?:love|like|enjoy) (?:how|that|it|this|the way)\b", body, re.I):
        return True  # praise, not a preference
    if s.rstrip().endswith("?"):
        return True
    if _QUESTION_START.match(body) and not re.match(r"^(?:we|i)\b", body, re.I):
        return True
    # a rule's exception ("… with no upper bound unless its next major is known to break us") keeps it a rule
    hypothetical = {m.group(0).lower() for m in _HYPOTHETICAL.finditer(s)}
    if hypothetical and hypothetical <= {"unless"} and (_POLICY.search(s) or _TAKES_RULE.search(s) or
                                                        re.match(r"^(?:please\s+)?avoid\b", s, re.I)):
        hypothetical = set()
    if _transient(s) or hypothetical or PROPOSAL.search(WISH_TO_CHANGE.sub("", s)):
        return True  # "I'd like to switch to X", said to an agent, is an instruction (docs/capture-labelling.md)
    if _REQUEST.match(body) and not _IMPERATIVE.match(body) and not BANS.search(body) and not _POLICY.search(body) and \
            not _TAKES_RULE.search(body) and not _RAISES_FLOOR.search(body) and \
            not re.search(r"\b(?:always|never|from now on|going forward)\b", body, re.I):
        return True
    return False


# A negation earlier in the same clause takes back what follows ("Not everyone is convinced that X is the right choice",
# "I don't think we should use X"); a clause ends at punctuation or a joining word.
_CLAUSE_END = re.compile(r"[,;:(]|\b(?:but|so|because|since|although|though|whereas|while)\b", re.I)
_NEGATOR = re.compile(r"\b(?:not|never|no one|nobody|hardly|unconvinced|doubt\w*)\b|n't\b", re.I)


def _negated(s: str, at: int) -> bool:
    before = s[max(0, at - 200):at]
    cut = [m.end() for m in _CLAUSE_END.finditer(before)]
    return bool(_NEGATOR.search(before[cut[-1] if cut else 0:]))


# A rule over every thing of a sort ("Every runtime dependency is a >= floor …", "we should add an upper and lower
# bound for all dependencies", "A floor is raised only when …", "The policy: no ceiling"): a constraint.
_THINGS = (r"(?:dependenc(?:y|ies)|packages?|crates?|modules?|files?|endpoints?|commits?|prs?|pull requests?|releases?|"
           r"functions?|tests?|services?|tables?|migrations?|apis?|pins?|versions?|branch(?:es)?|images?|containers?)")
_POLICY = re.compile(
    r"^(?:every|each|all|any)\s+(?:[\w>=<.-]+\s+){0,3}?" + _THINGS + r"\b[^.;?]{0,120}?\b(?:must|should|shall|has to|have to|"
    r"needs? to|is (?:a|an|pinned|set|kept|required|given|capped|bounded)|are (?:pinned|set|kept|required|given|capped|"
    r"bounded))\b|"
    r"\b(?:should|must|shall)\s+(?:\w+\s+){0,6}?(?:for|to|on|in)\s+(?:all|every|each)\s+(?:[\w-]+\s+){0,2}?" + _THINGS + r"\b|"
    r"^(?:add|set|pin|cap|bound)\s+(?:\w+\s+){0,5}?(?:for|to|on)\s+(?:all|every|each)\s+(?:[\w-]+\s+){0,2}?" + _THINGS + r"\b|"
    r"\b(?:is|are)\s+(?:only\s+)?(?:raised|bumped|added|updated|changed|pinned|capped|released)\s+only\s+(?:when|if)\b|"
    r"^(?:the|our)\s+polic(?:y|ies)\s*(?:is|are|:)\s*(?=\S)", re.I)


# Round 13: how rules and policies are stated, whatever they are about. Set 14 (support policies, contribution guides,
# security policies) showed that the decision verbs miss the sentence forms a rule takes:
# - ``_MODAL_RULE``: a noun phrase (not a person or a pronoun) and a modal of obligation ("Every pull request should
#   document …", "Each PR that adds a dependency should motivate it", "Release branches must be protected");
#   what a thing is expected to do ("should work", "should be fine", "should be removed") is no rule;
# - ``_ALL_REQUIRE``: "All submissions require review", "Every migration requires a rollback script";
# - ``_LIMIT``: "Maximum line length is 100 characters", "The minimum coverage is 80%";
# - ``_PROHIBIT``: "We prohibit the use of …", "We do not allow …";
# - ``_SUPPORT_WINDOW``: which versions are supported ("We support the last three releases", "Only the latest minor
#   version is supported", "Security fixes are provided only for the current major version"): a decision of support;
# - ``_PROJECT_USES``: what the project itself says it uses or follows ("This project uses the fork-and-pull model",
#   "The changelog format is based on X", "This library adheres to semantic versioning"): a decision;
# - ``_RULE_LABEL``: a rule under a short label ("Naming: Use snake_case …", "Supported versions: Only …") is read
#   without its label.
_PERSON_OR_PRONOUN = (r"(?:i|we|you|it|its|this|that|these|those|they|there|he|she|which|what|who|someone|somebody|anyone|"
                      r"anybody|one|everything|something|nothing|everyone|everybody|people|users?|maintainers?|"
                      r"here|so|then|now|maybe|perhaps|also|but|and|if|when|once|until|after|before)")
_NOT_A_RULE_VERB = (r"(?:work|works|pass|fail|happen|compile|succeed|break|help|improve|fix|solve|make\s+sense|fine|ok|okay|"
                    r"able|possible|enough|good|better|best|easy|easier|trivial|simple|straightforward|fixed|resolved|done|ready|"
                    r"available|included|out|there|here|removed|replaced|dropped|deprecated|moved|migrated|"
                    r"switched|renamed|updated|upgraded|bumped|changed|added|aware|careful|reconsidered|discussed|"
                    r"revisited|considered|investigated|looked|checked|fine|safe|backported|land|landed|arrive|ship|"
                    r"shipped|get|go|come|look|see|know|think|wait|exist|remain\s+open|stay\s+open|comfortable|familiar|"
                    r"happy|rewritten|ported|converted|retired|discontinued|deleted|archived|split\s+out)")
_MODAL_RULE = re.compile(
    r"^(?:(?:all|every|each|any|no)\s+)?(?!" + _PERSON_OR_PRONOUN + r"\b)(?:the\s+|your\s+|our\s+|a\s+|an\s+)?"
    r"[\w`'\"./#+@<>=-]+(?:,?\s+(?!(?:should|must|shall|we|i|you|they|he|she|it)\b)[\w`'\"./#+@()<>=-]+){0,9}?,?\s+"
    r"(?P<modal>should|must|shall|has\s+to|have\s+to|needs?\s+to|are\s+expected\s+to|is\s+expected\s+to)\s+"
    r"(?P<mod>(?:(?:always|only|never|not|also|all|first|strictly|preferably|ideally)\s+)*)"
    r"(?!(?:always|only|never|not|also|all|first|strictly|preferably|ideally)\s)(?:be\s+)?"
    r"(?!(?:be\s+)?(?:\w+ly\s+)?" + _NOT_A_RULE_VERB + r"\b)[a-z]", re.I)
_ALL_REQUIRE = re.compile(r"^(?:all|every|each|any)\s+[^.;?]{2,80}?\s+requires?\s+(?!that\b)(?:a\s+|an\s+|the\s+|at\s+least\s+)?\w",
                          re.I)
_LIMIT = re.compile(r"^(?:the\s+)?(?:maximum|minimum|max\.?|min\.?)\s+[\w -]{1,40}?\s+(?:is|are|of|=)\s+\d", re.I)
_PROHIBIT = re.compile(r"\b(?:we|i)\s+(?:\w+ly\s+)?(?:prohibit|forbid|disallow|(?:do\s+not|don't|will\s+not|won't)\s+allow)\b",
                       re.I)
_SUPPORT_WINDOW = re.compile(
    r"\b(?:support(?:s|ed|ing)?|maintain(?:s|ed|ing)?)\s+(?:only\s+)?(?:the\s+)?(?:(?:last|latest|current|newest|most\s+recent)"
    r"(?:\s+and\s+(?:the\s+)?previous)?\s+(?:(?:two|three|four|five|six|\d{1,2})\s+)?(?:\w+\s+){0,2}?(?:versions?|releases?)|"
    r"(?:two|three|four|five|\d)\s+(?:most\s+recent\s+|latest\s+|last\s+)?(?:major\s+|minor\s+|stable\s+|lts\s+)?"
    r"(?:versions?|releases?))\b|"
    r"^only\s+(?:the\s+)?(?:last|latest|current|newest|most\s+recent)\b[^.;?]{0,60}?\s+(?:is|are)\s+(?:\w+\s+)?supported\b|"
    r"\b(?:is|are)\s+(?:only\s+)?(?:provided|supported|maintained|backported|released)\s+only\s+(?:for|to|on)\s+"
    r"(?:the\s+)?(?:last|latest|current|newest|most\s+recent)\b", re.I)
_PROJECT_USES = re.compile(r"^(?:this|our|the)\s+(?:[\w-]+\s+)?(?:project|template|repo(?:sitory)?|library|crate|package|"
                           r"codebase|format|changelog)\s+"
                           r"(?:uses|adheres\s+to|is\s+based\s+on|is\s+built\s+(?:on|with))\s+\S", re.I)
# Round 15: what the project asks of every change ("This repository expects a lockfile for reproducible builds", "The
# project requires signed commits"): a rule.
_PROJECT_EXPECTS = re.compile(r"^(?:this|our|the)\s+(?:[\w-]+\s+)?(?:project|repo(?:sitory)?|library|crate|package|codebase)\s+"
                              r"(?:expects|requires|mandates|demands|insists\s+on)\s+(?!that\b)\S", re.I)
_RULE_LABEL = re.compile(r"^(?!" + _PERSON_OR_PRONOUN + r"\b)(?-i:[A-Z])[\w/&'+-]*(?:\s+[\w/&'+-]+){0,3}\s*:\s+(?=\S)", re.I)


# A text that is a rules document ("Contributing", "Style guide", "Security policy") or asks to follow the rules below:
# its imperative sentences are its rules ("Run gofmt before pushing", "Write short functions", "Send reports to …").
_RULES_DOC = re.compile(r"^(?:contributing|how\s+to\s+contribute|contribut(?:ion|ing|or)s?\s+(?:guide(?:lines?)?|rules|policy|"
                        r"notes)|(?:[\w-]+\s+)?style\s+guides?|(?:[\w#+.-]+\s+)?(?:coding\s+|code\s+)?style|(?:coding|code|development|commit|naming|api|review|security|"
                        r"formatting)\s+(?:style|standards?|conventions?|guidelines?|rules|policy)|guidelines|conventions|"
                        r"security|code\s+of\s+conduct|(?!(?:add|implement|document|update|define|establish|tighten|change|"
                        r"create|write|introduce|adopt|draft|revise|decide|discuss|new)\b)(?:[\w-]+\s+){0,2}policy)\s*[.:!]?$", re.I)
_FOLLOW_RULES = re.compile(r"\bplease\s+(?:follow|observe|respect|read|adhere\s+to)\s+(?:the|these|our)\s+(?:\w+\s+){0,2}?"
                           r"(?:guidelines|rules|conventions|standards)\b", re.I)
_DOC_IMPERATIVE = re.compile(r"^(?:please\s+)?(?:(?:always|never|do\s+not|don't)\s+(?!be\b|have\b|get\b)[a-z]{3,}\b|"
                             # round 19: "Preferable to use a one-line docstring for a function"
                             r"(?:it(?:'s|\s+is)\s+)?(?:preferable|preferred|recommended|best)\s+to\s+(?:use|write|keep|add)\b|"
                             # round 14: "Look up types rather than guessing": a verb and what it is done instead of
                             r"(?:only\s+)?(?!(?:" + _PERSON_OR_PRONOUN + r"|the|a|an|our|your|their|my)\b)[a-z]{3,}(?<!ing)(?<!ed)(?<!s)\s+"
                             r"(?:[^.;:?]{1,60}?\s+)?(?:instead\s+of|rather\s+than)\s+\S|"
                             r"(?:(?:always|never|do\s+not|don't|only)\s+)?(?:use|run|write|keep|put|name|add|avoid|"
                             r"prefer|follow|send|report|submit|document|format|include|make|open|create|sign|squash|rebase|"
                             r"target|base|describe|link|reference|check|ensure|limit|wrap|indent|place|mark|declare|prefix|"
                             r"separate|split|commit|push|lint|return|raise|log|call|import|store|test|update|give|provide|"
                             r"explain|attach|file|direct|disclose|email|contact|tag|label|respect|review)\b(?!\s*[:?]))", re.I)
_STRICT_IMPERATIVE = re.compile(r"^(?:please\s+)?(?:never|do\s+not|don't|only)\b", re.I)


def _distinct_rules(a: Extracted, b: Extracted) -> bool:
    """Two rules on one subject ("Pull requests should target develop. Pull requests should be small.") are two
    memories unless what they require is the same (two content words in common besides their subjects')."""
    def said(x: Extracted) -> set[str]:
        m = _MODAL_RULE.match(x.description)
        return _content_words(x.description[m.start("modal"):] if m else x.description)
    return len(said(a) & said(b)) < 2


def _mostly_rules(sents: list[str]) -> bool:
    """Round 14: a text that is a list of rules with no rules title ("Avoid globals; pass deps via constructors. Use
    contexts with deadlines …", a CLAUDE.md, a style section): at least three of the sentences after the first are
    imperatives or modal rules, and they are at least two thirds of them."""
    body = [t for t in sents[1:] if not t.rstrip().endswith("?")]
    ruled = sum(1 for t in body if _doc_imperative(t) or _STRICT_IMPERATIVE.match(t) or _MODAL_RULE.match(t))
    return ruled >= 3 and 3 * ruled >= 2 * (len(sents) - 1)


def _doc_imperative(s: str) -> bool:
    return bool(_DOC_IMPERATIVE.match(s)) and not s.rstrip().endswith("?")


def _after_label(s: str, in_rules: bool = False) -> str | None:
    """A rule said after a short label or a lead-in ending on a colon, when the lead-in states nothing itself."""
    if _DECISION_LABEL.match(s) or _WHY_SENTENCE.match(s) or _OPTION_LINE.match(s) or _SECTION.match(s):
        return None
    at = s.find(": ")
    if at < 2 or at > 160:
        return None
    lead, rest = s[:at], s[at + 2:].strip()
    if len(rest) < 8 or not (rest[0].isupper() or rest[0].isdigit()) and rest[0] not in "`\"'":
        return None
    if not _RULE_LABEL.match(s) and not re.search(r"\b(?:below|following|these|rules?|guidelines?|conventions?|policy)\s*$",
                                                  lead, re.I):
        return None
    if _kind(lead) or not (_rule_kind(rest, in_rules) or in_rules and (_kind(rest) or _doc_imperative(rest))):
        return None
    return rest


# Round 14: a rules document also states its rules as how things are done there, in the present: "Dependencies are
# managed using poetry", "Code is formatted using Black", "4 spaces is used for indentation" (a tool or a setting: a
# decision), "Documentation conforms to the Google Python Style Guide" (a practice followed: a preference).
_DOC_DONE_WITH = re.compile(r"^(?!" + _PERSON_OR_PRONOUN + r"\b)(?:the\s+|all\s+|our\s+)?[\w`'\"./#+@-]+(?:\s+[\w`'\"./#+@-]+){0,3}?\s+"
                            r"(?:is|are)\s+(?:\w+ly\s+)?(?:managed|formatted|sorted|linted|checked|built|tested|written|"
                            r"generated|documented|enforced|handled|packaged|bundled|deployed|released|versioned|styled|"
                            r"typed|type[- ]checked|used)\s+(?:using|with|by|via|through|for|in)\s+\S", re.I)
_DOC_ALL = re.compile(r"^(?:all|every|each)\s+[\w`'\"./#+@-]+(?:\s+[\w`'\"./#+@-]+){0,3}?\s+(?:is|are|has|have|uses?|"
                      r"specif(?:y|ies)|declares?|returns?|includes?|contains?|follows?|gets?|goes|go|lives?|starts?|ends?)\s+"
                      r"(?!(?:failing|broken|passing|green|red|done|fixed|gone|in\s+place)\b)\S", re.I)
_DOC_CONFORMS = re.compile(r"^(?!" + _PERSON_OR_PRONOUN + r"\b)(?:the\s+|all\s+|our\s+)?[\w`'\"./#+@-]+(?:\s+[\w`'\"./#+@-]+){0,3}?\s+"
                           r"(?:conforms?\s+to|follows|adheres?\s+to|complies\s+with|comply\s+with)\s+\S", re.I)


def _rule_kind(s: str, in_rules: bool = False) -> str | None:
    """The kind of a sentence stated as a rule or a policy (round 13), or None. A modal rule counts in a rules document
    (``in_rules``): in a thread, "the API should return 404" asks for something (and "every PR should …" there cost
    set 10 a false memory and gained set 14 one fact: left to ``_POLICY``'s things of a sort)."""
    if s.rstrip().endswith("?") or _SYMPTOM.search(s) or _HYPOTHETICAL.search(s):
        return None
    if _SUPPORT_WINDOW.search(s) or _PROJECT_USES.match(s):
        return "decision"
    if _LIMIT.match(s) or _PROHIBIT.search(s) or _ALL_REQUIRE.match(s) or _PROJECT_EXPECTS.match(s):
        return "constraint"
    if in_rules and _DOC_DONE_WITH.match(s):
        return "decision"
    if in_rules and _DOC_ALL.match(s):
        return "constraint"
    there = re.match(r"^there\s+(should|must|shall)\s+(?:also\s+|always\s+)*(?:not\s+)?be\s+(?:a|an|one|no|exactly|at\s+least)\b", s, re.I) \
        if in_rules else None
    if there:  # "There should be a space between the keyword and the parenthesis": a rule of the document
        return "preference" if there.group(1).lower() == "should" else "constraint"
    if in_rules and _DOC_CONFORMS.match(s):
        return "preference"
    m = _MODAL_RULE.match(s)
    if m and not in_rules:
        m = None
    if m:
        modal, mod = m.group("modal").lower(), m.group("mod").lower()
        if modal == "should" and not re.search(r"\b(?:only|never|not)\b", mod) and not s.lower().startswith("no "):
            return "preference"
        return "constraint"
    return None


# A merge gate that lists its conditions ("A Pull-Request can be merged into main only if: 1. …", "Requirements for
# merging: 1. …"): each numbered condition is a rule of its own.
_GATE = re.compile(r"\b(?:can|may|will|must|should|is|are)\s+(?:only\s+)?(?:be\s+)?(?:merged|accepted|released|approved)\b"
                   r"[^.:]{0,60}?\bonly\s+(?:if|when)\s*:\s*(?:1[.)])?\s*$|"
                   r"^(?:the\s+)?(?:requirements?|checklist|criteria|conditions)\s+(?:for|before)\s+(?:merging|a\s+merge|"
                   r"pull[- ]requests?|prs?|a\s+release|releasing)\b[^:]{0,30}:\s*(?:1[.)])?\s*$", re.I)


# "this is done", "it has already been merged": the change just stated, reported made.
_DONE_IT = re.compile(r"^(?:and\s+)?(?:this|it|that)\s+(?:is|was|has\s+been|have\s+been)\s+(?:now\s+|already\s+)?"
                      r"(?:done|finished|complete|completed|merged|in\s+place)\b", re.I)


# What a project takes from contributors (round 11): "We've decided not to accept changes that only …", "I don't
# accept typo-only PRs", "Pull requests with only formatting changes are usually rejected", "We enforce that all PR
# titles …", "Nothing from automated tools please", "Please avoid X in this repository", "Per project policy, X are not
# supported", "run everything through X before making a PR": a constraint. "Please format your code using X", "please
# use X": a preference.
_CONTRIBUTION = r"(?:pull requests?|prs?|patches|changes|contributions|commits|issues|submissions)"
_TAKES_RULE = re.compile(
    r"\b(?:we|i)(?:'ve| have)?\s+(?:(?:decided|chosen|agreed)\s+)?(?:not\s+to\s+accept|(?:don't|do not|won't|will not|no longer)\s+"
    r"accept)\s+(?!(?:this|that|it|your|the)\b)|"
    r"^(?:[\w -]{1,30}:\s*)?" + _CONTRIBUTION + r"\s+(?:that|which|with|for|containing)\b[^.;]{2,80}?\s+(?:are|is)\s+"
    r"(?:usually\s+|generally\s+|always\s+|typically\s+)?(?:rejected|declined|not (?:accepted|merged))\b|"
    # round 14: "… pull requests for which the tests don't pass will not be reviewed"
    r"\b" + _CONTRIBUTION + r"\b[^.;?]{0,80}?\s+(?:will|shall|would)\s+(?:not|never)\s+be\s+(?:reviewed|merged|accepted|"
    r"considered|looked\s+at)\b|"
    r"^(?:we|i)\s+enforce\s+that\b|^nothing\s+from\b[^.;]{2,60}\bplease\b|"
    r"^(?:please\s+)?avoid\s+(?:using\s+)?[^.;]{2,50}?\s+in\s+(?:this|the|our)\s+(?:repo|repository|project|codebase)\b|"
    r"^(?:per|by)\s+(?:the\s+|our\s+)?(?:project|team|our)\s+polic(?:y|ies)\b|"
    r"\bbefore\s+(?:making|opening|submitting|sending)\s+(?:a|your|any)\s+(?:pr|pull request|patch)\b", re.I)
_ASKS_STYLE = re.compile(r"(?:^|:\s*|;\s*)please\s+(?:format|lint|write|type-?check|test)\s+(?:your\s+|all\s+|the\s+)?"
                         r"(?:code|changes|files|tests)\s+(?:using|with)\s+\S|(?:^|:\s*|;\s*)please\s+use\s+\S+\s*[.!]?$",
                         re.I)


# Round 16: "Use NX or turborepo to speed up scripts", "Use Oxford comma or not": options named, none chosen.
_EITHER = re.compile(r"^(?:let's\s+)?(?:use|adopt|try|switch\s+to|move\s+to|migrate\s+to)\s+[\w.+#@/-]+(?:\s+[\w.+#@/-]+)?"
                     r"\s+or\s+(?:not\b|[\w.+#@/-]+(?:\s+[\w.+#@/-]+)?\s*(?:$|[.!?]|\s+(?:to|for)\s+\w+))", re.I)


# Round 16: "These changes are meant to clarify …" says what a change is for, "Done: the Tailwind migration is complete
# and app.css has been retired" that it was carried out: neither is a fact of its own.
_MEANT_TO = re.compile(r"^(?:these|the|this|my|our)\s+(?:changes?|edits?|updates?|pr|pull\s+request|commits?|patch(?:es)?)\s+"
                       r"(?:are|is|were|was)\s+(?:(?:mainly|mostly|primarily|only)\s+)?(?:meant|intended|supposed|designed)\s+to\b",
                       re.I)


# Round 18: "never change X", "don't rename X", "X must stay …", "X must not be renamed", "keep X as is": a constraint
# that X stays as it is, on X (the memory "keep X" :governs X, resolved as any other reference), not a rejection.
# X may hold a member path's "::" ("Slim\\App::handle"), no other colon.
_FREEZE_VERB = r"(?:change|rename|modify|touch|alter|edit|rewrite|reorder|renumber|restructure|break)"
_THING_END = r"(?=\s*(?:[,;!?—–]|:(?!:)|--\s|\.(?:\s|$)|$)|\s+\((?=[^()]{3,}\))|\s+(?:because|since|as\b|so\b|unless|without|even|ever|again|before|after|"
_THING_END += r"when|while|in\s+(?:any|a|the|this|future)|for\s+(?:now|any|backward|compat)|or\s+(?:else|we|you|it)|"
_THING_END += r"(?:at\s+all|outside|from\s+now|going\s+forward|under\s+any)))"
_FROZEN = [
    re.compile(r"^(?:please\s+)?(?:(?:we|you|nobody|no\s+one)\s+)?(?:must\s+never|should\s+never|shall\s+never|never|must\s+not|"
               r"mustn't|should\s+not|shouldn't|shall\s+not|do\s+not|don't|cannot|can't|can\s+not|may\s+not)\s+(?:ever\s+)?"
               + _FREEZE_VERB + r"s?\s+(?P<x>(?:::|[^,;:!?]){2,80}?)" + _THING_END, re.I),
    re.compile(r"^(?P<x>(?!(?:it|this|that|they|we|you|i|there|which|what|everything|nothing|something|anything)\b)"
               r"(?:::|[^,;:!?]){2,80}?)\s+(?:must|should|shall|has\s+to|have\s+to|needs?\s+to|is\s+to|are\s+to)\s+(?:always\s+)?"
               r"(?:stay|remain|be\s+kept)\b", re.I),
    re.compile(r"^(?P<x>(?!(?:it|this|that|they|we|you|i|there|which|what|everything|nothing|something|anything)\b)"
               r"(?:::|[^,;:!?]){2,80}?)\s+(?:must|should|shall|may|can|is|are)\s*(?:not|never|n't)\s+(?:ever\s+)?(?:be\s+)?"
               + _FREEZE_VERB + r"(?:d|ed|s)?\b", re.I),
    re.compile(r"^(?:please\s+)?(?:always\s+)?(?:keep|leave)\s+(?P<x>(?:::|[^,;:!?]){2,80}?)\s+(?:as\s+(?:it\s+|they\s+)?(?:is|are|was|were)|"
               r"as-is|unchanged|untouched|intact|the\s+same|frozen|alone|stable)\b", re.I),
]
_FROZEN_REF = re.compile(r"\bof\s+(?:the\s+)?(`?[A-Za-z_][\w.:/]*`?(?:\(\))?)\s*$")


def _frozen(s: str) -> tuple[str, str] | None:
    """(the thing kept as it is, the name it is referred to by) when the sentence says it stays as it is."""
    s = re.sub(r"^(?:(?:also|and|but|so|note|important|rule|remember)\s*[,:]?\s+)", "", s.strip(), flags=re.I)
    if s.rstrip().endswith("?") or _HYPOTHETICAL.search(s):
        return None
    for rx in _FROZEN:
        m = rx.match(s)
        if not m:
            continue
        x = re.sub(r"^(?:the|our|this|that|these|those|its|their|any|existing|current)\s+", "", m.group("x").strip(), flags=re.I)
        x = re.sub(r"\s+(?:as\s+(?:it\s+)?is|as-is|at\s+all)$", "", x.strip("`'\" "), flags=re.I).strip("`'\" ")
        if not x or len(x.split()) > 7 or _NOT_A_NAME.match(x) or x.lower() in STOPWORDS or \
                re.match(r"^(?:anything|everything|nothing|something|much|a\s+thing|things|your\s+mind|my\s+mind)\b", x, re.I):
            return None
        ref = _FROZEN_REF.search(x)
        return x, (ref.group(1).strip("`") if ref else x).removesuffix("()")
    return None



# User trial 17: "Don't call _split_blueprint_path from outside blueprints.py", "Never log the secret key in
# dump_session_for_debug": a negated action on code (calling, logging, printing, sending) turns no package down —
# "call" or "secret key" is no dependency. What it is about is the code it names: the function called, else the
# function or file it happens in (``:governs``, resolved by finalize-turn to the code's own entity).
_CODE_VERB = r"(?:call|invoke|log|print|dump|expose|leak|send|emit|write|store|persist|serialize|return)"
_ACTED_ON = re.compile(r"^(?:please\s+)?(?:intentionally\s+)?(?:(?:we|you|it|nobody|no\s+one|code)\s+)?(?:must\s+never|"
                       r"should\s+never|never|must\s+not|mustn't|should\s+not|shouldn't|do\s+not|don't|cannot|can't|may\s+not|"
                       r"shall\s+not)\s+(?:ever\s+)?(?P<verb>" + _CODE_VERB + r")s?\s+(?P<obj>[^,;:!?]{1,120}?)"
                       r"(?=\s*(?:[,;!?—–]|--\s|\.(?:\s|$)|$)|\s+(?:because|since|as\b|so\b|unless|even|ever|again|"
                       r"when|while|or\b|and\b|anymore|at\s+all))", re.I)
# where the action is said to happen: "in f", "from outside m.py", "on usage_request"
_ACTED_WHERE = re.compile(r"\s+(?:directly\s+)?(?:from\s+outside(?:\s+of)?|outside(?:\s+of)?|from|in|inside|within|into|"
                          r"to|on)\s+(?:the\s+)?(`?[\w./:#-]+`?(?:\([^()]{0,40}\))?)", re.I)
_FILE_NAME = re.compile(r"^[\w./-]*\w\.(?:py|pyi|js|jsx|mjs|cjs|ts|tsx|go|rs|rb|java|kt|kts|scala|php|cs|c|h|cc|cpp|hpp|"
                        r"swift|m|ex|exs|lua|sh|sql)$", re.I)
# A name only code has: snake_case, a leading underscore, a member path, lower camelCase, a call's parentheses.
_CODE_NAME = re.compile(r"^(?:_{0,2}[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+_{0,2}|_{1,2}[A-Za-z]\w*|"
                        r"[A-Za-z_]\w*(?:(?:\.|::|#)[A-Za-z_]\w*)+|[a-z]+[A-Z]\w*|[A-Za-z_][\w.:#]*\(\))$")

_VERSION = re.compile(r"^v?\d+(?:\.(?:\d+|x|\*))*(?:-?(?:alpha|beta|rc)\.?\d*)?$", re.I)

def _acted_on(s: str) -> tuple[str, str, str | None] | None:
    """(the verb, its object, the code it is about or None) when the sentence forbids an action on code or data
    ("never log X in f", "don't call f from outside m.py"); the code is a name finalize-turn resolves ("f",
    "f in m.py"). "Don't call cmp in non-test files" names no code by its form (cmp is a package too): None."""
    s = re.sub(r"^(?:(?:also|and|but|so|note|important|rule|remember)\s*[,:]?\s+)", "", s.strip(), flags=re.I)
    m = _ACTED_ON.match(s)
    if not m or s.rstrip().endswith("?") or _HYPOTHETICAL.search(s):
        return None
    verb, said = m.group("verb").lower(), m.group("obj").strip()
    where = _ACTED_WHERE.search(said)
    obj = said[:where.start()] if where else said
    obj = re.sub(r"^(?:the|any|a|an|our|this|that|these|those)\s+", "", obj.strip(), flags=re.I).strip()
    call = re.fullmatch(r"`?([A-Za-z_][\w.:#]{0,120}?)`?(\([^()]{0,60}\))?", obj)
    name = call.group(1) if call else None
    place = re.sub(r"\([^()]*\)$", "", where.group(1)).strip("`").rstrip(".") if where else ""
    place_is_file = bool(_FILE_NAME.match(place))
    if name and not _FILE_NAME.match(name) and (_CODE_NAME.match(name) or call and call.group(2)):
        return verb, name, name + (" in " + place if place_is_file else "")
    if verb in ("call", "invoke"):
        return None  # "don't call cmp": what is called may be a package; read as before
    if place and (place_is_file or _CODE_NAME.match(place)):
        return verb, obj, place
    return verb, obj, None


# Round 18: "either pin the last version or replace the library", "staying current meant either accepting the terms or
# pinning forever": two courses offered, neither taken.
_EITHER_OR_COURSE = re.compile(r"\beither\s+(?!way\b|of\b|side\b|one\b|case\b|be\b|all\b|have\b|is\b|are\b)[^.;!?]{2,120}?\s+or\s+(?!not\b)\w", re.I)


# Round 18: a sentence that is only a subordinate reason ("Since create-react-app has been deprecated.") states nothing.
_REASON_ALONE = re.compile(r"^(?:since|because|as)\s+(?!(?:of|for|well|long|soon|such|part|per|far|much|many|a\b|an\b|the\s+\w+\s*[,:]))"
                           r"[^,;:]{3,120}[.!]?$", re.I)


# Round 18: what a program now does instead of failing ("report a missing shell instead of panicking", "We now emit an
# error instead of crashing") is a bug fixed.
_BEHAVIOUR_FIX = re.compile(r"\binstead\s+of\s+(?:just\s+|simply\s+|silently\s+)?(?:panick?ing|crashing|failing|hanging|"
                            r"throwing|erroring|aborting|segfaulting|blowing\s+up|raising|deadlocking|looping|"
                            r"swallowing|ignoring\s+(?:the\s+|an?\s+)?(?:error|exception|failure)s?|"
                            r"returning\s+(?:an?\s+)?(?:error|null|none|nil|garbage|undefined))\b", re.I)


# "We're going back to multi_json", "switched back to Mustache": a reversal names what it returns to, and is a
# decision even when what it leaves is said elsewhere (or not at all).
_BACK_TO = re.compile(r"\b(?:go|goes|going|went|gone|mov(?:e|es|ed|ing)|switch(?:es|ed|ing)?|revert(?:s|ed|ing)?)\s+back\s+to\b",
                      re.I)
# "No Lombok in this codebase, ever", "No ORMs anywhere.": a ban said without a verb. It needs the scope or the "ever"
# and a clause end after it: "No module in this codebase uses eval" and "No test ever passed" say what is, not a rule.
_END = r"(?=\s*(?:[,;.!:]|—|–|--|$))"
_NO_X = re.compile(
    r"^no\s+(?:more\s+)?(?!(?:one|body|longer|need|way|matter|problem|worries|thanks|idea|doubt|comment|change|changes|"
    r"rush|pressure|pun|offense|offence|kidding|luck|surprise|clue|reason|point|difference|issue|issues)\b)"
    r"(`[^`\n]{1,60}`|[A-Za-z][\w.+#@/-]{0,60})"
    r"(?P<scope>\s+(?:in|anywhere\s+in|across|within)\s+(?:this|the|our|any)\s+(?:[\w-]+\s+)?(?:codebase|code|project|"
    r"repo(?:sitory)?|service|module|package|library|app|crate|monorepo)" + _END + r")?"
    r"(?P<ever>\s*[,;:]?\s*(?:ever|anywhere|at\s+all|period|whatsoever)" + _END + r")?", re.I)


def _banned_without_verb(s: str) -> str | None:
    m = _NO_X.match(s.strip())
    if m is None or not (m.group("scope") or m.group("ever")):
        return None
    return _name(m.group(1).strip("`"))


def _kind(s: str) -> str | None:
    if _frozen(s):
        return "constraint"
    if _EITHER_OR_COURSE.search(s) and not _POLICY.search(s):
        return None
    if re.match(r"^\[?(?:please\s+)?(?:do not|don't)\s+(?:merge|submit)\s*\]?\s*:", s, re.I):
        return None  # round 18: "DO NOT SUBMIT: pending a decision": the pull request's status, no rule
    if re.search(r"\btrying\s+to\s+(?:figure\s+out|understand|work\s+out)\b|\bopen\s+to\s+(?:this|that|it|the\s+idea|this\s+idea|that\s+idea)\b", s, re.I) or \
            re.match(r"^(?:this|it|that)\s+(?:will\s+|would\s+)?(?:need|needs|has|have)\s+to\s+be\s+done\b", s, re.I):
        return None  # round 19: "I am trying to figure out what … to replace X", "This will need to be done in all …"
    if re.match(r"^(?:please\s+)?(?:do not|don't)\s+merge\s+(?:this|it)\b", s, re.I):
        return None  # round 19: "Don't merge this just yet, …": the pull request's status, no rule
    if _REASON_ALONE.match(s) and not re.search(r"\s(?:we|i|let's|you|so|then|it|they|there|this|that)\s", s, re.I):
        return None  # "Since X has been deprecated.": a reason said on its own, for what follows
    if _OPTION_LINE.match(s) or _CURRENTLY.match(s) or _GERUND_SUBJECT.match(s) or _EITHER.match(s.strip()) or \
            _MEANT_TO.match(s) or MIGRATION_DONE.match(s):
        return None
    if _POLICY.search(s) and not s.rstrip().endswith("?") and not _SYMPTOM.search(s):
        return "constraint"
    if _banned_without_verb(s):
        return "constraint"
    ruled = _rule_kind(s)
    if ruled:
        return ruled
    if _BUMP.match(s.strip()) and not s.rstrip().endswith("?"):
        return "decision"  # "Raise the MSRV to 1.81", "This bumps the minimum PHP version from 8.1 to 8.2"
    if _POLICY.search(s) and not s.rstrip().endswith("?") and not _SYMPTOM.search(s):
        return "constraint"
    if _TAKES_RULE.search(s) and not s.rstrip().endswith("?"):
        return "constraint"
    if _ASKS_STYLE.search(s) and not s.rstrip().endswith("?"):
        return "preference"
    if _IMPERATIVE.match(s) or _CHOSEN.search(s) or _PASSIVE_CHOICE.match(s) or _PASSIVE_CHOICE.match(_ASIDE.sub("", s)):
        return "decision"
    concession = _CONCESSION.match(s)
    why = _WHY.search(s)
    for kind, rx in SIGNALS:
        for m in rx.finditer(s):
            if kind == "decision" and _negated(s, m.start()):
                continue
            if concession and m.start() < concession.end():
                continue  # "While I like some ideas behind X, it is less popular": no preference
            if kind in ("dependency", "architecture") and why and m.start() > why.start():
                # user trial 15: "switching caching from Redis to memcached since memcached handles our load" is a
                # decision; what the reason says the choice does is no statement of how the system is built
                continue
            return kind
    took = CHOICE_VERBS.search(s)
    if took and not _negated(s, took.start()):
        return "preference" if re.search(r"\bpreferring\b", took.group(0), re.I) else "decision"
    if BANS.search(s):
        return "constraint"  # "ban eval()", "Any financial data should not use floats"
    sub = re.search(r"\s(?:after|once|until|unless|before)\s", s, re.I)
    if sub and changes(s)[1] and not changes(s[:sub.start()])[1] and not _KEEPS.search(s):
        return None  # round 19: "The content may be logged after the signature has been removed": said in a condition
    if changes(s)[1] and not _KEEPS.search(s):
        return "decision"  # "X was rejected", "no longer use X"
    back = _BACK_TO.search(s)
    if back and changes(s)[0] and not _negated(s, back.start()) and not s.rstrip().endswith("?"):
        return "decision"
    if re.match(r"^(?:from now on|going forward|in future|in the future)\b", s, re.I):
        return "preference"  # a standing instruction with no stronger signal
    return None


# Round 19: a change that waits for an event still to come ("upon release", "once there is a stable version", "when
# it is released").
_WHEN_LATER = re.compile(r"\bupon\s+(?:its\s+|the\s+|their\s+)?(?:(?:official|stable|final|first)\s+)?release\b(?!\s+of\s+v?\d)|"
                         r"\bonce\s+there\s+(?:is|are)\s+(?:an?\s+)?(?:stable|official|final|usable)\s+(?:version|release)s?\b|"
                         r"\b(?:once|when)\s+(?:it|they|\S+)\s+(?:is|are|gets?|becomes?)\s+(?:officially\s+)?(?:released|stable|"
                         r"out\s+of\s+beta)\b", re.I)
# Round 19: a clean-up that names nothing ("I also removed the remaining references", "Remove a bunch of dead code from
# components", "Removed old fixtures and …-related configuration"): the change's leftovers, no decision of its own.
_CLEANUP = re.compile(r"^(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:also\s+)?(?:remov|delet|drop|clean)\w*\s+(?:up\s+)?"
                      r"(?:(?:all|a\s+bunch\s+of|a\s+lot\s+of|some|the|any|of)\s+)*(?:remaining|leftover|left-over|old|stale|"
                      r"unused|dead|obsolete|outdated)\s+(?:references?|code|files?|mentions?|bits|traces|fixtures?|"
                      r"leftovers|comments|imports|tests)\b(?!\s+(?:to|of|for|on)\s)", re.I)
# Round 19: a thing said to be going away ("X is being phased out", "support for X is being discontinued", "X has been
# retired", "Use of X will be deprecated"): beside a change, the change's reason.
_GOING = re.compile(r"\b(?:is|are|was|were|has\s+been|have\s+been|will\s+be|gets?)\s+(?:now\s+|being\s+|officially\s+|"
                    r"slowly\s+|gradually\s+|soon\s+|already\s+){0,2}(?:deprecated|phased\s+out|discontinued|retired|sunset|"
                    r"abandoned|archived|end[- ]of[- ]life|EOL|unmaintained|no\s+longer\s+(?:maintained|supported|developed))\b", re.I)


# "Switching from one to the other will require some tweaking", "Migrating to X brings little benefit": the change is
# the subject of what is said about it, not a decision.
_GERUND_SUBJECT = re.compile(r"^(?:switching|migrating|moving|replacing|porting|converting|changing)\b[^.;:]{0,80}?\b"
                             r"(?:will|would|should|could|might|may|is|was|requires?|needs?|takes?|brings?|means?|"
                             r"involves?|breaks?|causes?)\b", re.I)
# A concession before the point ("While I like some ideas behind X, …", "Although we love X, …").
# round 17: every concessive subordinator ("As much as I love X, …", "Much as we like X, …", "Even if X is nice, …")
_CONCESSION = re.compile(r"^(?:while|although|though|even though|whilst|(?:as\s+)?much\s+as|even\s+if|granted(?:\s+that)?|"
                         r"despite|in\s+spite\s+of|for\s+all\s+(?:that|the)|admittedly)\b[^,]{3,100},", re.I)
# "Rebase doesn't get rid of the bad commit messages": what a thing does not drop is no drop.
_KEEPS = re.compile(r"\b(?:doesn't|does not|didn't|did not|can't|cannot|couldn't|wouldn't|won't)\s+(?:\w+\s+)?"
                    r"(?:get rid of|drop|remove|replace|deprecate|retire|disable)\b", re.I)


def _split_why(s: str) -> tuple[str, str | None]:
    """(the statement, its reason): "A because B", "A — B", "Since B, A", "B, so A"."""
    lead = _LEAD_WHY.match(s)
    if lead and _kind(lead.group(3)):
        clause, why = _split_why(lead.group(3).strip())
        return clause, (lead.group(1) + lead.group(2)).strip(" ,;—–-").rstrip(".!") + ("; " + why if why else "")
    listed = re.search(r"\s+for\s+the\s+following\s+reasons?\s*:\s*(?=\S)", s, re.I)
    if listed and listed.start() > 8:  # round 16: "We chose X for the following reasons: A; B; C"
        return s[:listed.start()].strip(), s[listed.end():].strip().rstrip(".!")
    means = re.match(r"^(by\s+\w+ing\b[^,;]{3,120}),\s*(?:we|this|it)\s+(?:make\s+sure|ensure|guarantee)s?\s+(?:that\s+)?(\S.{5,})$",
                     s, re.I)
    if means and _kind(means.group(1)[3:]):  # round 16: "By changing our base to X, we make sure that Y": Y is why
        return means.group(1).strip(), means.group(2).strip().rstrip(".!")
    much = re.search(r"[,;]?\s+so\s+much\s+so\s+that\s+", s, re.I)
    if much and much.start() > 8:  # round 16: "the UX of X is phenomenal, so much so that I'm moving here too"
        return s[much.end():].strip().rstrip(".!"), s[:much.start()].strip(" ,;")
    for m in _SO.finditer(s):
        head, tail = s[:m.start()].strip(" ,;"), s[m.end():].strip()
        if len(head) > 8 and _kind(tail) and (not _kind(head) or _judged_bad(head)):
            clause, why = _split_why(tail)
            return clause, head + ("; " + why if why else "")
    for m in _WHY.finditer(s):
        # "proposing to keep …", "we need to keep …": an infinitive the verb takes, not a purpose.
        if m.group(1).lower().startswith("to ") and _TAKES_TO.search(s[:m.start()]):
            continue
        if m.start() > 5:
            return s[:m.start()].rstrip(" ,;—–-"), s[m.start():].strip(" ,;").rstrip(".!")
        break
    # "Going with Sass for the styles, Less is too slow": a clause after a comma that speaks ill of something.
    for c in re.finditer(r",\s+(?=[A-Za-z])", s):
        tail = s[c.end():]
        if c.start() > 8 and _judged_bad(tail) and not _kind(tail) and not changes(tail)[1]:
            return s[:c.start()].rstrip(), tail.strip().rstrip(".!")
    colon = re.search(r":\s+(?=(?:it|this|they|that|which|because|since|we|there|our|nobody|no one|everyone|none|"
                      r"most|many)\b)", s, re.I)
    if colon and colon.start() > 8 and not _kind(s[colon.end():]):
        return s[:colon.start()].rstrip(), s[colon.end():].strip().rstrip(".!")
    d = _DASH_WHY.search(s)
    if d and d.start() > 8:
        return s[:d.start()].rstrip(), s[d.end():].strip().rstrip(".!")
    # "Removed the jQuery dependency; native fetch is enough": a clause after a semicolon stating nothing of its own.
    paren = re.search(r"\s*\(([^()]{8,160})\)\s*[.!]?$", s)
    if paren and paren.start() > 8 and (_JUSTIFIES.search(paren.group(1)) or _WHY.search(" " + paren.group(1)) or
                                        re.search(r"\b(?:is|are)\s+(?:\w+\s+)?(?:easier|simpler|faster|cheaper|safer|"
                                                  r"better|lighter|smaller)\b", paren.group(1), re.I)):
        return s[:paren.start()].rstrip(), paren.group(1).strip()  # "Migrate docs to MkDocs (Markdown is easier …)"
    semi = s.find("; ")
    if semi > 8:
        head, tail = s[:semi].rstrip(), s[semi + 2:].strip()
        if len(tail) > 8 and not _kind(tail) and not changes(tail)[1]:
            return head, tail.rstrip(".!")
        if len(tail) > 8 and _kind(tail) and not _kind(head):
            return tail.rstrip(".!"), head  # "We tried Celery but it was too heavy; we settled on RQ"
    return s, None


# "Let's not merge until CI is green", "Don't release before the review is done", "Hold off on merging until …": a
# negated or held-off verb whose clause (no comma between) goes on with a time or condition it waits for. X is done
# later, not turned down; "Let's not use Redis, at least until …" (after a comma) still turns Redis down now.
_HELD_UNTIL = re.compile(r"(?:\b(?:not|never|no)\b|n't\b|\bhold(?:s|ing)?\s+off\b)[^,;:.!?]{1,60}?\s"
                         r"(?:until|till|before|prior\s+to)\s+(?!or\b|and\b)\S", re.I)  # "before or after": no condition


_WHEN = re.compile(r"^(?:the\s+)?(?:next|last|coming|past|following|previous|few|couple)(?:\s|$)|"
                   # (round 18: a name's own part is no time: "Joda-time", "java.time")
                   r"(?:^|\s)(?:sprints?|releases?|weeks?|months?|years?|quarters?|days?|time|hours?|minutes?)$", re.I)


def _alternatives(s: str, kind: str) -> tuple[list[str], list[str]]:
    rejects: list[str] = []
    forbids: list[str] = []
    if kind in ("decision", "preference", "constraint"):
        for rx in _REJECT_PATTERNS:
            for m in rx.finditer(s):
                if _ROUTE.search(s[:m.start()]) and m.group(0).lower().startswith("over"):
                    continue  # "internal calls go over NATS": the way, not an alternative
                x = _clean(m.group(1))
                if x and x.lower() not in STOPWORDS and len(x) > 1 and not re.match(r"^(?:only|just|yet|really|"
                                                                                     r"necessarily|sure)\b", x, re.I):
                    rejects.append(x)
                    rejects.extend(_joined(s, m, 1, x))  # "over X and Y"
        if kind == "decision":
            # "Adopt structlog as a replacement for loguru"
            rejects.extend(x for x in (_name(m.group(1)) for m in _REPLACEMENT_FOR.finditer(s)) if x)
            for rep in REPLACES.finditer(s):
                c = re.match(_CNP, s[rep.end():])
                replaced = _name(c.group(1)) if c else None
                if replaced:
                    rejects.append(replaced)
        for m in _TOO.finditer(s):
            x = _clean(m.group(1))
            owner = re.search(r"([A-Za-z0-9][\w.+#-]*)['\u2019]$", s[:m.start(1)])
            if owner:
                x = owner.group(1)  # user trial 16: "clap's compile times were too slow": clap is what is too slow
            if x and x.lower() not in ("it", "that", "this", "they", "which"):
                rejects.append(x)
        rejects.extend(changes(s)[1])
        rejects.extend(x for x in (_name(m.group(2)) for m in _PREFER_TO.finditer(s)) if x)  # "Prefer Sass to Less"
        for m in _TURNED_DOWN.finditer(s):
            turned = _name(re.split(r"\s+but\b", m.group(1))[0])
            if turned:
                rejects.append(turned)
    if kind == "constraint":
        for m in _FORBID.finditer(s):
            x = _clean(m.group(1))
            if x:
                forbids.append(x)
        for b in BANS.finditer(s):
            banned = _name(b.group("x") or b.group("y"))
            if banned:
                forbids.append(banned)
        banned = _banned_without_verb(s)
        if banned:
            forbids.append(banned)
        rejects = [r for r in rejects if r not in forbids]
    # "over reinventing the wheel" is a verb, not an alternative one could depend on.
    rejects = [r for r in rejects if not re.match(r"^\w+ing\b", r) or changes(s)[1].count(r) or
               # round 14: "Return an error instead of panicking", "… rather than guessing": the practice turned down
               # (not one of two joined gerunds: "instead of writing and maintaining raw SQL" names no "writing")
               re.search(r"\b(?:instead\s+of|rather\s+than)\s+" + re.escape(r) + r"(?!\s+(?:and|or)\s+\w+ing\b)", s, re.I)]
    rejects = [_name(r) or r for r in rejects
               if not re.match(r"^(?:allowed|permitted|supported|needed|required|possible|necessary|recommended|"
                               r"available)$", r, re.I) and
               not re.match(r"^(?:use|using|add|be|have|need|do|make|get|go|allow|support|only|adopt|pursue|"
                               r"introduce|switch|move|migrate|drop|keep|break|worry|touch|intend|plan|want|think|"
                               r"need|know)\b", r, re.I)]
    rejects = [r for r in rejects if not _WHEN.search(r)]  # "over the next sprint" is a time, not an alternative
    first_of: dict[str, str] = {}  # one per slug, the first written
    for r in rejects:
        first_of.setdefault(_slug(r), r)
    rejects = list(first_of.values())
    return rejects, list(dict.fromkeys(forbids))


_AWAY = re.compile(r"\baway\s+from\s+(?:the\s+|our\s+|using\s+)?" + _NP, re.I)
_ROUTE = re.compile(r"\b(?:go|goes|going|went|gone|run|runs|running|ran|sent|send|sends|travel(?:s|led|ling)?|"
                    r"pass(?:es|ed)?|tunnel(?:s|led|ed)?|served|serve|serves)\s+$", re.I)
_QUALITY = re.compile(r"^(?:\w+\s+)?(?:\w+(?:ity|ness|ance|ence)|coupling|speed|performance)\b", re.I)
_ABSTRACT = re.compile(r"^(?:\w+(?:tion|ment|ing|sal)|approval|access|review|login)\b", re.I)
_REQUIREMENT = "\x00requirement"  # _subject's answer for a "requires <an abstract thing>": a constraint
# "we don't need to use X as much" in the sentence before a decision: X is what it moves away from.
_CONTEXT_DROP = re.compile(r"\b(?:don't|do not|no longer) need (?:to use\s+)?" + _CNP, re.I)
_PREFER = re.compile(r"\bprefer(?:s|red|ring)?\s+(?:to use\s+|using\s+)?(?:the\s+)?" + _CNP, re.I)
# "Let's not pull in simd-json": no-simd-json (only a verb of taking something on: "let's not merge this" is no rule)
_LETS_NOT = re.compile(r"\blet(?:'s|\s+us)\s+not\s+" + _TAKE_ON + r"\s+(?:the\s+|any\s+)?" + _CNP, re.I)
_NEGATED_VERB = re.compile(r"\b(?:never|don't|do not|can't|cannot|can not|must not|mustn't|not to|avoid|"
                           r"should not|shouldn't|no more)\s+(?:(?:\w+ly)\s+)?(?:(?:use|using|write|put|add|run|mock|commit|call|name|"
                           r"return|raise|store|import|leave|push|ship|depend on|like|want|log|print|expose|send|"
                           r"hard-?code|catch|swallow|edit|touch|merge|deploy|check in|rely on)\s+|"
                           # any other verb, known by the article after it ("must never include the stack trace"):
                           # the memory is named by what it is about, not by the verb (no-stack-trace, not no-include)
                           r"[a-z]+\s+(?=(?:the|any)\s))?(?:the\s+|any\s+)?"
                           + _CNP, re.I)


_BUMP = re.compile(r"^(?:let's\s+|this\s+(?:pr\s+|change\s+)?|it\s+|and\s+)?(?:bump(?:s|ed)?|rais(?:e|es|ed)|increas(?:e|es|ed)|"
                   r"updat(?:e|es|ed)|lift(?:s|ed)?)\s+"
                   r"(?:the\s+|our\s+)?(?:(?:minimum|minimal|min|lowest|oldest)\s+)?(?:supported\s+|required\s+)?"
                   r"(?P<p1>[A-Za-z][\w.+#-]*)\s+(?:(?:version|requirement|standard|target)\s+)?(?:from\s+(?P<old>v?\d[\w.]*)\s+)?"
                   r"to\s+(?P<v1>v?\d[\w.]*\d)\b|^(?:let's\s+)?set\s+(?:the\s+|our\s+)?(?:(?:minimum|minimal|min)\s+)?"
                   r"(?P<p2>[A-Za-z][\w.+#-]*)\s+(?:version\s+)?to\s+(?P<v2>v?\d[\w.]*\d)\b", re.I)


def _subject(s: str, kind: str, clause: str) -> tuple[str, tuple[str, str] | None]:
    if kind == "decision":
        clause = re.sub(r"^instead of\s+[^,]{2,60},\s*(?:let's\s+|we(?:'ll| will| should)\s+)?", "", clause, flags=re.I)
        chosen, dropped = changes(clause)
        m = _CHOSEN.search(clause) or _BEST.search(clause) or _PASSIVE_CHOICE.match(clause)
        if m and _name(m.group(1)):
            return _name(m.group(1)) or "", None
        # "I changed the settings to default to the title and default to squash": the last default named
        defaults = [_name(d.group(1)) for d in re.finditer(r"\bdefault(?:s|ed|ing)?\s+to\s+(?:the\s+)?" + _CNP, clause, re.I)]
        if defaults and defaults[-1] and (not chosen or _slug(chosen) == "default"):
            return defaults[-1], None
        bump = _BUMP.match(clause.strip())
        bumped = (bump.group("p1") or bump.group("p2"), bump.group("v1") or bump.group("v2")) if bump else None
        if bumped and _name(bumped[0]):  # "Bump the minimum Go to 1.22", "Bump MSRV to 1.58.1": Go 1.22, MSRV 1.58.1
            return f"{_name(bumped[0])} {bumped[1]}", None
        now = re.search(r"\b(?:(?:is|are) now (?:managed|handled|deployed|built|run|done|served) (?:by|with|through|via|from|on)|"
                        r"now (?:go|goes) to)\s+(?:the\s+)?" + _CNP, clause, re.I)
        if now and not chosen and _name(now.group(1)):
            return _name(now.group(1)) or "", None  # "Everything is now managed by Helm": Helm
        took = TOOK_UP_OBJECT.search(clause)
        after_took = re.match(_CNP, clause[took.end():]) if took and not chosen else None
        taken = _name(after_took.group(1)) if after_took else None
        if taken and not _ABOUT.match(taken):
            return taken, None
        m = _OBJECT.search(clause)
        # "switch from X to Y", "replace X with Y": Y. "Drop X": no-X. Else what is used or chosen.
        if chosen:
            return chosen, None
        if m and not re.match(r"^(?:of|to)\b", m.group(1), re.I) and _name(m.group(1)) and \
                not (dropped and _slug(m.group(1)) in {_slug(d) for d in dropped}):
            # "We won't use Redis anymore": the decision is not to (no-redis), as "drop Redis" would be.
            return ("no " if _negated(clause, m.start()) else "") + _clean(m.group(1)), None
        if dropped:
            return "no " + dropped[0], None
        m = re.match(r"^no\s+" + _CNP, clause.strip(), re.I)  # "Decided: no ORM."
        if m and _name(m.group(1)):
            return "no " + (_name(m.group(1)) or ""), None
    if kind == "dependency":
        m = _DEP.match(clause.strip())
        if m:
            verb = m.group(2).lower()
            attr = REL_ATTR.get(verb, ":depends-on")
            subj, obj = _clean(m.group(1)), _clean(m.group(3))
            # "The test depends on the fixture order" is a fact about a test, not a dependency of a component.
            if re.search(r"\b(?:tests?|specs?|it|this|that|they|which)$", subj, re.I) or \
                    re.search(r"\b(?:this|that|which|it)\s*$|\b(?:not|never|no longer)\b|n't\b|"
                              r"^(?:in addition,?\s+)?(?:something|anything|everything|nothing|it|(?:this|that)\s*$)\b",
                              m.group(1).strip(), re.I) or re.match(r"^that\b", m.group(3).strip(), re.I) or \
                    re.search(r"\b(?:order|ordering|timing|sequence|whether|how|when)\b", obj, re.I) or \
                    len(subj.split()) > 5 or re.search(r"\b(?:and|went|updated|was|were)\b", subj, re.I) or \
                    re.search(r"\b(?:used to|previously|formerly|no longer)\b", m.group(1), re.I):
                return "", None
            if verb == "requires" and _QUALITY.match(obj):
                return "", None  # "The system requires loose coupling": a need, not a component
            if verb == "requires" and _ABSTRACT.match(obj):
                return _REQUIREMENT, None  # "X requires authentication …" is a constraint
            return subj, (attr, obj)
    if kind == "architecture":
        m = _SUBJECT.match(clause.strip())
        if m:
            return _clean(m.group(1)), None
    # The first clause names it; a leading "When …," or "If …," only says when it applies.
    # "No, let's not pull in simd-json": an answer's interjection before its comma names nothing
    main = re.sub(r"^(?:(?:no|nope|nah|yes|yeah|ok|okay|right|well|actually|also|however|hence|so|then|and|but|thus|"
                  r"therefore|as such|in light of this|"
                  r"from now on|going forward|in (?:the )?future|regarding [^,]{2,60}),\s*)+", "", clause.strip(),
                  flags=re.I)
    main = re.sub(r"^(?:when|whenever|if|once|after|before|while|in|for|on)\b[^,]{2,80},\s*", "", main, flags=re.I)
    # "Per project policy, EOL versions are not supported", "Code style: Please format …": the rule after its label
    main = re.sub(r"^(?:(?:per|by)\s+(?:the\s+|our\s+)?(?:project|team)?\s*polic(?:y|ies)\s*,\s*|"
                  r"[A-Z][\w -]{1,30}:\s+(?=\S))", "", main, flags=re.I) or main
    if kind == "constraint":
        frozen = _frozen(clause) or _frozen(s)
        if frozen:
            return "keep " + frozen[0], (":governs", frozen[1])
        refused = re.search(r"\b(?:accept|from)\s+(?:any\s+)?([^,.;]{2,80}?)(?=\s+(?:or|unless|because|since|please|but)\b|"
                            r"\s*[,.;]|\s*$)", main, re.I) if _TAKES_RULE.search(main) else None
        if refused and re.search(r"(?:\bnot\s+to|n't|\bnot|\bno longer)\s+accept\b|^nothing\s+from\b", main, re.I) and \
                _name(refused.group(1)) and len(refused.group(1).split()) <= 7:
            return "no " + (_name(refused.group(1)) or ""), None  # "We don't accept typo-only PRs": no typo-only PRs
    head = re.split(r"[,;:]\s", main or clause, maxsplit=1)[0]
    if kind == "preference":
        m = _PREFER.search(head) or re.match(r"^(?:always\s+)?use\s+(?:as\s+(?:much|many)\s+of\s+)?(?:the\s+)?" + _CNP +
                                             r"\s+(?:as much as possible|as possible|wherever|whenever|where possible)", head,
                                             re.I)
        if m and _name(m.group(1)):
            return _name(m.group(1)) or "", None
    if kind == "constraint":
        ban = BANS.search(clause)
        x = _name(ban.group("x") or ban.group("y")) if ban else None
        if x:
            return "no " + x, None
        x = _banned_without_verb(clause)
        if x:
            return "no " + x, None
    if kind in ("preference", "constraint"):
        # "Never import pyOpenSSL directly", "avoid default exports": no-pyopenssl-directly, no-default-exports;
        # "Merge commits are not allowed in main": no-merge-commits.
        m = _LETS_NOT.search(head) or _NEGATED_VERB.search(head) or _AVOIDED.search(head) or _DISALLOWED.match(head)
        if m and _name(m.group(1)):
            return "no " + (_name(m.group(1)) or ""), None
    # Otherwise the clause's content words name it.
    words = [w.rstrip(".") for w in re.findall(r"[A-Za-z0-9][\w.+#'’-]*", head)]
    # A negation up front ("never log …", "we can't use X") names the memory "no-…", as in :preference/no-db-mocks.
    negated = kind in ("preference", "constraint") and bool(_NEGATION.match(head.strip()))
    words = [w for w in words if w and (w == "Go" or w.lower() not in STOPWORDS and w.lower() not in _FILLER
                                        and w.lower() not in _VERBS)]  # "Use Go for the CLI": Go, the language
    return ("no " if negated else "") + " ".join(words[:5]), None


_NEGATION = re.compile(r"^(?:\w+\s+){0,2}?(?:never|don't|do not|can't|cannot|can not|must not|mustn't|avoid|no|"
                       r"not)\b", re.I)
_VERBS = {"log", "write", "put", "add", "run", "mock", "commit", "call", "name", "return", "raise", "store",
          "import", "leave", "push", "ship", "depend"}


_FILLER = {"always", "never", "use", "using", "prefer", "like", "must", "should", "please", "want", "don't",
           "need", "needs", "really", "strongly", "rather", "i'd", "we'd", "hate", "love", "dislike", "let's",
           "going", "decided", "decide", "go", "make", "sure", "keep", "has", "have", "can't", "cannot",
           "mustn't", "required", "only", "avoid", "stick", "instead"}


_ABOUT = re.compile(r"^(?:also,?\s+|and\s+|but\s+)?(?:it|this|that|they|these|which|doing so|the change)\b", re.I)


_BAD = re.compile(r"\b" + _CNP + r"(?:\(\))?\s+"
                  # round 12: "Autotools does the job but is complicated": a concession before the judgement
                  r"(?:(?:does|do|did|works?|worked|has|had)\s+(?:\w+\s+){0,3}?but\s+)?"
                  r"(?:is|was|are|were|has been|had been|will be|would be|can be|tends? to be|"
                  r"felt|seemed|got|gets|"
                  r"(?:has|have|had) (?:become|gotten)|became|is becoming|remains?)\s+(?:\w+\s+){0,3}?"
                  r"(?:too\b|so (?:big|slow|heavy)|(?:slow|slower|big|bigger|huge|heavy|hefty|bloated|expensive|"
                  r"costly|complex|complicated|outdated|unmaintained|deprecated|painful|fragile|flaky|insecure|harder|worse|"
                  r"clunky|clunkier|awkward|dangerous|unsafe|error-prone|imprecise|inaccurate|buggy|redundant|legacy|"
                  r"obsolete|overkill|experimental|unstable|unreliable|abandoned|abandonware|broken|verbose|hard to|"
                  r"difficult to|(?:hard|difficult|painful) for (?:us|me|them|people|users|contributors) to|"
                  r"eol|end[- ]of[- ]life|old and \w+|busted|stale|crufty|not (?:as|so) (?:\w+ )?(?:reliable|"
                  r"good|fast|stable|mature|suitable|easy|simple|well)|in maintenance mode|maintenance-only|unbearable|terrible|awful|annoying|frustrating|cumbersome|tedious|"
                  r"not (?:free|maintained|compatible|suitable)|"
                  # round 12: one vocabulary of judgements (the words that call a dropped thing bad), and a negated
                  # participle or "-able" word ("moment is currently not modularised", "is not supported by")
                  r"unnecessary|unneeded|unused|vulnerable|dead|archived|overhead|"
                  r"not\s+(?:\w+ly\s+)?[a-z]+(?:ed|able|ible))\b|being phased out|no longer (?:free|maintained))|"
                  r"\b" + _CNP + r"\s+(?:keeps?|kept)\s+(?:on\s+)?(?:breaking|failing|crashing|timing out)\b|"
                  # round 11: "Microservices add complexity too early", "Travis.org no longer runs CI for us", "The free
                  # tier of X will end on June 1st"
                  r"\b" + _CNP + r"\s+(?:adds?|added|brings?|introduces?)\s+(?:a lot of\s+|too much\s+|unnecessary\s+|"
                  r"extra\s+|more\s+)?(?:complexity|overhead|bloat|churn)\b|"
                  r"\b" + _CNP + r"\s+no\s+longer\s+(?:runs?|works?|builds?|supports?|is\s+supported|is\s+free)\b|"
                  r"\b" + _CNP + r"\s+(?:will\s+end|is\s+ending|ends)\s+(?:on|in|at|by)\b|"
                  # "Python 3.7 reached end of life", "Travis is closing down", "X has shut down", "X is a pain"
                  r"\b" + _CNP + r"\s+(?:(?:has\s+|have\s+)?(?:reached|reaches)\s+(?:its\s+|their\s+)?(?:end[- ]of[- ]life|eol)|"
                  r"(?:has|have|had)\s+(?:been\s+)?(?:shut down|archived|discontinued|sunset)|"
                  r"(?:is|are|was|were)\s+(?:shutting down|closing(?: down)?|going away|archived|discontinued|confusing|"
                  r"(?:a\s+)?(?:\w+\s+)?(?:pain|nightmare|mess))|"
                  r"(?:has|have|had)\s+(?:a\s+few\s+|a\s+lot\s+of\s+|many\s+|several\s+|some\s+)?(?:issues|problems|limitations|"
                  r"bugs|drawbacks)|(?:has|have|had|gives?|shows?)\s+(?:much\s+|far\s+)?(?:worse|poor|poorer|bad|lower|slower)\s+"
                  r"(?:performance|support|compatibility|tooling|ergonomics|docs|documentation)|"
                  # round 15: "the Arduino IDE has such a poor editor", "Cabal has been causing us lots of problems"
                  r"(?:has|have|had)\s+(?:such\s+)?(?:a\s+|an\s+)?(?:(?:very|really|pretty|rather|quite)\s+)?(?:poor|bad|terrible|"
                  r"awful|weak|clunky|limited|lousy)\s+[a-z]+|"
                  r"(?:has\s+been|have\s+been|is|are|was|were|keeps?)\s+causing\s+(?:us\s+|me\s+)?(?:lots\s+of\s+|a\s+lot\s+of\s+|many\s+|"
                  r"several\s+|constant\s+|endless\s+|so\s+many\s+)?(?:problems|issues|trouble|pain|headaches|grief))\b|"
                  # "Having annoying issues with Alpine due to musl", "problems with X"
                  r"\b(?:issues|problems|trouble|bugs|pain)\s+with\s+(?:the\s+)?" + _CNP, re.I)


# What a change's dropped thing is called when it is called bad ("the unmaintained OAuth plugin", "rsa (deprecated)").
_JUDGED_ADJ = (r"unmaintained|deprecated|outdated|obsolete|legacy|abandoned|insecure|vulnerable|eol|end-of-life|archived|"
               r"dead|broken|bloated|buggy|flaky|slow|heavy|unused|redundant|unnecessary|frivolous|"
               r"discontinued|retired")  # (round 19: "Replace discontinued failure crate with anyhow")


_CANNOT = re.compile(r"\b" + _CNP + r"\s+(?:could not|couldn't|cannot|can't|can not|lacks|lacked|(?:does|did) not support|"
                     r"(?:doesn't|didn't) support|(?:does|did) not (?:fit|suit|scale|meet)|(?:doesn't|didn't) (?:fit|suit|scale|meet))\b",
                     re.I)


def _beaten(text: str, subject: str) -> list[str]:
    """What the choice is said to be better than ("it is much faster than webpack", "Vite is simpler than webpack");
    the comparison must be of the choice (it, they, or its name just before)."""
    out = []
    first = _slug(subject.removeprefix("no ")).split("-")[0]
    for m in _BETTER_THAN.finditer(text):
        before = _slug(text[max(0, m.start() - 40):m.start()], 10**6).split("-")
        x = _name(m.group(1) or m.group(2))
        if x and not subject.startswith("no ") and (set(before[-4:]) & {"it", "its", "they", "s", "is", "are"} and
                                                     (first in before or {"it", "its", "they"} & set(before[-4:]))) and \
                _slug(x) != _slug(subject) and x not in out:
            out.append(x)
    return out


def _judged_bad(text: str) -> list[str]:
    """Things a reason speaks ill of ("Moment is a little hefty", "Travis-ci.org is being phased out", "Cypress could
    not test multiple tabs")."""
    out = []
    for m in list(_BAD.finditer(text)) + list(_CANNOT.finditer(text)):
        x = _name(_LEADING_JOINERS.sub("", m.group(1) or m.group(m.lastindex or 1) or ""))  # "with gRPC will be harder"
        owner = re.match(r"([A-Za-z0-9][\w.+#-]*)['\u2019]s\s+\S", x or "")
        if owner:
            x = owner.group(1)  # user trial 16: "clap's compile times were too slow": clap is what is too slow
        if x and not re.match(r"^(?:it|this|that|they|which|there|here|what)\b", x, re.I) and x not in out:
            out.append(x)
    return out


# What a change says when it names nothing ("switch", "drop support"), and an object that points back.
_BARE_CHANGE = {"switch", "switching", "move", "moving", "migrate", "migrating", "drop", "dropping", "remove", "removing",
                "replace", "replacing", "support", "use", "using", "adopt", "it", "them", "go", "over", ""}
_POINTS_BACK = re.compile(r"(?:^|\s)(?:it|them)$", re.I)
# a name, and a second word only when capitalised or numbered ("issues with Axios interceptors" names Axios)
_SHORT_NAME = r"([A-Za-z0-9][\w.+#/@-]{0,60}" + _PATH + r"(?:\s+(?-i:[A-Z0-9])[\w.+#/@-]*)?)"
_TROUBLE_WITH = re.compile(r"\b(?:issues?|problems?|trouble|bugs|pain|headaches?)\s+(?:\w+\s+)?with\s+" + _ART + _SHORT_NAME,
                           re.I)
_JUDGED_BEFORE = re.compile(r"\b(?:the\s+)?(?:" + _JUDGED_ADJ + r")\s+" + _SHORT_NAME, re.I)


def _spoken_ill_of(reason: str) -> list[str]:
    """The things a reason speaks ill of, by name: judged ("X is unmaintained", "the legacy X"), or the cause of
    trouble ("issues with X")."""
    out = _judged_bad(reason)
    for rx in (_TROUBLE_WITH, _JUDGED_BEFORE):
        for m in rx.finditer(reason):
            x = _name(m.group(1))
            if x and x.lower() not in STOPWORDS and not _NOT_A_NAME.match(x) and x not in out:
                out.append(x)
    return out


# "We will drop it in the next release": a change whose object points back speaks of the change just stated.
_CHANGE_OF_IT = re.compile(r"\b(?:drop|remov|delet|replac|switch|mov|migrat|deprecat|retir|ditch|abandon|keep|adopt)\w*"
                           r"\s+(?:it|them|this|that)\b(?!\s+(?:\w+\s+)?(?:to|with|by|for|in favou?r of)\s+(?!the next\b)[A-Z])",
                           re.I)


def _about(s: str, item: Extracted) -> bool:
    """Does a sentence with no signal of its own speak of the item just captured (its subject, what it
    rejects, or 'it'/'this')? Then it is that item's reason."""
    if _ABOUT.match(s) or _CHANGE_OF_IT.search(s):
        return True
    head = " ".join(re.findall(r"[\w.+#-]+", s)[:4]).lower()
    names = [item.subject.removeprefix("no ")] + item.rejects
    return any(n and _slug(n) and _slug(n).split("-")[0] in _slug(head).split("-") for n in names)


def _settles_elsewhere(title: Extracted, later: Extracted, born: dict[int, int], said: str) -> bool:
    """A decision reported later in the thread ("We decided to go with X as the replacement for Y") that chooses
    another target than the title it restates."""
    return title.kind == later.kind == "decision" and born.get(id(title)) == 0 and bool(DECIDED.search(said)) and \
        not title.subject.startswith("no ") and not later.subject.startswith("no ") and \
        _slug(later.subject) != _slug(title.subject) and _slug(later.subject) not in {_slug(r) for r in title.rejects} and \
        _slug(title.subject) not in {_slug(r) for r in title.rejects}


def _merge(into: Extracted, other: Extracted, restated: bool = False) -> None:
    """Fold ``other`` into ``into``; ``restated``: the same choice said again in other words (its description is no
    reason for it)."""
    if not into.rationale and restated:
        into.rationale = other.rationale
    elif not into.rationale:
        # 'Drop Python 2 support. Mypy has dropped it long ago, and maintaining it is too complicated.'
        into.rationale = other.rationale or other.description
    elif other.rationale and other.rationale not in into.rationale:
        into.rationale = (into.rationale + "; " + other.rationale)[:2 * MAX_DESCRIPTION]
    if restated and into.rationale and other.description not in into.rationale and \
            {_slug(x) for x in _judged_bad(other.description)} & {_slug(r) for r in into.rejects + other.rejects}:
        # round 15: "Migration CocoaPods to SPM. … CocoaPods is outdated and needs to be migrated to SPM": the change
        # said again with a judgement of what it leaves; the judgement is a reason
        into.rationale = (into.rationale + "; " + other.description)[:2 * MAX_DESCRIPTION]
    if other.description not in into.description and len(into.description) < MAX_DESCRIPTION:
        into.description = (into.description + "; " + other.description)[:MAX_DESCRIPTION]
    into.rejects.extend(r for r in other.rejects if r not in into.rejects and _slug(r) != _slug(into.subject))
    into.forbids.extend(f for f in other.forbids if f not in into.forbids)


# A title or commit message states a change as an imperative ("Pin package versions.", "Delete remaining Travis CI
# configuration."): with a reason, in it or in the sentence after, it is a decision, not a request to do it now.
_CHANGE_VERB = re.compile(r"^(?:let's\s+|please\s+|pls\s+)?(?:pin|use|replace|remove|delete|drop|switch|migrate|move|enable|rename|"
                          r"enforce|make\s+(?:\S+\s+){1,4}?into|turn\s+(?:\S+\s+){1,4}?into|"
                          r"bump(?:ed|s)?|rais(?:e|ed)|require[sd]?|removed|dropped|replaced|switched|migrated|moved|"
                          r"replacing|removing|dropping|deleting|switching|migrating|moving|pinning|"
                          r"implement|adopt|ditch|deprecate|retire|stop using|get rid of|convert|upgrade|disable|"
                          r"avoid|prefer)\b", re.I)
_JUSTIFIES = re.compile(
    r"^(?:as\s+)?per\s+(?:our|the|its)\b|^(?:this|it|that|these|they)(?:'s|'re| is| are| was| will| would| should| makes?| lets?| allows?| reduces?|"
    r" improves?| speeds?| fix(?:es)?| saves?| avoids?| helps?| gives?| means?)\b|"
    r"\b(?:deprecated|obsolete|outdated|no longer|not used|anymore|any more|unmaintained|maintenance mode|legacy|"
    r"end[- ]of[- ]life|EOL|(?:much |way |a lot )?(?:faster|lighter|smaller|simpler|cleaner|safer)|"
    r"(?:too|so) (?:big|slow|heavy|complicated|complex)|necessary|could not|couldn't|cannot|can't|lacks|lacked|"
    r"(?:does|did) not support|(?:doesn't|didn't) support|"
    # "Remove X. It doesn't seem like we were actually using this."
    r"unused|never (?:\w+ )?used|"
    # round 14: "`async-std` is not active for one month", "Source Link is now included in .NET SDK 8"
    r"(?:not|no longer) (?:\w+ )?(?:active|maintained|developed)|inactive|"
    r"(?:now|already) (?:(?:included|built[- ]in|bundled|shipped|provided) (?:in|with|by|into)|built into|part of)|(?:doesn't|does not|didn't|did not) (?:seem|look) like (?:we|it|anyone)(?:'re| are| were| was| is)? "
    r"(?:\w+ )?(?:using|used|needed)|(?:not|never) (?:\w+ )?using|(?:don't|do not|didn't|did not) (?:\w+ )?(?:use|need))\b", re.I)
# Words that head a choice ("a traditional RESTful approach"): the same head in its reason names the alternative
# ("the stronger benefits of a GraphQL approach").
_HEADS = {"approach", "library", "framework", "database", "db", "tool", "package", "manager", "pattern", "format",
          "engine", "service", "queue", "client", "server", "runtime", "language", "solution", "model", "api",
          "style", "system", "bundler", "runner", "orm", "store", "protocol", "architecture"}


# Round 14: a title that names what is done and what it is done instead of ("Panic instead of os.Exit for illegal
# state situations", "GitHub workflows instead of AppVeyor", "Suppress C4702 header-wide instead of restructuring code")
# is a choice made, whatever its verb (the labelling guide's "Use X instead of Y" directive; a question or a hedge aside).
_TITLE_INSTEAD = re.compile(r"^(?!(?:why|how|what|should|shall|can|could|would|is|are|do|does|did|any|maybe|perhaps)\b)"
                            r"[^.;?]{2,80}?\s(?:instead\s+of|rather\s+than)\s+\S", re.I)


_HISTORY = re.compile(r"^(?:(?:at\s+(?:the\s+)?(?:beginning|start|outset)|in\s+the\s+beginning|early\s+on|back\s+then|"
                      r"(?:years|months)\s+ago|initially|originally|at\s+first)\b[^,]{0,60},?\s+(?:we|i|the\s+team)\b|"
                      r"(?:we|i|the\s+team)\s+(?:had\s+)?(?:originally|initially|first)\s+(?:decided|chose|picked|went|opted|"
                      r"settled|agreed|used|adopted)|"
                      # round 19: "Gitter was initially chosen as the community platform due to …": the same, passive
                      r"(?:the\s+)?[\w.+#/-]+(?:\s+[\w.+#/-]+)?\s+(?:was|were)\s+(?:initially|originally|first)\s+"
                      r"(?:chosen|picked|selected|adopted|used)\b)", re.I)


def _stated_change(s: str, nxt: str | None) -> bool:
    if not _CHANGE_VERB.match(s) or s.rstrip().endswith("?") or _HYPOTHETICAL.search(s) or _transient(s) or \
            _EITHER.match(s.strip()) or _GERUND_SUBJECT.match(_split_why(s)[0]):  # round 19: "Migrating to it may provide …"
        return False
    if _split_why(s)[1] is not None or _JUSTIFIES.search(s):
        return True  # "Remove the obsolete Jenkinsfile": the title carries its own reason
    if nxt is None or nxt.rstrip().endswith("?") or _HYPOTHETICAL.search(nxt):
        return False
    # The next sentence justifies it, gives a reason or spells the change out ("Remove lodash. Most will be
    # replaced with JS built-ins to reduce package size.").
    return bool(_JUSTIFIES.search(nxt)) or _split_why(nxt)[1] is not None or bool(changes(nxt)[1]) or \
        bool(_BACK_REFERENCE.search(nxt)) or _judges_dropped(s, nxt)


# Round 17: "Remove Guava. Guava pulls in …", "Drop the X plugin. Currently we use X and X is slow": the sentence after
# a removal whose clause has the removed thing as its subject says what that thing is or does — why it goes.
_DROPS_NAMED = re.compile(r"^(?:let's\s+|please\s+|pls\s+)?(?:remove|delete|drop|ditch|get\s+rid\s+of|stop\s+using)\s+"
                          r"(?:the\s+|our\s+)?([\w+#@/-]+(?:\.[\w+#@/-]+)*)(?:\s+(?:dependency|library|package|plugin|module))?\s*[.!]?$", re.I)
_CLAUSE_OPEN = r"(?:^|[,;:]\s*|\b(?:and|but|because|since|as|while|where)\s+)(?:the\s+|our\s+)?"
_PREDICATE = (r"(?:\s+(?:library|package|plugin|dependency|module|tool|itself))?(?:\s+(?:also|still|now|really|often|"
              r"sometimes|just|currently|already))?\s+(?:is|are|was|were|has|have|had|does|did|isn't|aren't|wasn't|doesn't|"
              r"didn't|can't|cannot|won't|keeps|causes|caused|breaks|broke|pulls|adds|needs|uses|requires|slows|"
              r"relies|depends|brings|makes|made|leaks|conflicts|clashes|fails|failed)\b")


def _judges_dropped(title: str, nxt: str) -> bool:
    m = _DROPS_NAMED.match(title.strip())
    if m is None or m.group(1).lower() in STOPWORDS or nxt.rstrip().endswith("?") or _HYPOTHETICAL.search(nxt):
        return False
    return bool(re.search(_CLAUSE_OPEN + re.escape(m.group(1)) + _PREDICATE, nxt, re.I))


# A change whose object points back ("most will be replaced with JS built-ins", "replace it with pnpm-lock.yml")
# spells out the change just stated.
_RESTATES = re.compile(r"\b(?:(?:switch|move|migrate|change)\s+over\b(?!\s+to\s+\w)|make\s+the\s+(?:switch|move|change)\b|"
                       r"(?:switch|move|migrate)\s+(?:now|soon|today|right away|asap|already)\b|"
                       r"(?:get\s+rid\s+of|drop|remove|ditch)\s+(?:the|this|that)\s+(?:dependency|package|library|module|"
                       r"tool|requirement)\b|(?:drop|remove|end)\s+(?:the\s+)?support\s+(?:here|too|as\s+well|also|on\s+our\s+side)\b)",
                       re.I)
_NO_LONGER_NEED = re.compile(r"^(?:so\s+)?(?:we|i)\s+(?:no longer|don't|do not)\s+(?:need|use|require)\s+(?:the\s+|to\s+use\s+)?"
                             r"([A-Za-z0-9][\w.+#/@-]{0,60}(?:\s+v?\d[\w.]{0,10})?)", re.I)
_BACK_REFERENCE = re.compile(r"\b(?:(?:it|them|they|most|some|all|these|those|the rest)(?:\s+of\s+(?:it|them))?\s+"
                             r"(?:will|should|must|is going to|are going to|can)\s+be\s+(?:replaced|migrated|moved|"
                             r"converted|ported|swapped|rewritten)|replac(?:e|es|ed|ing)\s+(?:it|them)\s+(?:with|by))\b",
                             re.I)
# A question or proposal later in the same text reopens what its title stated ("Drop sqlite. … why don't we drop
# sqlite support?", "Don't support Windows. … I propose we don't support Windows at all").
_REOPENS = re.compile(r"\?\s*$|\b(?:(?:i|we) (?:would |'d )?(?:propose|suggest)|should we|shall we|why don't we|why not|"
                      r"could we|can we|would it make sense|any objections|what do you (?:all |guys |folks )?think|"
                      r"let's discuss|(?:up|open) for discussion)\b", re.I)
def _title_choice(title: str) -> str | None:
    """What a title asks to take up ("Add rack-insight", "Use Biome", "Switch to X"), or None."""
    chosen, _ = changes(title)
    if chosen:
        return chosen
    # "Consider X instead of Y", "Any plan to migrate to X", "Is there interest in moving to X": what it asks for
    asked = re.sub(r"^(?:(?:any|are there|is there)\s+)?(?:consider(?:ing)?|(?:a\s+)?plans?\s+(?:of|to|for)|interest\s+in|"
                   r"thoughts\s+on)\s+", "", title.strip(), flags=re.I)
    m = re.match(r"^(?:please\s+)?(?:add(?:ing)?|us(?:e|ing)|adopt(?:ing)?|introduc(?:e|ing)|include|support|enable|"
                 r"(?:(?:migrat|mov|switch|port|convert|transition)(?:e|ing)?|go(?:ing)?)(?:\s+\w+){0,3}?\s+to(?:\s+using)?)"
                 r"\s+(?:the\s+|a\s+|an\s+)?" + _CNP, asked, re.I) or \
        re.match(r"^" + _CNP + r"\s+(?:instead\s+of|rather\s+than|over)\s+\S", asked, re.I)
    return _name(m.group(1)) if m else None


# A change named as a gerund ("Switching to CMake …", "Using Caddy …").
_CHANGE_GERUND = r"(?:switching|moving|migrating|porting|replacing|dropping|removing|adopting|using)"
_WILL_DO = re.compile(r"^(?:(?:this|it|that|doing so|the change|"
                      # round 15: the change said again as a gerund ("Switching to CMake will greatly simplify …")
                      + _CHANGE_GERUND + r"\s+[^.;,]{2,50}?)\s+"
                      # round 18: with no subject at all ("Could remove a load of boilerplate!")
                      r"|(?=(?:will|should|would|could|can|might)\s))(?:will|should|would|could|can|might)\s+(?:also\s+|greatly\s+|further\s+|really\s+|significantly\s+|especially\s+|"
                      r"particularly\s+|certainly\s+|definitely\s+)?"
                      r"(?:reduce|improve|speed up|make|help|let|save|cut|simplify|remove|avoid|fix|lower|shrink|allow|"
                      r"enable|enhance|prevent)\b", re.I)


# Round 16: the change said again as a gerund, then what it does now ("Using Caddy removes the need for certbot",
# "Switching to `ArrayString` makes the cell plain old data"): the reason of the change it names, no change of its own.
_GERUND_EFFECT = re.compile(r"^(?:" + _CHANGE_GERUND + r"|changing)"
                            r"\s+[^.;?]{2,60}?\s+(?:reduces|removes|makes|improves|speeds\s+up|saves|cuts|simplifies|"
                            r"eliminates|avoids|prevents|gives|lets|allows|enables|fixes|lowers|ensures|brings)\b", re.I)


# A question that asks for the reason of what was stated ("Can you tell me what's wrong with tslint?", "Curious if there is
# a motivation for the switch?", "Why squash instead of rebase?") asks to be told, and the answer follows.
# Round 15: how an answer to a why-question opens ("It means that …", "This way …", "Mainly because …", "So that …").
_ANSWERS_WHY = re.compile(r"^(?:(?:it|this|that)(?:'s|\s+is|\s+was|\s+means|\s+meant|\s+lets|\s+allows|\s+makes|\s+way)\b|"
                          r"so\s+that\b|(?:mainly|mostly|partly|primarily|simply)\b|because\b|the\s+(?:main\s+|primary\s+)?"
                          r"(?:reason|motivation|idea|point|goal)\b)", re.I)
_ASKS_WHY = re.compile(r"\b(?:what(?:'s| is) (?:wrong|the (?:problem|issue)) with|(?:any|a|the) (?:motivation|reason|rationale) "
                       r"(?:for|behind)|motivation for|reason for|^why\b|curious (?:why|what|if|about))", re.I)
# A deferral or a refusal later in the same text takes back its title whatever it names ("Not really needed yet. We
# can revisit …", "I don't see the point in doing that").
_DEFERS = re.compile(r"\b(?:(?:can|could|will|'ll|should) revisit|withdraw(?:ing|n)?\b|"
                     # (opening its sentence: "`async-std` is not active for one month, let's drop it" drops async-std)
                     r"(?:^|^(?:ok|okay|so|then|well|alright|i\s+think)\W{0,3}\s*)(?:let's|let us) (?:forget|drop|park|shelve) "
                     r"(?:this|it|that|about it)|"
                     r"(?:clos|park|shelv|paus|postpon)(?:e|es|ed|ing) (?:this |it )?(?:for now|until)|on hold|"
                     r"(?:will|'ll|can|could|plan to|going to) do (?:the|this|it|that) (?:\w+ )?(?:once|when|after)|"
                     # "sticking with X, at least for now … then reevaluate", "My plan is to drop it in 2020",
                     # "I'm debating never doing this", "Not sure if this switch is really necessary"
                     r"at least for now|re-?evaluate|reconsider|(?:my|our|the) plan is to|(?:i'm|i am|we're|we are) debating|"
                     r"not (?:sure|convinced) (?:if|whether|that|about)|"
                     r"once \S+(?: \S+)? (?:is|are|becomes?|gets?) (?:more )?(?:mature|stable|ready|available)|"
                     r"not (?:\w+ )?(?:needed|necessary|required|a priority|urgent) (?:yet|right now|at the moment)|"
                     r"(?:don't|do not) see the point|if (?:everyone|everybody|you all|you|others|nobody|we all) "
                     r"(?:agrees?|objects?)|"
                     # "we're going to stick with X for now", "Obsolete; will be addressed in the new version"
                     r"stick(?:ing)? with\b[^.;]{0,60}\bfor now|^obsolete\b|will be addressed (?:in|by|with)|"
                     # round 15: "closing this out to be reopened when we need it", "It can be discussed during Phase 2",
                     # "Will do so in a few days if no objection", "Was not worth it yet"
                     r"to be reopened|reopen(?:ed)? (?:it |this )?(?:when|if|once)|"
                     r"can be (?:discussed|revisited|reconsidered|picked up) (?:later|again|during|in|at|once|when|after)|"
                     r"if (?:there (?:is|are) )?no objections?|"
                     r"not (?:\w+ )?worth (?:it|the \w+|\w+ing) (?:yet|for now|at the moment|right now)|"
                     # round 16: "Future task, but … would be nice", "we opted to move this to a stretch goal",
                     # "Apparently we should still have to wait a little bit"
                     r"^future task\b|(?:as|to|into) a stretch goal|"
                     # round 18: "For now we won't do this", "we won't do it for now": not now, not never
                     r"for\s+now,?\s+(?:we|i)\s+(?:won't|will\s+not|wont)\b|(?:won't|will\s+not|wont)\s+do\s+(?:this|it|that)\s+for\s+now|"
                     r"(?:we|i)\s+(?:should\s+|will\s+|'ll\s+|may\s+|might\s+)?(?:still\s+)?(?:have|need)\s+to\s+wait\s+"
                     r"(?:a\s+(?:little\s+)?(?:bit|while)|(?:a\s+)?(?:little\s+)?longer))\b", re.I)
# A withdrawal said after everything else ("Do not merge.", "this probably isn't as good an idea as I thought,
# closing", "this issue will probably be closed", "I don't plan to work on this", "if time allows, I will …",
# "I'll be migrating to X soon"): the turn settles nothing, whatever it said before.
_WITHDRAWN = re.compile(r"^\[?(?:please\s+)?(?:do not|don't)\s+(?:merge|submit)\s*\]?\s*(?:[.!]*\s*$|:)|"
                        # round 19: "Don't merge this just yet, it has the following issues"
                        r"^(?:please\s+)?(?:do not|don't)\s+merge\s+(?:this|it)\s+(?:just\s+)?yet\b|"
                        r"\bthis\s+is\s+(?:just\s+|only\s+)?an?\s+(?:experiment|proof\s+of\s+concept|poc)\b|\b(?:isn't|is not|wasn't|was not|not)\s+(?:as\s+|such\s+)?"
                        r"(?:a\s+)?(?:good|great)\s+(?:an?\s+)?idea\b|"
                        # round 15: "Ok. Let me look into it": a plan to look, not an outcome
                        r"^(?:ok(?:ay)?[.,!]?\s+)?let\s+me\s+(?:look\s+into|think\s+about|check|investigate)\s+(?:it|this|that)\b|\b(?:will|would|should)\s+(?:probably\s+|likely\s+)?be\s+closed\b|"
                        r"\b(?:don't|do not)\s+plan\s+to\s+(?:work\s+on|do|implement|tackle|address|pursue|take)\b|"
                        r"\bif\s+time\s+(?:allows|permits)\b|\bfor\s+the\s+time\s+being\b|"
                        r"\b(?:i|we)(?:'ll|\s+will)\s+be\s+\w+ing\b[^.;]{0,40}\bsoon\b|"
                        # round 11: an endorsement on a condition ("provisionally", "depending on how the tests go",
                        # "pending review"), a time to look again ("check again in a month", "in no hurry", "perhaps
                        # sometime next year", "currently no plans to"), a discussion or an approval still asked for
                        # ("we've opened an RFC to discuss it", "we ask our contributors for their approval", "let us
                        # know if you agree"), a guess ("I guess we can …", "might cause more problems than it solves")
                        r"\bprovisionally\b|\bdepending\s+on\s+(?:how|whether|what)\b|"
                        r"\bpending\s+(?:\w+\s+){0,2}?(?:testing|tests|review|approval|discussion|agreement|feedback)\b|"
                        r"\b(?:check|look|try)\s+(?:again|back)\s+in\b|\bin\s+no\s+(?:hurry|rush)\b|"
                        r"\b(?:perhaps|maybe)\s+sometime\b|\bcurrently\s+(?:have\s+)?no\s+plans?\b|"
                        r"\b(?:opened|opening|open|started|filed|created)\s+(?:an?\s+)?(?:rfd|rfc|discussion|poll|vote)\b|"
                        r"\bto\s+discuss\s+(?:it|this|that|the\s+(?:change|idea|proposal))\s+with\b|"
                        r"\b(?:request|ask)\w*\s+(?:\w+\s+){0,4}?(?:for\s+|to\s+(?:provide|give)\s+)?(?:their|your)\s+"
                        r"(?:approval|consent|agreement|sign[- ]?off)\b|\blet\s+(?:us|me)\s+know\s+if\s+you\s+(?:agree|object)\b|"
                        r"\bi\s+guess\s+(?:we|i)\s+(?:can|could)\b|"
                        r"\b(?:might|may|could)\s+(?:\w+\s+)?(?:cause|create|introduce)\s+more\s+(?:problems|issues|trouble)\s+than\b",
                        re.I)


# Round 17: a body that gives its title's status as still open — blocked, needing investigation, not decided, on a
# roadmap, proposed by the issue, closed without a decision, something to think about — reports no decision made.
_STILL_OPEN = re.compile(r"\b(?:(?:is|are|currently|still)\s+blocked\b|blocked\s+(?:on|by|until)\b|"
                         r"needs?\s+(?:more\s+|further\s+|some\s+)?(?:investigation|discussion|research|a\s+decision)\b|"
                         r"(?:haven't|have\s+not|hasn't|has\s+not)\s+(?:\w+\s+)?decided\b|not\s+(?:yet\s+)?decided\b|undecided\b|"
                         r"(?:this|the)\s+(?:issue|proposal|rfc|ticket)\s+propos\w+|roadmap\s+item\b|on\s+(?:our|the|my)\s+radar\b|"
                         r"clos(?:e|ed|ing)\s+(?:this|it)(?:\s+(?:one|issue|pr|ticket))?\s+(?:for\s+now|either\s+way)|"
                         # round 18: "We should see how many of our dependencies …", "determine if we should adopt it"
                         r"(?:should|need\s+to|have\s+to|will|let's|to)\s+(?:first\s+)?(?:see|check|find\s+out|figure\s+out|"
                         r"investigate|evaluate|determine|assess)\s+(?:how|if|whether|which)\b|"
                         r"^closing\s+either\s+way|(?:should|could|might)\s+(?:\w+\s+)?(?:think\s+about|consider|look\s+into|explore)\s+"
                         r"\w+ing\b|"
                         # round 19: "I'll do some research over the next few days before merging this in", "I need to
                         # do further research", "Explore how much effort it is to migrate", "I am trying to figure out
                         # what needs to be adjusted"
                         r"(?:i|we)(?:'ll|\s+will|\s+need\s+to|\s+have\s+to|\s+should|\s+must)\s+(?:first\s+)?do\s+(?:some|more|"
                         r"further|a\s+bit\s+of|additional)\s+research\b|"
                         r"^(?:tasks?\s*:\s*)?(?:explore|evaluate|assess|estimate|investigate)\s+how\s+(?:much|long|hard)\b|"
                         r"(?:i'm|i\s+am|we're|we\s+are)\s+(?:still\s+)?trying\s+to\s+(?:figure\s+out|understand|work\s+out)\s+"
                         r"(?:what|how|if|whether)\b)", re.I)
# Round 19: "I propose we make the following changes: Use X. Use Y.", "we propose the following actions: …": what
# follows is proposed, not decided.
_PROPOSES_LIST = re.compile(r"\b(?:i|we)\s+(?:would\s+|'d\s+)?(?:like\s+to\s+)?(?:propose|suggest|recommend)\s+(?:that\s+)?"
                            r"(?:we\s+)?(?:make\s+|take\s+|do\s+)?(?:the\s+)?following\b", re.I)
# A body that asks for opinions leaves its title open, whatever it names ("Thoughts?", "Comments welcome").
_SEEKS = re.compile(r"^(?:any\s+)?(?:thoughts|opinions|objections|feedback|comments|ideas)\s*\??\s*$|"
                    r"^(?:any\s+)?(?:thoughts|opinions|objections|feedback|comments|ideas) on (?:this|it|that)\b|"
                    r"\bwhat do you (?:all |guys |folks )?think\b|\b(?:comments|concerns|feedback) (?:and \w+ )?(?:are )?welcome\b|"
                    r"\blet me know what you think\b|\bhappy to (?:discuss|hear)\b|\bnot (?:\w+ )?(?:a priority|urgent)\b|"
                    r"\blow on (?:the|my|our) (?:list|priorities)\b|"
                    r"\b(?:would|'d) (?:love|appreciate|welcome) (?:some |any |your )?(?:feedback|input|thoughts|opinions|comments|"
                    r"reviews?)\b", re.I)


# "At the same time, we could add …", "Separately, …": what follows is about another change.
_ASIDE_OPENER = re.compile(r"^(?:at the same time|also|additionally|in addition|separately|independently|on a side note|"
                           r"as a side note|unrelated(?:ly)?|while we're at it|meanwhile)\b", re.I)
_LEAD_VERBS = {"bump", "set", "raise", "use", "make", "require", "drop", "move", "switch", "migrate", "port", "adopt",
               "upgrade", "update", "pin", "enable", "disable", "replace", "remove"}


def _wish_restates(t: str, item: Extracted, title: str) -> bool:
    """Is ``t`` the title said again as a wish ("Replace X with Y. I'd like to clean up X with a call to Y")?"""
    return bool(re.search(r"\bi(?:'d| would)\s+(?:really\s+)?(?:like|love)\s+to\b", t, re.I)) and \
        bool(_names(item) & set(_slug(t, 10**6).split("-"))) and len(_content_words(t) & _content_words(title)) >= 2


def _names(item: Extracted) -> set[str]:
    """The first word of what an item chooses and of what it rejects, for telling two sentences about one choice."""
    out = set()
    for n in [item.subject.removeprefix("no ")] + item.rejects:
        words = _slug(n).split("-")
        while len(words) > 1 and words[0] in _LEAD_VERBS:
            words.pop(0)  # "Bump minimum Node 20", "set Node 20 minimum version": what they name is Node
        words = words[1:] if len(words) > 1 and words[0] in ("minimum", "maximum", "default") else words
        first = words[0]
        if (len(first) >= 3 or len(first) == 2 and first.isalpha() and first not in ("ci", "js", "ui", "db", "io")) \
                and first not in STOPWORDS:
            out.add(first)
    return out


def _restates_title(title: Extracted, later: Extracted, born: dict[int, int]) -> bool:
    """Does a later statement of an issue's body name what its title chose ("Use raw SQL for reports. Stop using the
    ORM, instead use raw SQL …", "Convert timestamps to UTC. … All timestamps should be stored in UTC")?"""
    if born.get(id(title)) != 0 or title.subject.startswith("no ") and later.kind == "decision" and \
            not later.subject.startswith("no "):
        return False  # "Remove X, use Y. Replace X with Y": the change is to Y (merged the other way below)
    name = _slug(title.subject.removeprefix("no "))
    return len(name) >= 3 and bool(re.search(r"(?:^|-)" + re.escape(name) + r"(?:-|$)", _slug(later.description, 10**6)))


def _one_choice(prev: Extracted, item: Extracted) -> bool:
    """Do two consecutive items of one kind state one choice ("Drop lodash in favour of native JS. Replace lodash
    usage with native methods", "Avoid default exports. Only named exports should be used")?"""
    kinds = {prev.kind, item.kind}
    if not kinds <= {"decision", "preference", "constraint"}:
        return False
    kept = [x.relation[1] for x in (prev, item) if x.relation and x.relation[0] == ":governs"]
    if kept:  # round 18: "Never rename X. Keep Y as is": two things kept, or a thing kept beside a choice
        return len(kept) == 2 and _slug(kept[0]) == _slug(kept[1])
    if _names(prev) & _names(item):
        return len(kinds) == 1 or kinds == {"decision", "preference"}
    if kinds == {"decision"} and not prev.subject.startswith("no ") and len(_slug(prev.subject)) >= 3 and \
            re.search(r"(?:^|-)" + re.escape(_slug(prev.subject)) + r"(?:-|$)", _slug(item.description, 10**6)) and \
            not _names_a_choice_other_than(item, prev):
        return True  # "Use Sass. We will write all new styles in Sass."
    if kinds == {"decision"} and not prev.subject.startswith("no ") and not prev.rejects and \
            item.subject.startswith("no ") and _CHANGE_WORD.search(prev.description) and \
            re.match(r"^(?:drop|remove|delete|ditch|get\s+rid\s+of|stop\s+using)\s+(?!support\b)[^,;]{2,60}$", item.description, re.I):
        return True  # round 15: "Switch to jsbundling-rails. Drop webpacker.": the steps of one change, what it replaces
    if len(kinds) > 1:
        return False
    # "no default exports" and "named exports used": one says what goes, the other what stays.
    a, b = prev.subject.lower().split(), item.subject.lower().split()
    shared = {w for w in a if len(w) >= 4 and w not in STOPWORDS} & set(b)
    return bool(shared) and (a[:1] == ["no"]) != (b[:1] == ["no"])


# Round 18: "Migrate from CRA to Vite. … Consider migrating to the React compiler in the future": a proposal, a
# deferral or a question that names a target of its own, and nothing the title chose or dropped, is about another
# change: it leaves the title standing.
_ITS_TARGET = re.compile(r"\b(?:(?:mov|migrat|switch|port|transition|upgrad|look|check)\w*\s+(?:over\s+)?(?:on\s+)?"
                         r"(?:to|at|out|into|towards)|(?:us|using|adopt|adopting|try|trying|introduc)\w*)\s+"
                         r"(?:the\s+|a\s+|an\s+|official\s+|something\s+like\s+)*" + _CNP, re.I)


def _about_another_change(t: str, items: list[Extracted]) -> bool:
    m = _ITS_TARGET.search(t)
    target = _name(m.group(1)) if m else None
    if not target or not items:
        return False
    if not all(_CHANGE_VERB.match(x.description) for x in items):
        return False  # only a change the title makes ("Migrate …", "Replace …") stands beside another one
    said = set(_slug(t, 10**6).split("-"))
    names = set().union(*(_names(x) for x in items))
    head = _slug(target).split("-")[0]
    # "uuid7" and "UUIDv7" are one thing: names that open alike are not told apart
    return not names & said and not any(n[:4] == head[:4] for n in names | set(_slug(items[0].description).split("-"))
                                        if len(n) >= 4)


def _names_a_choice_other_than(item: Extracted, prev: Extracted) -> bool:
    """Does ``item`` choose something ``prev`` neither chose nor rejected ("We also moved the database to Neon")?"""
    chosen, _ = changes(item.description)
    m = _OBJECT.search(item.description)
    other = chosen or (_name(m.group(1)) if m else None)
    known = {_slug(prev.subject)} | {_slug(r) for r in prev.rejects}
    return bool(other) and _slug(other or "") not in known


def _names_a_choice(clause: str) -> bool:
    """Does the clause name what it chooses or drops (rather than pointing back: "get rid of the bigger one")?"""
    chosen, dropped = changes(clause)
    if chosen or dropped or _CHOSEN.search(clause) or _BEST.search(clause):
        return True
    m = _OBJECT.search(clause)
    return bool(m and _name(m.group(1)) and not _ABOUT.match(_clean(m.group(1))))


def _same_head_alternatives(subject: str, rationale: str) -> list[str]:
    words = subject.split()
    if len(words) < 2 or words[-1].lower() not in _HEADS:
        return []
    out = []
    for m in re.finditer(r"\b(?:a|an|the|of)\s+([A-Za-z][\w.+#-]*)\s+" + re.escape(words[-1]) + r"\b", rationale, re.I):
        x = m.group(1)
        if x.lower() not in STOPWORDS and _slug(x) not in _slug(subject).split("-") and x not in out:
            out.append(x)
    return out


_IT_DROPPED = re.compile(r"\b(?:drop|remov|deprecat|abandon|retir)\w*\s+(?:the\s+)?(?:support for\s+)?(?:it|them)\b", re.I)
_IT_REPLACED = re.compile(r"\b(?:replac|swap|swapp)\w*\s+(?:it|them)\s+(?:with|by|for)\b|"
                          r"\b(?:updat|switch|mov|migrat|convert|port|chang)\w*\s+(?:it|them)\s+(?:over\s+)?to\b", re.I)


def _pointed_back(clause: str, subject: str, reason: str) -> Callable[[str, list[str]], tuple[str, list[str]]] | None:
    """A change that points back ("drop support for it", "replaced it with Luxon") drops what its reason names first
    ("Python 3.7 reached end of life", "Moment.js is in maintenance mode")."""
    first = re.match(r"\s*(?:the\s+)?" + _CNP, reason)
    words = first.group(1).split() if first else []
    # "Python 3.7 reached end of life": the name and its version.
    name: str | None = _name(" ".join(words[:2]) if len(words) > 1 and re.match(r"^v?\d[\w.]*$", words[1]) else words[0]) \
        if words else None
    if not name or re.match(r"^(?:because|since|as|given|due|we|i|it|this|that|there)$", name, re.I):
        return None
    if _IT_DROPPED.search(clause) and not subject.startswith("no "):
        return lambda subj, rej: ("no " + name, [name] + [r for r in rej if _slug(r) != _slug(name)])
    if _IT_REPLACED.search(clause) and _slug(name) != _slug(subject):
        return lambda subj, rej: (subj, rej + [name] if name not in rej else rej)
    return None


# A Markdown heading ("## Decision", "### Considered Options") opens a section of a decision record.
_MD_HEADING = re.compile(r"^#{1,6}\s+(.{1,80}?)[\s#.:]*$")
_OPTIONS_HEADING = re.compile(r"^(?:considered\s+)?(?:options|alternatives)(?:\s+considered)?$", re.I)


def _section_of(title: str) -> str | None:
    if _DECISION_LABEL.match(title + ":"):
        return "decision"
    if _OPTIONS_HEADING.match(title):
        return "options"
    if _SECTION.match(title + ":"):
        return "context"
    return None


def _content_words(text: str) -> set[str]:
    return {w for w in _slug(text, 10**6).split("-") if len(w) >= 3 and w not in STOPWORDS}


_ENUMERATOR = re.compile(r"\(?\d{1,2}[.)]")


# An alternative written as a sentence of its own under "Alternatives considered:" ("Flyway is a mature tool but …",
# "Buildkite / CircleCI: another vendor", "Memcached (no persistence)", "Running a full three-node cluster"): its name
# is what opens it. A sentence opened by a pronoun, a verb or a judgement goes on about the item before.
_ALT_ITEM = re.compile(r"^(?:(?P<g>using|running|supporting|keeping|adopting|writing|building|hosting|staying on|sticking with)\s+)?"
                       r"(?P<n>[^:();,]{2,60}?)(?:\s*:\s|\s+\(|\s+(?:is|are|was|were|would be|adds?|requires?|needs?|"
                       r"lacks?|has|have|offers?|provides?)\s|\s*[.!]?$)", re.I)
_NOT_AN_ITEM = re.compile(r"^(?:it|its|this|that|they|these|those|we|i|you|there|here|adds?|requires?|needs?|makes?|has|"
                          r"have|is|are|was|were|would|could|can|should|will|too|more|less|much|very|but|and|or|however|"
                          r"also|not|viable|harder|easier|better|worse|simpler|slower|faster|pros?|cons?|see|note)\b", re.I)


def _alt_item(s: str) -> str | None:
    """The alternative a sentence under "Alternatives considered:" names, if it opens with one."""
    t = _LIST_ITEM.sub("", s.strip())
    m = _ALT_ITEM.match(t)
    if not m or _NOT_AN_ITEM.match(t) or _DECISION_LABEL.match(t) or _SECTION.match(t):
        return None
    whole = m.end() >= len(t.rstrip(".! ")) and not re.search(r"\s*[:(]", t[m.end("n"):m.end()])
    words = m.group("n").split()
    if whole and not m.group("g") and len(words) > 4 or len(words) > 6:
        return None
    return _name(m.group("n").strip())


def _options(sents: list[str], items: set[int] | None = None) -> list[str]:
    """The options a text lists; ``items`` gets the indices of the sentences that are an alternatives part's items."""
    out: list[str] = []
    section: str | None = None
    listing = False  # the sentence before listed alternatives: "structlog: adds complexity" goes on with the list
    block = False  # in an "Alternatives considered:" part, up to the next label: each sentence may name one more
    numbered = False  # "Alternatives considered: 1. Memcached. Pros: … 2. In-memory caching. Cons: …": numbered items
    item_next = False  # … and the sentence after an item's number names the item
    for i, s in enumerate(sents):
        heading = _MD_HEADING.match(s)
        if heading:
            section = _section_of(heading.group(1))
            continue
        pros = re.match(r"^(?:pros|cons|advantages|disadvantages|drawbacks)\b", s, re.I)
        if numbered and not pros and (_DECISION_LABEL.match(s) or _WHY_SENTENCE.match(s) or _SECTION.match(s)):
            numbered = item_next = False
        if numbered:
            if _ENUMERATOR.fullmatch(s.strip()):
                item_next = True
            elif item_next and not pros:
                head = re.sub(r"\s+\(?\d{1,2}[.)]$", "", s.strip())  # "Kafka 2." names Kafka, and item 2 follows
                x = _name(re.split(r"\s+(?:—|–|--|-)\s+|:\s|\.\s|\s\(", head.rstrip("."))[0])
                if x and len(x.split()) <= 5 and x not in out:
                    out.append(x)
                item_next = head != s.strip()
            continue
        # "We considered (1) Kafka, (2) RabbitMQ and (3) NATS; we chose NATS": options numbered inline
        inline = re.search(r"\b(?:considered|evaluated|compared|weighed|looked at)\s*:?\s*"
                           r"(\(?1[.)]\s*[^;:.]+?(?:,?\s*(?:and\s+|or\s+)?\(?\d[.)]\s*[^;:.]+?){1,6})(?:;|:|\.(?:\s|$)|$)", s, re.I)
        if inline:
            for part in re.split(r",?\s*(?:and\s+|or\s+)?\(?\d[.)]\s*", inline.group(1)):
                x = _name(part.strip(" ,"))
                if x and len(x.split()) <= 4 and x not in out:
                    out.append(x)
        more = re.match(r"^([A-Za-z][\w.+#-]{1,30})\s*:\s+\S", s) if listing else None
        if (more or block) and (_DECISION_LABEL.match(s) or _SECTION.match(s) or _WHY_SENTENCE.match(s) or
                                _HEADING.match(s) or _OPTION_LINE.match(s) or _kind(s) == "decision" and not _alt_item(s)):
            more, listing, block = None, False, False  # "Decision: …", "Justification: …" end the list
        if more:
            x = _name(more.group(1))
            if x and x not in out:
                out.append(x)
            continue
        if block:
            x = _alt_item(s)
            if x and x not in out:
                out.append(x)
            if items is not None:
                items.add(i)
            continue
        s = re.sub(r"^context\s*:\s*", "", s, flags=re.I)  # "Context: Several solutions exist …: A; B"
        listing = bool(_OPTION_LINE.match(s))
        if section == "options":
            x = _name(re.split(r"\s+(?:—|–|--|-)\s+|:\s", _LIST_ITEM.sub("", s).strip().rstrip("."))[0])
            if x and len(x.split()) <= 4 and x not in out:
                out.append(x)
            continue
        m = _OPTION_LINE.match(s)
        if m:  # one item said, or items labelled "Name: …": the sentences after it may name more
            block = bool(re.match(r"^[^,;:]{2,40}:\s", m.group(1))) or not re.search(r"[,;]|\s(?:and|or|vs\.?)\s", m.group(1))
        # round 15: a name of a few words before its colon ("Custom JWT auth in Spring Boot: requires us to …")
        named = re.findall(r"(?:^|[.;]\s+)([A-Za-z][\w.+#-]{1,30}(?:\s+[\w.+#/-]{1,30}){0,5}?)\s*:\s", m.group(1)) if m else []
        if m and named:  # "Alternatives considered: loguru: nice API; non-standard. structlog: heavier"
            for part in named:
                x = _name(part)
                if x and x not in out:
                    out.append(x)
            continue
        if m and re.search(r"(?:^|\s)\(?1[.)]$", m.group(1).strip()):
            numbered = item_next = True  # "Alternatives considered: 1." and the items after it
            continue
        if m:
            # "Options considered: (1) Kafka, (2) RabbitMQ", "1. Kafka 2. RabbitMQ": the numbers are no part of a name
            listed = re.sub(r"(?:^|(?<=\s))\(?\d{1,2}[.)]\s+", "; ", m.group(1))
            listed = re.sub(r"\s*\([^()]{1,80}\)", "", listed)
            for part in re.split(r"\s*(?:,|;|\s/\s|\bvs\.?|\bversus\b|\band\b|\bor\b)\s*", listed):
                part = re.sub(r"^(?:(?:continu(?:e|ing)|keep(?:ing)?)\s+(?:using|with)|stay(?:ing)?\s+with)\s+", "",
                              part.split(":")[0].strip(), flags=re.I)
                x = _name(part.strip())
                if x and len(x.split()) > 4:
                    x = _alt_item(part)  # "Alternatives: Ant is a popular build tool that …": Ant
                if x and len(x.split()) <= 6 and x not in out:
                    out.append(x)
    return out


_WEIGHED = re.compile(r"^(?:(?:the\s+)?(?:option\s+(?:of\s+)?)?(?:continu(?:e|ing)|keep(?:ing)?)\s+(?:using|with)\s+|"
                      r"stay(?:ing)?\s+(?:with|on)\s+|stick(?:ing)?\s+with\s+)?" + _ART + _CNP + r"(?:\s*\([^)]{1,60}\))?"
                      r"(?:\s+(?:was|were|had been|has been|have been)\s+(?:also\s+|briefly\s+|initially\s+)?"
                      r"(?:considered|evaluated|tried|looked at|an option|discussed)\b[^.;]{0,80}?(?:,\s*)?\s+but\b|"
                      r"\s*:\s*(?:rejected|not chosen|ruled out|discarded|dismissed)\b)|"
                      r"^(?:we|i)(?:'ve| have)?\s+(?:also\s+)?(?:looked at|considered|evaluated|tried|explored|assessed|"
                      r"benchmarked|prototyped with)\s+" + _ART + _CNP + r"(?:\s*\([^)]{1,60}\))?\s*,?\s+but\b", re.I)


def _weighed(s: str) -> list[str]:
    """What a sentence says was weighed and turned down ("npm was considered as the default but …", "Continue using
    Yarn: rejected due to …")."""
    m = _WEIGHED.match(s.strip())
    x = _name(m.group(1) or m.group(2)) if m else None
    return [x] if x else []


# A verdict that points back at the change the text opened with ("Decided not to implement, the gain was small", "We
# will not pursue this as …"): the change is turned down.
_TURNS_DOWN_IT = re.compile(
    r"^(?:(?:in the end|eventually|finally|after (?:some )?(?:discussion|considerations?)),?\s+)?"
    r"(?:(?:(?:we|i)(?:'ve| have)?\s+)?(?:decided|chose|agreed)\s+(?:not\s+to\s+(?:implement|do|pursue|merge|proceed|"
    r"go ahead|adopt|make|change|switch|move|migrate)|against)(?:\s+(?:with\s+)?(?:this|it|that|doing (?:this|it|that)|"
    r"the (?:change|switch|move|migration)))?|"
    r"(?:we|i)(?:'ll| will| are| am|'re|'m)?\s+(?:not|never)\s+(?:going\s+to\s+)?(?:pursue|implement|do|adopt|merge|"
    r"make)\s+(?:this|it|that|the (?:change|switch|move|migration))|"
    r"(?:won't|will not)\s+(?:fix|do|implement|pursue)(?:\s+(?:this|it|that))?)(?=\s*(?:$|[,.;:!]|\s+(?:as|because|since|"
    r"due|for|given)\b))|"
    # "Closing as we decided it's not ready enough …", "Closing this because it is not needed"
    r"^clos(?:ing|ed?)(?:\s+(?:this|it))?\s+(?:as|because|since)\s+(?=(?:we(?:'ve| have)?\s+decided|it(?:'s| is)\s+not|"
    r"(?:we|i)\s+(?:won't|will not|don't|do not)|there(?:'s| is)\s+no))|"
    # "While I do love X, I think it's best to stick with the defaults here": the title is turned down
    r"^(?:while\s+[^,]{3,80},\s*)?(?:(?:i|we)\s+think\s+)?(?:it's|it is|it'd be|it would be)\s+(?:best|better|wiser|simpler)\s+"
    r"to\s+(?:stick|stay)\s+with\s+", re.I)
# A verdict said anywhere in a later sentence of the thread ("Don't want this.", "There's very little reason to.",
# "… is not a viable path forward", "… would find little value by switching", "this PR was abandoned", "…, so I'm
# closing it", "we won't switch to X because …"): the change the text opened with is turned down, and that sentence
# (with the one after it, when it states no fact) is why.
_TURNS_DOWN_LATER = re.compile(
    # round 18: "I'm inclined to keep npm", "I'd like to keep this project as it is with X", "WONTFIX", "we won't do this"
    r"\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:\w+\s+)?(?:inclined|going|planning|leaning)\s+to(?:wards)?\s+keep(?:ing)?\b|"
    r"\b(?:i|we)(?:'d|\s+would)\s+(?:\w+\s+)?(?:like|prefer|rather|want)\s+(?:to\s+)?keep\b|"
    r"(?<!for now )(?<!for now, )\b(?:we|i)\s+(?:won't|will\s+not|wont)\s+(?:be\s+doing|do)\s+(?:this|it|that)\b(?!\s+for\s+now)|"
    r"(?:^|\b(?:i|we)\s+)(?:don't|do\s+not)\s+want\s+(?:this|it|that)\s*(?:[.!]|$)|"
    r"\bthere(?:'s|\s+is)\s+(?:very\s+)?little\s+(?:reason|point|value|benefit|need)\s+(?:to|in|for)\b|"
    r"\bnot\s+a\s+viable\s+(?:path|option|approach|way|solution)\b|"
    r"\b(?:would|will)\s+(?:find|gain|get|see)\s+(?:very\s+)?little\s+(?:value|benefit|gain)\b|"
    r"\b(?:this|the)\s+(?:pr|pull\s+request|change|proposal|idea)\s+(?:was|has\s+been|is)\s+(?:abandoned|rejected|declined)\b|"
    r"\b(?:so|and)\s+(?:i'm|i\s+am|we're|we\s+are|i'll|we'll)\s+closing\s+(?:it|this)\b|"
    r"\b(?:we|i)\s+(?:won't|will\s+not|wont)\s+(?:switch|move|migrate|go)\s+(?:over\s+)?to\b|"
    # round 11: "Sorry, but this isn't going to happen", "that won't happen"
    r"\b(?:this|that|it)\s+(?:isn't|is\s+not|won't|will\s+not|is\s+never)\s+(?:going\s+to\s+)?happen(?:ing)?\b|"
    # round 13: "Sorry, there will be no Linux version", "No plans - it would be a huge undertaking"
    r"\bthere\s+(?:will\s+be|is\s+going\s+to\s+be)\s+no\b|\bthere\s+won't\s+be\s+(?:a|an|any)\b|"
    r"^(?:(?:sorry|unfortunately),?\s+)?(?:there\s+are\s+)?no\s+plans?\b(?!\s+to\s+(?:drop|remove|deprecate|stop))|"
    # round 14: "We have no plan to do that", "There isn't a lot of value in changing the specs at this point"
    r"\b(?:we|i)\s+(?:have|had)\s+no\s+(?:plans?|intention)\s+(?:to|of)\s+(?:do(?:ing)?|support(?:ing)?|add(?:ing)?|"
    r"switch(?:ing)?|mov(?:e|ing)|migrat(?:e|ing)|convert(?:ing)?|chang(?:e|ing))\b|"
    r"\bthere\s+(?:isn't|is\s+not|wasn't|was\s+not)\s+(?:a\s+lot\s+of|much|any|enough)\s+(?:value|point|reason|benefit)\s+"
    r"(?:in|to)\b|"
    # round 15: "After some consideration we've decided to leave Newtonsoft.Json" ("decided to stick with X" is
    # _STICKS_WITH's: it names the choice that a question of a title asked against)
    r"\b(?:we|i)(?:'ve|\s+have)?\s+(?:finally\s+|now\s+)?(?:decided|chose|agreed)\s+to\s+(?:keep(?:\s+using)?|"
    r"leave(?=\s+[\w.+#-]+(?:\s+(?:as\s+is|in\s+place))?\s*[.!]?\s*$))\s|"
    # round 15: "at the moment we have no reasons to migrate", "I see no reason to switch"
    r"\b(?:we|i)\s+(?:have|see)\s+no\s+(?:real\s+|good\s+)?(?:reasons?|need|point)\s+to\s+(?:migrate|switch|move|change|"
    r"convert|port|adopt|replace|drop|do\s+(?:it|this|that))\b|"
    # round 19: "I looked at LuaJIT, and rejected it because …", "I advise against using the X plugin because …", "I
    # don't see the advantage to add X as a new dependency", "I see no advantage to doing this"
    r"\b(?:and|i|we)\s+(?:then\s+|ultimately\s+|eventually\s+|quickly\s+)?rejected\s+(?:it|this|that|them)\b|"
    r"\b(?:i|we)\s+(?:would\s+|'d\s+|strongly\s+)?(?:advise|recommend|argue)\s+against\b|"
    r"\b(?:i|we)\s+(?:don't|do\s+not|can't|cannot)\s+see\s+(?:the|any|an|much)\s+(?:advantage|benefit)s?\s+(?:to|in|of)\b|"
    r"\b(?:i|we)\s+see\s+no\s+(?:real\s+)?(?:advantage|benefit)s?\s+(?:to|in|of)\b|"
    # round 16: "Ultimately I decided not to move to Sphinx, but to stay with MkDocs"
    r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:ultimately\s+|finally\s+|eventually\s+|now\s+)?decided\s+not\s+to\s+"
    r"(?:move|switch|migrate|go|port|convert|transition)\b|"
    # round 16: "Nope, I'm closing this! Not using pnpm because it makes compilation take forever"
    r"^(?:(?:we're|we\s+are|i'm|i\s+am)\s+)?not\s+(?:going\s+to\s+(?:be\s+)?)?us(?:ing|e)\s+[\w.+#@/-]+\s+"
    r"(?:because|since|as|due\s+to)\b|"
    # "Thanks for the PR but I don't like those kinds of bots", "Thanks for the PR, but I'm going to leave X in": declined
    r"^thanks?(?:\s+you)?(?:\s+(?:a\s+lot|so\s+much))?\s+for\s+(?:the|this|your)\s+(?:pr|pull\s+request|patch|suggestion|"
    r"contribution|proposal|idea|work|effort)\b[^.;!]{0,20}?,?\s+but\b(?![^.;!]*\b(?:for\s+now|for\s+the\s+time\s+being|"
    r"at\s+the\s+moment|yet)\b)", re.I)


def _verdict(t: str) -> bool:
    """A later sentence that turns the change down on its merits ("There's little value in it", "We have no plan to do
    that"), not one that withdraws it ("this PR was abandoned", "so I'm closing it")."""
    m = _TURNS_DOWN_LATER.search(t) or _TURNS_DOWN_IT.match(t)
    return m is not None and not re.search(r"abandon|clos", m.group(0), re.I)


# "I decided to stick with Apache Maven" after "Use Gradle instead of Maven?": what was asked for is turned down.
_STICKS_WITH = re.compile(r"\b(?:decided|chose|agreed|prefer)\s+to\s+(?:(?:stick|stay)\s+with|keep(?:\s+using)?|"
                          # round 15: "we've decided to leave Newtonsoft.Json" (as it is)
                          r"leave(?=\s+[\w.+#-]+(?:\s+(?:as\s+is|in\s+place))?\s*[.!]?\s*$))\b", re.I)
# "It's a waste of …", "This is long overdue", "That would save …": a judgement on what was just stated.
_VERDICT_ON_IT = re.compile(r"^(?:it|this|that)(?:'s| is| was| would be| will be)\s+(?:\w+\s+){0,2}?(?:a waste|overdue|"
                            r"pointless|wasteful|costly|expensive|painful|unnecessary|needless|a (?:big |huge |real )?"
                            r"(?:win|burden|pain|drag|cost|hassle|improvement)|(?:much |far |way )?(?:better|simpler|easier|"
                            r"cheaper|faster|safer|cleaner))\b", re.I)
# A why-question that heads its answer ("Why?", "Why should we do it?", "Why is this needed?") and a what-question
# that heads the change ("What?", "What should we do?").
_WHY_HEADER = re.compile(r"^why\b(?!\s+(?:not|don't|do not|wouldn't|shouldn't|can't|won't|couldn't|(?:do|did|does|would|should|"
                         r"could|can|shall)\s+(?:we|you|they|i)\s+(?:not\s+)?(?!(?:do|need|want)\b)))[^.?!]{0,40}\?$", re.I)
# Round 18: "Why NOT RabbitMQ?", "Why not Memcached?": a heading that names an option, no verb (not "Why not use X?", a
# suggestion).
_WHY_NOT_NAME = re.compile(r"^why\s+not\s+(?:just\s+)?(?!(?:use|using|try|go|switch|move|add|keep|stick|do|just|make|"
                           r"have|let|simply|it|this|that|we|you|i)\b)" + _CNP + r"\s*\?$", re.I)
_WHAT_HEADER = re.compile(r"^what\b[^.?!]{0,40}\?$", re.I)
_TEMPLATE_WHAT = re.compile(r"^what\b[^.?!:]{0,60}[:?]\s+(?=\S)", re.I)
_CHANGE_WORD = re.compile(r"\b(?:switch|mov|migrat|replac|transition|port|convert|re-?licens|rewrit)\w*\b", re.I)
# A tracker's tag before a title ("[FEATURE] Use SQLite", "[Enhancement] Remove jQuery"): no part of what it says; the
# tentative tags ("[RFC]", "[Proposal]", "[Suggestion]") are read by TENTATIVE_TITLE.
_TRACKER_TAG = re.compile(r"^\[(?:feature|feat|enhancement|improvement|chore|refactor|refactoring|task|tech[- ]?debt|"
                          r"maintenance|cleanup|clean-up|dx|infra|ci|build|deps|dependencies|docs?|tooling|perf|"
                          r"performance|security)\]\s*:?\s*", re.I)
_ANY_TAG = re.compile(r"^\[[^\[\]]{1,24}\]\s*:?\s*(?=\S)")
_RECORD_TITLE = re.compile(r"^(?:(?:adr|dec|rfc|decision|record)[\s_-]*\d{1,4}|\d{1,4})\s*[:.)—–-]\s*(?=\S)", re.I)
_USED_NOW = re.compile(r"(?:\b(?:currently|previously|formerly|until now|so far|at present|as of now|right now|today)\b"
                       r"[^.;]{0,30}?\b|\b(?:we|i)(?:'ve| have) been\s+|"
                       r"\b(?:we|i) used to\s+)(?:us(?:e|es|ed|ing)|rel(?:y|ies|ied|ying) on|running on|built (?:on|with))\s+"
                       r"(?:the\s+|our\s+)?" + _CNP + r"|"
                       # "The current licence is AGPL", "Our current CI provider is Travis"
                       r"\b(?:the|our)\s+current\s+(?:[\w-]+\s+){1,3}?(?:is|are)\s+(?:the\s+)?" + _CNP + r"|"
                       # "TravisCI has been used by the author for previous projects": the passive
                       r"^(?:the\s+)?" + _CNP + r"\s+(?:has|have) been used\b|"
                       # "The original plan specified PostgreSQL as the primary RDBMS. … the team chose MySQL instead"
                       r"\b(?:original|initial|earlier|previous)\s+(?:\w+\s+){0,2}?(?:plan|design|spec(?:ification)?|proposal|choice)\s+"
                       r"(?:specified|called for|was|used|chose|picked|named)\s+(?:the\s+)?" + _CNP + r"|"
                       # round 15: "The app is currently using a default template", "This repo is still on Apache-2.0",
                       # "we have this under GPL currently"
                       r"\b(?:is|are)\s+(?:currently|still)\s+(?:on|under|(?:licen[cs]ed|released)\s+under|using|running\s+on|"
                       r"built\s+(?:on|with))\s+(?:the\s+|a\s+|an\s+)?" + _CNP + r"|"
                       r"(?:\b(?:we|i)\s+(?:have|keep|ship|run)\s+(?:this|it|the\s+[\w-]+)\s+(?:on|under|in|with)|"
                       r"\b(?:is|are)\s+(?:on|under|using))\s+(?:the\s+)?" + _CNP +
                       r"\s+(?:currently|still|today|right\s+now|at\s+the\s+moment)\b", re.I)


# A version floor ("Make 3.10 the minimum version", "Python 3.10 is now the minimum supported version", "Min supported
# version will be Java 11", "will require Java 11 or newer", "update the minimum requirement of Java to 11") and the
# versions a text drops ("Drop Java 8 support", "Stop supporting Java 1.8", "no longer supports Java 8") are one change:
# the floor is chosen, the dropped versions are turned down.
_PRODUCT = r"(?:(?P<p{n}>[A-Za-z][\w.+#-]{{0,30}}?)\s+)?v?(?P<v{n}>\d{{1,4}}(?:\.\d{{1,4}}){{0,2}})\+?"
_FLOORS = [
    re.compile(r"^(?:let's\s+)?(?:make|set|use)\s+" + _PRODUCT.format(n=1) + r"\s+(?:as\s+)?(?:the\s+)?(?:new\s+)?"
               r"(?:minimum|minimal|lowest|oldest)\b", re.I),
    re.compile(r"^" + _PRODUCT.format(n=2) + r"(?:\s+lts)?\s+(?:is|will be|becomes)\s+(?:now\s+)?the\s+(?:new\s+)?"
               r"(?:minimum|minimal|lowest|oldest)\b", re.I),
    re.compile(r"\b(?:min(?:imum)?|minimal|lowest)\s+(?:supported\s+|required\s+)?(?:\w+\s+)?version\s+(?:will\s+be|is\s+now|"
               r"is|becomes)\s+" + _PRODUCT.format(n=3), re.I),
    re.compile(r"\brequires?\s+" + _PRODUCT.format(n=4) + r"\s+or\s+(?:a\s+)?(?:newer|later|above|higher)\b", re.I),
    re.compile(r"\b(?:update|raise|bump|set|increase)[sd]?\s+(?:the\s+)?(?:minimum|minimal)\s+(?:\w+\s+){0,2}?"
               r"(?:of|for)\s+(?P<p5>[A-Za-z][\w.+#-]{0,30})\s+to\s+v?(?P<v5>\d{1,4}(?:\.\d{1,4}){0,2})\b", re.I),
    # round 13: "Bumps the minimum PHP version from 8.1 to 8.2", "raise the minimal supported Go to 1.22"
    re.compile(r"\b(?:update|raise|bump|set|increase|lift)(?:s|d|ed)?\s+(?:the\s+|our\s+)?(?:minimum|minimal|min)\s+"
               r"(?:supported\s+|required\s+)?(?P<p6>[A-Za-z][\w.+#-]{0,30})\s+(?:version\s+)?(?:from\s+v?\d{1,4}(?:\.\d{1,4}){0,2}\s+)?"
               r"to\s+v?(?P<v6>\d{1,4}(?:\.\d{1,4}){0,2})\b", re.I),
]
_DROPS_VERSION = re.compile(r"\b(?:drop(?:s|ped|ping)?|stop(?:s|ped)?\s+supporting|no\s+longer\s+supports?|remov(?:e|es|ed|ing)|"
                            r"end(?:s|ed)?)\s+(?:support\s+(?:for\s+)?)?(?P<p>[A-Za-z][\w.+#-]{0,30})\s+v?(?P<v>\d{1,4}(?:\.\d{1,4}){0,2})\b",
                            re.I)


def _version_floor(mine: list[Extracted], out: list[Extracted], sents: list[str]) -> None:
    floor: tuple[str | None, str] | None = None
    for t in sents:
        for n, rx in enumerate(_FLOORS, 1):
            m = rx.search(t.strip())
            if m and m.group(f"v{n}"):
                product = m.group(f"p{n}")
                floor = (None if product is None or product.lower() in STOPWORDS | {"version", "requirement"} else product,
                         m.group(f"v{n}"))
                break
        if floor:
            break
    if floor is None:
        return
    dropped = [(m.group("p"), m.group("v")) for t in sents for m in _DROPS_VERSION.finditer(t)
               if m.group("p").lower() not in STOPWORDS]
    product = floor[0] or next((p for p, _ in dropped), None)
    if product is None:
        return
    same = [(p, v) for p, v in dropped if p.lower() == product.lower() and v != floor[1]]
    if not same:
        return
    chosen = f"{product} {floor[1]}"
    gone = {_slug(f"{p} {v}") for p, v in same}
    about = [x for x in mine if x.kind == "decision" and (_slug(x.subject) in {_slug(chosen), _slug(floor[1])} or
             _slug(x.subject.removeprefix("no ")) in gone or
             x.subject.startswith("no ") and _slug(x.subject[3:]) == _slug(product) or
             x.subject.lower() in {"update", "raise", "bump"})]
    if not about:
        return
    target = about[0]
    target.subject = target.alias = chosen
    target.rejects = [f"{p} {v}" for p, v in same] + [r for r in target.rejects if _slug(r) not in gone and
                                                       _slug(r) != _slug(product) and _slug(r) != _slug(chosen)]
    for other in about[1:]:
        _merge(target, other, restated=True)
        target.subject = target.alias = chosen
        target.rejects = [r for r in target.rejects if _slug(r) != _slug(chosen)]
        out.remove(other)
        mine.remove(other)
    # the floor or the drop said again is no reason for it
    target.rationale = "; ".join(p for p in (target.rationale or "").split("; ") if p and (
        _WHY.search(p) or not (any(rx.search(p) for rx in _FLOORS) or _DROPS_VERSION.match(p)))) or None
    floor_said = next((t.rstrip(".!") for t in sents if any(rx.search(t.strip()) for rx in _FLOORS)), None)
    if floor_said and floor_said not in target.description and len(target.description) < MAX_DESCRIPTION:
        target.description = (target.description + "; " + floor_said)[:MAX_DESCRIPTION]
    why = _split_why(floor_said)[1] if floor_said else None
    if why and why not in (target.rationale or ""):
        target.rationale = "; ".join(x for x in (target.rationale, why) if x)


_PERSONAL = re.compile(r"\bpersonal(?:ly)?\b|\bmy (?:own )?(?:taste|opinion|preference)\b|\bjust me\b", re.I)


def heuristic(delta: str) -> list[Extracted]:
    out: list[Extracted] = []
    for turn in user_text(delta):
        prev: Extracted | None = None
        context: str | None = None  # the statement before, if it stated no fact: a decision's possible reason
        from_context = False  # prev's rationale is the statement before it: the one after may say more
        sents = sentences(turn)
        # round 18: a fix's title ("fix(cli): …", "Fix a potential overflow …"): what the code now does instead of
        # failing is the bug fixed ("Return error instead of panicking" as a title of its own is a choice)
        fixes_a_bug = bool(re.match(r"^\s*(?:(?:bug|hot)?fix(?:es|ed)?\b|\[(?:bug|fix)\])", turn, re.I))
        # A title that opens a proposal ("Consider replacing X with Y", "Research: moving to Y") states a fact only
        # when the text reports the outcome ("… Switch over made in 1.5.0", "Resolved by #12"); a title said as a
        # noun or a gerund ("Replacement of X with Y", "Migrating from X to Y") reads as its imperative.
        tag = _TRACKER_TAG.match(sents[0]) if sents else None
        if sents and tag is None and not TENTATIVE_TITLE.match(sents[0]):
            tag = _ANY_TAG.match(sents[0])  # round 14: "[PHPStan] Use docker image …", "[4.x] Add Laravel 11 support"
        if tag and len(sents[0]) > tag.end() + 3:
            sents[0] = sents[0][tag.end():]  # "[FEATURE] Use SQLite": the tracker's tag is no part of the title
        record_title = bool(sents) and bool(_RECORD_TITLE.match(sents[0]))
        if record_title:  # "4. Use NATS for events", "ADR-0002: Use gRPC": the record's number is no part of it
            sents[0] = _RECORD_TITLE.sub("", sents[0], count=1) or sents[0]
        # the title's change reported as made: the title is the decision ("Why did we switch to X?" asks, reports nothing)
        reported = any(OUTCOME.search(t) or CHANGE_MADE.search(t) and _content_words(t) & _content_words(sents[0]) and
                       not t.rstrip().endswith("?") for t in sents[1:])
        settled = any(DECIDED.search(t) or _TURNS_DOWN_LATER.search(t) or _DECISION_LABEL.match(_HEADING.sub("", t)) or _CHOSEN.search(t) for t in sents[1:])
        outcome = reported or settled
        proposed = bool(sents) and bool(TENTATIVE_TITLE.match(sents[0]) or EITHER_OR.search(sents[0]) or
                                        sents[0].rstrip().endswith("?")) and not reported
        tentative = proposed and not settled
        noun_title = Y_MIGRATION.match(sents[0].strip()) if sents else None
        if noun_title and any(_slug(changes(t)[0] or "") == _slug(noun_title.group("y")) for t in sents[1:3]):
            sents[0] = f"Migrate to {noun_title.group('y')}" + sents[0].strip()[noun_title.end():]  # "TypeScript migration"
        if sents and not _GERUND_SUBJECT.match(sents[0]):  # "Switching X to Y will require …" says what a change costs
            sents[0] = as_imperative(sents[0], untentative=reported)
        if reported and sents and sents[0].rstrip().endswith("?") and _CHANGE_VERB.match(sents[0]):
            sents[0] = sents[0].rstrip().rstrip("?")  # round 19: "Move to Documenter? … Addressed in #127": asked, then done
        reverted = re.match(r"^revert(?:s|ed|ing)?\s*:?\s*[\"“'](.{3,200}?)[\"”']", sents[0], re.I) if sents else None
        if reverted:  # 'Revert "Replace babel presets with esbuild-loader"': the change undone goes back to what it left
            put, left = changes(reverted.group(1))
            if put and left:
                sents[0] = f"Go back to {left[0]} from {put}" + sents[0][reverted.end():]
            took = put or (_title_choice(reverted.group(1)) if re.match(
                r"^(?:switch|mov|migrat|port|convert|transition|adopt|us(?:e|ing)\b)", reverted.group(1), re.I) else None)
            if took and not left and not _PLACEHOLDER.match(took):  # round 17: 'Revert "Switch to PyPy nightly"': what it took on goes
                sents[0] = f"Stop using {took}" + sents[0][reverted.end():]
        # round 17: "Revert the JUnit 6 upgrade (#40)": the version the undone upgrade took on is given up
        upgrade_undone = re.match(r"^revert(?:s|ed|ing)?\s*:?\s+(?:the\s+)?((?:[\w.+#@/-]+\s+){0,3}?[\w.+#@/-]*\d[\w.]*)\s+"
                          r"(?:upgrade|update|bump|migration)\b", sents[0], re.I) if sents and not reverted else None
        if upgrade_undone:
            sents[0] = f"Stop using {upgrade_undone.group(1)}" + sents[0][upgrade_undone.end():]
        # round 19: git's "This reverts commit 4635375…" says which commit, never why
        sents = [t for t in sents if not re.match(r"^this\s+reverts\s+commit\s+[0-9a-f]{7,40}\b\.?\s*$", t.strip(), re.I)] or sents
        # round 19: "Remove Alamofire. Use native NSURLSession.": a bare removal and the use that follows it are one
        # replacement, as "Remove X and use Y" is
        for j in range(len(sents) - 1):
            if _DROPS_NAMED.match(sents[j].strip()) and re.match(
                    r"^(?:use|switch\s+to|move\s+to|migrate\s+to|adopt|rely\s+on)\s+(?:the\s+|native\s+|our\s+)?[\w.+#@/-]+", sents[j + 1], re.I) \
                    and not sents[j + 1].rstrip().endswith("?"):
                sents[j:j + 2] = [sents[j].strip().rstrip(".!") + " and " + sents[j + 1][:1].lower() + sents[j + 1][1:]]
                break
        # "Disable squash merges. … Motivation: squash merges rewrite history": a title whose reason is labelled further
        # on in the text is stated, not requested
        labelled_why_later = any(_WHY_SENTENCE.match(_HEADING.sub("", t)) and re.match(r"^\w+(?:\s+reason)?\s*:", _HEADING.sub("", t))
                                 for t in sents[1:])
        inline_context = False  # in a record's "Context: …" part, up to its labelled decision
        labels_decision = any(_DECISION_LABEL.match(_HEADING.sub("", t)) for t in sents)
        rules_doc = bool(sents) and bool(_RULES_DOC.match(sents[0]) or _RULES_DOC.match(sents[0].split(":", 1)[0] + ":") or
                                         any(_FOLLOW_RULES.search(t) for t in sents) or
                                         _mostly_rules(sents))
        rule_ids: set[int] = set()  # items stated as a rule: two rules on one subject are two memories
        alternative_items: set[int] = set()  # sentences of an "Alternatives considered:" part: no fact of their own
        options = _options(sents, alternative_items)
        born: dict[int, int] = {}  # id(item) -> the sentence that stated it
        unclaimed: set[int] = set()  # sentences that stated no fact and explained nothing yet
        first_of_turn = len(out)
        section: str | None = None  # the decision record's section this sentence is in
        opens_section = False
        recorded: list[Extracted] = []  # what a record's decision line or section stated
        title_zone = len(sents)  # the sentences before the first heading
        late: list[str] = []  # statements of no fact after the turn's first item: a reason further away
        why_next = False  # the sentence before was a why-question heading this one
        verdict_next = False  # … or a "Why not X?" heading the verdict on X
        reasons_listed = False  # … or a labelled reason opening a list ("Reasons are two:", "reasons for it: 1.")
        what_next = False  # … or a what-question
        gate: str | None = None  # "A pull request can be merged only if:" — its numbered items are rules
        gate_item = False  # the sentence before was the gate or an item's number: this one is an item
        for i, s in enumerate(sents):
            opens_gate = _GATE.search(s)
            if opens_gate:
                gate = re.sub(r"\s*:\s*(?:1[.)])?\s*$", "", s.strip())
                gate_item = bool(re.search(r"\b1[.)]\s*$", s.strip()))
                continue
            if gate is not None:
                if _ENUMERATOR.fullmatch(s.strip()):
                    gate_item = True
                    continue
                if gate_item:
                    # "… merged only if: 1. Code is formatted with clang-format. 2. CI is green.": each a rule
                    rule = re.sub(r"\s+\(?\d{1,2}[.)]$", "", s.strip()).rstrip(".!")
                    subject = _subject(rule, "constraint", rule)[0]
                    gate_item = bool(re.search(r"\s\(?\d{1,2}[.)]$", s.strip()))
                    if subject and _slug(subject):
                        item = Extracted("constraint", subject, f"{gate}: {rule}"[:MAX_DESCRIPTION], None, [], [], None)
                        out.append(item)
                        born[id(item)] = i
                        prev = item
                    continue
                gate = None
            # "Yes, MSVC support is a hard requirement": an answer's opening word is no part of what it states
            answer = re.match(r"^(?:yes|yep|yeah|sure|indeed|correct|right)\s*[,;!-]\s*(?=\S)", s, re.I)
            if answer and i > 0 and len(s) - answer.end() > 12:
                s = s[answer.end():]
            if i > 0 and ASSENT.match(s):
                continue  # round 15: "No problem at all.", "I'm fine with this too.": the thread's outcome, no reason
            heading = _MD_HEADING.match(s)
            if heading:
                section, opens_section = _section_of(heading.group(1)), True
                if section is not None:
                    title_zone = min(title_zone, i)
                if section == "context":
                    prev = None
                continue
            if inline_context and (_DECISION_LABEL.match(_HEADING.sub("", s)) or _SECTION.match(s) or
                                   _OPTION_LINE.match(s) or _WHY_SENTENCE.match(s) and re.match(r"^\w+\s*:", s)):
                section, inline_context = None, False
            if i in alternative_items:
                # "Alternatives considered: … GitLab CI: viable, but moving the repository is out of scope": what an
                # alternative was weighed for is no fact, and may be the reason of the decision after it
                if len(out) > first_of_turn and len(s) > 20:
                    late.append(s.rstrip(".!"))
                elif len(s) > 20:
                    context = s.rstrip(".!")  # "… pnpm workspaces: viable, but npm's are built in. Decision: …"
                    unclaimed.add(i)
                continue
            if section in ("context", "options") or _OPTION_LINE.match(s):
                if section == "context" and not re.match(r"^(?:accepted|proposed|rejected|superseded|deprecated)\b", s, re.I):
                    if inline_context and context and len(s) > 20 and context.count("; ") < 3:
                        context = context + "; " + s.rstrip(".!")  # the whole of a short "Context: …" part
                    else:
                        context = s.rstrip(".!") if len(s) > 20 else context
                    if len(out) > first_of_turn and len(s) > 20:
                        late.append(s.rstrip(".!"))
                continue
            first_in_decision = section == "decision" and opens_section
            opens_section = False
            if prev is not None and re.match(r"^(?:the\s+)?what\s*:\s*\S", s, re.I):
                what_next = True  # "Why: …. What: instead of X we rely on Y.": the change spelt out
            s = _HEADING.sub("", s)
            labelled_section = _SECTION.match(s)
            good = _GOOD_CONSEQUENCE.match(s[labelled_section.end():].strip() if labelled_section else s)
            gainer = next((x for x in reversed(out[first_of_turn:]) if x.kind == "decision" and
                           not x.subject.startswith("no ")), None)
            if good and gainer is not None and gainer.rationale and (labelled_section or prev is None or prev is gainer):
                # round 15: "Decision: Use NATS … Consequences: Positive: Better performance at scale. Negative: …": what
                # the record says the decision gains is its reason (what it costs is not)
                gained = s[labelled_section.end() if labelled_section else 0:].strip()[good.end():]
                said = re.split(r"\s+(?:negative|cons?|drawbacks?|bad)\s*[:,]", gained, maxsplit=1,
                                flags=re.I)[0].strip().rstrip(".!")
                if len(said) > 4 and said not in (gainer.rationale or ""):
                    gainer.rationale = (gainer.rationale + "; " if gainer.rationale else "") + said
                prev = None
                continue
            if labelled_section:
                meta = re.match(r"^(?:status|date|deciders?|authors?)\b", s, re.I)
                context = None if meta else (s[labelled_section.end():].strip().rstrip(".!") or None)
                if labels_decision and not meta:
                    # "Context: We need X. The system requires Y. Decision: …": every sentence up to the labelled
                    # decision is the record's context, none a fact of its own.
                    section, inline_context = "context", True
                if context:
                    unclaimed.add(i)
                    if len(out) > first_of_turn:
                        late.append(context)
                prev = None
                continue
            aim = _THIS_PR_AIMS.match(s)  # "The goal of this PR is to update X to use Y": the change itself
            if aim and len(s) > aim.end() + 4:
                s = s[aim.end()].upper() + s[aim.end() + 1:]
            # "Temporarily switch the base image to Debian": the change, made until someone changes it back
            temporarily = re.match(r"^temporarily\s+(?=\S)", s, re.I)
            if temporarily and _CHANGE_VERB.match(s[temporarily.end():]):
                s = s[temporarily.end()].upper() + s[temporarily.end() + 1:]
            third = _THIRD_PERSON.match(s)  # a pull request's "Uses tokio since …", "Replaces X with Y"
            if third:
                s = third.group(1) + s[third.end():]
            therefore = re.match(r"^(?:that's|that is|this is|which is) why\s+(?=\S)", s, re.I)
            if therefore and context:
                s = s[therefore.end()].upper() + s[therefore.end() + 1:]
            # "Because of this, we …", "For this reason we …", "As a result, …": the reason is the sentence before.
            anaphor = _ANAPHORIC_WHY.match(s)
            if anaphor and context and len(s) > anaphor.end() + 8:
                s = s[anaphor.end()].upper() + s[anaphor.end() + 1:]
            ruled_after = _after_label(s, rules_doc)
            if ruled_after:
                s = ruled_after  # "Naming: Use snake_case for files", "… follow the guidelines below: Maximum …"
            label = _DECISION_LABEL.match(s)
            labelled = bool(label) and len(s) - label.end() >= 4 if label else False
            if labelled and label:
                s = s[label.end():]
                s = re.sub(r"^option\s+(?:\d{1,2}|[a-z])\b\s*(?:\([^)]{0,40}\))?\s*[:.-]\s*", "", s, flags=re.I) or s
            labelled = labelled or (first_in_decision and len(s) >= 8) or bool(therefore and context)
            if _CURRENTLY.match(s) and not _kind(s[_CURRENTLY.match(s).end():]):  # type: ignore[union-attr]
                if prev is not None and prev.kind == "decision" and not prev.rationale and id(prev) in born:
                    prev.rationale = s.rstrip(".!")  # "Move to X. Current build times take three minutes."
                    continue
                context = s.rstrip(".!")
                unclaimed.add(i)
                continue
            template = _TEMPLATE_WHAT.match(s)
            if template and prev is not None:
                s = s[template.end():]
                what_next = True
            elif template:
                s = s[template.end():]
            if _WHAT_HEADER.match(s):
                if prev is not None and _ASKS_WHY.search(s):
                    from_context = True  # round 15: "What was the motivation for this change?" asks why, not what
                    continue
                what_next = prev is not None
                continue
            if what_next and prev is not None and prev.kind in ("decision", "preference") and \
                    (_kind(s) or _REJECT_PATTERNS[0].search(s)):
                # "Move the builds to X. What? Port every target to X.": the change spelt out.
                what_next = False
                rej, _ = _alternatives(_split_why(s)[0], "decision")
                prev.rejects.extend(r for r in rej if r not in prev.rejects and _slug(r) != _slug(prev.subject))
                if len(prev.description) < MAX_DESCRIPTION:
                    prev.description = (prev.description + "; " + s.rstrip(".!"))[:MAX_DESCRIPTION]
                continue
            what_next = False
            if _WHY_HEADER.match(s):
                why_next = prev is not None
                continue
            why_not = _WHY_NOT_NAME.match(s)
            if why_not and prev is not None and prev.kind == "decision" and _name(why_not.group(1)):
                # round 18: "Use Kafka. Why not RabbitMQ? Messages are gone once consumed.": the option named is turned
                # down, and what follows is its verdict, no fact of its own
                option = _name(why_not.group(1)) or ""
                if _slug(option) != _slug(prev.subject) and option not in prev.rejects:
                    prev.rejects.append(option)
                verdict_next = True
                continue
            if verdict_next and not s.rstrip().endswith("?") and not _WHY_HEADER.match(s):
                verdict_next = False
                continue
            verdict_next = False
            if why_next and prev is not None and prev.kind in ("decision", "preference", "constraint"):
                why_next = False
                prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                prev.rejects.extend(r for r in _judged_bad(s) if r not in prev.rejects and
                                    _slug(r) != _slug(prev.subject.removeprefix("no ")))
                continue
            why_next = False
            if from_context and prev is not None and _ANSWERS_WHY.match(s) and not s.rstrip().endswith("?"):
                # round 15: "What was the motivation for this change? It means that nobody has to install X by hand":
                # the answer to a why-question is the reason, whatever it says of its own
                if s.rstrip(".!") not in (prev.rationale or ""):
                    prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                from_context = False
                continue
            only_use = re.search(r"\b(?:will|shall|is\s+going\s+to|are\s+going\s+to)\s+(?:now\s+)?only\s+(?:support|use|ship|accept|"
                             r"target)\s+" + _ART + _CNP, s, re.I) if i > 0 else None
            if only_use and prev is not None and prev.kind == "decision" and prev.subject.startswith("no ") and \
                    _name(only_use.group(1)) and not s.rstrip().endswith("?"):
                # round 19: "Remove CocoaPods support. Version 2.0 will only support SPM.": what stays in the removed
                # thing's place is the choice, and the removed thing what it is made over
                prev.subject = prev.alias = _name(only_use.group(1)) or prev.subject
                if len(prev.description) < MAX_DESCRIPTION:
                    prev.description = (prev.description + "; " + s.rstrip(".!"))[:MAX_DESCRIPTION]
                continue
            down = _TURNS_DOWN_IT.match(s)
            later_down = None if down or i == 0 else _TURNS_DOWN_LATER.search(s)
            why_part = _split_why(s)[1] if later_down else None
            if later_down and why_part and s.find(why_part) >= 0 and later_down.start() >= s.find(why_part) and \
                    not re.match(r"(?:and\s+)?(?:so|hence|therefore|thus|which\s+is\s+why)\b", why_part, re.I):
                # round 18: "Migrated X to Y, as there will be no further development in X": said in the reason
                later_down = None
            down = down or later_down
            target = prev if prev is not None and prev.kind in ("decision", "preference") else \
                next((x for x in reversed(out[first_of_turn:]) if x.kind in ("decision", "preference")), None)
            if down and target is None and i > 0:
                # "Add rack-insight. Closing as we decided it's not ready …": the title was not stored as a request;
                # turned down, it is a decision not to
                # "Tauri. Any plan to migrate to tauri? There's very little reason to.": the first sentence that
                # asks for a change
                named = next((c for c in (_title_choice(t.rstrip("?")) for t in sents[:i]) if c), None)
                if named:
                    target = Extracted("decision", named, sents[0].rstrip(".!"), None, [], [], None)
                    out.append(target)
                    born[id(target)] = i if later_down else 0  # a proposal's title stands only as turned down
            if down and target is not None and not target.subject.startswith("no "):
                turned = target.subject
                target.kind = "decision"
                reason = s[down.end():].strip(" ,;:").rstrip(".!")
                if later_down:
                    reason = s.rstrip(".!")
                    if i + 1 < len(sents) and not _kind(sents[i + 1]) and not sents[i + 1].rstrip().endswith("?"):
                        reason += "; " + sents[i + 1].rstrip(".!")
                target.subject = target.alias = "no " + turned
                target.rejects = [turned]
                target.rationale = "; ".join(x for x in (reason, target.rationale) if x) or None
                if len(target.description) < MAX_DESCRIPTION:
                    target.description = (target.description + "; " + s.rstrip(".!"))[:MAX_DESCRIPTION]
                prev = target
                continue
            why = _WHY_SENTENCE.match(s)
            if why and prev is not None:
                prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                if prev.kind in ("decision", "preference"):
                    prev.rejects.extend(r for r in _judged_bad(s[why.end():]) if r not in prev.rejects and
                                        _slug(r) != _slug(prev.subject.removeprefix("no ")))
                reasons_listed = bool(re.search(r"(?::|\b\d{1,2}[.)])\s*$", s.strip()))
                continue
            if prev is not None and (reasons_listed or _ENUMERATOR.fullmatch(s.strip())) and \
                    (_ENUMERATOR.fullmatch(s.strip()) or len(s.split()) <= 4 and not _kind(s)):
                # "There were two reasons for the switch: 1. Performance. … 2. Better errors.": a listed reason said in a
                # word or two, and the numbers between them, go on with the reason
                if not _ENUMERATOR.fullmatch(s.strip()):
                    prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                reasons_listed = True
                continue
            reasons_listed = False
            if why and prev is None and why.group(0).rstrip().endswith(":") and len(s) > why.end() + 4:
                last = recorded[-1] if recorded and recorded[-1] in out[first_of_turn:] else None
                if last is not None and last.kind in ("decision", "preference"):
                    # "Decision: use Redis. Alternatives considered: … Rationale: Redis was chosen for its speed": the
                    # record's labelled reason, after the options it weighed
                    last.rationale = (last.rationale + "; " if last.rationale else "") + s[why.end():].rstrip(".!")
                    continue
                context = s[why.end():].rstrip(".!")  # "Why: X is unmaintained. What: replace X with Y."
                continue
            wish = WISH_TO_CHANGE.search(s)
            if wish and prev is not None and prev.kind == "decision" and id(prev) in born:
                # "Use X instead of Y. X is fast now, so I would like to switch from Y to X": the title restated
                wished = re.sub(r"[\s,;]*(?:and\s+)?(?:so|hence|therefore|thus)?\s*$", "", s[:wish.start()], flags=re.I)
                if len(wished) > 8 and wished not in (prev.rationale or ""):
                    prev.rationale = (prev.rationale + "; " if prev.rationale else "") + wished
                continue
            stated = labelled or _stated_change(s, sents[i + 1] if i + 1 < len(sents) else None) or \
                (i == 0 and reported and bool(re.match(r"^rename\b", s, re.I)) and not s.rstrip().endswith("?") and
                 not _HYPOTHETICAL.search(s) and not _transient(s)) or \
                (i == 0 and bool(_TITLE_INSTEAD.search(s)) and not s.rstrip().endswith("?") and not _HYPOTHETICAL.search(s) and
                 not (fixes_a_bug and _BEHAVIOUR_FIX.search(s))) or \
                (i == 0 and labelled_why_later and bool(_CHANGE_VERB.match(s)) and not _is_chatter(s.replace("?", "")) and
                 not s.rstrip().endswith("?"))
            effect = _GERUND_EFFECT.match(s)
            if effect and prev is not None and prev.kind in ("decision", "preference") and not labelled and \
                    not s.rstrip().endswith("?") and _content_words(effect.group(0)) & _content_words(prev.description):
                if s.rstrip(".!") not in (prev.rationale or ""):
                    prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                needless, _ = _alternatives(s, prev.kind)  # "… removes the need for certbot"
                prev.rejects.extend(r for r in needless if _slug(r) != _slug(prev.subject) and
                                    not any(_slug(r) in _slug(x) or _slug(x) in _slug(r) for x in prev.rejects))
                continue
            if not stated and prev is not None and prev.kind in ("decision", "preference") and _WILL_DO.match(s) and \
                    not s.rstrip().endswith("?") and s.rstrip(".!") not in (prev.rationale or ""):
                # "… This will reduce install footprint, which is perhaps even more important …": what it does
                prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                moved_to, moved_from = changes(re.split(r"\s(?:will|should|would)\s", s, maxsplit=1)[0])
                if moved_to and _slug(moved_to) == _slug(prev.subject):  # round 16: "Moving from C to Rust will …"
                    prev.rejects.extend(x for x in moved_from if x not in prev.rejects)
                continue
            if not stated and prev is not None and _ASKS_WHY.search(s) and s.rstrip().endswith("?"):
                from_context = True  # "Can you tell me what's wrong with X?": the answer that follows is the reason
                continue
            if not stated and _is_chatter(s) and not _rule_kind(s, rules_doc) and not (rules_doc and _doc_imperative(s)):
                if prev is not None and born.get(id(prev)) == 0 and (outcome or _wish_restates(s, prev, sents[0])):
                    continue  # the discussion of a title carried out, or the title said again as a wish
                if _HEDGED_REASON.search(s) and not _kind(s) == "decision" and not s.rstrip().endswith("?") and \
                        len(_CHATTER.sub("", s)) >= 25 and not (_DEFERS.search(s) or _WITHDRAWN.search(s) or
                                                                _SEEKS.search(s) or PROPOSAL.search(s)):
                    # "Replace X with Y. I think this might help startup time, since …", "It would be a real boon to
                    # the build to use Y": a reason said with a hedge or as one's own view is still the reason
                    if prev is not None and prev.kind in ("decision", "preference", "constraint") and id(prev) in born:
                        if s.rstrip(".!") not in (prev.rationale or ""):
                            prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                        continue
                    # "This makes every release a dreaded task for me. No pull request without tests will be
                    # merged.": said before the change, it is the change's reason
                    prev, context = None, s.rstrip(".!")
                    unclaimed.add(i)
                    continue
                prev, context = None, None
                continue
            bad = _BAD_OPTION.match(s)
            if bad and prev is not None and prev.kind == "decision":
                x = _name(bad.group(1))
                if x and _slug(x) != _slug(prev.subject) and x not in prev.rejects:
                    prev.rejects.append(x)
                continue
            if prev is not None and prev.kind == "decision" and not labelled and \
                    re.search(r"\b(?:improvements?\s+(?:\w+\s+){0,4}?(?:was|were)\s+(?:observed|seen|noticed|measured)|"
                              r"(?:we|i)\s+(?:were|was|are|am)\s+(?:also\s+)?able\s+to)\b", s, re.I):
                # "Migrate to X. A big improvement was observed, and we were able to remove three dev deps": effects
                if s.rstrip(".!") not in (prev.rationale or ""):
                    prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                continue
            effect_of = prev if prev is not None else next(
                (x for x in sorted(out[first_of_turn:], key=lambda x: born.get(id(x), 0) != 0)
                 if x.kind in ("decision", "preference", "constraint")), None) \
                if re.match(r"^this\s+(?:addresses|resolves|solves|ensures|is\s+(?:\w+\s+)?to)\b", s, re.I) else None
            if effect_of is not None and _EFFECT.match(s):
                # "… Removes ~70 kB from the served bundle.": what the change does is why it is made; round 15: "This
                # addresses the sunset deadline" after the steps of a commit points back at its change
                if s.rstrip(".!") not in (effect_of.rationale or ""):
                    effect_of.rationale = (effect_of.rationale + "; " if effect_of.rationale else "") + s.rstrip(".!")
                continue
            kind = "decision" if labelled else _kind(s)
            if fixes_a_bug and _BEHAVIOUR_FIX.search(s):
                prev, context = None, None
                continue
            if kind == "decision" and not labelled and _WHEN_LATER.search(s):
                # round 19: "Convert the project to Godot 4.0 upon release", "We will add support for X once there is a
                # stable version": a change waiting on an event still to come is a plan, not a decision
                prev, context = None, None
                continue
            going = _GOING.search(_split_why(s)[0]) if kind in ("decision", "preference") and not labelled and i > 0 else None
            if going and not _IMPERATIVE.match(s) and not re.match(r"^(?:so\s+)?(?:we|i|let's|let\s+us)\b", s, re.I) and \
                    not s.rstrip().endswith("?"):
                # round 19: "Add pyproject.toml. It seems that the setup.py method … is being phased out", "Migrate to
                # PlatformIO. Overview: … support for the Arduino IDE is being discontinued": what is said to be going
                # away, beside a change, is that change's reason and what it leaves, no decision of its own
                going_names = [x for x in changes(s)[1] if not _PLACEHOLDER.match(x)]
                gone_slugs = {_slug(g) for g in going_names}
                going_host = next((x for x in reversed(out[first_of_turn:]) if x.kind in ("decision", "preference") and
                                   not x.subject.startswith("no ") and _slug(x.subject) not in gone_slugs), None)
                going_choice = None if going_host is not None else _title_choice(sents[0].rstrip("?"))
                if going_host is None and going_choice and not sents[0].rstrip().endswith("?") and \
                        not _HYPOTHETICAL.search(sents[0]) and _slug(going_choice) not in gone_slugs and \
                        not _PLACEHOLDER.match(going_choice):
                    going_host = Extracted("decision", going_choice, sents[0].strip().rstrip(".!"), None, [], [], None)
                    out.append(going_host)
                    born[id(going_host)] = 0
                if going_host is not None:
                    going_said = s.rstrip(".!")
                    if going_said not in (going_host.rationale or ""):
                        going_host.rationale = (going_host.rationale + "; " if going_host.rationale else "") + going_said
                    if going_said not in going_host.description and len(going_host.description) < MAX_DESCRIPTION:
                        going_host.description = (going_host.description + "; " + going_said)[:MAX_DESCRIPTION]
                    going_host.rejects.extend(g for g in going_names if g not in going_host.rejects and
                                              _slug(g) != _slug(going_host.subject))
                    prev = going_host
                    continue
            if kind == "decision" and not labelled and _HISTORY.match(s):
                # round 14: "We originally decided to have multiple repositories because …", "At the beginning of the
                # project, we chose not to commit to a backend": what was decided once, said as history, is the
                # background of what the text decides now (a reason, or what it turns away from), no fact of its own
                context = s.rstrip(".!")
                unclaimed.add(i)
                if len(out) > first_of_turn:
                    late.append(context)
                continue
            ruled = not labelled and not _FOLLOW_RULES.search(s) and \
                (bool(_rule_kind(s, rules_doc)) or kind is None and rules_doc and _doc_imperative(s))
            if kind is None and ruled:
                kind = _rule_kind(s, rules_doc) or ("constraint" if _STRICT_IMPERATIVE.match(s) else "preference")
            if kind in ("decision", "dependency") and not labelled and \
                    (_HOUSEKEEPING.search(s) or _SYMPTOM.search(_split_why(s)[0]) or _CLEANUP.search(s)):
                prev, context = None, None
                continue
            if stated and kind not in ("decision", "preference"):
                kind = "preference" if re.match(r"^(?:avoid|prefer)\b", s, re.I) else "decision"
            if kind in ("decision", "preference") and prev is not None and prev.kind == "decision" and \
                    _TO_PLACEHOLDER.search(_split_why(s)[0]) and not changes(_split_why(s)[0])[0]:
                # "Replace X with another queue. … I recommend moving to a simpler queue, since …": said again
                restated_why = _split_why(s)[1] or s.rstrip(".!")
                if restated_why not in (prev.rationale or ""):
                    prev.rationale = (prev.rationale + "; " if prev.rationale else "") + restated_why
                continue
            if kind == "decision" and prev is not None and prev.kind == "decision" and _RESTATES.search(s):
                # "… it's very fast, we should switch over", "so let's get rid of the dependency", "Drop the
                # support here as well": the change said again, with its reason.
                again = _RESTATES.search(s)
                said = s[:again.start()].strip(" ,;") if again else ""
                said = re.sub(r"\s*(?:,|;)?\s*(?:and\s+)?(?:(?:so|hence|therefore|thus)\s*)?(?:(?:we|i)\s+(?:should|will|can|must)|"
                              r"let's|let us)?\s*$", "", said, flags=re.I).strip(" ,;")
                said = said or _split_why(s)[1] or ""
                if len(said) > 8 and said not in (prev.rationale or ""):
                    prev.rationale = (prev.rationale + "; " if prev.rationale else "") + said.rstrip(".!")
                if len(prev.description) < MAX_DESCRIPTION:
                    prev.description = (prev.description + "; " + s.rstrip(".!"))[:MAX_DESCRIPTION]
                continue
            no_longer = _NO_LONGER_NEED.match(s)
            if no_longer and prev is not None and prev.kind == "decision" and not prev.subject.startswith("no "):
                # "Move X to Y. … We no longer need X or Z": what the change replaces.
                head = _name(no_longer.group(1))
                for x in ([head] if head else []) + (_joined(s, no_longer, 1, head) if head else []):
                    if x not in prev.rejects and _slug(x) != _slug(prev.subject):
                        prev.rejects.append(x)
                continue
            if kind == "decision" and prev is not None and prev.kind == "decision" and _BACK_REFERENCE.search(s):
                clause, rationale = _split_why(s)
                if rationale and rationale not in (prev.rationale or ""):
                    prev.rationale = (prev.rationale + "; " if prev.rationale else "") + rationale
                if s.rstrip(".!") not in prev.description and len(prev.description) < MAX_DESCRIPTION:
                    prev.description = (prev.description + "; " + s.rstrip(".!"))[:MAX_DESCRIPTION]
                continue
            if kind is None:
                # "X was too slow" after a decision names a rejected alternative of that decision.
                if prev is not None and _TOO.search(s):
                    rej, _ = _alternatives(s, "decision")
                    prev.rejects.extend(r for r in rej if r not in prev.rejects)
                    if not prev.rationale:
                        prev.rationale = s.rstrip(".!")
                elif prev is not None and prev.kind in ("decision", "preference", "constraint") and \
                        (not prev.rationale or from_context or
                         (_JUSTIFIES.search(s) or len(prev.rationale) + len(s) < 300) and s.rstrip(".!") not in prev.rationale) \
                        and len(s) >= 15:
                    # The statement right after a decision, stating no fact of its own, explains it:
                    # "Switch to Vite. It is much faster.", "Drop X. Mypy dropped it long ago."
                    prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                    prev.rejects.extend(r for r in _judged_bad(s) + _same_head_alternatives(prev.subject, s) +
                                        _beaten(s, prev.subject) +
                                        # round 12: "This obviates the need for X", "… unlike X", "we need to move from X"
                                        # ("instead of" here may be of something else: "issues with Alpine due to musl
                                        # instead of glibc")
                                        [x for x in (_clean(m.group(1)) for m in _NEED_GONE.finditer(s)) if x]
                                        if r not in prev.rejects and _slug(r) != _slug(prev.subject.removeprefix("no ")))
                    from_context = False
                elif i == 0 and record_title:
                    context = None  # "ADR 0005: Structured JSON logging": the record's name, not a reason
                else:
                    context = s.rstrip(".!") if len(s) > 20 else None
                    if context:
                        unclaimed.add(i)
                        if len(out) > first_of_turn:
                            late.append(context)
                continue
            if prev is not None and kind != "decision" and prev.kind == "decision" and _VERDICT_ON_IT.match(s) and \
                    not re.search(r"\b(?:must|never|always|shall)\b", s, re.I):
                # "Drop X. It's a waste of CI time to keep X as users should move off it": a verdict on the change.
                prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                continue
            if prev is not None and not prev.rationale and kind != "decision" and _about(s, prev) and not ruled and \
                    not re.search(r"\b(?:must|never|always|shall)\b", s, re.I) and not _frozen(s):
                prev.rationale = s.rstrip(".!")  # "… date-fns is faster, and you only have to bundle what you use"
                continue
            if prev is not None and kind in ("dependency", "architecture") and prev.kind in ("decision", "preference") and \
                    (_about(s, prev) or re.match(r"^(?:the\s+)?" + re.escape(prev.subject.split()[0]) + r"\b", s, re.I)) and \
                    not prev.subject.startswith("no "):
                # "Adopt Ruff. Ruff handles isort and pyflakes rules in one tool": what recommends the choice.
                prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                continue
            clause, rationale = _split_why(s)
            if prev is not None and prev.kind == "decision" and id(prev) in born and _DONE_IT.match(clause.strip()):
                # "Switch to X. We were forced to do this by Y, so this is done and only needs docs.": the change just
                # stated, reported made; what came before "so" is its reason, not a rule of its own
                said = rationale or s.rstrip(".!")
                if said not in (prev.rationale or ""):
                    prev.rationale = (prev.rationale + "; " if prev.rationale else "") + said
                continue
            subject, relation = _subject(s, kind, clause)
            if subject and kind in ("decision", "preference"):
                subject = re.sub(r"^(?:using|use of|usage of)\s+(?=\S)", "", subject, flags=re.I)  # "Switch to using X"
                # "Make Python 3.12 the minimum supported version": the version is the choice
                subject = re.sub(r"\s+(?:the\s+)?(?:new\s+)?(?:minimum|minimal|lowest|oldest)\b.*$", "", subject,
                                 flags=re.I) or subject
            if subject == _REQUIREMENT:
                kind = "constraint"
                subject, relation = _subject(s, kind, clause)
            if not subject or not _slug(subject) or _slug(subject) in ("no",):
                context = s.rstrip(".!") if len(s) > 20 else None
                continue
            if kind == "decision" and prev is not None and prev.kind == "decision":
                if not _names_a_choice(clause) and _about(s, prev):
                    # "Dayjs was already used on some components, so it made sense to get rid of the bigger one",
                    # "It's not officially supported anymore, so we should drop it too": the decision's reason.
                    if not prev.rationale or from_context:
                        prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                        from_context = False
                    continue
                dropped = subject[3:] if subject.startswith("no ") else None
                if dropped and prev.subject.startswith("no ") and not _CHANGE_VERB.match(s) and (
                        _slug(dropped) in _slug(prev.subject) or any(_slug(dropped) in _slug(r) for r in prev.rejects)):
                    # "Delete remaining Travis CI configuration. Travis CI is not used anymore.": why it goes.
                    if not prev.rationale or from_context:
                        prev.rationale = (prev.rationale + "; " if prev.rationale else "") + s.rstrip(".!")
                        from_context = False
                    continue
                if dropped and not prev.subject.startswith("no ") and _slug(dropped) != _slug(prev.subject) and \
                        not _CHANGE_VERB.match(s) and not _IMPERATIVE.match(s) and \
                        not re.match(r"^(?:we|i|let's|let us|you)\b", s, re.I) and \
                        _slug(dropped) in _slug(" ".join(s.split()[:6])):
                    # "The official tool is pytest. Traces of unittest are being removed": the alternative it drops.
                    if dropped not in prev.rejects:
                        prev.rejects.append(dropped)
                    if not prev.rationale and (rationale or _JUSTIFIES.search(s) or _judged_bad(s)):
                        prev.rationale = rationale or s.rstrip(".!")  # "`moment` has been mostly deprecated …"
                    continue
            rejects, forbids = _alternatives(clause, kind)
            if relation and relation[0] == ":governs":
                rejects, forbids = [], []  # "don't rename X": X stays, nothing is turned down
            acted = _acted_on(clause) if kind in ("preference", "constraint") and relation is None else None
            if acted:
                if _slug(subject) in ("no-" + acted[0], "no-" + acted[0] + "s") or \
                        acted[0] in ("call", "invoke") and not subject.startswith("no "):  # "no call" named the verb
                    subject = f"never {acted[0]} {acted[1]}"
                if acted[2]:
                    relation = (":governs", acted[2])
            if rationale and kind in ("decision", "preference"):
                rejects += [x for x in _judged_bad(rationale) + _beaten(rationale, subject) if x not in rejects]
                rejects += [x for x in (_clean(m.group(1)) for m in _REJECT_IN_WHY.finditer(rationale))
                            if x and x.lower() not in STOPWORDS and x not in rejects]
                rejects += [x for x in (_name(m.group(1)) for m in _REPLACEMENT_FOR.finditer(rationale))
                            if x and x not in rejects]
                rejects += [x for x in _same_head_alternatives(subject, rationale) if x not in rejects]
            if rationale and kind == "decision":
                rejects += [x for x in (_name(re.split(r"\s+but\b", m.group(1))[0]) for m in _TURNED_DOWN.finditer(rationale))
                            if x and x not in rejects]  # "We tried Celery but it was too heavy; we settled on RQ"
            if not rationale and context and kind == "decision":
                pointed = _pointed_back(clause, subject, context)
                if pointed:
                    subject, rejects = pointed(subject, rejects)
            if rationale and kind == "decision":
                pointed = _pointed_back(clause, subject, rationale)
                if pointed:
                    subject, rejects = pointed(subject, rejects)
            bump = _BUMP.match(clause.strip()) if kind == "decision" else None
            if bump and bump.group("old") and bump.group("p1"):  # "Bump the minimum PHP version from 8.1 to 8.2": PHP 8.1
                rejects = [f"{_name(bump.group('p1'))} {bump.group('old')}"] + \
                    [r for r in rejects if _slug(r) not in (_slug(bump.group("old")), _slug(bump.group("v1")))]
            if acted:
                rejects, forbids = [], []  # "never log the secret key": data or code acted on, no package turned down
            elif subject.startswith("no "):
                dropped = subject[3:]
                rejects = [dropped] + [r for r in rejects if _slug(r) != _slug(dropped)]
            else:
                rejects = [r for r in rejects if _slug(r) != _slug(subject)]
            # "We picked Caddy, a server with automatic TLS, as …": the apposition says what recommends the choice.
            if kind in ("decision", "preference") and not subject.startswith("no "):
                appo = re.search(re.escape(subject.split()[0]) + r"[\w.+#-]*(?:\s+v?\d[\w.]*)?\s*,\s+((?:a|an|which is|"
                                 r"which are|that is|the|our|being)\s+[^,;()]{3,100}?)\s*(?:,|;|$|\.)", s)
                if appo and not _kind(appo.group(1)) and appo.group(1) not in (rationale or ""):
                    rationale = appo.group(1) + ("; " + rationale if rationale else "")
            took_context = False
            if rationale is None and kind in ("decision", "preference", "constraint") and context:
                rationale = context  # "Some of the data is sensitive. The data will be encrypted using sops."
                # and the statements of no fact just before it ("Travis shut down travis-ci.org. CI no longer runs.
                # … I decided to give GitHub Actions a go")
                j, run = i - 1, list[str]()
                while j >= 0 and j in unclaimed and len(run) < 4:
                    run.insert(0, sents[j].rstrip(".!"))
                    j -= 1
                if len(run) > 1 and run[-1] == context:
                    rationale = "; ".join(run)
                took_context = True
                rejects += [x for x in (_name(m.group(1)) for m in _CONTEXT_DROP.finditer(rationale))
                            if x and x not in rejects and _slug(x) != _slug(subject)]
                rejects += [x for x in _judged_bad(context) if x not in rejects and _slug(x) != _slug(subject)]
                for m in _AWAY.finditer(rationale):  # "We should modernise away from X and Y. We will move to Z."
                    head = _name(m.group(1))
                    for x in ([head] if head else []) + (_joined(rationale, m, 1, head) if head else []):
                        if x not in rejects and _slug(x) != _slug(subject):
                            rejects.append(x)
            held = _HELD_UNTIL.search(clause)
            if held:  # "Let's not merge until CI is green": X waits for Y, X is not turned down
                span = set(_slug(clause[held.start():], 10**6).split("-"))
                rejects = [r for r in rejects if not set(_slug(r, 10**6).split("-")) <= span]
                forbids = [f for f in forbids if not set(_slug(f, 10**6).split("-")) <= span]
                subject = subject.removeprefix("no ")  # a "no-X" would read as X's rejection (supersession too)
            # user trial 17: "simplejson was dropped in 2.0": a version ("2.0", "v3", "1.x") is when, never a package —
            # unless a version is what is chosen ("Switch from 4.07 to 4.10"): then the one left is the alternative
            if not _VERSION.match(subject):
                rejects = [r for r in rejects if not _VERSION.match(r)]
                forbids = [f for f in forbids if not _VERSION.match(f)]
            item = Extracted(kind, subject, s.rstrip()[:MAX_DESCRIPTION].rstrip(".!"), rationale, rejects, forbids,
                             relation)
            if kind == "decision":
                item.alias = subject
            same = next((o for o in out if o.kind == item.kind and _slug(o.subject) == _slug(item.subject)), None)
            if same is None and prev is not None and prev.kind == item.kind == "preference" and \
                    {_slug(r) for r in prev.rejects} & {_slug(r) for r in item.rejects}:
                same = prev  # "Avoid lodash. Prefer native js vs lodash." is one preference
            restated = False
            if ruled:
                rule_ids.add(id(item))
            if same is None and prev is not None and id(prev) in born and _one_choice(prev, item) and \
                    not (ruled and (id(prev) in rule_ids or prev.kind != "decision") and _distinct_rules(prev, item)):
                same, restated = prev, True
            if same is not None and same.kind == item.kind == "decision" and same.subject.startswith("no ") and \
                    not item.subject.startswith("no ") and _slug(same.subject[3:]) in {_slug(r) for r in item.rejects}:
                # "Replace pretend in the unit tests. Migrate them off pretend, using pytest-mock instead": the body
                # names what the change is to; the memory is that choice
                same.subject = same.alias = item.subject
                same.rejects = item.rejects + [r for r in same.rejects if r not in item.rejects]
                if item.rationale and item.rationale not in (same.rationale or ""):
                    same.rationale = "; ".join(x for x in (same.rationale, item.rationale) if x)
                if item.description not in same.description and len(same.description) < MAX_DESCRIPTION:
                    same.description = (same.description + "; " + item.description)[:MAX_DESCRIPTION]
                prev = same
                from_context = False
            elif same is not None:
                if _settles_elsewhere(same, item, born, s):
                    # round 19: "Move to zap. … We decided to go with zerolog as the replacement for logrus": the thread
                    # decided on another target than its title's, which is turned down with what both leave
                    same.rejects.append(same.subject)
                    same.subject = same.alias = item.subject
                _merge(same, item, restated)  # 'Use Picocli instead of X. Chosen option: "Migrate to Picocli", because …'
                prev = same
                from_context = False
            else:
                out.append(item)
                born[id(item)] = i
                prev = item
                from_context = took_context
            if labelled:
                if prev.kind == "preference":
                    prev.kind = "decision"  # a record's decision line decides, whatever its title said
                recorded.append(prev)
            context = None
        mine = out[first_of_turn:]
        if mine and any(_BUG_REPORT.search(t) for t in sents) and not settled and \
                not (reported and any(born.get(id(x)) == 0 and x.kind == "decision" for x in mine)):
            del out[first_of_turn:]  # "… seems to store the messages using the local timezone. That looks wrong to me."
            continue
        if mine and any(t.rstrip().endswith("?") and not _WHY_HEADER.match(t) for t in sents) and \
                any(_BUG.search(t) for t in sents):
            del out[first_of_turn:]  # a bug report with a question: what it says it uses is its setting
            continue
        if tentative or not outcome and any(TENTATIVE_BODY.search(t) and not _about_another_change(t, mine) for t in sents):
            # "Consider moving to X. X is faster …": an argument for a proposal; a change it reports as made of
            # something else stands ("Research moving to X. We switched to Y last year and builds got faster").
            out[first_of_turn:] = [x for x in mine if x.kind == "decision" and born.get(id(x), 0) > 0 and
                                   CHANGE_MADE.search(sents[born[id(x)]]) and
                                   not _content_words(x.subject) & _content_words(sents[0])]
            continue
        if mine and not outcome and not labels_decision and any(_PROPOSES_LIST.search(t) for t in sents):
            del out[first_of_turn:]  # round 19: a list of changes proposed, none made yet
            continue
        if proposed:  # "Research: moving to X. … We've decided to write new tests with X": the decision stands alone
            out[first_of_turn:] = mine = [x for x in mine if born.get(id(x), 0) > 0]
        # A title that a later question or proposal reopens was a proposal.
        reopened = False
        last_outcome = max((j for j, t in enumerate(sents) if j > 0 and (OUTCOME.search(t) or
                                                                       DECIDED.search(t) and not re.search(r"\bwhy\b", t, re.I) and
                                                                       not (_DEFERS.search(t) or _WITHDRAWN.search(t)) or
                                                                       CHANGE_MADE.search(t) and
                                                                       _content_words(t) & _content_words(sents[0]) or
                                                                       # round 14: "Is anyone still working on this? There
                                                                       # isn't much value in it. Closing.": a verdict
                                                                       _verdict(t))),
                           default=0)
        # ("Any pull request found to use AI will be closed": a sanction a rule sets for a class of things withdraws nothing)
        if mine and any(_WITHDRAWN.search(t) and not re.match(r"^(?:any|every|all|each|no)\s", t, re.I)
                        for j, t in enumerate(sents) if j > last_outcome or j == 0):
            del out[first_of_turn:]  # withdrawn or put off after all it said
            continue
        for item in list(mine):
            if born.get(id(item)) == 0 and any(not _about_another_change(t, [item]) and (
                                               _DEFERS.search(t) or _STILL_OPEN.search(t) or not last_outcome and (_SEEKS.search(t) or
                                               _REOPENS.search(t) and not _WHY_HEADER.match(t) and
                                               not (_ASKS_WHY.search(t) and j + 1 < len(sents)) and
                                               (_names(item) & set(_slug(t, 10**6).split("-")) or
                                                re.search(r"\b(?:it|this|that|them|switch(?:ing)?|migrat(?:e|ing|ion)|"
                                                          r"mov(?:e|ing)|chang(?:e|ing))\b", t, re.I))))
                                               for j, t in enumerate(sents) if j > max(0, last_outcome)) or \
                    born.get(id(item)) == 0 and any(PROPOSAL.search(WISH_TO_CHANGE.sub("", t)) and not _ASIDE_OPENER.match(t) and
                                                    not _about_another_change(t, [item]) and
                                                    # "Replace X with Y. I'd like to clean up X with a call to Y": the
                                                    # title said again as a wish, an instruction
                                                    not _wish_restates(t, item, sents[0])
                                                    for j, t in enumerate(sents) if j > max(0, last_outcome) and
                                                    not last_outcome) and \
                    not any(_kind(t) and not _is_chatter(t) for t in sents[1:]):
                # ("Replace isort with ruff. I think we can …"): a body that argues for its title and states nothing
                # of its own makes the title a proposal.
                out.remove(item)
                mine.remove(item)
                reopened = True
        if reopened and not outcome:
            del out[first_of_turn:]  # what the body says of a reopened title argues for it
            continue
        # "I prefer rebase personally. … I changed the settings to default to squash": one's own taste, said in a
        # discussion that reaches another choice, is no preference of the project; the choice is.
        personal = [x for x in mine if x.kind == "preference" and _PERSONAL.search(x.description)]
        reached = [x for x in mine if x.kind == "decision" and x not in personal]
        if personal and reached:
            for own in personal:
                out.remove(own)
                mine.remove(own)
                taste = re.sub(r"\s*\bpersonally\b", "", own.subject, flags=re.I).strip()
                if taste and _slug(taste) != _slug(reached[-1].subject) and taste not in reached[-1].rejects:
                    reached[-1].rejects.append(taste)  # the taste the discussion did not follow
                if own.rationale and not reached[-1].rationale:
                    # what was said against that taste is why the discussion chose otherwise
                    reached[-1].rationale = "; ".join(p for p in own.rationale.split("; ")
                                                      if p not in reached[-1].description) or None
        # One choice, one memory: items of a turn that name the same thing (what they choose or reject) are one.
        # A rule restating the choice ("Stop using the ORM … The ORM must not be used there") is the same memory.
        for later in [x for x in mine if x.kind in ("decision", "preference", "constraint")]:
            first = next((x for x in mine if x is not later and x.kind in ("decision", "preference") and
                          mine.index(x) < mine.index(later) and (_names(x) & _names(later) or _restates_title(x, later, born)) and
                          not ((id(x) in rule_ids or x.kind != "decision") and id(later) in rule_ids and
                               _distinct_rules(x, later))),
                         None)
            if first is None and later.kind == "constraint":
                # "Add upper and lower bounds to all dependencies. … we should add an upper and lower bound for all
                # dependencies": one rule said twice
                first = next((x for x in mine if x is not later and x.kind == "constraint" and born.get(id(x)) == 0 and
                              mine.index(x) < mine.index(later) and
                              len(_content_words(x.description) & _content_words(later.description)) >= 3), None)
            if first is not None:
                if later in recorded:
                    first.kind = "decision"  # "Use Kafka for events. … Decision: Kafka for every stream": decided
                if 0 < born.get(id(later), 0) < len(sents) and _settles_elsewhere(first, later, born, sents[born[id(later)]]):
                    first.rejects.append(first.subject)  # round 19: as at the item's birth, found here by what it names
                    first.subject = first.alias = later.subject
                _merge(first, later, restated=True)
                out.remove(later)
                mine.remove(later)
        # A record's title ("Use Redis for sessions") and its decision line ("We will store sessions in Redis") are
        # one decision, named by the title.
        title = next((x for x in mine if born.get(id(x), len(sents)) < max(1, title_zone) and x not in recorded), None)
        line = next((x for x in recorded if x in mine and x is not title), None)
        if title is not None and line is not None and title.kind in ("decision", "preference") and \
                _content_words(title.subject) & _content_words(line.description):
            title.kind = "decision"
            _merge(title, line, restated=True)
            out.remove(line)
            mine.remove(line)
        # "We have been using yarn v1.x for a long time … migrate to pnpm", "Currently using Travis CI. … Switch to
        # GitHub Actions": a change that names only where it goes leaves what is used now.
        changed = [x for x in mine if x.kind in ("decision", "preference") and not x.subject.startswith("no ") and
                   not x.rejects and (_CHANGE_WORD.search(x.description) or x in recorded or
                                      re.match(r"^(?:use|adopt|prefer)\b", x.description, re.I))]
        if len(changed) == 1 and len([x for x in mine if x.kind in ("decision", "preference")]) == 1:
            for t in sents:
                for m in _USED_NOW.finditer(_SECTION.sub("", t).strip()):
                    x = _name(next((g for g in m.groups() if g), None))
                    if x and _slug(x) != _slug(changed[0].subject) and \
                            _slug(x).split("-")[0] not in _slug(changed[0].subject).split("-"):
                        changed[0].rejects.append(x)
                        break
        # A choice stated with no reason near it takes the statements of no fact that came after it in the same text
        # (a record's Context or Consequences after its Decision, a reason three sentences on).
        for item in mine:
            if item.kind in ("decision", "preference") and not item.rationale and late:
                item.rationale = "; ".join(late[:3])[:2 * MAX_DESCRIPTION]
        # "Decision: … No ORM—just raw SQL with typed mappers": what the decision does without.
        for item in mine:
            if item.kind == "decision" and not item.subject.startswith("no "):
                for t in sents[born.get(id(item), 0):]:
                    without = re.match(r"^no\s+([A-Za-z][\w.+#-]{1,30})\s*(?:—|–|--|\s-\s|,|;|:|\(|$)", t.strip(), re.I)
                    x = _name(without.group(1)) if without else None
                    if x and x.lower() not in STOPWORDS and x not in item.rejects and _slug(x) != _slug(item.subject):
                        item.rejects.append(x)
        # "This PR migrates from setup.cfg to pyproject.toml, setuptools to hatchling, and tox to hatch": each source.
        for item in mine:
            if item.kind == "decision" and not item.subject.startswith("no "):
                for t in sents[born.get(id(item), 0):born.get(id(item), 0) + 2]:
                    if not re.search(r"\bfrom\s+\S+\s+to\s+", t, re.I):
                        continue
                    for pair in re.finditer(r"(?:,\s*(?:and\s+)?|\s+and\s+)([A-Za-z][\w.+#-]{1,30})\s+to\s+[A-Za-z]", t):
                        x = _name(pair.group(1))
                        if x and x.lower() not in STOPWORDS and x not in item.rejects and _slug(x) != _slug(item.subject):
                            item.rejects.append(x)
        # "Make 3.12 the minimum. This drops 3.11 from the CI": what the change drops.
        for item in mine:
            if item.kind == "decision" and not item.subject.startswith("no "):
                for t in sents[born.get(id(item), 0) + 1:born.get(id(item), 0) + 3]:
                    drops = re.match(r"^(?:this|it|which)\s+(?:drops|removes|retires|replaces|ends support for)\s+"
                                     r"(?:support\s+for\s+)?(?:the\s+)?([A-Za-z][\w.+#-]*(?:\s+v?\d[\w.]*)?)", t.strip(), re.I)
                    x = _name(drops.group(1)) if drops else None
                    if x and x not in item.rejects and _slug(x) != _slug(item.subject):
                        item.rejects.append(x)
        # "Remove X, use Y for formatting. Replace X with Y": dropping X is the change to Y, one memory.
        for gone in [x for x in mine if x.kind == "decision" and x.subject.startswith("no ")]:
            into = next((x for x in mine if x is not gone and x.kind == "decision" and not x.subject.startswith("no ") and
                         _slug(gone.subject[3:]) in {_slug(r) for r in x.rejects}), None)
            if into is not None:
                _merge(into, gone, restated=True)
                out.remove(gone)
                mine.remove(gone)
        # round 14: "Get rid of TensorFlow. We're using PyTorch now!", "Remove X. Use Y instead.": the choice said right
        # after a drop, naming nothing it replaces, is what takes the dropped thing's place
        for gone in [x for x in mine if x.kind == "decision" and x.subject.startswith("no ")]:
            into = next((x for x in mine[mine.index(gone) + 1:mine.index(gone) + 2] if x.kind == "decision" and
                         not x.subject.startswith("no ") and not x.rejects and
                         re.search(r"\b(?:us(?:e|es|ing)|run(?:s|ning)?\s+on|rel(?:y|ies|ying)\s+on)\s+[^.;]{1,40}?\s+(?:now|instead)\b|"
                                   r"\bnow\s+(?:use|uses|using|rel(?:y|ies)\s+on)\b|\bstart(?:ed)?\s+using\b",
                                   x.description.split("; ")[0], re.I) and
                         born.get(id(x), 0) == born.get(id(gone), 0) + 1), None)
            if into is not None:
                into.rejects.append(gone.subject[3:])
                _merge(into, gone, restated=True)
                out.remove(gone)
                mine.remove(gone)
        # "Remove all uses of PropTypes. PropTypes should be replaced with TypeScript types", "Dropped support for Node
        # 16. Node 18 LTS is now the minimum supported version": what the body says takes the dropped thing's place
        for gone in [x for x in mine if x.kind == "decision" and x.subject.startswith("no ")]:
            for t in sents[born.get(id(gone), 0) + 1:born.get(id(gone), 0) + 3]:
                put, left = changes(_split_why(t)[0])
                floor = re.match(r"^([A-Za-z][\w.+#-]*\s+v?\d[\w.]*)(?:\s+lts)?\s+is\s+now\s+the\s+(?:new\s+)?"
                                 r"(?:minimum|minimal|lowest|oldest)\b", t.strip(), re.I)
                if put and _slug(gone.subject[3:]) in {_slug(d) for d in left}:
                    gone.subject = gone.alias = put
                elif floor and _name(floor.group(1)):
                    gone.subject = gone.alias = _name(floor.group(1)) or gone.subject
                else:
                    continue
                if t.rstrip(".!") not in gone.description and len(gone.description) < MAX_DESCRIPTION:
                    gone.description = (gone.description + "; " + t.rstrip(".!"))[:MAX_DESCRIPTION]
                break
        # "Replaced the unmaintained OAuth plugin with …", "Replaced rsa (deprecated) with cryptography": the judgement
        # of what the change drops, said as its adjective, is why it goes.
        for item in mine:
            if item.kind == "decision" and item.rejects:
                for r in item.rejects:
                    called = re.search(r"\b(" + _JUDGED_ADJ + r")\s+(?:\w+\s+){0,2}?" + re.escape(r.split()[-1]) + r"\b|" +
                                     re.escape(r.split()[0]) + r"\b(?:\s+[\w.+#-]+){0,2}?\s*\((" + _JUDGED_ADJ + r")\)",
                                     item.description, re.I)
                    if called:
                        adj = (called.group(1) or called.group(2)).lower()
                        base = re.sub(r"^" + re.escape(adj) + r"\s+", "", r, flags=re.I)
                        judged = f"{base} is {adj}"
                        if adj not in (item.rationale or "").lower():
                            item.rationale = "; ".join(x for x in (item.rationale, judged) if x)
                        break
        _version_floor(mine, out, sents)
        if reverted and len(mine) > 1 and born.get(id(mine[0])) == 0 and mine[0].kind == "decision":
            # 'Revert "replace log with logrus". Switch to zap, as it is more active.': the body's choice is what
            # replaces the reverted change, and what it turned down still is
            undone = mine[0]
            into = next((x for x in mine[1:] if x.kind == "decision" and not x.subject.startswith("no ")), None)
            if into is not None:
                into.rejects.extend(r for r in undone.rejects if r not in into.rejects and _slug(r) != _slug(into.subject))
                if undone.description not in into.description and len(into.description) < MAX_DESCRIPTION:
                    into.description = (into.description + "; " + undone.description)[:MAX_DESCRIPTION]
                out.remove(undone)
                mine.remove(undone)
        # "Use Gradle instead of Maven? … I decided to stick with Apache Maven": what the title asked for is turned down
        asked = _title_choice(sents[0].rstrip("?")) if sents else None
        for item in mine:
            if asked and item.kind == "decision" and _STICKS_WITH.search(item.description) and \
                    _slug(asked) not in {_slug(r) for r in item.rejects} and \
                    not set(_slug(asked).split("-")) & set(_slug(item.subject).split("-")):
                item.rejects.append(asked)
        # "Replace celery with another task queue. … I think django-tasks-scheduler should do the job": the choice
        # named later is the change the placeholder stood for.
        for gone in [x for x in mine if x.kind == "decision" and x.subject.startswith("no ") and
                     _TO_PLACEHOLDER.search(x.description.split("; ")[0])]:
            into = next((x for x in mine[mine.index(gone) + 1:] if x.kind == "decision" and not x.subject.startswith("no ")),
                        None)
            if into is not None:
                if gone.subject[3:] not in into.rejects:
                    into.rejects.insert(0, gone.subject[3:])
                _merge(into, gone, restated=True)
                out.remove(gone)
                mine.remove(gone)
        # Round 15: "Replace cabal. This commit eliminates cabal from the build. It uses the stack tool instead.": a bare
        # "Replace X" names its replacement later, as what is used instead
        for gone in [x for x in mine if x.kind == "decision" and x.subject.startswith("no ") and
                     re.match(r"^replace\s+(?:the\s+|our\s+)?[\w.+#/-]+(?:\s+[\w.+#/-]+){0,3}$", x.description.split("; ")[0], re.I)]:
            for t in sents[born.get(id(gone), 0) + 1:]:
                used = re.search(r"\b(?:uses?|using|relies\s+on|switch(?:es|ed)?\s+to|mov(?:e|es|ed)\s+to)\s+" + _ART + _CNP +
                                 r"\s+instead\b(?!\s+of)", t, re.I)
                into_name = _name(used.group(1)) if used else None
                if into_name and _slug(into_name) != _slug(gone.subject[3:]):
                    gone.subject = gone.alias = into_name
                    if len(gone.description) < MAX_DESCRIPTION:
                        gone.description = (gone.description + "; " + t.rstrip(".!"))[:MAX_DESCRIPTION]
                    break
        # A reason that compares the choice ("It's better than yarn", "… by using sortable uuid v7 instead of random
        # uuid v4", "RabbitMQ is more flexible here as compared to Kafka") names what it is chosen over.
        for item in mine:
            if item.kind in ("decision", "preference") and item.rationale and not item.subject.startswith("no "):
                compared = _beaten(item.rationale, item.subject) + \
                    [x for x in (_name(m.group(1)) for m in _REJECT_IN_WHY.finditer(item.rationale)
                                 if _slug(item.subject).split("-")[0] in _slug(item.rationale[max(0, m.start() - 40):m.start()],
                                                                              10**6).split("-")) if x] + \
                    [x for x in (_name(m.group(1)) for m in _COMPARED_TO.finditer(item.rationale)) if x]
                for x in compared:
                    if x.lower() not in STOPWORDS and _slug(x) != _slug(item.subject) and \
                            _slug(x) not in {_slug(r) for r in item.rejects} and \
                            not set(_slug(x).split("-")) <= set(_slug(item.subject).split("-")) | {"the", "a"}:
                        item.rejects.append(x)
        # Round 17: "Switch to Bun. … We should switch to it.", "Drop Node 16 support. … We should drop support for
        # it": a change whose object points back and that names nothing is the change before it said again.
        for item in [x for x in mine if x.kind == "decision"]:
            bare = set(_slug(item.subject.removeprefix("no ")).split("-")) <= _BARE_CHANGE
            into = next((x for x in mine if x is not item and x.kind == "decision" and
                         born.get(id(x), -1) < born.get(id(item), -1)), None)
            if bare and into is not None and _POINTS_BACK.search(item.description.rstrip(".!")):
                _merge(into, item, restated=True)
                out.remove(item)
                mine.remove(item)
        # Round 17: a choice with nothing named as left, whose reason speaks ill of another thing ("I had issues with
        # X for long requests", "the legacy X command doesn't work with podman", "X is unmaintained"): that thing is
        # what the choice is made over.
        for item in mine:
            if item.kind in ("decision", "preference") and item.rationale and not item.rejects and \
                    not item.subject.startswith("no "):
                chosen_words = set(_slug(item.subject).split("-"))
                for x in _spoken_ill_of(item.rationale):
                    if not set(_slug(x).split("-")) & chosen_words and _slug(x) not in {_slug(r) for r in item.rejects}:
                        item.rejects.append(x)
        # The options a decision record lists and its decision did not choose are its rejected alternatives.
        decisions = [x for x in mine if x.kind == "decision"]
        if decisions:
            for t in sents:
                for x in _weighed(_HEADING.sub("", _LIST_ITEM.sub("", t))):
                    if _slug(x) != _slug(decisions[0].subject) and x not in decisions[0].rejects:
                        decisions[0].rejects.append(x)
        if options and decisions:
            target = next((x for x in decisions if _slug(x.subject) in {_slug(o) for o in options}), decisions[0])
            chosen = set(_slug(target.subject).split("-"))
            for o in options:
                if not set(_slug(o).split("-")) <= chosen and _slug(o) not in {_slug(r) for r in target.rejects}:
                    target.rejects.append(o)
    _other_languages(delta, out)
    for item in out:  # "got's install size is too large" names got, not "s install size"; "Writing raw SQL …": raw SQL
        names = [re.sub(r"^(?:writing|using|running|maintaining|keeping|(?:the\s+)?(?:use|usage|uses)\s+of|of)\s+(?=\S)", "", r,
                        flags=re.I) for r in item.rejects
                 if not re.match(r"^(?:s|accept)\s", r, re.I)  # "not to accept pull requests" names no "accept pull"
                 and not re.fullmatch(r"(?:the\s+)?needs?", r, re.I)]  # "removes the need for X": X, the need is no name
        item.rejects = [r for i, r in enumerate(names) if r and r not in names[:i]]
    return out


STRATEGIES["heuristic"] = heuristic


def _other_languages(delta: str, out: list[Extracted]) -> None:
    """Round 17: the changes said in another language (lore.memory.multilingual), each a decision unless the English
    reading already took the sentence or the thing."""
    taken = {_slug(x.subject.removeprefix("no ")) for x in out}
    for turn in user_text(delta):
        for c in multilingual.read(turn):
            name = c.chosen or c.dropped[0]
            if _slug(name) in taken or not _slug(name) or any(c.sentence in x.description for x in out):
                # round 18: the English reading took the change; the reason said in the other language is still its own
                # ("migrate from npm to pnpm. 将…迁移到 pnpm，以获得更好的磁盘空间效率")
                same = next((x for x in out if x.kind == "decision" and _slug(x.subject) == _slug(name)), None)
                if same is not None:
                    for said in c.rationale:
                        if said not in (same.rationale or ""):
                            same.rationale = "; ".join(r for r in (same.rationale, said) if r)[:2 * MAX_DESCRIPTION]
                continue
            if re.search(r"[?？]\s*$", c.sentence):
                continue  # round 19: "ich würde … gerne auf PlatformIO umstellen, was haltet Ihr davon?": asked, not decided
            taken.add(_slug(name))
            subject = name if c.chosen else "no " + name
            why = "; ".join(c.rationale)[:2 * MAX_DESCRIPTION] or None
            out.append(Extracted("decision", subject, c.sentence[:MAX_DESCRIPTION], why, list(c.dropped), [], None,
                                 alias=subject))


def _slug(text: str, max_len: int = 60) -> str:
    s = re.sub(r"-+", "-", re.sub(r"[^a-z0-9]+", "-", text.lower())).strip("-")
    if len(s) > max_len:
        s = s[:max_len].rsplit("-", 1)[0] or s[:max_len]
    return s
