// The small part of EDN the extension writes: strings and keyword idents. Everything a person types goes
// through ednString, so quotes, backslashes, newlines or brackets in their text can never change the
// structure of a transaction.

/** An EDN string literal for any JS string (lone surrogates, which UTF-8 cannot carry, become U+FFFD). */
export function ednString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += s[i] + s[i + 1];
        i++;
        continue;
      }
    }
    if (c >= 0xd800 && c <= 0xdfff) out += "\ufffd";
    else if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += "\\\\";
    else if (c === 0x0a) out += "\\n";
    else if (c === 0x0d) out += "\\r";
    else if (c === 0x09) out += "\\t";
    else if (c < 0x20 || c === 0x7f) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += s[i];
  }
  return out + '"';
}

/** Lowercase, every run of other characters -> one "-", trimmed of "-" (the ident form of the seed). */
export function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Same character rule as the store's ident check: lowercase, digits, - _ . ? */
const IDENT_PART = /^[a-z0-9_.?-]+$/;

export function isIdent(text: string): boolean {
  if (!text.startsWith(":")) return false;
  const body = text.slice(1);
  const parts = body.split("/");
  return parts.length === 2 && parts.every((p) => IDENT_PART.test(p));
}

/** A keyword ident `:ns/name` from a namespace and free text, or null when the text has no usable characters. */
export function ident(ns: string, name: string): string | null {
  const s = slug(name);
  if (!s || !IDENT_PART.test(ns)) return null;
  return `:${ns}/${s}`;
}

/** Words that negate what follows: kept (as "no") so a short name never says the opposite of its text. */
const NEGATION = /\b(?:never|not|no|do\s+not|does\s+not|don['’]?t|doesn['’]?t|didn['’]?t|cannot|can['’]?t|mustn['’]?t|won['’]?t|shouldn['’]?t)\b/gi;

/** A short name suggestion from a sentence: its first few significant words, negations kept as "no". */
export function suggestName(text: string, maxWords = 5): string {
  const stop = new Set(["a", "an", "the", "we", "will", "to", "of", "and", "for", "in", "on", "is", "be", "use", "using", "always", "must", "should"]);
  const words = slug(text.replace(NEGATION, " no ")).split("-").filter(Boolean);
  const kept = words.filter((w, i) => !stop.has(w) && !(w === "no" && words[i - 1] === "no"));
  return (kept.length ? kept : words).slice(0, maxWords).join("-");
}
