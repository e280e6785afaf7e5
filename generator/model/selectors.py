"""Which units a rule is about: a `UnitSelector` picks units by side, nationality, type, size,
army, corner-code kind, current steps or id (deployment groups, restrictions, stacking
exemptions)."""

from __future__ import annotations

from typing import Literal

from generator.model.base import Frozen, Id
from generator.model.units import Unit

CodeKind = Literal["hex", "turn", "army", "event", "tag", "letter", "setup"]


class UnitSelector(Frozen):
    """Units picked from units.csv: every key given must match (a list: any of its values).
    `sides` needs the unit's side and `steps` its current step count (a unit set up reduced);
    a caller that knows neither leaves them out of the match."""

    sides: list[Id] | None = None
    nationalities: list[Id] | None = None
    types: list[Id] | None = None
    sizes: list[Id] | None = None
    armies: list[str] | None = None  # the `army` column (GE 3.4)
    codes: list[CodeKind] | None = None  # the kind of the counter_codes form the corner code takes
    steps: list[int] | None = None  # the unit's step count where it stands (full strength: its steps)
    setup_codes: list[str] | None = None  # the set-up code its corner code carries (GWNE 3.3: "C")
    units: list[Id] | None = None
    exclude: UnitSelector | None = None

    def matches(self, unit: Unit, code_kind: str | None, side: str | None = None, steps: int | None = None,
                setup_code: str | None = None) -> bool:
        checks = ((self.nationalities, unit.nationality), (self.types, unit.type_id), (self.sizes, unit.size),
                  (self.armies, unit.army), (self.codes, code_kind), (self.units, unit.unit_id))
        if any(allowed is not None and value not in allowed for allowed, value in checks):
            return False
        if self.sides is not None and side not in self.sides:
            return False
        if self.steps is not None and (steps if steps is not None else unit.steps) not in self.steps:
            return False
        if self.setup_codes is not None and setup_code not in self.setup_codes:
            return False
        return self.exclude is None or not self.exclude.matches(unit, code_kind, side, steps, setup_code)

    @property
    def everyone(self) -> bool:
        return all(getattr(self, key) is None for key in type(self).model_fields)
