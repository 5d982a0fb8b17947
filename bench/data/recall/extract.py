"""How memories.json was made: the title, the first sentences of the Decision section and of the Context
section of each chosen ADR, markdown links and formatting stripped (no other edits). Run with the ADR
folders of the two repositories (see README.md); prints memories.json to stdout. Rejected alternatives
(``rejects``) and the backstage entries were added by hand from the same ADR texts."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adrtext import clean, sentences, slug

CP = ["000", "001", "002", "003", "004", "005", "006", "007", "008", "009", "010", "011", "012", "013", "014",
      "015", "016", "017", "018", "019", "035", "037", "039", "040", "041", "042", "044", "045", "046",
      "047", "048", "049"]
MP = ["0002", "0003", "0004", "0005", "0006", "0007", "0008", "0009", "0014", "0015", "0016", "0018", "0019",
      "0021", "0023", "0024", "0026", "0028", "0029", "0031", "0032", "0034", "0035", "0037", "0038", "0040",
      "0041", "0042", "0044"]


def section(text: str, name: str) -> str:
    m = re.search(r"^#+\s*" + name + r"[^\n]*\n(.*?)(?=^#+\s|\Z)", text, re.S | re.M | re.I)
    return clean(m.group(1), full=False) if m else ""


def main(cp_dir: str, mp_dir: str) -> None:
    out = []
    for prefix, folder, nums in (("cp", cp_dir, CP), ("mp", mp_dir, MP)):
        for n in nums:
            f = next(p for p in sorted(Path(folder).glob(f"{n}-*.md")))
            text = f.read_text()
            title = re.sub(r"^[\d.\s]+", "", text.strip().splitlines()[0].lstrip("# ")).strip()
            decision = sentences(section(text, "Decision"), 300, ends=".!?")
            context = sentences(section(text, "Context"), 300, ends=".!?")
            out.append({"entity": f":decision/{prefix}-{n.lstrip('0') or '0'}-{slug(title)}",
                        "description": f"{title}. {decision}".strip(), "rationale": context,
                        "source": f"{prefix}:{f.name}"})
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
