"""Issues and the report that collects them (never stop at the first problem)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from enum import Enum

from generator.errors import SHOWN_CHARS, one_line
from generator.model.source import Location


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, order=True)
class Issue:
    where: Location
    code: str
    message: str
    severity: Severity = Severity.ERROR

    def format(self) -> str:
        named = f" [{self.where.field}]" if self.where.field else ""
        return one_line(f"{self.where}: {self.severity.value}: {self.code}:{named} {_shortened(self.message)}")

    def as_dict(self) -> dict:
        return {
            "severity": self.severity.value,
            "code": self.code,
            "file": self.where.file,
            "line": self.where.line,
            "column": self.where.column,
            "column_name": self.where.field,
            "message": self.message,
        }


@dataclass
class Report:
    issues: list[Issue] = field(default_factory=list)
    unreadable: bool = False  # some input could not be read at all (exit code 2)

    def add(self, where: Location, code: str, message: str, severity: Severity = Severity.ERROR) -> None:
        self.issues.append(Issue(where, code, message, severity))

    def error(self, where: Location, code: str, message: str) -> None:
        self.add(where, code, message, Severity.ERROR)

    def warning(self, where: Location, code: str, message: str) -> None:
        self.add(where, code, message, Severity.WARNING)

    def cannot_read(self, exc, code: str) -> None:
        """Record an InputError: one message at its position, and exit code 2 for the run."""
        self.error(Location(exc.file, exc.line, exc.column, getattr(exc, "field", None)), code, exc.message)
        self.unreadable = True

    def extend(self, issues) -> None:
        self.issues.extend(issues)

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.issues if i.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Issue]:
        return [i for i in self.issues if i.severity is Severity.WARNING]

    def sorted(self) -> list[Issue]:
        """Stable order: by file, line, then code, so output is deterministic."""
        def key(issue: Issue):
            w = issue.where
            return (w.file, w.line or 0, w.column or 0, issue.code, issue.message)
        return sorted(set(self.issues), key=key)

    def failed(self, strict: bool = False) -> bool:
        return bool(self.errors) or (strict and bool(self.warnings))

    def exit_code(self, strict: bool = False) -> int:
        if self.unreadable:
            return 2
        return 1 if self.failed(strict) else 0

    def to_json(self) -> str:
        return json.dumps(
            {
                "errors": len(self.errors),
                "warnings": len(self.warnings),
                "issues": [i.as_dict() for i in self.sorted()],
            },
            indent=2,
            ensure_ascii=False,
        )


# A quoted value: its quote opens after a space or a bracket (not after a word: "'road', but
# … '" is text between two values) and closes before a space, punctuation or the end.
_LONG_QUOTE = re.compile(r"(?<![^\s(\[{=])'([^'\n]{%d,})'(?=$|[\s,;:.)\]}])" % (SHOWN_CHARS + 1))


def _shortened(message: str) -> str:
    """A value of the data quoted in full could fill the terminal (a code of 5,000 zeros):
    each quoted text is cut to SHOWN_CHARS characters, saying how long it was."""
    return _LONG_QUOTE.sub(lambda m: f"'{m[1][:SHOWN_CHARS]}'… ({len(m[1])} characters)", message)

