"""Cue words shared by capture's sentence forms (extract.py): one list per meaning, so a verb or a hedge learnt for
one form is known to every form that reads the same meaning.

- ``CHOICE_VERBS``: how a person says they took something up, in any tense ("I've updated it to use Day.js",
  "swapped over to GitHub Actions", "I've chosen hatchling", "we're preferring pytest", "let's start using pytest").
- ``REPLACES``: how a sentence names what its choice replaces ("as a replacement for loguru").
- ``PROPOSAL``: how the body of an issue argues for its title rather than reporting it done ("I think we can …",
  "we could …", "it would be nice …"): the title was a proposal.
- ``BANS``: how a rule forbids a thing ("ban eval()", "banned use of console", "… should not use floats").
"""

from __future__ import annotations

import re

_WHO = r"(?:i|we)(?:'ve|'re|'ll|'d|\s+have|\s+are|\s+will|\s+had|\s+am|'m)?"
_ADV = r"(?:\s+(?:just|also|now|finally|already|recently|then|since|gradually|officially))?"
_TOOK_UP = (r"(?:start(?:ed|ing)?|begun|began)\s+using|(?:made|make|making)\s+use\s+of|"
            r"updated\s+(?:\w+\s+){0,3}?to\s+use|swapp?(?:ed|ing)?\s+(?:over\s+)?to|switched\s+over\s+to|"
            r"chosen|preferring|ported\s+(?:\w+\s+){0,3}?to|converted\s+(?:\w+\s+){0,3}?to|"
            r"standardi[sz]ed\s+on|landed\s+on|committed\s+to")
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
                      r"i(?:'d| would)\s+(?:like|love)\s+to|(?:should|could)\s+(?:potentially|possibly)|"
                      r"i\s+(?:figured|thought)\s+i\s+would\s+try|let\s+me\s+know|"
                      r"(?:we|you)\s+should\s+discuss)\b", re.I)
BANS = re.compile(r"\bban(?:s|ned|ning)?\s+(?:the\s+)?(?:use[ds]?\s+of\s+|using\s+)?(?P<x>[\w.]+)(?:\(\))?|"
                  r"^(?:any\s+|all\s+|the\s+)?[\w -]{2,40}?\s+(?:should|must)\s+(?:not|never)\s+use\s+(?P<y>[\w.-]+)", re.I)
