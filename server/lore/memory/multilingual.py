"""Changes of mind said in French, Spanish, Portuguese, Italian, German, Chinese, Japanese, Korean and Russian (issue 14).

lore.memory.extract reads English. Here each language's frames of a change are read by their grammar — the verb of
replacing, switching, removing or using-instead with its two arguments (French "remplacer X par Y", German "X durch
Y ersetzen", Japanese "X から Y に移行", Chinese "移除 X", Korean "X 제거 및 Y로 대체") — with the language's reason
connectives and a decision record's "rejected" verdicts. The frames' verbs and particles are not English words, so
English text matches none of them. What is named is a run of Latin-script tokens (package and product names keep
their own spelling in every language the capture sets use).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# A name: Latin-script tokens ("Celery", "golang.org/x/net", "mem::forget", "Firebase Authentication"); further
# words only when capitalised or numbered, so that a sentence's own words do not join it.
_TOKEN = r"(?<![#A-Za-z0-9_.+/@:-])[A-Za-z0-9][A-Za-z0-9_.+#/@-]*(?:::[A-Za-z0-9_]+)*"
_MORE = r"(?:[ \t]+(?-i:[A-Z0-9])[A-Za-z0-9_.+#/@-]*(?:::[A-Za-z0-9_]+)*){0,2}"


def _n(group: str) -> str:
    return rf"(?P<{group}>{_TOKEN}{_MORE})"


_FR_ART = r"(?:(?:le|la|les|du|des|un|une|de\s+la)\s+|l'|d')?"
_ES_ART = r"(?:(?:el|la|los|las|un|una|del)\s+)?"
_PT_ART = r"(?:(?:o|a|os|as|um|uma|do|da)\s+)?"
_IT_ART = r"(?:(?:il|lo|la|i|gli|le|un|una|del|della)\s+|l')?"
_DE_ART = r"(?:(?:den|die|das|dem|der|einen|eine)\s+)?"
_X, _Y = _n("x"), _n("y")

# (language, pattern): group y is what is chosen, group x what is dropped (either may be absent).
_FRAMES: list[tuple[str, re.Pattern[str]]] = [(lang, re.compile(p, re.I)) for lang, p in [
    # French
    ("fr", r"\bremplac\w*\s+" + _FR_ART + _X + r"\s+par\s+" + _FR_ART + _Y),
    ("fr", r"\b(?:pass|migr|bascul|chang)\w*\s+(?:de\s+|du\s+|d')" + _FR_ART + _X + r"\s+(?:à|a|au|vers|pour)\s+" + _FR_ART + _Y),
    ("fr", r"\b(?:utilis|adopt|emploi|prend|choisi)\w*\s+" + _FR_ART + _Y + r"\s+(?:au\s+lieu\s+(?:de\s+|d')|plutôt\s+que\s+|"
           r"à\s+la\s+place\s+(?:de\s+|d'))" + _FR_ART + _X),
    ("fr", r"\b(?:supprim(?:er|e|ons|é|ée|és)|retir(?:er|ons|é|ée|és)|enl[eè]v(?:er|e|ons|é|ée)|abandonn(?:er|e|ons|é|ée))\s+"
           + _FR_ART + _X),
    ("fr", r"\b(?:nous\s+(?:utilis|adopt|choisiss)\w*|on\s+(?:utilise|adopte|choisit))\s+" + _FR_ART + _Y),
    # Spanish
    ("es", r"\b(?:reemplaz|sustitu|cambi)\w*\s+" + _ES_ART + _X + r"\s+(?:por|con|a)\s+" + _ES_ART + _Y),
    ("es", r"\b(?:migr|pas|mud|cambi)\w*\s+(?:de|del)\s+" + _ES_ART + _X + r"\s+(?:a|al|hacia)\s+" + _ES_ART + _Y),
    ("es", r"\b(?:us|utiliz|adopt|empl)\w*\s+" + _ES_ART + _Y + r"\s+(?:en\s+lugar\s+de|en\s+vez\s+de)\s+" + _ES_ART + _X),
    ("es", r"\b(?:elimin|quit|retir)(?:ar|amos|ado|ada|ó|a)\s+" + _ES_ART + _X),
    ("es", r"\b(?:usamos|usaremos|utilizamos|utilizaremos|adoptamos|elegimos)\s+" + _ES_ART + _Y),
    # round 18: the impersonal "Se adopta PostgreSQL como …", "se usará X"
    ("es", r"\bse\s+(?:adopta|adoptará|elige|eligió|usará|utilizará|usa|utiliza|opta\s+por)\s+" + _ES_ART + _Y),
    # Portuguese
    ("pt", r"\b(?:substitu|troc)\w*\s+" + _PT_ART + _X + r"\s+(?:por|pelo|pela)\s+" + _PT_ART + _Y),
    ("pt", r"\b(?:migr|mud|pass)\w*\s+(?:de|do|da)\s+" + _PT_ART + _X + r"\s+(?:para|pro|pra)\s+" + _PT_ART + _Y),
    ("pt", r"\b(?:us|utiliz|adot)\w*\s+" + _PT_ART + _Y + r"\s+(?:em\s+vez\s+d[eoa]|ao\s+invés\s+d[eoa]|no\s+lugar\s+d[eoa])\s+"
           + _PT_ART + _X),
    ("pt", r"\b(?:remov|elimin|retir)(?:er|ar|emos|amos|ido|ado|ida|ada)\s+" + _PT_ART + _X),
    # Italian
    ("it", r"\bsostitu\w*\s+" + _IT_ART + _X + r"\s+con\s+" + _IT_ART + _Y),
    ("it", r"\b(?:migr|pass)\w*\s+(?:da|dal|dalla)\s+" + _IT_ART + _X + r"\s+(?:a|al|alla|verso)\s+" + _IT_ART + _Y),
    ("it", r"\b(?:us|utilizz|adott)\w*\s+" + _IT_ART + _Y + r"\s+(?:invece\s+di|al\s+posto\s+di)\s+" + _IT_ART + _X),
    ("it", r"\b(?:rimuov|elimin|abbandon)(?:ere|are|iamo|uto|ato|ata)\s+" + _IT_ART + _X),
    # German
    ("de", r"\b" + _DE_ART + _X + r"\s+durch\s+" + _DE_ART + _Y + r"\s+(?:ersetz|austausch)\w*"),
    ("de", r"\bersetz\w*\s+" + _DE_ART + _X + r"\s+durch\s+" + _DE_ART + _Y),
    ("de", r"\b(?:wechsel\w*|umstieg|umzug|umstellung|migration|migrier\w*|umstellen|umsteigen)\s+von\s+" + _DE_ART + _X +
           r"\s+(?:zu|auf|nach)\s+" + _DE_ART + _Y),
    ("de", r"\b(?:verwend|nutz|benutz|einsetz)\w*\s+" + _DE_ART + _Y + r"\s+(?:statt|anstatt|anstelle\s+von)\s+" + _DE_ART + _X),
    ("de", r"\b" + _DE_ART + _X + r"\s+entfern(?:en|t)\b"),
    ("de", r"\bentfern(?:e|en|t)\s+" + _DE_ART + _X),
    ("de", r"\bwir\s+(?:verwenden|nutzen|benutzen|setzen\s+auf|entscheiden\s+uns\s+für)\s+" + _DE_ART + _Y),
    # round 18: "auf Decidim umstellen", "stellen wir auf X um", "umstellen auf X": a switch to Y, what it leaves unsaid
    ("de", r"\bauf\s+" + _DE_ART + _Y + r"\s+(?:umstellen|umsteigen|wechseln|migrieren)\b"),
    ("de", r"\b(?:umstellen|umsteigen|wechseln|migrieren)\s+auf\s+" + _DE_ART + _Y),
    # Chinese
    ("zh", r"(?:用|以|使用|采用|改用|採用)\s*" + _Y + r"\s*(?:替换|代替|取代|替代)\s*(?:掉\s*)?" + _X),
    ("zh", r"(?:将|把)\s*" + _X + r"\s*(?:替换|迁移|切换|改|换)(?:为|成|到)\s*" + _Y),
    ("zh", r"从\s*" + _X + r"\s*(?:迁移|切换|转移|换|改|转)(?:到|至|为|成)\s*" + _Y),
    ("zh", r"(?:移除|删除|去除|去掉|弃用|废弃|放弃|移走)\s*" + _X),
    # Japanese
    ("ja", _X + r"\s*から\s*" + _Y + r"\s*(?:に|へ)\s*(?:移行|切り替え|切替|変更|置き換え|乗り換え)"),
    ("ja", _X + r"\s*を\s*" + _Y + r"\s*(?:に|へ|で)\s*(?:置き換え|置換|移行|変更|切り替え)"),
    ("ja", _X + r"\s*(?:を|の)\s*(?:削除|廃止|撤廃|除去)"),
    ("ja", _Y + r"\s*を\s*(?:採用|使用する|使う)"),
    # Korean
    ("ko", _X + r"\s*(?:에서)\s*" + _Y + r"\s*(?:으로|로)\s*(?:전환|마이그레이션|이전|변경|교체|대체|이동)"),
    ("ko", _X + r"\s*(?:을|를)?\s*" + _Y + r"\s*(?:으로|로)\s*(?:대체|교체|변경)"),
    ("ko", _Y + r"\s*(?:으로|로)\s*(?:대체|교체)"),
    ("ko", _X + r"\s*(?:을|를)?\s*(?:제거|삭제|폐기)"),
    # round 18: "useReducer 대신 Zustand를 이용하여": Y in X's place
    ("ko", _X + r"\s*대신(?:에)?\s*" + _Y + r"\s*(?:을|를)?\s*(?:이용|사용|도입|채택|적용)"),
    # Russian (round 18): "использовать Y вместо X", "заменить X на Y", "перейти с X на Y", "удалить X"
    ("ru", r"(?:использ|примен|перей|переход|выбира|выбр)\w*\s+(?:на\s+)?" + _Y + r"\s+вместо\s+" + _X),
    ("ru", r"\bзамен\w*\s+" + _X + r"\s+на\s+" + _Y),
    ("ru", r"(?:переход|перей|перев|мигр|переез)\w*\s+(?:с|со)\s+" + _X + r"\s+на\s+" + _Y),
    ("ru", r"(?:удал|убра|убир|отказ\w*\s+от)\w*\s+" + _X),
]]

# Reason connectives, by language: a clause or sentence that opens with (or, for the particles, holds) one explains.
_REASON = {
    "fr": r"\b(?:parce\s+que|parce\s+qu'|car\b|puisque|étant\s+donné\s+que|en\s+raison\s+d|à\s+cause\s+d|vu\s+que)",
    "es": r"\b(?:porque|ya\s+que|dado\s+que|debido\s+a|puesto\s+que|por\s+culpa\s+de|pues)\b|\bjustificaci[oó]n\s*:",
    "pt": r"\b(?:porque|pois|já\s+que|devido\s+a|uma\s+vez\s+que|visto\s+que)\b",
    "it": r"\b(?:perché|poiché|dato\s+che|a\s+causa\s+di|siccome|visto\s+che)",
    "de": r"\b(?:weil|da|denn|wegen|aufgrund)\b|\b(?:grund|begründung)\s*:",
    "zh": r"(?:因为|由于|原因|所以|因此|为了|以便|以获得|以獲得|以提高|以提升|以减少|以減少)",
    "ja": r"(?:ため|ので|理由|注\s*:)",
    "ko": r"(?:때문에|왜냐하면|이유|므로)",
    "ru": r"(?:потому\s+что|так\s+как|поскольку|из-за|чтобы)",
}
# Japanese and Korean put the connective after the reason it closes.
_CLOSES_REASON = re.compile(r"ため|ので|때문에|므로")
# A record's verdict on an alternative ("Entscheidung: Abgelehnt - Kosten", "Rejeté : trop cher").
_REJECTED = re.compile(r"\b(?:abgelehnt|verworfen|rejet[ée]e?s?|écart[ée]e?s?|rechazad[oa]s?|descartad[oa]s?|rejeitad[oa]s?|"
                       r"scartat[oa]|respint[oa])\b|(?:否决|不采用|却下|不採用|기각)", re.I)
_OPTION = re.compile(r"^(?:alternative|alternativa|option|opción|opção|opzione|选项|方案|代替案|대안)\s*\w{0,2}\s*[:：]\s*" + _Y,
                     re.I)
# A name that is a word of the sentence, not a thing named.
_NOT_NAMES = {"de", "la", "le", "el", "a", "o", "da", "do", "des", "du", "los", "las", "die", "der", "das", "den", "dem",
              "un", "une", "una", "um", "uma", "il", "lo", "que", "qu", "it", "this"}

_SPLIT = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])\s*|\n+")


@dataclass
class Change:
    """One change read: what is chosen (or None: only dropped), what is dropped, where it was said and why."""
    chosen: str | None
    dropped: list[str]
    sentence: str
    lang: str
    rationale: list[str] = field(default_factory=list)


def _clean(name: str | None) -> str | None:
    if not name:
        return None
    name = name.strip().rstrip(".,;:/")
    return None if not name or name.lower() in _NOT_NAMES else name


def _frames(s: str) -> tuple[str | None, str | None, list[str]]:
    """(language, chosen, dropped) of the frames in one sentence."""
    lang = None
    chosen: str | None = None
    dropped: list[str] = []
    s = re.sub(r"\bhttps?://(?:www\.)?", "", s)  # "https://vitejs.dev/" names vitejs.dev
    for lg, rx in _FRAMES:
        for m in rx.finditer(s):
            y = _clean(m.groupdict().get("y"))
            x = _clean(m.groupdict().get("x"))
            if y is None and x is None:
                continue
            lang = lang or lg
            if y and chosen is None and (x is None or x.lower() != y.lower()):
                chosen = y
            if x and x.lower() not in {d.lower() for d in dropped}:
                dropped.append(x)
    if chosen:
        dropped = [d for d in dropped if d.lower() != chosen.lower()]
    return lang, chosen, dropped


_SCRIPT = {"fr": "latin", "es": "latin", "pt": "latin", "it": "latin", "de": "latin", "zh": "cjk", "ja": "cjk", "ko": "cjk",
           "ru": "cyrillic"}


def _reason(s: str, lang: str) -> str | None:
    """The reason a sentence gives, from its connective on (the whole sentence when the connective opens it). The
    frame's language is tried first, then the others of its script: "migrar de X a Y" is Spanish and French alike."""
    m = None
    for lg in [lang] + [x for x in _REASON if x != lang and _SCRIPT[x] == _SCRIPT[lang]]:
        m = re.search(_REASON[lg], s, re.I)
        if m:
            break
    if not m:
        return None
    if _CLOSES_REASON.fullmatch(m.group(0)):  # "JSON 지원이 부족하기 때문에", "遅いため": the reason comes before it
        return s[:m.end()].strip()
    if m.group(0) in ("所以", "因此"):  # "A，所以 B": A is why
        return s[:m.start()].strip(" ，,") or None
    return s[m.start():].strip().rstrip(".。!！") if m.start() > 0 else s.strip().rstrip(".。!！")


def read(turn: str) -> list[Change]:
    """The changes a user's turn states in a language other than English, with their reasons and the alternatives
    a record rejects."""
    sents = [t.strip() for t in _SPLIT.split(turn) if t and t.strip()]
    out: list[Change] = []
    option: str | None = None  # the alternative a record's line named last, waiting for its verdict
    for i, s in enumerate(sents):
        lang, chosen, dropped = _frames(s)
        if lang is None:
            opt = _OPTION.match(s)
            if opt:
                option = _clean(opt.group("y"))
                s = s[opt.end():]
            if option and _REJECTED.search(s):
                target = next((c for c in out if c.chosen), None)
                if target is not None:
                    if option.lower() not in {d.lower() for d in target.dropped}:
                        target.dropped.append(option)
                    verdict = _REJECTED.search(s)
                    said = s[verdict.end():].strip(" -–—:.").strip() if verdict else ""
                    if said:
                        target.rationale.append(said)
                option = None
            continue
        if not chosen and not dropped:
            continue
        same = next((c for c in out if chosen and c.chosen and c.chosen.lower() == chosen.lower()), None)
        gone = {d.lower() for c in out for d in c.dropped}
        if same is None and chosen is None and gone and all(d.lower() in gone for d in dropped):
            continue  # "… supervisord の設定から dramatiq を削除": the removal the change already made, told again
        if same is not None:  # said again further on ("… を Celery で置き換えます"): one change
            same.dropped.extend(d for d in dropped if d.lower() not in {x.lower() for x in same.dropped})
            continue
        change = Change(chosen, dropped, s.rstrip(".。"), lang)
        own = _reason(s, lang)
        if own and own != s.strip().rstrip(".。!！"):
            change.rationale.append(own)
        # The reason said after it: a sentence that opens on (or holds) a connective, else the first that speaks of
        # what is dropped (the judgement of the thing left is why it goes).
        after = [t for t in sents[i + 1:i + 3] if _frames(t)[0] is None]
        why = next((r for r in (_reason(t, lang) for t in after) if r), None)
        if why is None:
            why = next((t.rstrip(".。") for t in after if any(d.lower() in t.lower() for d in dropped)), None)
        if why:
            change.rationale.append(why)
        out.append(change)
    return out
