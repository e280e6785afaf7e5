"""Write the set-up list of scenarios/schlieffen-east.yaml: an illustrative deployment.

Rule 17 makes Schlieffen East a Free Setup variant (each side deploys freely in its own
country), so the rulebook gives no positions. This stand-in starts from the historical
set-up codes, moves the Russians standing in East Prussia back into Russian Poland, drops
the three units rule 17 removes, and adds the twelve historical German reinforcements, the
SEV counters modelled here and the Free Setup cavalry. The list replaces the lines between
the BEGIN and END comments of the scenario file (kept inline rather than as a side table:
`warkit check data/...` with a relative game path cannot find scenario side tables yet).
Run from anywhere:

    python data/when-eagles-fight/tools/make_sev_setup.py
"""

import csv
import re
from pathlib import Path

GAME = Path(__file__).resolve().parents[1]

REMOVED = {"de-1cav", "de-8cav", "de-3r"}  # rule 17
MOVED = {  # Russians in Germany at the historical start deploy in Russian Poland instead
    "ru-1": "2418", "ru-13": "2517", "ru-15": "2517", "ru-23": "2517", "ru-2cav": "2813",
}
ADDED = {  # rule 17: the twelve historical German reinforcements; SEV and FS counters
    "de-g": "2515", "de-2": "2515", "de-ha1": "2515",
    "de-10": "2316", "de-11": "2316", "de-ha2": "2316",
    "de-gr": "2415", "de-13": "2415",
    "de-3r-corps": "2216", "de-4r": "2216",
    "de-10r": "1820", "de-1cav-corps": "2713",
    "de-sev-5": "1722", "de-sev-6": "1722",
    "ah-fs-1cav": "2524", "ah-fs-2cav": "2826", "ah-fs-3cav": "3026",
    "ru-fs-cossack": "3325",
}


def main():
    rows = []
    with open(GAME / "units.csv", encoding="utf-8") as f:
        for unit in csv.DictReader(f):
            uid, code = unit["id"], unit["code"]
            if uid in REMOVED:
                continue
            if uid in ADDED:
                why = {"FS": "rule 3.9 (Free Setup unit)", "SEV": "rule 17 (SEV counter)"}.get(code, "rule 17 (added)")
                rows.append((uid, ADDED[uid], f"{why}; hex illustrative"))
            elif re.fullmatch(r"\d{4}", code):
                hex_id = MOVED.get(uid, code)
                source = "historical set-up code" if hex_id == code else "illustrative (free set-up)"
                rows.append((uid, hex_id, source))
    missing = set(ADDED) - {r[0] for r in rows}
    if missing:
        raise SystemExit(f"unknown units: {sorted(missing)}")
    lines = [f'  - {{unit: {uid}, hex: "{hex_id}"}}  # {source}\n' for uid, hex_id, source in rows]
    path = GAME / "scenarios" / "schlieffen-east.yaml"
    text = path.read_text(encoding="utf-8").splitlines(keepends=True)
    begin = next(i for i, line in enumerate(text) if line.startswith("  # BEGIN setup"))
    end = next(i for i, line in enumerate(text) if line.startswith("  # END setup"))
    path.write_text("".join(text[: begin + 1] + lines + text[end:]), encoding="utf-8")
    print(f"{len(rows)} units placed")


if __name__ == "__main__":
    main()
