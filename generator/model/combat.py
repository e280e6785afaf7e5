"""What terrain does to a battle, as the rules state it: a die-roll modifier, a column shift
along the combat table, a multiplier of the attack or the defence, or no attack at all, each
with the conditions under which it applies.

A terrain, hexside feature or hex feature lists its effects under `combat:`:

    combat:
      - {drm: -1, across: all}               # GE 13.15: only when every attacker crosses a river
      - {shift: 1, direction: left}          # GWNE 13.20: one column left for the defender
      - {multiply: "2", of: defence}         # BitE RA.2: organised defenders doubled
      - {drm: -2, defender: [ru], regions: [russia], instead: true}   # WEF 13.14
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import Field, model_validator

from generator.model.base import Frozen, Id

EffectKind = Literal["drm", "shift", "multiply", "losses", "effect", "no_attack"]
EFFECT_KEYS = ("drm", "shift", "multiply", "losses", "effect", "no_attack")


class CombatEffect(Frozen):
    """One effect on combat and when it applies.

    The effect (exactly one): `drm` (added to the die roll), `shift` columns (or rows) in
    `direction` (default left, towards the defender), `multiply` a side's strength (`of`:
    attack or defence; a whole number or a fraction, "2", "1/2"), `losses` (added to the
    losses a side takes: SotE, a fortified defender loses 1 SP less), `no_attack` (no attack
    into the hex, or across the hexside), or `effect` (anything else, in words).

    The conditions (all must hold): `across` (hexside features: "each" for the units that
    attack across it, "all" only when every attacking unit attacks across such a hexside),
    `defender`/`attacker` (only when that side is of these sides, nationalities or unit
    types), `units` (only units of these types take it), `weather`, `regions`, `tables`
    (only on these combat tables; default every one) and `condition` (anything else, in
    words). `instead`: it replaces the entry's other effects
    of the same kind when its conditions hold.
    """

    drm: int | None = Field(default=None, ge=-20, le=20)
    shift: int | None = Field(default=None, ge=1, le=9)
    direction: Literal["left", "right", "up", "down"] = "left"
    multiply: str | None = Field(default=None, pattern=r"^\s*\d+(\s*/\s*\d+)?\s*$")
    of: Literal["attack", "defence"] | None = None
    losses: int | None = Field(default=None, ge=-9, le=9)
    effect: str | None = Field(default=None, max_length=300)
    no_attack: bool = False
    across: Literal["each", "all"] | None = None
    defender: list[Id] = Field(default_factory=list)
    attacker: list[Id] = Field(default_factory=list)
    units: list[Id] = Field(default_factory=list)
    weather: list[str] = Field(default_factory=list)
    regions: list[Id] = Field(default_factory=list)
    tables: list[Id] = Field(default_factory=list)
    instead: bool = False
    condition: str | None = Field(default=None, max_length=300)
    rule: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _numbers_as_text(cls, data):
        if isinstance(data, dict) and isinstance(data.get("multiply"), (int, float)):
            data = {**data, "multiply": f"{data['multiply']:g}"}
        return data

    @model_validator(mode="after")
    def _one_effect(self):
        given = [key for key in EFFECT_KEYS if _given(getattr(self, key))]
        if len(given) != 1:
            what = ", ".join(given) if given else "none"
            raise ValueError(f"give exactly one effect of drm, shift, multiply, losses, effect or no_attack "
                             f"(given: {what})")
        if self.drm == 0 or self.losses == 0:
            raise ValueError(f"{self.kind} 0 changes nothing: leave the effect out")
        if self.multiply is not None:
            if Fraction(self.multiply.replace(" ", "")) == 1:
                raise ValueError("multiply 1 changes nothing: leave the effect out")
        return self

    @property
    def kind(self) -> EffectKind:
        return next(key for key in EFFECT_KEYS if _given(getattr(self, key)))

    @property
    def factor(self) -> Fraction | None:
        """The multiplier as an exact fraction ("1/2" -> 1/2)."""
        return Fraction(self.multiply.replace(" ", "")) if self.multiply is not None else None

    def whose(self, default: str) -> str:
        """Whose strength (or losses) an effect changes: `of`, else the entry's default
        (defence for terrain and hex features, attack for hexside features)."""
        return self.of or default

    @property
    def conditional(self) -> bool:
        return bool(self.across == "all" or self.defender or self.attacker or self.units or self.weather
                    or self.regions or self.tables or self.condition)

    def applies_to(self, table_id: str) -> bool:
        return not self.tables or table_id in self.tables

    def referenced_ids(self) -> dict[str, list[str]]:
        """The ids the conditions name, by field (for the checks)."""
        return {"defender": self.defender, "attacker": self.attacker, "units": self.units, "regions": self.regions}


def _given(value) -> bool:
    """An effect key is given when set: None and False are not (0 is, and is refused)."""
    return value is not None and value is not False


def effects_with_drm(effects: list[CombatEffect], combat_drm: int) -> list[CombatEffect]:
    """`combat_drm: -1` is a shorthand for one unconditional DRM placed first."""
    return ([CombatEffect(drm=combat_drm)] if combat_drm else []) + list(effects)
