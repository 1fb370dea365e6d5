#!/usr/bin/env python3
"""Writes the planted copies of the similarity measurement (judge/src/test/resources/similarity/<kata>/planted/),
made the ways students make them, from the originals named below: verbatim, identifiers renamed, members and
independent statements reordered, comments and blank lines changed, dead code and redundant variables added.
The loop-to-stream copies are written by hand (planted/stream--*). Run from the repository's root; the output
is committed, so this only documents and redoes how the copies were made."""
import os, re, shutil

ROOT = 'judge/src/test/resources/similarity'
ORIGINALS = {  # kata: [(name in the test class, where it is)]
    'chess-square-color': [('sample-parity-formula', 'submissions/chess-square-color/accepted/parity-formula'),
                           ('switch-on-file', ROOT + '/chess-square-color/independent/switch-on-file')],
    'checkers-safe-spaces': [('sample-window-subtraction', 'submissions/checkers-safe-spaces/accepted/window-subtraction'),
                             ('red-first-scan', ROOT + '/checkers-safe-spaces/independent/red-first-scan')],
    'knight-moves': [('sample-seed-bfs', 'submissions/knight-moves/accepted/seed-bfs'),
                     ('int-bfs-queue', ROOT + '/knight-moves/independent/int-bfs-queue')],
    'checkers-game-over': [('sample-direct-scan', 'submissions/checkers-game-over/accepted/direct-scan'),
                           ('sample-bitboards', 'submissions/checkers-game-over/accepted/bitboards')],
    'three-man-chess-vectors': [('sample-unit-steps', 'submissions/three-man-chess-vectors/accepted/unit-steps'),
                                ('sample-zero-based-offsets', 'submissions/three-man-chess-vectors/accepted/zero-based-offsets')],
    'xiangqi-board-validator': [('sample-per-piece-switch', 'submissions/xiangqi-board-validator/accepted/per-piece-switch'),
                                ('sample-own-side-masks', 'submissions/xiangqi-board-validator/accepted/own-side-masks')],
}
ENTRY_POINTS = {'isLight', 'isSafe', 'minMoves', 'whiteMoves', 'blueMoves', 'gameOver', 'addVec', 'chessValidator', 'main'}
TYPES = r'(?:int|long|short|byte|char|boolean|double|float|String|var|StringBuilder|[A-Z]\w*(?:<[^;=()]*?>)?)(?:\[\])*'
KEYWORDS = set('abstract assert boolean break byte case catch char class const continue default do double else enum extends '
               'final finally float for goto if implements import instanceof int interface long native new package private '
               'protected public return short static strictfp super switch synchronized this throw throws transient try void '
               'volatile while var record true false null'.split())


def strip_comments(code):
    code = re.sub(r'/\*.*?\*/', '', code, flags=re.S)
    return re.sub(r'(?m)^(([^"\n]|"[^"\n]*")*?)\s*//.*$', r'\1', code)


def renamed(code, kata_class):
    names = set(re.findall(r'\b' + TYPES + r'\s+([a-z_]\w*)\s*(?=[=;,):])', code))
    names |= set(re.findall(r'\b' + TYPES + r'\s+([a-zA-Z_]\w*)\s*\(', code))
    names |= set(re.findall(r'\b(?:class|record|enum|interface)\s+([A-Z]\w*)', code)) - {kata_class}
    names |= set(re.findall(r'\bstatic\s+final\s+' + TYPES + r'\s+([A-Z_][A-Z0-9_]*)\b', code))
    names -= KEYWORDS | ENTRY_POINTS | set(re.findall(r'\.(\w+)', code))  # record components keep their accessors
    lines = code.split('\n')
    for name in sorted(names, key=len, reverse=True):
        new = ('the' + name[0].upper() + name[1:]) if name[0].islower() else ('My' + name if name[0].isupper() and not name.isupper() else 'K_' + name)
        for n, line in enumerate(lines):
            if not line.lstrip().startswith(('//', '*', '/*')):
                lines[n] = re.sub(r'(?<![\w."\'])' + re.escape(name) + r'\b(?!["\'])', new, line)
    return '\n'.join(lines)


def members(body):
    """The class body split into its members at brace depth 0 (fields, methods, nested types)."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(body):
        c = body[i]
        if c == '"':
            i = body.index('"', i + 1)
        elif c == "'":
            i = body.index("'", i + 2)
        elif body.startswith('//', i):
            i = body.index('\n', i)
        elif body.startswith('/*', i):
            i = body.index('*/', i) + 1
        elif c == '{':
            depth += 1
        elif c == '}':
            depth -= 1
            member = body[start:i + 1]
            if depth == 0 and '=' not in member[:member.index('{')]:  # a method or type, not an array initializer
                parts.append(member); start = i + 1
        elif c == ';' and depth == 0:
            parts.append(body[start:i + 1]); start = i + 1
        i += 1
    tail = body[start:]
    return [p.strip('\n') for p in parts if p.strip()], tail


def reordered(code):
    head, _, rest = code.partition('{')
    body, _, end = rest.rpartition('}')
    parts, tail = members(body)
    parts.reverse()
    code = head + '{\n' + '\n\n'.join(parts) + '\n' + tail.strip('\n') + '\n}' + end
    # independent local declarations next to each other, in the other order
    lines = code.split('\n')
    decl = re.compile(r'^\s*(?:final\s+)?(?:int|char|boolean|long|String)\s+(\w+)\s*=\s*(.*);\s*$')
    i = 0
    while i + 1 < len(lines):
        first, second = decl.match(lines[i]), decl.match(lines[i + 1])
        if first and second and not re.search(r'\b' + first.group(1) + r'\b', second.group(2)):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
            i += 2
        else:
            i += 1
    return '\n'.join(lines)


def recommented(code):
    out = ['/*', ' * My solution for the kata. Written from scratch, tested with the examples.', ' */', '']
    for line in strip_comments(code).split('\n'):
        if re.match(r'^\s*(public|private|static).*\)\s*\{\s*$', line):
            out.append('')
            out.append(re.match(r'^(\s*)', line).group(1) + '// helper: see the kata description')
        if not line.strip():
            continue  # blank lines moved around
        out.append(line)
        if line.strip().endswith('{') and 'class ' not in line:
            out.append('')
    return '\n'.join(out) + '\n'


DEAD = [  # two students, two kinds of padding: (lines at the start of each method, an unused method)
    (['int traceSteps = 0;', 'boolean traceOn = false;', 'if (traceOn) {', '    System.out.println("trace " + traceSteps);',
      '}', 'traceSteps++;'],
     '    private static int unusedHelper(int value) {\n        int doubled = value * 2;\n'
     '        int result = doubled - value;\n        return result;\n    }\n'),
    (['String note = "v2";', 'long started = System.nanoTime();', 'for (int spare = 0; spare < 0; spare++) {',
      '    note = note + spare;', '}'],
     '    private static String describe(String text, long when) {\n        StringBuilder out = new StringBuilder(text);\n'
     '        out.append(\'@\').append(when);\n        return out.toString();\n    }\n'),
]


def dead_code(code, variant):
    lines, method = DEAD[variant]
    out = []
    for line in code.split('\n'):
        out.append(line)
        if re.match(r'^\s*(public|private|protected)?\s*static\s+[\w\[\]<>, ]+\s+\w+\s*\([^)]*\)\s*\{\s*$', line):
            indent = re.match(r'^(\s*)', line).group(1) + '    '
            out += [indent + l for l in lines]
    code = '\n'.join(out)
    end = code.rstrip().rfind('}')
    return code[:end] + '\n' + method + code[end:]


def main():
    for kata, originals in ORIGINALS.items():
        planted = os.path.join(ROOT, kata, 'planted')
        for k, (name, where) in enumerate(originals):
            [java] = [f for f in os.listdir(where) if f.endswith('.java')]
            code = open(os.path.join(where, java), encoding='utf-8').read()
            kata_class = java[:-5]
            copies = {'renamed': renamed(code, kata_class), 'reordered': reordered(code),
                      'comments': recommented(code), 'deadcode': dead_code(code, k)}
            if k == 0:
                copies['verbatim'] = code
            for how, text in copies.items():
                folder = os.path.join(planted, how + '--' + name)
                shutil.rmtree(folder, ignore_errors=True)
                os.makedirs(folder)
                open(os.path.join(folder, java), 'w', encoding='utf-8').write(text)


if __name__ == '__main__':
    main()
