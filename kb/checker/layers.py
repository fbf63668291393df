"""The parts of the layer system the seed notes need: colors (layer 5 in
2008, 5 today) and power/toughness (layer 6 in 2008 rule 418.5a, layer 7
today, CR 613.4).

Power/toughness, today (CR 613.4): 7a characteristic-defining abilities,
7b effects that set P/T, 7c effects *and counters* that modify P/T, 7d
switching; timestamp order inside each sublayer.

Power/toughness, 2008 (rule 418.5a, quoted behaviour in seeds/001_…
« Divinité de respect » and « Envoûteur d'Encrebrasse » notes): 6a CDA, 6b
every other effect — setting effects *and* modifications from resolved
spells and abilities — in timestamp order, 6c counters, 6d static abilities
that modify, 6e switching.  So under 2008 rules a +3/+3 that resolved
before « les autres créatures sont 1/1 » is overwritten; today it still
applies.  The notes' list — later effects, counters whenever placed, static
modifiers whenever started, switching whenever started — is exactly what
survives such a setting effect.
"""
from __future__ import annotations

from typing import Optional

from kb.checker.editions import LATEST, EditionInfo
from kb.checker.permanents import MINUS, PLUS, Permanent
from kb.checker.verdict import OutsideModel, Trace


def _fmt(p: int, t: int) -> str:
    return f"{p}/{t}"


def _apply(e, p: int, t: int) -> tuple[int, int]:
    """``(p, t)`` after the power/toughness effect ``e``."""
    if e.kind in ("set", "cda"):
        return e.value
    if e.kind == "modify":
        return p + e.value[0], t + e.value[1]
    return t, p


def power_toughness(perm: Permanent, edition: EditionInfo = LATEST, trace: Optional[Trace] = None) -> tuple[int, int]:
    """Current (power, toughness) of ``perm`` under ``edition``'s layer rules.

    The layer and sublayer each step names are read from that edition's
    rule text (:meth:`kb.checker.verdict.Trace.where`).  Raises OutsideModel
    for a permanent without printed P/T and no setting effect (a
    noncreature that did not become a creature), and for several effects
    under rules without power/toughness sublayers (before 2005-10-01).
    """
    effects = sorted(perm.pt_effects, key=lambda e: e.timestamp)
    if perm.base_power is None or perm.base_toughness is None:
        if not any(e.kind in ("set", "cda") for e in effects):
            raise OutsideModel("{name} has no power/toughness to compute", name=perm.name)
        p, t = 0, 0
    else:
        p, t = perm.base_power, perm.base_toughness
    trace = trace or Trace(edition)
    _no_sublayers(perm, effects, trace)
    trace.step("printed power/toughness {pt}", pt=_fmt(p, t))
    for e in effects:
        if e.kind == "cda":
            p, t = _apply(e, p, t)
            trace.step("characteristic-defining ability: {pt}", "pt_cda", pt=_fmt(p, t))
    p, t = (_sublayers_2008 if edition.before_m10 else _sublayers_today)(perm, effects, p, t, trace)
    for e in effects:
        if e.kind == "switch":
            p, t = t, p
            trace.step("{where}power and toughness switched -> {pt}", "pt_switch", where=trace.where("pt_switch"),
                       pt=_fmt(p, t))
    return p, t


def _no_sublayers(perm: Permanent, effects: list, trace: Trace) -> None:
    """OutsideModel when the edition's rules have no power/toughness
    sublayers (its counters' layer is a bare number: layer 6 in 2004, none
    in 2003) and more than one change applies: those rules order counters
    and effects otherwise than the sublayers the checker models."""
    if trace.numbering is None or not trace.numbering.editions:
        return                                  # no rule text: the model's own eras
    label = trace.layer("pt_counters")
    if label and label[-1].isalpha():
        return
    changes = len([e for e in effects if e.kind != "cda"]) + (1 if perm.counters.get(PLUS) or
                                                               perm.counters.get(MINUS) else 0)
    if changes > 1:
        raise OutsideModel("the rules of edition {edition} have no power/toughness sublayers (rule {rule}): "
                           "the checker models the sublayers only", edition=trace.edition,
                           rule=trace.number("pt_counters"))


def _counters(perm: Permanent, p: int, t: int, trace: Trace) -> tuple[int, int]:
    plus, minus = perm.counters.get(PLUS, 0), perm.counters.get(MINUS, 0)
    if plus or minus:
        p, t = p + plus - minus, t + plus - minus
        trace.step("{where}counters ({plus} {PLUS}, {minus} {MINUS}) -> {pt}", "pt_counters",
                   where=trace.where("pt_counters"), plus=plus, PLUS=PLUS, minus=minus, MINUS=MINUS, pt=_fmt(p, t))
    return p, t


def _sublayers_2008(perm: Permanent, effects: list, p: int, t: int, trace: Trace) -> tuple[int, int]:
    """2008 (rule 418.5a): every setting effect and resolved modification in
    timestamp order (6b), then counters (6c), then static modifiers (6d)."""
    for e in effects:
        if e.kind == "set" or (e.kind == "modify" and e.source == "resolved"):
            p, t = _apply(e, p, t)
            trace.step("{where}in timestamp order, setting effects and resolved modifications together: "
                       "{effect} -> {pt}", "pt_set", where=trace.where("pt_set"), effect=e.label or e.kind,
                       pt=_fmt(p, t))
    p, t = _counters(perm, p, t, trace)
    for e in effects:
        if e.kind == "modify" and e.source == "static":
            p, t = _apply(e, p, t)
            trace.step("{where}static ability {effect} -> {pt}", "pt_modify", where=trace.where("pt_modify"),
                       effect=e.label or "", pt=_fmt(p, t))
    return p, t


def _sublayers_today(perm: Permanent, effects: list, p: int, t: int, trace: Trace) -> tuple[int, int]:
    """Since the Magic 2010 rules: setting effects, then every modification,
    then counters (one sublayer with the modifications since 2020-04-17)."""
    for e in effects:
        if e.kind == "set":
            p, t = _apply(e, p, t)
            trace.step("{where}{effect} -> {pt}", "pt_set", where=trace.where("pt_set"),
                       effect=e.label or trace.tr("setting effect"), pt=_fmt(p, t))
    for e in effects:
        if e.kind == "modify":
            p, t = _apply(e, p, t)
            trace.step("{where}{effect} -> {pt}", "pt_modify", where=trace.where("pt_modify"),
                       effect=e.label or trace.tr("modification"), pt=_fmt(p, t))
    return _counters(perm, p, t, trace)


def colors(perm: Permanent, trace: Optional[Trace] = None) -> tuple[str, ...]:
    """Current colors: printed colors, then color effects in timestamp order;
    each replaces the previous colors unless it adds « en plus de ses autres
    couleurs » (seeds/001_… Feux céruléens and Corbeiller notes; CR 105.3,
    613.1e)."""
    current = tuple(perm.base_colors)
    for e in sorted(perm.color_effects, key=lambda e: e.timestamp):
        if e.additive:
            current = tuple(c for c in "WUBRG" if c in current or c in e.colors)
            if trace:
                trace.step("{where}becomes {colors} in addition to its other colors -> {current}", "layer_color",
                           where=trace.where("layer_color"), colors="".join(e.colors), current="".join(current))
        else:
            current = tuple(c for c in "WUBRG" if c in e.colors)
            if trace:
                trace.step("{where}a color-changing effect replaces all previous colors -> {current}", "layer_color",
                           where=trace.where("layer_color"), current="".join(current) or trace.tr("colorless"))
    return current
