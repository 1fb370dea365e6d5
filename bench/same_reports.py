#!/usr/bin/env python3
"""Helpers of bench/same-reports.sh: the class fixture it grades, and the comparison of two runs.

  same_reports.py class ROOT DIR        builds DIR/katas (hidden examples), DIR/class, DIR/roster.csv,
                                        DIR/scoring.json from the repository at ROOT
  same_reports.py replays JSON...       prints the replay commands of the counterexamples in fuzz reports
  same_reports.py compare BASE CURRENT  compares the outputs of two runs, file by file, with what depends
                                        on the clock (timings, elapsed seconds, dates) left out; exit 1
                                        and the first differences when they differ

Only the standard library: the check runs wherever the judge builds.
"""
import csv
import difflib
import io
import json
import os
import re
import shlex
import shutil
import sys
import xml.etree.ElementTree as ET
import zipfile

# --- the class fixture -------------------------------------------------------------------------

HIDDEN = {  # kata -> example marked hidden
    "knight-moves": "corner a1 to b2",
    "checkers-safe-spaces": "unsafe1",
    "chess-square-color": "a8",
}

# Right everywhere but on the hidden example's board, which it prints and gets wrong.
WRONG_ONLY_ON_THE_HIDDEN_BOARD = """import java.util.Arrays;

public class SafeSpaces {
    public static boolean isSafe(int[][] board) {
        if (Arrays.deepEquals(board, new int[][] {{0, 3, 0, 0}, {0, 0, 1, 0}, {0, 3, 0, 0}, {0, 0, 1, 0}})) {
            System.out.println("got " + Arrays.deepToString(board));
            return true;
        }
        for (int r = 0; r + 1 < board.length; r++) {
            for (int c = 0; c < board[r].length; c++) {
                if (board[r][c] == 3 && ((c > 0 && board[r + 1][c - 1] == 1)
                        || (c + 1 < board[r + 1].length && board[r + 1][c + 1] == 1))) {
                    return false;
                }
            }
        }
        return true;
    }
}
"""

# (kata, folder as the LMS names it, roster name or None when not on the roster, sample or source)
STUDENTS = [
    ("knight-moves", "Paula Jones_23456_assignsubmission_file_", "Jones, Paula", "accepted/closed-form"),
    ("knight-moves", "Greedy Walker_23457_assignsubmission_file_", "Walker, Greedy", "wrong_answer/greedy-walk"),
    ("knight-moves", "Corner Cutter_23458_assignsubmission_file_", "Cutter, Corner", "wrong_answer/closed-form-two-corners"),
    ("knight-moves", "Empty Person_23459_assignsubmission_file_", "Person, Empty", None),
    ("knight-moves", "Zip Person_23460_assignsubmission_file_", "Person, Zip", "zip:wrong_answer/bfs-file-off-by-one"),
    ("knight-moves", "carol", "carol", "wrong_answer/static-visited-array"),
    ("knight-moves", "mallory", None, "accepted/seed-bfs"),
    ("checkers-safe-spaces", "zoe", "zoe", "source:" + WRONG_ONLY_ON_THE_HIDDEN_BOARD),
    ("checkers-safe-spaces", "alice", "alice", "accepted/diagonal-runs"),
    ("checkers-safe-spaces", "bob", "bob", "wrong_answer/one-diagonal-only"),
    ("checkers-safe-spaces", "dave", "dave", "wrong_answer/mutates-its-input"),
    ("chess-square-color", "erin", "erin", "accepted/parity-formula"),
    ("chess-square-color", "frank", "frank", "wrong_answer/rank-parity-only"),
    ("chess-square-color", "grace", "grace", "compile_error/syntax-error"),
    ("chess-square-color", "heidi", "heidi", "rejected/system-exit"),
]

CLASS_NAMES = {"knight-moves": "KnightMoves", "checkers-safe-spaces": "SafeSpaces", "chess-square-color": "SquareColor"}

SCORING = {"examples": [{"hidden": True, "total": 6}, {"hidden": False, "total": 20}], "random": {"*": 4}, "total": 50}


def build_class(root, out):
    shutil.copytree(os.path.join(root, "katas"), os.path.join(out, "katas"))
    for kata, example in HIDDEN.items():
        path = os.path.join(out, "katas", kata, "examples.json")
        text = open(path, encoding="utf-8").read()
        line = '{"name":"%s"' % example
        assert line in text, (kata, example)
        open(path, "w", encoding="utf-8").write(text.replace(line, '{"hidden":true,"name":"%s"' % example, 1))
    roster = ["Student,ID,Email"]
    for kata, folder, name, what in STUDENTS:
        target = os.path.join(out, "class", kata, folder)
        os.makedirs(target, exist_ok=True)
        java = CLASS_NAMES[kata] + ".java"
        if what is None:
            open(os.path.join(target, ".keep"), "w").close()
        elif what.startswith("source:"):
            open(os.path.join(target, java), "w", encoding="utf-8").write(what[len("source:"):])
        elif what.startswith("zip:"):
            sample = os.path.join(root, "submissions", kata, what[len("zip:"):])
            with zipfile.ZipFile(os.path.join(target, CLASS_NAMES[kata] + ".zip"), "w") as archive:
                for file in sorted(os.listdir(sample)):
                    info = zipfile.ZipInfo(CLASS_NAMES[kata] + "/src/" + file, date_time=(2024, 1, 1, 0, 0, 0))
                    archive.writestr(info, open(os.path.join(sample, file), "rb").read())
                archive.writestr(zipfile.ZipInfo("__MACOSX/._" + java, date_time=(2024, 1, 1, 0, 0, 0)), b"\0\5\26\7")
        else:
            sample = os.path.join(root, "submissions", kata, what)
            for file in sorted(os.listdir(sample)):
                shutil.copy(os.path.join(sample, file), target)
        if name is not None:
            roster.append(('"%s"' % name if "," in name else name) + ",," + (name if "," not in name else ""))
    roster.append('"White, Walter",999,walter@example.edu')
    open(os.path.join(out, "roster.csv"), "w", encoding="utf-8").write("\n".join(roster) + "\n")
    json.dump(SCORING, open(os.path.join(out, "scoring.json"), "w"))


# --- replay commands ---------------------------------------------------------------------------

def replays(files):
    """The replay command of each fuzz report's counterexample, one per line, in file order."""
    for path in files:
        for result in json.load(open(path, encoding="utf-8"))["results"]:
            example = result.get("counterexample")
            if example and example.get("replay"):
                print(os.path.basename(path)[:-len(".json")] + "\t" + example["replay"])


# --- normalising what depends on the clock -----------------------------------------------------

SECONDS = re.compile(r"\b\d+\.\d+ s\b")
# How deep a StackOverflowError's stack went varies from run to run (the JIT's frames): "... 1015 more"
MORE_FRAMES = re.compile(r"\.\.\. \d+ more")
# verify copies each kata's reference into a temporary folder of its own, named anew each run
VERIFY_FOLDER = re.compile(r"kata-judge-verify-\d+")


def unclocked(text):
    """Text without what varies from run to run on its own: elapsed seconds, the depth of a stack overflow."""
    return MORE_FRAMES.sub("... <n> more", SECONDS.sub("<t> s", text))


def strip_json(node, key=None):
    """A report without what depends on the clock: timings, elapsed seconds, execution times."""
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            if k in ("timings", "execution_time") or (k == "seconds" and key == "summary"):
                continue
            if k == "katajudge.result" and isinstance(v, str):
                v = strip_json(json.loads(v))
            out[k] = strip_json(v, k)
        return out
    if isinstance(node, list):
        return [strip_json(v, key) for v in node]
    if isinstance(node, str):
        return MORE_FRAMES.sub("... <n> more", node)
    return node


# (kept path, current path): a kept base ran in another scratch folder; its paths are read as this run's
MOVED = [None, None]


def read(path, newline=None):
    text = open(path, encoding="utf-8", errors="replace", newline=newline).read()
    text = VERIFY_FOLDER.sub("kata-judge-verify-<n>", text)
    return text.replace(MOVED[0], MOVED[1]) if MOVED[0] and MOVED[0] != MOVED[1] else text


def unseeded(node):
    """A replay's report without its seed: the replay command gives none, so each run draws a new one it does not use."""
    if isinstance(node, dict):
        return {k: unseeded(v) for k, v in node.items() if k != "seed"}
    if isinstance(node, list):
        return [unseeded(v) for v in node]
    return node


def json_lines(path):
    node = strip_json(json.loads(read(path)))
    if os.path.basename(os.path.dirname(path)) == "replay":
        node = unseeded(node)
    return json.dumps(node, indent=1, sort_keys=True, ensure_ascii=False).splitlines()


def console_lines(path):
    """stdout with times left out; results, printed as they finish, in a fixed order (blocks sorted)."""
    text = unclocked(read(path))
    blocks, current = [], []
    for line in text.splitlines():
        if (not line or not line[0].isspace()) and current:
            blocks.append(current)
            current = []
        current.append(line)
    if current:
        blocks.append(current)
    return [line for block in sorted(blocks) for line in block]


def csv_lines(path):
    text = MORE_FRAMES.sub("... <n> more", read(path, newline=""))
    rows = list(csv.reader(io.StringIO(text)))
    if rows and "seconds" in rows[0]:
        column = rows[0].index("seconds")
        for row in rows[1:]:
            if len(row) > column:
                row[column] = "<t>"
    return [repr(row) for row in rows] + ["line ends: " + repr(sorted(set(re.findall(r"\r?\n", text))))]


def xml_lines(path):
    text = unclocked(read(path))
    text = re.sub(r'\b(time|timestamp)="[^"]*"', r'\1="<t>"', text)
    return text.splitlines()


def html_lines(path):
    text = unclocked(read(path))
    text = re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", "<date>", text)
    # the time column: data-value in milliseconds, then seconds
    text = re.sub(r'data-value="\d+">\d+\.\d\d</td>', 'data-value="<t>"><t></td>', text)
    return text.splitlines()


def open_test_report_lines(path):
    """Open Test Reporting: events by test name (their order and ids vary with threads), times left out."""
    ns = {"e": "https://schemas.opentest4j.org/reporting/events/0.2.0",
          "c": "https://schemas.opentest4j.org/reporting/core/0.2.0",
          "java": "https://schemas.opentest4j.org/reporting/java/0.2.0"}
    root = ET.fromstring(read(path).encode("utf-8"))
    names, parents, lines = {}, {}, []
    for child in root:
        tag = child.tag.split("}")[1]
        if tag == "infrastructure":
            lines.append("infrastructure " + ET.tostring(child, encoding="unicode"))
            continue
        ident = child.get("id")
        if tag == "started":
            names[ident] = child.get("name")
            parents[ident] = child.get("parentId")
            for element in child.iter():
                if element.tag.endswith("uniqueId") or element.tag.endswith("legacyReportingName") \
                        or element.tag.endswith("type") or element.tag.endswith("directorySource") \
                        or element.tag.endswith("fileSource") or element.tag.endswith("classSource"):
                    lines.append(name_of(names, parents, ident) + " started " + element.tag.split("}")[1] + " "
                                 + (element.text or "") + " " + json.dumps(sorted(element.attrib.items())))
            continue
        subject = name_of(names, parents, ident)
        if tag == "reported":
            for entry in child.iter("{%s}entry" % ns["c"]):
                value = entry.text or ""
                if entry.get("key") == "katajudge.result":
                    value = json.dumps(strip_json(json.loads(value)), sort_keys=True)
                lines.append(subject + " reported " + entry.get("key") + " " + MORE_FRAMES.sub("... <n> more", value))
        elif tag == "finished":
            for result in child.iter("{%s}result" % ns["c"]):
                lines.append(subject + " finished " + result.get("status"))
                for reason in result.iter("{%s}reason" % ns["c"]):
                    lines.append(subject + "   reason " + (reason.text or ""))
                for throwable in result.iter("{%s}throwable" % ns["java"]):
                    lines.append(subject + "   throwable " + json.dumps(sorted(throwable.attrib.items()))
                                 + " " + unclocked(throwable.text or ""))
        else:
            lines.append(subject + " " + tag + " " + ET.tostring(child, encoding="unicode"))
    return sorted(lines)


def name_of(names, parents, ident):
    parts = []
    while ident is not None:
        parts.append(names.get(ident, "?"))
        ident = parents.get(ident)
    return " / ".join(reversed(parts))


def lines_of(path):
    name = os.path.basename(path)
    if name.endswith(".json"):
        try:
            return json_lines(path)
        except json.JSONDecodeError:
            return read(path).splitlines()
    if name == "open-test-report.xml":
        return open_test_report_lines(path)
    if name.endswith(".xml"):
        return xml_lines(path)
    if name.endswith(".csv"):
        return csv_lines(path)
    if name.endswith(".html"):
        return html_lines(path)
    if name.endswith(".out"):
        return console_lines(path)
    return unclocked(read(path)).splitlines()


def files_below(top):
    found = []
    for folder, _, files in os.walk(top):
        for file in files:
            if file.startswith("."):
                continue  # the check's own notes
            found.append(os.path.relpath(os.path.join(folder, file), top))
    return sorted(found)


def compare(base, current, shown=3, context=40):
    """Compares two runs' outputs; a base kept from an earlier run names its scratch folder in base/.work."""
    current_work = os.path.dirname(os.path.abspath(current))
    kept_work = open(os.path.join(base, ".work")).read().strip() if os.path.exists(os.path.join(base, ".work")) \
        else current_work
    base_files, current_files = files_below(base), files_below(current)
    problems = []
    for only, where in ((set(base_files) - set(current_files), "base"), (set(current_files) - set(base_files), "current")):
        for file in sorted(only):
            problems.append(["only in %s: %s" % (where, file)])
    compared = 0
    for file in base_files:
        if file not in current_files:
            continue
        compared += 1
        MOVED[:] = [kept_work, current_work]
        a = lines_of(os.path.join(base, file))
        MOVED[:] = [None, None]
        b = lines_of(os.path.join(current, file))
        if a != b:
            diff = list(difflib.unified_diff(a, b, "base/" + file, "current/" + file, lineterm="", n=2))
            problems.append(diff[:context] + (["... (%d more diff lines)" % (len(diff) - context)]
                                              if len(diff) > context else []))
    if not problems:
        print("same reports: %d files compared, identical (timings left out)" % compared)
        return 0
    print("DIFFERENT: %d of %d files differ or are missing:" % (len(problems), compared))
    for problem in problems:
        print("  " + (problem[0][len("--- base/"):] if problem[0].startswith("--- base/") else problem[0]))
    print("the first differences:")
    for problem in problems[:shown]:
        print("\n".join(problem))
        print()
    return 1


def main(args):
    if args[:1] == ["class"] and len(args) == 3:
        build_class(args[1], args[2])
        return 0
    if args[:1] == ["replays"]:
        replays(args[1:])
        return 0
    if args[:1] == ["compare"] and len(args) == 3:
        return compare(args[1], args[2])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
