"""Which rules text a check answers under, and the rule numbers it cites.

The seed FAQ (seeds/001_…, Shadowmoor, April 2008) quotes the 2008
Comprehensive Rules; the Magic 2010 rules update (effective 2009-07-11)
renumbered them and changed, among others, mana burn (CR 2008 rule 300.3,
gone since), the power/toughness layer (2008 rule 418.5a, layer 6b applied
setting effects and resolved modifications together in timestamp order;
today's 613.4b/613.4c apply every modification after every setting effect)
and « bands with other » (2008 rules 502.11b–c; today's 702.22c, 702.22j–k).
Those dates were read from the English Comprehensive Rules editions of the
shared corpus (``cr/en``: 2009-05-01 still has mana burn and the old layer 6;
2009-07-11 has neither).

An edition is an ISO date (``2008-05-01``), a year or a year-month (read
as the last day of that period, ``2008`` -> 2008-12-31, by
:func:`kb.rules.versions.date_meant` as every command reads it) or
``latest``/None.  :func:`resolve_edition` returns an
:class:`EditionInfo`; :func:`rule` maps a concept to the rule number cited in
that era.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from kb.rules.versions import EditionDateError, date_meant

#: Effective date of the Magic 2010 rules update (first CR edition without mana burn).
M10_UPDATE = "2009-07-11"

#: Rule numbers per concept: (2008 numbering as quoted by the seeds, today's numbering).
#: ``None`` means the concept had no rule in that era.
RULES: dict[str, tuple[Optional[str], Optional[str]]] = {
    "mana_symbols": ("104.3", "107.4"),
    "mana_types": (None, "106.1b"),
    "generic_mana": ("104.3b", "107.4b"),
    "variable_mana": ("104.3c", "107.3"),
    "colorless_mana": (None, "107.4c"),
    "hybrid_mana": ("104.3f", "107.4e"),
    "phyrexian_mana": (None, "107.4f"),
    "snow_mana": ("104.3i", "107.4h"),
    "untap_symbol": ("104.5", "107.6"),
    "tap_symbol": ("104.4", "107.5"),
    "color": ("203.2", "202.2"),
    "colorless": ("203.2a", "202.2b"),
    "multicolored": ("203.2b", "202.2c"),
    "hybrid_color": ("203.2e", "202.2d"),
    "color_indicator": (None, "202.2e"),
    "card_types": ("205.2a", "205.2a"),
    "cda": ("604.3", "604.3"),
    "split_card": (None, "709.4"),
    "mana_cost": ("203.1", "202.1"),
    "mana_value": ("203.3", "202.3"),
    "mana_value_no_cost": ("203.3a", "202.3a"),
    "mana_value_x": ("203.3b", "202.3e"),
    "mana_value_hybrid": ("203.3c", "202.3f"),
    "mana_value_phyrexian": (None, "202.3g"),
    "total_cost": ("409.1f", "601.2f"),
    "pay_cost": ("409.1h", "601.2h"),
    "mana_burn": ("300.3", None),
    "mana_empties": ("300.3", "500.4"),
    "layers": ("418.5a", "613.1"),
    "layer_color": ("418.5a", "613.1e"),
    "pt_cda": ("418.5a", "613.4a"),
    "pt_set": ("418.5a", "613.4b"),
    "pt_modify": ("418.5a", "613.4c"),
    "pt_counters": ("418.5a", "613.4c"),
    "pt_switch": ("418.5i", "613.4d"),
    "timestamp": ("418.5e", "613.7"),
    "sba_toughness": ("420.5b", "704.5f"),
    "sba_lethal": ("420.5c", "704.5g"),
    "sba_counters": ("420.5n", "704.5q"),
    "sba_token": ("420.5f", "704.5d"),
    "damage_marked": ("212.3g", "120.3e"),
    "cleanup": ("314.2", "514.2"),
    "regeneration": ("501.5", "701.19"),
    "indestructible": ("420.5c", "702.12b"),  # 2008: glossary « Indestructible » citing 420.5c
    "new_object": ("217.1c", "400.7"),
    "last_known_information": ("217.1c", "608.2h"),
    "summoning_sickness": ("212.3f", "302.6"),
    "haste": ("502.5b", "702.10b"),
    "conspire": ("502.78a", "702.78a"),
    "conspire_instances": ("502.78b", "702.78b"),
    "persist": ("502.79a", "702.79a"),
    "wither": ("502.80a", "702.80a"),
    "wither_damage": ("212.3g", "120.3d"),
    "prevention": ("419.7", "615.1"),
    "soulbond": ("702.92a", "702.95a"),
    "soulbond_paired": ("702.92b", "702.95b"),
    "soulbond_resolve": ("702.92c", "702.95c"),
    "soulbond_one": ("702.92d", "702.95d"),
    "soulbond_unpair": ("702.92e", "702.95e"),
    "banding": ("502.10a", "702.22a"),
    "banding_lost": ("502.11a", "702.22b"),
    "band_formation": ("502.10b", "702.22c"),
    "band_bwo_formation": ("502.11b", "702.22c"),
    "band_same_target": ("502.10b", "702.22d"),
    "band_lasts": ("502.10d", "702.22e"),
    "band_blocked": ("502.10e", "702.22h"),
    "band_blocked_effect": ("502.10g", "702.22i"),
    "band_damage_attacker": ("502.10h", "702.22k"),
    "band_damage_blocker": ("502.10h", "702.22j"),
    "band_bwo_damage": ("502.11c", "702.22j"),
    "linked": ("607.1", "607.1"),
    "linked_exile": ("607.2a", "607.2a"),
    "linked_gained": ("607.4", "607.4"),
}

# Soulbond entered the rules with Avacyn Restored (2012) and moved twice; the
# French FAQ (seed 000_…) quotes it as 702.92.  Chapter by first edition,
# read from the English Comprehensive Rules editions of the shared corpus.
_SOULBOND_CHAPTERS = (("2012-05-01", "702.93"), ("2013-07-11", "702.94"), ("2021-04-19", "702.95"))


class EditionError(ValueError):
    """An edition string that is neither a date, a year, a year-month nor
    ``latest``, or an edition a claim names against the one asked for.  Its
    message is a template of :mod:`kb.checker.messages` (``str()`` is the
    English one; :meth:`told` gives it in a claim's language)."""

    def __init__(self, template: str, **fields):
        from kb.checker.messages import render   # (messages imports nothing of the checker)

        super().__init__(render("en", template, fields))
        self.template, self.fields = template, fields

    def told(self, lang: str) -> str:
        from kb.checker.messages import render

        return render(lang, self.template, self.fields)


@dataclass(frozen=True)
class EditionInfo:
    """The rules text a check answers under.

    ``date`` is an ISO date (the last day of a given year or month) or None
    for the latest edition; ``label`` is what the user asked for.
    """

    date: Optional[str]
    label: str

    @property
    def is_latest(self) -> bool:
        return self.date is None

    @property
    def before_m10(self) -> bool:
        """True for rules texts before the Magic 2010 update (2009-07-11)."""
        return self.date is not None and self.date < M10_UPDATE

    @property
    def mana_burn(self) -> bool:
        """Unused mana made its player lose life (2008 rule 300.3) before M10."""
        return self.before_m10

    @property
    def has_soulbond(self) -> bool:
        return self.date is None or self.date >= _SOULBOND_CHAPTERS[0][0]

    def rule(self, concept: str) -> Optional[str]:
        return rule(concept, self)

    def __str__(self) -> str:
        return self.label


LATEST = EditionInfo(None, "latest")

def resolve_edition(edition: Optional[str]) -> EditionInfo:
    """``None``/``"latest"`` -> LATEST; otherwise the day the date, month or
    year stands for, read by :func:`kb.rules.versions.date_meant` (the one
    reading every command shares): ``"2008"`` -> 2008-12-31, ``"2008-05"``
    -> 2008-05-31, ``"2008-05-01"`` as is.

    Raises EditionError for anything else.
    """
    if edition is None or str(edition).strip().lower() in ("", "latest", "current", "today", "actuelle"):
        return LATEST
    text = str(edition).strip()
    try:
        date = date_meant(text)
    except EditionDateError as exc:
        if "expected" in str(exc):
            raise EditionError("not an edition (expected YYYY, YYYY-MM, YYYY-MM-DD or 'latest'): {edition!r}",
                               edition=edition) from exc
        raise EditionError("not an edition (expected YYYY, YYYY-MM, YYYY-MM-DD or 'latest'): {edition!r}; {why}",
                           edition=edition, why=exc) from exc
    return EditionInfo(date, text)


def rule(concept: str, edition: EditionInfo = LATEST) -> Optional[str]:
    """Rule number for ``concept`` in ``edition``'s numbering (KeyError if unknown)."""
    old, new = RULES[concept]
    if concept.startswith("soulbond"):
        if edition.date is None:
            return new
        chapter = None
        for first, number in _SOULBOND_CHAPTERS:
            if edition.date >= first:
                chapter = number
        if chapter is None:
            return None  # no soulbond in this edition
        return chapter + new[len("702.95"):]
    return old if edition.before_m10 else new
