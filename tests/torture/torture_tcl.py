"""The little Tcl that gcc's torture suite speaks to its harness, read for one target.

Two places carry per-test instructions for DejaGnu: `{ dg-... }` comments in the C source and,
in gcc.c-torture/execute/ieee and builtins, a NAME.x file (a Tcl script the harness sources
before compiling: `lappend additional_flags ...`, `if [istarget ...] { return 1 }`). Both are
read here the way DejaGnu would for one target, with an explicit table of the target's
"effective target" properties. Anything this reader does not know (a command, an effective
target, a dg- directive) raises TclError: the test is then listed with that reason instead of
being run with options guessed wrong.
"""

import fnmatch


class TclError(Exception):
    """Something the reader does not understand; the message names it."""


class Target:
    """What a selector or a .x script may ask about one target."""

    def __init__(self, triplet, effective):
        self.triplet = triplet
        self.effective = effective  # name -> bool, the check_effective_target_* answers

    def istarget(self, pattern):
        return fnmatch.fnmatchcase(self.triplet, pattern)

    def check(self, name):
        if name not in self.effective:
            raise TclError("unknown effective target '%s'" % name)
        return self.effective[name]


# ---------------------------------------------------------------------------------------------
# Words


def _matching(text, i, open_ch, close_ch):
    """Index just past the close_ch matching the open_ch at text[i] (braces and brackets nest;
    a backslash escapes)."""
    depth = 0
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == open_ch:
            depth += 1
        elif c == close_ch:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise TclError("unbalanced %s%s" % (open_ch, close_ch))


def split_commands(script):
    """The commands of a script, each a list of (kind, text) words: kind 'brace' (literal),
    'bracket' (a command to substitute), 'quote' or 'bare'."""
    commands, words, i = [], [], 0
    n = len(script)
    while i < n:
        c = script[i]
        if c in "\n;":
            if words:
                commands.append(words)
                words = []
            i += 1
        elif c in " \t\r":
            i += 1
        elif c == "\\" and i + 1 < n and script[i + 1] == "\n":
            i += 2
        elif c == "#" and not words:
            while i < n and script[i] != "\n":
                i += 1
        elif c == "{":
            end = _matching(script, i, "{", "}")
            words.append(("brace", script[i + 1:end - 1]))
            i = end
        elif c == "[":
            end = _matching(script, i, "[", "]")
            words.append(("bracket", script[i + 1:end - 1]))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and script[j] != '"':
                j += 2 if script[j] == "\\" else 1
            words.append(("quote", script[i + 1:j]))
            i = j + 1
        else:
            j = i
            while j < n and script[j] not in " \t\r\n;":
                j += 1
            words.append(("bare", script[i:j]))
            i = j
    if words:
        commands.append(words)
    return commands


def list_words(text):
    """A Tcl list's elements (as DejaGnu reads { "-O0" "-O1" } or { x86_64-*-* i?86-*-* })."""
    out = []
    for command in split_commands(text.replace("\n", " ")):
        out.extend(w for _, w in command)
    return out


# ---------------------------------------------------------------------------------------------
# Selectors (dg-skip-if, { target ... }) and expressions (if in a .x file)


def _selector_tokens(text):
    tokens = []
    for kind, word in split_commands(text.replace("\n", " "))[0] if text.strip() else []:
        if kind == "brace":
            tokens.append(("group", word))
        else:
            tokens.append(("word", word))
    return tokens


def selector_matches(text, target):
    """Whether a DejaGnu target selector names the target: triplet patterns (any matches), an
    effective-target name, and { ! X }, { X && Y }, { X || Y } groups."""
    tokens = _selector_tokens(text)
    if tokens and tokens[0] == ("word", "target"):
        tokens = tokens[1:]
    if not tokens:
        raise TclError("empty target selector")
    ops = {"!", "&&", "||"}
    if not any(t == ("word", op) for t in tokens for op in ops):
        # A plain list: any element names the target.
        return any(_selector_atom(t, target) for t in tokens)
    pos = 0

    def unary():
        nonlocal pos
        if tokens[pos] == ("word", "!"):
            pos += 1
            return not unary()
        atom = tokens[pos]
        pos += 1
        return _selector_atom(atom, target)

    def chain(op, operand, combine):
        """operand (op operand)*: every operand is read, as Tcl's expr reads them."""
        nonlocal pos
        value = operand()
        while pos < len(tokens) and tokens[pos] == ("word", op):
            pos += 1
            value = combine(value, operand())
        return value

    def conj():
        return chain("&&", unary, lambda a, b: a and b)

    value = chain("||", conj, lambda a, b: a or b)
    if pos != len(tokens):
        raise TclError("cannot read the selector '%s'" % text.strip())
    return value


def _selector_atom(token, target):
    kind, word = token
    if kind == "group":
        return selector_matches(word, target)
    if "-" in word or "*" in word:
        return target.istarget(word)
    return target.check(word)


class Interp:
    """Runs a .x script: the flags it adds and whether it skips the test (return 1)."""

    def __init__(self, target):
        self.target = target
        self.additional_flags = []
        self.variables = {}

    def run(self, script):
        """Returns the script's return value (0 when it ends without one)."""
        for words in split_commands(script):
            result = self._command(words)
            if result is not None:
                return result
        return 0

    def _text(self, word):
        kind, text = word
        if kind == "bracket":
            return self._call(text)
        if kind != "brace" and "$" in text:
            raise TclError("variable substitution in '%s'" % text)
        return text

    def _command(self, words):
        name = words[0][1]
        if name in ("load_lib", "global"):
            return None
        if name == "return":
            return int(self._text(words[1])) if len(words) > 1 else 0
        if name == "set":
            var, value = words[1][1], self._text(words[2])
            if var == "additional_flags":
                self.additional_flags = list_words(value)
            else:
                self.variables[var] = value  # torture_execute_xfail and the like: unused
            return None
        if name == "lappend" and words[1][1] == "additional_flags":
            self.additional_flags.extend(self._text(w) for w in words[2:])
            return None
        if name == "if":
            return self._if(words[1:])
        raise TclError("unknown command '%s' in a .x file" % name)

    def _if(self, words):
        i = 0
        while i < len(words):
            cond = words[i]
            body = words[i + 1]
            i += 2
            if self._truth(cond):
                return self.run(body[1])
            if i < len(words) and words[i][1] == "elseif":
                i += 1
                continue
            if i < len(words) and words[i][1] == "else":
                return self.run(words[i + 1][1])
            return None
        return None

    def _truth(self, word):
        kind, text = word
        if kind == "bracket":
            return bool(self._call(text))
        return self._expr(text)

    def _expr(self, text):
        """An if condition: [cmd] calls, !, &&, || and parentheses, short-circuit like Tcl."""
        tokens = []
        for kind, word in split_commands(text.replace("\n", " "))[0]:
            if kind == "bare":
                for part in word.replace("(", " ( ").replace(")", " ) ").replace("!", " ! ").split():
                    tokens.append(("op", part))
            elif kind == "bracket":
                tokens.append(("call", word))
            elif kind == "brace":
                tokens.append(("group", word))
            else:
                raise TclError("cannot read the condition '%s'" % text.strip())
        pos = 0

        def primary(live):
            nonlocal pos
            kind, word = tokens[pos]
            pos += 1
            if kind == "op" and word == "!":
                return not primary(live)
            if kind == "op" and word == "(":
                value = disj(live)
                pos += 1  # ")"
                return value
            if kind == "call":
                return bool(self._call(word)) if live else False
            if kind == "group":
                return self._expr(word) if live else False
            if word.isdigit():
                return int(word) != 0
            raise TclError("cannot read the condition '%s'" % text.strip())

        def conj(live):
            nonlocal pos
            value = primary(live)
            while pos < len(tokens) and tokens[pos] == ("op", "&&"):
                pos += 1
                value = primary(live and value) and value
            return value

        def disj(live):
            nonlocal pos
            value = conj(live)
            while pos < len(tokens) and tokens[pos] == ("op", "||"):
                pos += 1
                value = conj(live and not value) or value
            return value

        return disj(True)

    def _call(self, text):
        words = split_commands(text)[0]
        name = words[0][1]
        if name == "istarget":
            return self.target.istarget(self._text(words[1]))
        if name.startswith("check_effective_target_"):
            return self.target.check(name[len("check_effective_target_"):])
        raise TclError("unknown command '%s'" % name)
