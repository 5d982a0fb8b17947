"""Cue words shared by capture's sentence forms (extract.py): one list per meaning, so a verb or a hedge learnt for
one form is known to every form that reads the same meaning.

- ``CHOICE_VERBS``: how a person says they took something up, in any tense ("I've updated it to use Day.js",
  "swapped over to GitHub Actions", "I've chosen hatchling", "we're preferring pytest", "let's start using pytest").
- ``REPLACES``: how a sentence names what its choice replaces ("as a replacement for loguru").
- ``PROPOSAL``: how the body of an issue argues for its title rather than reporting it done ("I think we can …",
  "we could …", "it would be nice …"): the title was a proposal. A body restating its title as "I would like to
  switch to X" (``WISH_TO_CHANGE``) gives an instruction (docs/capture-labelling.md), not a proposal.
- ``BANS``: how a rule forbids a thing ("ban eval()", "banned use of console", "… should not use floats").
"""

from __future__ import annotations

import re

_WHO = r"(?:i|we)(?:'ve|'re|'ll|'d|\s+have|\s+are|\s+will|\s+had|\s+am|'m)?"
_ADV = r"(?:\s+(?:just|also|now|finally|already|recently|then|since|gradually|officially))?"
_TOOK_UP = (r"(?:start(?:ed|ing)?|begun|began)\s+using|(?:made|make|making)\s+use\s+of|"
            r"updated\s+(?:\w+\s+){0,3}?to\s+use|swapp?(?:ed|ing)?\s+(?:over\s+)?to|switched\s+over\s+to|"
            r"chosen|preferring|ported\s+(?:\w+\s+){0,3}?to|converted\s+(?:\w+\s+){0,3}?to|"
            r"standardi[sz]ed\s+on|landed\s+on|settled\s+on|committed\s+to|"
            # "I changed the settings to default to squash", "we set the default to merge commits"
            r"(?:changed|set|made)\s+(?:\w+\s+){0,4}?default(?:s)?\s+to")
CHOICE_VERBS = re.compile(r"\b" + _WHO + _ADV + r"\s+(?:" + _TOOK_UP + r")\b|"
                          r"\blet's\s+(?:start\s+using|make\s+use\s+of|swap\s+(?:over\s+)?to)\b|"
                          r"^(?:\w+\s+and\s+)?(?:swap(?:ped)?\s+(?:over\s+)?to|make\s+use\s+of|port|convert)\s+\S|"
                          # "… kept us waiting, so swapped over to Buildkite": the subject left out after "so"
                          r"\b(?:so|hence|and then)\s+(?:(?:we|i)(?:'ve|\s+have)?\s+)?(?:swapp?ed|switched|moved|migrated|ported)\s+"
                          r"(?:over\s+|back\s+)?to\s+\S", re.I)
# The object of one of those verbs ("… to use the Day.js library", "swapped over to github actions").
TOOK_UP_OBJECT = re.compile(r"\b(?:" + _TOOK_UP + r"|port(?:\s+[\w.-]+){0,3}?\s+to|convert(?:\s+[\w.-]+){0,3}?\s+(?:to|into)|"
                            r"swap(?:\s+over)?\s+to|make\s+use\s+of)\s+"
                            r"(?:the\s+|a\s+|an\s+|our\s+)?", re.I)
REPLACES = re.compile(r"\bas\s+(?:a|the)\s+(?:drop-in\s+)?(?:replacement|substitute|successor)\s+(?:for|of)\s+", re.I)
PROPOSAL = re.compile(r"\b(?:i\s+think\s+(?:we|you)\s+(?:can|could|should)|we\s+could|"
                      r"(?:it|this|that)\s+would\s+be\s+(?:nice|good|great|better|helpful|useful|cool)|"
                      # (round 16: not "I would like to work on this issue": an offer to do it)
                      r"i(?:'d| would)\s+(?:like|love)\s+to(?!\s+(?:work\s+on|take\s+on|pick\s+up|tackle)\s+(?:this|it)\b)|"
                      r"(?:should|could)\s+(?:potentially|possibly)|"
                      r"i\s+(?:figured|thought)\s+i\s+would\s+try|let\s+me\s+know|"
                      r"(?:we|you)\s+should\s+discuss|"
                      # round 15: "We should probably migrate, too."
                      r"(?:we|i)\s+(?:should|could)\s+probably)\b", re.I)
WISH_TO_CHANGE = re.compile(r"\b(?:i|we)(?:'d|\s+would)\s+(?:really\s+)?(?:like|love)\s+to\s+(?:switch|move|migrate|use|"
                            r"replace|drop|remove|adopt|go\s+with)\b", re.I)
BANS = re.compile(r"\bban(?:s|ned|ning)?\s+(?:the\s+)?(?:use[ds]?\s+of\s+|using\s+)?(?P<x>[\w.]+)(?:\(\))?|"
                  r"^(?:any\s+|all\s+|the\s+)?[\w -]{2,40}?\s+(?:should|must)\s+(?:not|never)\s+use\s+(?P<y>[\w.-]+)", re.I)

# ------------------------------------------------------------------ a text's standing: proposal or outcome
# - ``TENTATIVE_TITLE``: a title that opens a proposal or an inquiry ("Consider replacing X", "Research: moving to Y",
#   "[IDEA]: …", "Suggestion: …", "Proposal: …"); what follows argues, unless an outcome is reported.
# - ``TENTATIVE_BODY``: a body sentence that keeps its title open ("We have proposed to migrate …", "there was an
#   interest in exploring …", "Maybe this should be an RFC", "We should consider …", "is worth considering").
# - ``OUTCOME``: a sentence reporting the change made or settled ("Switch over made in 1.5.0", "Resolved by #221",
#   "Done in commit …", "Completed in #80", "I wrote the migration …"); ``CHANGE_MADE``: "Removed X and replaced it
#   with Y", "we got rid of X".
TENTATIVE_TITLE = re.compile(
    r"^(?:\[?(?:idea|rfc|proposal|suggestion|discussion|draft|question|research|spike|poc|wip|do\s+not\s+merge|dnm|"
    r"experiment(?:al)?)\]?\s*[:\]-]?\s+|"
    r"(?:consider(?:ing)?|research(?:ing)?|investigat(?:e|ing)|explor(?:e|ing)|evaluat(?:e|ing)|look(?:ing)?\s+into|"
    r"think(?:ing)?\s+about|maybe|perhaps|possibly|"
    # "Decide whether to change the support policy", "Discuss how to version the API": the question itself
    r"(?:decide|discuss|determine|figure\s+out)\s+(?:whether|if|how|which|what|on\s+whether))\b)", re.I)
# A title that offers two changes ("Convert X -> Y or add Z", "Move to X or keep Y") has chosen neither.
EITHER_OR = re.compile(r"\bor\s+(?:just\s+)?(?:add|use|switch|move|keep|replace|migrate|adopt|go\s+with|stay|stick)\b|"
                       # "Replace moment with dayjs or luxon to cut the bundle": two targets, neither chosen (round 11)
                       r"\b(?:with|to|by)\s+(?:the\s+)?[\w.+#-]+\s+or\s+(?:the\s+)?[\w.+#-]+"
                       r"(?=\s*(?:$|[.,;!]|\s+(?:to|for|because|since|as|in|instead)\b))", re.I)
TENTATIVE_BODY = re.compile(
    r"\b(?:(?:we|i)(?:'ve| have)\s+proposed|(?:we|i)\s+(?:are\s+|am\s+)?proposing|interest\s+in\s+exploring|"
    r"explor(?:e|ing)\s+(?:the\s+use\s+of|using|whether|if|moving|switching|replacing|migrating)|"
    r"(?:we|you|i)\s+(?:should|could|might|may)\s+(?:want\s+to\s+)?consider|worth\s+considering|"
    r"consider\s+(?:replacing|moving|switching|migrating|using|dropping|requiring|adopting|removing)|"
    r"should\s+be\s+an\s+rfc|opinion[- ]based|to\s+discuss\s+(?:if|whether)|open\s+(?:a\s+)?discussion|"
    r"^(?:maybe|perhaps)\s+(?:this|it|we)\b|(?:we|you|i)\s+(?:may|might)\s+want\s+to|(?:should|will|we)\s+aim\s+to|"
    r"at\s+some\s+point|not\s+(?:for|in)\s+this\s+(?:pr|pull\s+request|release)|some\s?day\b|one\s+day\b|"
    r"it\s+would\s+be\s+(?:really\s+|very\s+|so\s+)?(?:nice|great|good|cool|awesome|ideal|interesting)\b|"
    # "a replacement should be evaluated", "look into possibility to switch", "Starting to consider this",
    # "The suggestion: …", "here is a proposal to migrate …", "there are very good chances X will be dropped"
    r"(?:should|needs?\s+to|has\s+to|must)\s+(?:probably\s+|first\s+|still\s+|further\s+)?be\s+(?:further\s+)?"
    r"(?:evaluated|investigated|considered|discussed|explored|researched)\b|"
    r"^(?:explore|investigate|evaluate|look\s+into|research)\b|\bpossibility\s+(?:of|to)\b|"
    r"(?:start(?:ing|ed)?|begin(?:ning)?|began)\s+to\s+consider\b|^(?:the\s+|my\s+)?suggestion\s*:|"
    r"(?:here\s+is|here's|this\s+is)\s+(?:a|my|the)\s+proposal\b|\b(?:good|high|fair|decent)\s+chances?\b|"
    r"^check\s+(?:if|whether)\b|"
    # round 15: "See if Go modules is more suitable", "(Tentative) Replace webpack with Vite"
    r"^see\s+(?:if|whether)\b|(?<=^[\[(])(?:tentative|proposal|draft|idea|rfc|wip)[\])]|(?:i'm|i am|we're|we are)\s+open\s+to\s+(?:whatever|anything|either|both)\b)", re.I)
_ASSENT = (r"^(?:clos(?:ing|ed?)\s+(?:this\s+|it\s+)?as\s+(?:completed|done|implemented|resolved)|"  # GitHub's closing words
           r"(?:i\s+think\s+)?(?:it's|it\s+is)\s+(?:good|fine|ok(?:ay)?)\s+to\s+(?:move\s+forward|go\s+ahead|proceed|merge)|"
           r"no\s+(?:problem|objections?)(?:\s+(?:at\s+all|from\s+me|here))?|(?:sounds\s+|looks\s+)?good\s+(?:for|to)\s+me|"
           r"(?:i'm|i\s+am)\s+(?:also\s+)?(?:fine|ok(?:ay)?|happy)\s+with\s+(?:this|that|it)(?:\s+too)?|"
           # round 19: "I'm open to this idea.": a go-ahead, no choice of its own

           # round 19: "Absolutely, this is a good idea.", "It's worth it indeed."
           r"(?:absolutely|definitely|totally|yes|yeah|sure|agreed)[,!.]?\s+(?:this|that|it)(?:'s|\s+is|\s+would\s+be)\s+"
           r"(?:a\s+)?(?:really\s+|very\s+)?(?:good|great|excellent)\s+idea)\s*[.!]*\s*$")
# Round 16: "Decision is to move this repo to gradle.", "the decision has been made to use helm for all future
# releases": a decision reported, whoever made it.
DECISION_MADE = r"\b(?:the\s+)?decision\s+(?:is|was|(?:has|had)\s+been\s+made|was\s+made)\s+to\s+(?!be\b)[a-z]+\b"
# Round 16: "Done: the Tailwind migration is complete", "The switch to Vite has been finished".
MIGRATION_DONE = re.compile(r"^(?:done\s*:\s*)?(?:the\s+|our\s+)?(?:[\w.+#/-]+\s+){0,3}?(?:migration|switch|move|transition|"
                            r"conversion|port|upgrade)(?:\s+(?:to|from)\s+[\w.+#/-]+){0,2}\s+(?:is|has\s+been|was)\s+(?:now\s+)?"
                            r"(?:complete|completed|done|finished)\b", re.I)
OUTCOME = re.compile(
    r"\b(?:(?:done|completed|resolved|fixed|implemented|addressed|merged|landed|shipped|released)\s+(?:in|by|with|via|as\s+of)\s+"
    r"(?:#|pr\b|pull\b|commit\b|[0-9a-f]{7,40}\b|v?\d)|"
    r"switch(?:-|\s)?over\s+(?:was\s+)?(?:made|done|completed|finished)|"
    r"(?:released|shipped|landed|included)\s+(?:as\s+part\s+of|in)\s+v?\d|"
    # round 19: the completion reported in other words ("Finalized in #4942", "Closed via #40", "Addressed in release
    # 0.5.0", "This has now been done.", "All done!", "Finished renaming yesterday.", "This is mostly done, …")
    r"(?:finali[sz]ed|closed|completed|merged|landed)\s+(?:in|by|via|with)\s+(?:#\d|(?:pr|pull\s+request|commit)\s*#?\d|[0-9a-f]{7,40}\b)|"
    r"(?:done|completed|resolved|fixed|implemented|addressed|merged|landed|shipped|released)\s+(?:in|with|as\s+of)\s+"
    r"(?:the\s+)?(?:release|version)\s+v?\d|"
    r"(?:^|[.?!]\s+)(?:(?:this|it|that|the\s+(?:switch|move|migration|change|rename|renaming))\s+(?:has|is|was)\s+(?:now\s+|finally\s+|"
    r"already\s+|mostly\s+|all\s+)?(?:been\s+)?(?:done|completed|finished|implemented)|all\s+done)(?=\s*(?:[.!,:]|$))|"
    r"(?:^|[.?!]\s+)finished\s+\w+ing\b|"
    r"(?:i|we)(?:'ve|\s+have)?\s+(?:now\s+)?(?:wrote|written|made|finished|completed|done)\s+the\s+(?:migration|switch|move|change)|"
    # round 11: "Fixed in master.", "This seems to be done with the merged PR", "X will be removed in the next release!",
    # and a go-ahead that ends a thread ("yes please go ahead", "Let's go with it!", "Merging!")
    r"(?:fixed|done|resolved|implemented|addressed)\s+(?:in|on)\s+(?:master|main|develop|trunk)\b|"
    r"(?:seems\s+to\s+be|is\s+(?:now\s+)?|has\s+(?:now\s+)?been)\s+done\s+(?:with|in|by|via)\s+(?:the\s+)?(?:merged\s+|linked\s+)?"
    r"(?:pr|pull\s+request|commit)\b|"
    r"will\s+be\s+(?:removed|dropped|replaced)\s+in\s+(?:the\s+)?(?:next|upcoming|coming)\s+(?:\w+\s+)?(?:release|version)\b|"
    r"(?:^|[.?!]\s+)(?:(?:yes|sure|ok(?:ay)?),?\s+)?(?:please\s+go\s+ahead|let's\s+(?:do|go\s+with)\s+(?:it|this)|go\s+for\s+it|"
    r"merging\b(?=\s*[.!]*\s*$))|"
    # round 18: "If you can, please feel free to do it", "Yes, good idea. PR welcome!", "Sure, I am okay with using pnpm"
    r"(?<!disagree, )(?:please\s+)?feel\s+free\s+to\s+(?:do\s+(?:it|this|that)|go\s+ahead|(?:open|send|submit|make)\s+(?:a|the)\s+(?:pr|pull\s+request))\b|"
    r"(?:^|[.?!]\s+)(?:(?:yes|sure|ok(?:ay)?|good\s+idea),?[.!]?\s+)*(?:a\s+)?(?:prs?|pull\s+requests?)\s+(?:(?:are|is)\s+)?(?:very\s+|always\s+)?welcome\b|"
    r"(?:i'm|i\s+am|we're|we\s+are)\s+(?:\w+\s+)?(?:fine|ok(?:ay)?|happy)\s+with\s+(?:using|switching\s+to|moving\s+to|"
    r"migrating\s+to|the\s+(?:switch|move|migration|change))\b|"
    # round 15: an assent that is the whole sentence, answering "Any issues with me switching it to MIT?"
    r"(?:" + _ASSENT + r")|" + DECISION_MADE + r"|" + MIGRATION_DONE.pattern[1:] + r")",
    re.I)
ASSENT = re.compile(_ASSENT, re.I)
# A settled choice said after a proposal ("… We've decided to write new tests with X"): a fact of its own.
DECIDED = re.compile(DECISION_MADE + r"|\b(?:i|we)(?:'ve|\s+have)?\s+(?:now\s+|finally\s+)?(?:decided|settled\s+on|agreed\s+on)\b|"
                     r"\b(?:decision|consensus)(?:/(?:decision|consensus))?\s+(?:was\s+|has\s+been\s+)?reached\b|"
                     r"\breached\s+(?:a\s+)?(?:decision|consensus)\b", re.I)
# … and a change reported as made, which is the title's outcome when it names what the title names.
CHANGE_MADE = re.compile(
    r"(?:\b(?:i|we)(?:'ve|\s+have)?\s+(?:now\s+)?(?:removed|replaced|switched|migrated|moved|converted|dropped|got\s+rid\s+of)|"
    r"^(?:removed|replaced|switched|migrated|moved|converted|dropped)|\bgot\s+rid\s+of)\b", re.I)


# A title stated as a noun or a gerund ("Replacement of flake8 with ruff", "Migration from Flask to FastAPI",
# "Replacing Redux with Zustand", "Conversion of the tests from unittest to pytest") says the same as the imperative.
_NOMINAL = [
    (re.compile(r"^(?:the\s+)?replacement\s+of\s+", re.I), "Replace "),
    (re.compile(r"^(?:the\s+)?(?:migration|transition)\s+(?=(?:from|to|of|away)\b)", re.I), "Migrate "),
    (re.compile(r"^(?:the\s+)?conversion\s+(?:of\s+)?", re.I), "Convert "),
    (re.compile(r"^(?:the\s+|full\s+)?removal\s+of\s+", re.I), "Remove "),
    (re.compile(r"^replacing\s+", re.I), "Replace "),
    (re.compile(r"^migrating\s+", re.I), "Migrate "),
    (re.compile(r"^switching\s+", re.I), "Switch "),
    (re.compile(r"^moving\s+(?=(?:from|to|away)\b)", re.I), "Move "),
    (re.compile(r"^converting\s+", re.I), "Convert "),
    (re.compile(r"^dropping\s+", re.I), "Drop "),
    (re.compile(r"^removing\s+", re.I), "Remove "),
    (re.compile(r"^using\s+(?=\S+(?:\s+\S+){0,3}?\s+(?:instead\s+of|rather\s+than|over)\b)", re.I), "Use "),
    # "To use X instead of Y": a title in the infinitive
    (re.compile(r"^to\s+(?=(?:use|switch|move|migrate|replace|drop|remove|adopt)\b)", re.I), ""),
]
_GERUND = {"replacing": "replace", "moving": "move", "switching": "switch", "migrating": "migrate",
           "dropping": "drop", "removing": "remove", "using": "use", "adopting": "adopt", "requiring": "require",
           "converting": "convert"}


# "Postgres to Mongo Migration", "Redux to Zustand migration": the noun after the change says what it is.
_X_TO_Y = re.compile(r"^(?P<x>[\w.+#/-]+(?:\s+[\w.+#/-]+)?)\s+(?:->|=>|→|to)\s+(?P<y>[\w.+#/-]+(?:\s+[\w.+#/-]+)?)\s+"
                     r"(?:migration|switch|move|transition|port|conversion)\.?$", re.I)


# Round 15: "Migration gson to moshi", "Migration Cocoapods to SPM": the noun, then what it leaves and where it goes.
_MIGRATION_X_TO_Y = re.compile(r"^(?:the\s+)?(?:migration|transition)\s+(?!(?:from|to|of|away|over|back)\b)"
                               r"(?P<x>[\w.+#/-]+(?:\s+(?!to\b)[\w.+#/-]+)?)\s+(?:->|=>|→|to)\s+(?P<y>[\w.+#/-]+(?:\s+[\w.+#/-]+)?)"
                               r"(?=\s*[.!]?\s*$)", re.I)


# Round 16: "TypeScript migration": a migration to what it names, when the text names it as the target (extract.py).
Y_MIGRATION = re.compile(r"^(?P<y>(?-i:[A-Z])[\w.+#/-]*(?:\s+v?\d[\w.]*)?)\s+(?:migration|adoption)(?=\s*[.!]?$)", re.I)


def as_imperative(title: str, untentative: bool = False) -> str:
    """The title said as an imperative; with ``untentative``, without its tentative opener ("Consider replacing X
    with Y" -> "Replace X with Y") — for a text whose outcome is reported."""
    if untentative:
        m = TENTATIVE_TITLE.match(title)
        if m:
            rest = title[m.end():].lstrip(" :-")
            words = rest.split(" ", 1)
            if words and words[0].lower() in _GERUND:
                rest = _GERUND[words[0].lower()] + (" " + words[1] if len(words) > 1 else "")
            title = rest[:1].upper() + rest[1:] if rest else title
    xy = _X_TO_Y.match(title.strip()) or _MIGRATION_X_TO_Y.match(title.strip())
    if xy:
        return f"Migrate from {xy.group('x')} to {xy.group('y')}" + title.strip()[xy.end():]
    for rx, verb in _NOMINAL:
        m = rx.match(title)
        if m:
            rest = title[m.end():]
            return verb + rest if verb else rest[:1].upper() + rest[1:]
    return title
