"""The jinja2 templates of the text-heavy aids: warkit's own in `templates/`, or a game's
override in `data/<game>/templates/`.

warkit's templates are trusted and run in an ordinary Environment. A game's templates come
with the data, which may be anyone's, so they run in jinja2's SandboxedEnvironment (no
Python internals: `''.__class__` is refused) and may only read files inside the game's
`templates/` folder: no `..`, no absolute names, no symbolic link leading out. And they are
bounded (`LimitedSandbox`), so a template cannot hang the build or exhaust its memory:
every loop step and call counts against MAX_STEPS, no value grows past MAX_VALUE_CHARS, the
output stops at MAX_OUTPUT_CHARS, numbers handed to functions stay below MAX_NUMBER. The
bounds are counts, not seconds, so a template that fits fits on every machine. Every
failure becomes one WarkitError naming the template, the line and what went wrong.
Both kinds get the build's translator through `t.jinja_env` (`_()`, `ngettext()`,
`{% trans %}`), and are rendered with plain data only (strings, numbers, lists, dicts).
"""

from __future__ import annotations

import copy
import functools
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator
from jinja2.sandbox import SandboxedEnvironment, SecurityError

from generator.errors import WarkitError
from generator.i18n import paths
from generator.io.paths import read_limited
from generator.io.yamlio import decode_utf8

GAME_TEMPLATES = "templates"
MAX_TEMPLATE_BYTES = 1_000_000
MAX_STEPS = 100_000  # loop iterations, calls and filters in one rendering
MAX_VALUE_CHARS = 200_000  # the longest string or list a template may build
MAX_OUTPUT_CHARS = 100_000  # warkit's own aid writes about 3,000
MAX_NUMBER = 100_000  # the largest number a template may pass to a function or filter
MAX_INT_BITS = 4096
MAX_BUILT = 20_000_000  # characters and items built in all by one rendering (accumulating in a loop)
# A %-format or str.format field wider than 4 digits (or with a * width): "%99999999s".
_WIDE_PERCENT = re.compile(r"%[-#0 +]*(?:\*|\d{5,})|%[-#0 +]*\d*\.(?:\*|\d{5,})")
_WIDE_BRACES = re.compile(r"\{[^{}]*:[^{}]*\d{5,}[^{}]*\}")


class TemplateLimit(SecurityError):
    """A game template went past one of the sandbox's bounds."""


class _LimitedCodeGenerator(CodeGenerator):
    """Compiles every `{% for %}` to iterate through `environment.counted(…)` and every `~`
    through `environment.joined(…)`, so loops that call nothing still count and strings
    built by concatenation are measured."""

    def visit_For(self, node: nodes.For, frame) -> None:
        counted = copy.copy(node)
        counted.iter = nodes.Call(nodes.EnvironmentAttribute("counted"), [node.iter], [], None, None,
                                  lineno=node.iter.lineno)
        super().visit_For(counted, frame)

    def visit_Concat(self, node: nodes.Concat, frame) -> None:
        measured = copy.copy(node)  # each operand is measured before it is made text
        measured.nodes = [nodes.Call(nodes.EnvironmentAttribute("printable"), [operand], [], None, None,
                                     lineno=operand.lineno) for operand in node.nodes]
        self.write("environment.joined(")
        super().visit_Concat(measured, frame)
        self.write(")")


class LimitedSandbox(SandboxedEnvironment):
    """jinja2's SandboxedEnvironment (no Python internals) with bounds on work and size."""

    code_generator_class = _LimitedCodeGenerator
    intercepted_binops = frozenset(["*", "**", "+", "%"])  # the operators that can build something huge

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("finalize", self._printable_output)
        super().__init__(*args, **kwargs)
        self.steps = 0
        self.built = 0
        self.globals.pop("lipsum", None)  # lipsum(n) writes n paragraphs: nothing an aid needs
        self.filters = {name: self._limited_filter(name, func) for name, func in self.filters.items()}

    def reset(self) -> None:
        self.steps = 0
        self.built = 0

    def sized(self, value):
        """`value` if it is not too big to keep, counted against what the rendering built."""
        _sized(value)
        if isinstance(value, (str, list, tuple, dict, set)):
            self.built += len(value)
            if self.built > MAX_BUILT:
                raise TemplateLimit(f"more than {MAX_BUILT} characters and items built in all (values made "
                                    "again and again in a loop?)")
        return value

    def printable(self, value):
        """`value`, once its text is known to fit (a list of lists of lists prints as far more
        than it holds)."""
        _printable(value, MAX_VALUE_CHARS)
        return value

    def _printable_output(self, value):
        _printable(value, MAX_OUTPUT_CHARS)
        return value

    def step(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise TemplateLimit(f"more than {MAX_STEPS} loop steps and calls (an endless loop?)")

    def counted(self, iterable):
        for item in iterable:
            self.step()
            yield item

    def joined(self, value):
        return self.sized(value)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - jinja's own signature
        __self.step()
        _small_arguments(args, kwargs)
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):
            _string_method_fits(owner, getattr(__obj, "__name__", ""), args)
        for text in (*args, *kwargs.values()):  # a message (gettext's) or a pattern handed on
            if isinstance(text, str) and ("%" in text or "{" in text):
                _format_fits(text, [a for a in args if a is not text], {k: v for k, v in kwargs.items() if v is not text})
        return __self.sized(super().call(__context, __obj, *args, **kwargs))

    def call_binop(self, context, operator: str, left, right):
        self.step()
        _operation_fits(operator, left, right)
        return self.sized(super().call_binop(context, operator, left, right))

    def wrap_str_format(self, value):
        wrapper = super().wrap_str_format(value)
        if wrapper is None:
            return None
        owner = value.__self__

        @functools.wraps(wrapper)
        def checked(*args, **kwargs):
            if _WIDE_BRACES.search(owner):
                raise TemplateLimit(f"format field too wide in {owner[:40]!r} (at most 4 digits)")
            _small_arguments(args, kwargs)
            _format_fits(owner, args, kwargs)
            return self.sized(wrapper(*args, **kwargs))

        return checked

    def _limited_filter(self, name: str, func):
        @functools.wraps(func)  # keeps jinja's pass_context / pass_eval_context marks
        def limited(*args, **kwargs):
            self.step()
            first = next((i for i, a in enumerate(args) if not isinstance(a, _PASSED)), None)
            value = args[first] if first is not None else None
            _small_arguments(args[first + 1:] if first is not None else (), kwargs)  # the value itself may be big
            if name == "format" and isinstance(value, str) and _WIDE_PERCENT.search(value):
                raise TemplateLimit(f"format field too wide in {value[:40]!r} (at most 4 digits)")
            if name == "format" and isinstance(value, str):
                _format_fits(value, args[first + 1:], kwargs)
            if name in ("replace", "indent", "center", "wordwrap") and isinstance(value, str):
                _string_method_fits(value, name, args[first + 1:], kwargs)
            if name not in _MEASURING_FILTERS:
                _printable(value, MAX_VALUE_CHARS)  # what a filter turns into text must fit first
            if name == "join" and first is not None:
                items = list(self.counted(value))  # a generator has no length: count it
                separator = args[first + 1] if len(args) > first + 1 else kwargs.get("d", "")
                _string_method_fits(separator if isinstance(separator, str) else "", "join", [items])
                args = (*args[:first], items, *args[first + 1:])
            return self.sized(func(*args, **kwargs))

        return limited


_PASSED = (jinja2.runtime.Context, nodes.EvalContext, jinja2.Environment)  # what jinja hands a filter first
# Filters that only look at a value's size or items, never turn it into text: any value may go in.
_MEASURING_FILTERS = frozenset(["length", "count", "first", "last", "random", "batch", "slice", "select", "reject",
                                "selectattr", "rejectattr", "map", "default", "d", "list", "sort", "unique",
                                "groupby", "dictsort", "items", "attr", "min", "max", "sum", "reverse", "abs",
                                "int", "float", "round", "bool"])


def _too_long(size: int) -> TemplateLimit:
    return TemplateLimit(f"a value of {size} characters or items (at most {MAX_VALUE_CHARS})")


def _sized(value):
    """`value` if it is not too big to keep."""
    if isinstance(value, (str, list, tuple, dict, set)) and len(value) > MAX_VALUE_CHARS:
        raise _too_long(len(value))
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        raise TemplateLimit(f"a number of {value.bit_length()} bits (at most {MAX_INT_BITS})")
    return value


def _small_arguments(args, kwargs) -> None:
    for value in (*args, *kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
            raise TemplateLimit(f"the number {value} is too large to hand to a function (at most {MAX_NUMBER})")


def _string_method_fits(text: str, name: str, args, kwargs=None) -> None:
    """Refuse a string method (or filter) whose result would be too long, before it is built:
    each grows its text by a rule of its own."""
    kwargs = kwargs or {}
    number = next((a for a in args if _is_int(a)), None)
    if name == "replace" and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
        old, new = args[0], args[1]
        count = text.count(old) if old else len(text) + 1
        size = len(text) + count * (len(new) - len(old))
    elif name == "join" and args and hasattr(args[0], "__len__"):
        size = len(text) * len(args[0]) + sum(_weight(item) for item in args[0])
    elif name == "expandtabs":
        tab = number if number is not None else kwargs.get("tabsize", 8)
        size = len(text) + text.count("\t") * max(tab if _is_int(tab) else 8, 0)
    elif name == "translate" and args and isinstance(args[0], dict):
        longest = max((_weight(v) for v in args[0].values()), default=1)
        size = len(text) * max(longest, 1)
    elif name == "indent":
        width = args[0] if args else kwargs.get("width", 4)
        width = len(width) if isinstance(width, str) else width if _is_int(width) else 4
        size = len(text) + (text.count("\n") + 1) * max(width, 0)
    elif name in ("center", "ljust", "rjust", "zfill", "wordwrap"):
        size = len(text) + (max(number, 0) if number is not None else 80) + (len(text) if name == "wordwrap" else 0)
    else:
        return
    if size > MAX_VALUE_CHARS:
        raise _too_long(size)


_PERCENT_FIELD = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d*)(?:\.(\*|\d*))?[a-zA-Z%]")
_BRACE_FIELD = re.compile(r"\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}")


def _format_fits(pattern: str, args, kwargs) -> None:
    """Refuse a pattern whose formatting would be too long, before it is formatted: every
    field counts as its width, or as the longest value it could print (gettext's messages,
    `%`, `format` and str.format alike)."""
    if "%" not in pattern and "{" not in pattern:
        return
    values = [*(args or ()), *(kwargs or {}).values()]
    widest = max((_weight(v) for v in values), default=0)
    numbers = [v for v in values if _is_int(v)]
    largest = max([abs(n) for n in numbers] + [0])
    size = len(pattern)
    for field in _PERCENT_FIELD.finditer(pattern):
        width = max([int(g) for g in field.groups() if g and g.isdigit()] + [largest if "*" in field[0] else 0])
        size += max(width, widest)
    for field in _BRACE_FIELD.finditer(pattern):
        widths = [int(n) for n in re.findall(r"\d+", field[0].partition(":")[2])]
        nested = largest if field[0].count("{") > 1 else 0
        size += max(max(widths, default=0), nested, widest)
    if size > MAX_VALUE_CHARS:
        raise _too_long(size)


def _weight(value, limit: int = 10 * MAX_VALUE_CHARS) -> int:
    """About how many characters `value` prints as, every reference counted (a list holding
    the same list a thousand times prints it a thousand times); at most `limit` + 1."""
    memo: dict[int, int] = {}

    def weight(item, depth: int) -> int:
        if isinstance(item, str):
            return len(item)
        if isinstance(item, bool) or item is None:
            return 5
        if isinstance(item, int):
            return item.bit_length() // 3 + 1
        if isinstance(item, float):
            return 24
        if isinstance(item, (list, tuple, set, frozenset, dict)):
            key = id(item)
            if key in memo:
                return memo[key]
            if depth > 200:  # nested deeper than any data: printing it would fail anyway
                return limit + 1
            memo[key] = 5  # while being measured: a list holding itself prints as [...]
            total = 2
            items = item.items() if isinstance(item, dict) else item
            for element in items:
                total += 2 + weight(element, depth + 1)
                if total > limit:
                    break
            memo[key] = min(total, limit + 1)
            return memo[key]
        return 40  # a macro, an undefined, a namespace: a short description

    return weight(value, 0)


def _printable(value, limit: int) -> None:
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        size = _weight(value, limit)
        if size > limit:
            raise TemplateLimit(f"a value that prints as more than {limit} characters")


def _operation_fits(operator: str, left, right) -> None:
    """Refuse `'x' * 10**9`, `9 ** 9 ** 9` and `'%999999999s' % x` before Python builds them."""
    if operator == "*":
        for seq, times in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(times, int) and len(seq) * times > MAX_VALUE_CHARS:
                raise _too_long(len(seq) * times)
            if isinstance(seq, (list, tuple)) and _is_int(times) and times > 0 and \
                    _weight(seq) * times > 10 * MAX_VALUE_CHARS:  # [[…] * 1000] * 1000: a little that prints as a lot
                raise TemplateLimit(f"a value that prints as more than {10 * MAX_VALUE_CHARS} characters")
        if _is_int(left) and _is_int(right) and left.bit_length() + right.bit_length() > MAX_INT_BITS:
            raise TemplateLimit(f"a number of more than {MAX_INT_BITS} bits")
    elif operator == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
        if abs(left) > 1 and right > 0 and max(abs(int(left)).bit_length(), 1) * right > MAX_INT_BITS:
            raise TemplateLimit(f"a number of more than {MAX_INT_BITS} bits")
    elif operator == "+" and isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
        if len(left) + len(right) > MAX_VALUE_CHARS:
            raise _too_long(len(left) + len(right))
    elif operator == "%" and isinstance(left, str) and _WIDE_PERCENT.search(left):
        raise TemplateLimit(f"format field too wide in {left[:40]!r} (at most 4 digits)")
    elif operator == "%" and isinstance(left, str):
        _format_fits(left, right if isinstance(right, tuple) else (right,), right if isinstance(right, dict) else {})


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class OutsideGameFolder(jinja2.TemplateError):
    """A game template asked for a file outside the game's templates folder (not a
    TemplateNotFound, which would let a ChoiceLoader try the next folder)."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


class GameTemplateLoader(jinja2.BaseLoader):
    """Templates from one folder, refusing any name or link that leads outside it."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def path_of(self, name: str) -> Path:
        """The file behind `name`; OutsideGameFolder when it is not inside the folder."""
        pure = PurePosixPath(name.replace("\\", "/"))
        if pure.is_absolute() or Path(name).is_absolute() or ".." in pure.parts or ":" in name:
            raise OutsideGameFolder(name, f"template name {name!r} must be a plain path inside the game's "
                                          f"{GAME_TEMPLATES}/ folder (no '..', no absolute path)")
        try:
            root = self.folder.resolve()
            target = (self.folder / pure).resolve()  # follows symbolic links
        except (RuntimeError, OSError):  # a link that leads round in a loop
            raise OutsideGameFolder(name, f"template {name!r} is a symbolic link that leads round in a loop") from None
        if target != root and root not in target.parents:
            raise OutsideGameFolder(name, f"template {name!r} leads outside the game's {GAME_TEMPLATES}/ folder "
                                          f"(a symbolic link to {target})")
        return target

    def get_source(self, environment, name: str):
        path = self.path_of(name)
        if not path.is_file():
            raise jinja2.TemplateNotFound(name)
        shown = f"{self.folder.parent.name}/{self.folder.name}/{name}"
        source = decode_utf8(read_limited(path, shown, MAX_TEMPLATE_BYTES, "templates"), shown)
        mtime = path.stat().st_mtime_ns
        return source, str(path), lambda: path.is_file() and path.stat().st_mtime_ns == mtime

    def has(self, name: str) -> bool:
        try:
            return self.path_of(name).is_file()
        except OutsideGameFolder:
            return False


@dataclass(frozen=True)
class AidTemplate:
    """A template ready to render, and where it came from (for messages)."""

    template: jinja2.Template
    origin: str  # "warkit" or "game"
    shown_name: str  # as messages name it: templates/player-aid.xml.j2 or <game>/templates/…

    def render(self, **data) -> str:
        try:
            return _rendered(self.template, data)
        except TemplateLimit as error:
            line = _runtime_line(error, self.template.filename)
            raise WarkitError(f"{self.shown_name}{line}: stopped: {error} (game templates run with bounds on "
                              f"time and memory)") from None
        except SecurityError as error:
            line = _runtime_line(error, self.template.filename)
            raise WarkitError(f"{self.shown_name}{line}: refused: {error} (game templates run sandboxed and may "
                              f"not reach Python internals)") from None
        except OutsideGameFolder as error:
            line = _runtime_line(error, self.template.filename)
            raise WarkitError(f"{self.shown_name}{line}: refused: {error.message}") from None
        except jinja2.TemplateError as error:
            line = _line(error) or _runtime_line(error, self.template.filename)
            raise WarkitError(f"{self.shown_name}{line}: {_what(error)}") from None
        except RecursionError as error:
            line = _runtime_line(error, self.template.filename)
            raise WarkitError(f"{self.shown_name}{line}: stopped: calls nested too deep (a macro that calls "
                              f"itself without end?)") from None
        except (ArithmeticError, TypeError, ValueError, LookupError) as error:
            line = _runtime_line(error, self.template.filename)
            raise WarkitError(f"{self.shown_name}{line}: template error: {type(error).__name__}: {error}") from None


def _rendered(template: jinja2.Template, data: dict) -> str:
    """The template's text; in a LimitedSandbox with a fresh step count and the output
    measured as it is produced."""
    environment = template.environment
    if not isinstance(environment, LimitedSandbox):
        return template.render(**data)
    environment.reset()
    parts, size = [], 0
    for chunk in template.generate(**data):
        size += len(chunk)
        if size > MAX_OUTPUT_CHARS:
            raise TemplateLimit(f"the output passed {MAX_OUTPUT_CHARS} characters")
        parts.append(chunk)
    return "".join(parts)


def find_template(context, names: list[str]) -> AidTemplate:
    """The first of `names` the game overrides (sandboxed), else the first warkit ships."""
    game_dir = Path(context.game.folder)
    loader = GameTemplateLoader(game_dir / GAME_TEMPLATES)
    for name in names:
        if loader.has(name):
            env = context.translator.jinja_env(jinja2.ChoiceLoader([loader, _warkit_loader()]),
                                               sandboxed=LimitedSandbox)
            return _loaded(env, name, "game", f"{game_dir.name}/{GAME_TEMPLATES}/{name}")
        _refuse_links_out(loader, name, game_dir)
    env = context.translator.jinja_env(_warkit_loader())
    for name in names:
        if (paths.REPO_DIR / "templates" / name).is_file():
            return _loaded(env, name, "warkit", f"templates/{name}")
    raise WarkitError(f"no template {' or '.join(names)} in warkit's templates/ folder")


def _refuse_links_out(loader: GameTemplateLoader, name: str, game_dir: Path) -> None:
    """A game template that exists but leads outside the folder is an error, not a reason
    to fall back to warkit's template silently."""
    candidate = loader.folder / name
    if candidate.is_symlink() or candidate.exists():
        try:
            loader.path_of(name)
        except OutsideGameFolder as error:
            raise WarkitError(f"{game_dir.name}/{GAME_TEMPLATES}/{name}: refused: {error.message}") from None


def _warkit_loader() -> jinja2.BaseLoader:
    return jinja2.FileSystemLoader(str(paths.REPO_DIR / "templates"))


def _loaded(env, name: str, origin: str, shown: str) -> AidTemplate:
    try:
        return AidTemplate(env.get_template(name), origin, shown)
    except OutsideGameFolder as error:
        raise WarkitError(f"{shown}: refused: {error.message}") from None
    except jinja2.TemplateError as error:
        raise WarkitError(f"{shown}{_line(error)}: {_what(error)}") from None


def _line(error: jinja2.TemplateError) -> str:
    line = getattr(error, "lineno", None)
    return f":{line}" if line else ""


def _runtime_line(error: Exception, filename: str | None) -> str:
    """The template line an error raised while rendering came from (jinja maps the
    traceback's frames of compiled template code back onto template lines)."""
    line = None
    tb = error.__traceback__
    while tb is not None:
        if filename and tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return f":{line}" if line else ""


def _what(error: jinja2.TemplateError) -> str:
    if isinstance(error, jinja2.TemplateSyntaxError):
        return f"template syntax error: {error.message}"
    if isinstance(error, jinja2.UndefinedError):
        return f"unknown name in the template: {error.message}"
    if isinstance(error, jinja2.TemplateNotFound):
        return f"template not found: {error.message or error.name}"
    return f"template error: {error}"
