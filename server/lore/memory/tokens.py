"""Tokens for the lexical index: stop words and the query side of the tokenizer.

The tokenizer itself is SQL (index.sql, section ``tokenize``) so documents and queries are cut by the
same code; this module only holds the stop-word list and the namespaces the ranking treats specially.
"""

from __future__ import annotations

from lore.idents import CAPTURED_KINDS

# Common English function words and question words: they carry no topic, and every memory has them.
STOPWORDS = frozenset("""
a about above after again against all am an and any are as at be because been before being below between
both but by can could did do does doing down during each few for from further had has have having he her
here hers him his how i if in into is it its itself just let me more most my no nor not now of off on once
only or other our ours out over own same she should so some such than that the their theirs them then there
these they this those through to too under until up very was we were what when where which while who whom
why will with would you your yours yes ok okay also us lets let's i'm we're we'll it's that's there's
""".split())

# Words that frame a question to memory rather than name its topic ("what did we decide about X", "why did we
# choose X", "our policy on X"), as the tokenizer stems them. Dropped from questions only: in a memory's own
# text "decided" still counts. Left in, an unseen framing word weighs as the rarest term and pushes a plain
# question about X under the relevance floor.
QUESTION_WORDS = frozenset("""
decid decis choos chose chosen choic pick picked agre polic think know remember recal recall tell said say told
discuss talk
""".split())

# Namespaces of remembered knowledge boosted over code structure when ranking: the captured kinds, as recall's
# figures were measured with (a hand-written :note/ ranks as any other entity).
MEMORY_NAMESPACES = CAPTURED_KINDS
# Namespaces written by ingestion: code structure and git history.
CODE_NAMESPACES = ("module", "function", "class", "variable", "field", "commit", "tag", "ingestion")
# Attributes whose values are identifiers or bookkeeping, not text anyone searches.
SKIP_ATTRS = (":entity-type", ":hash", ":pinned-commit", ":date", ":introduced-by",
              ":modified-in", ":parent", ":contains", ":tagged-commit")


def sql_list(items: "tuple[str, ...] | frozenset[str]") -> str:
    """A SQL list of string literals from a fixed, trusted vocabulary (never user text)."""
    return ", ".join("'" + s.replace("'", "''") + "'" for s in sorted(items))
