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

    Raises OutsideModel for a permanent without printed P/T and no setting
    effect (a noncreature that did not become a creature).
    """
    effects = sorted(perm.pt_effects, key=lambda e: e.timestamp)
    if perm.base_power is None or perm.base_toughness is None:
        if not any(e.kind in ("set", "cda") for e in effects):
            raise OutsideModel("{name} has no power/toughness to compute", name=perm.name)
        p, t = 0, 0
    else:
        p, t = perm.base_power, perm.base_toughness
    say = trace.step if trace else (lambda *a, **k: None)
    tr = trace.tr if trace else str
    say("printed power/toughness {pt}", pt=_fmt(p, t))
    plus, minus = perm.counters.get(PLUS, 0), perm.counters.get(MINUS, 0)
    old = edition.before_m10

    def add_counters(p, t, layer):
        if plus or minus:
            p, t = p + plus - minus, t + plus - minus
            say("layer {layer}: counters ({plus} {PLUS}, {minus} {MINUS}) -> {pt}", "pt_counters", layer=layer,
                plus=plus, PLUS=PLUS, minus=minus, MINUS=MINUS, pt=_fmt(p, t))
        return p, t

    for e in effects:
        if e.kind == "cda":
            p, t = _apply(e, p, t)
            say("characteristic-defining ability: {pt}", "pt_cda", pt=_fmt(p, t))
    if old:
        for e in effects:
            if e.kind == "set" or (e.kind == "modify" and e.source == "resolved"):
                p, t = _apply(e, p, t)
                say("layer 6b (timestamp order, 2008 rules): {effect} -> {pt}", "pt_set", effect=e.label or e.kind,
                    pt=_fmt(p, t))
        p, t = add_counters(p, t, "6c")
        for e in effects:
            if e.kind == "modify" and e.source == "static":
                p, t = _apply(e, p, t)
                say("layer 6d: static ability {effect} -> {pt}", "pt_modify", effect=e.label or "", pt=_fmt(p, t))
    else:
        for e in effects:
            if e.kind == "set":
                p, t = _apply(e, p, t)
                say("layer 7b: {effect} -> {pt}", "pt_set", effect=e.label or tr("setting effect"), pt=_fmt(p, t))
        items = [e for e in effects if e.kind == "modify"]
        for e in items:
            p, t = _apply(e, p, t)
            say("layer 7c: {effect} -> {pt}", "pt_modify", effect=e.label or tr("modification"), pt=_fmt(p, t))
        p, t = add_counters(p, t, "7c")
    for e in effects:
        if e.kind == "switch":
            p, t = t, p
            say("layer 6e: power and toughness switched -> {pt}" if old else
                "layer 7d: power and toughness switched -> {pt}", "pt_switch", pt=_fmt(p, t))
    return p, t


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
                trace.step("becomes {colors} in addition to its other colors -> {current}", "layer_color",
                           colors="".join(e.colors), current="".join(current))
        else:
            current = tuple(c for c in "WUBRG" if c in e.colors)
            if trace:
                trace.step("a color-changing effect replaces all previous colors -> {current}", "layer_color",
                           current="".join(current) or trace.tr("colorless"))
    return current
