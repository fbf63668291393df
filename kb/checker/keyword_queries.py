"""Whether a face has a keyword ability, with the parameter a claim gives.

The face's keyword abilities are those its rules text prints, read into their
parts by ``parser/grammars/keyword_line.lark`` (:class:`parser.keyword_line.PrintedKeyword`:
name, number, costs, cost in words, quality).  A claim's parameter is compared
part by part:

* a number (« suspend 1 », « bushido 2 ») with the keyword's own number, never a
  digit of its cost (« Suspend 10—{R} » has no suspend 1);
* a mana cost (« flashback {3}{G} », « kicker {W} ») with each of its costs
  (« Kicker {1}{G} and/or {W} » has two, CR 702.33d); a cost that also asks for
  something else (« Flashback—{1}{U}, Pay 3 life ») is not all of it, so the
  answer is unknown;
* a colour, card type or subtype (« protection from red », « equip Knight ») with
  its quality.

A keyword restricted by a quality (« Equip Knight {1} », CR 702.6e) or a variant
the rules name (« Megamorph is a variant of the morph ability », 702.37b) neither
proves nor disproves the plain keyword: the answer is unknown, with the printed
text and the rule.  The verdict of a claim is true when one printed keyword
matches, false when every one is compared and none matches, else unknown.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Optional

from kb.checker.verdict import Trace, Unknown
from parser.keyword_line import PrintedKeyword
from parser.textkeys import fold

COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

_SYMBOL = re.compile(r"\{[^{}]*\}")


def printed_keywords(face) -> tuple[PrintedKeyword, ...]:
    """The keyword abilities of ``face`` read into parts; a face built without rules text
    (a FAQ card record) has only their names."""
    return face.printed_keywords or tuple(PrintedKeyword(k, k) for k in face.keywords)


def _named(printed: PrintedKeyword, keyword: str) -> bool:
    name, wanted = fold(printed.name), fold(keyword)
    if wanted == "landwalk":
        return name.endswith("walk")
    return name == wanted


def has_keyword(d, keyword: str, param: Optional[str], trace: Trace) -> bool:
    """Whether the face ``d`` designates has ``keyword`` (English, lowercase) with ``param``."""
    face = d.face
    printed = printed_keywords(face)
    label = trace.keyword(keyword)
    own = [k for k in printed if _named(k, keyword)]
    if not own:                 # « hexproof from » + black: the keyword hexproof, its quality « from black »
        longer = [k for k in printed if fold(keyword).startswith(fold(k.name) + " ")]
        if longer:
            rest = fold(keyword)[len(fold(longer[0].name)) + 1:]
            keyword, own = longer[0].name, longer
            param = f"{rest} {_param_label(param)}" if param else rest
    if own and param is not None and not face.printed_keywords:
        # a FAQ card record names its keyword abilities, not their parameters
        raise Unknown("{label} has {keyword} but the model cannot compare its parameter", label=d.label,
                      keyword=label)
    if own:
        # « Hexproof from black » is a variant of hexproof (702.11d): it has no plain hexproof
        verdicts = [(k, (None if k.variant_of else True) if param is None else _parameter_verdict(k, param))
                    for k in own]
        for k, verdict in verdicts:
            if verdict is True:
                trace.step("{label} has {keyword}: « {printed} »", "keyword_abilities", label=d.label,
                           keyword=label, printed=k.text)
                return True
        unsure = [k for k, verdict in verdicts if verdict is None]
        if unsure:
            raise Unknown("{label} has « {printed} »: the model cannot tell whether that is {keyword} {param}",
                          label=d.label, printed=unsure[0].text, keyword=label, param=_param_label(param))
        trace.step("{label} has « {printed} », not with {param}", "keyword_abilities",
                   label=d.label, printed=", ".join(k.text for k in own), param=_param_label(param))
        return False
    within = next((k for k in printed if fold(keyword) in fold(" ".join(filter(None, (k.cost_words, k.quality))))
                   .split()), None)
    if within is not None:      # « Modular—Sunburst » (702.43c): sunburst said as modular's parameter
        raise Unknown("{label} has « {printed} »: {keyword} is said there as the parameter of another keyword "
                      "ability", label=d.label, printed=within.text, keyword=label)
    variant = next((k for k in printed if k.variant_of and k.variant_of[0] == fold(keyword)), None)
    if variant is not None:
        raise Unknown("{label} has « {printed} », a variant of {keyword} (rule {rule}), not {keyword} itself",
                      label=d.label, printed=variant.text, keyword=label, rule=variant.variant_of[1])
    if any(_named(PrintedKeyword(m, m), keyword) for m in face.mentioned_keywords):
        raise Unknown("{label}'s text mentions {keyword} without the card having it as a printed "
                      "ability (it may grant it or have it only sometimes)", label=d.label, keyword=label)
    trace.step("{label} has no {keyword} ability (its keyword abilities: {keywords})",
               "keyword_abilities", label=d.label, keyword=label,
               keywords=", ".join(k.text for k in printed) or trace.tr("none"))
    return False


def _param_label(param: Optional[str]) -> str:
    return COLOR_NAMES.get(param, param) if param else ""


def _parameter_verdict(printed: PrintedKeyword, param: str) -> Optional[bool]:
    """Whether ``printed`` has the claim's parameter: True, False, or None when the model cannot tell."""
    words = param.split()
    number = words[0] if words and re.fullmatch(r"\d+|x", fold(words[0])) else None
    symbols = _SYMBOL.findall(param)
    if symbols:
        return _cost_verdict(printed, number, symbols)
    if number is not None and len(words) == 1:
        if printed.number is not None:
            return fold(printed.number) == fold(number)
        if printed.costs and all(re.fullmatch(r"\{\d+\}", c) for c in printed.costs) \
                and all(c != "{" + number + "}" for c in printed.costs):
            return False               # « kicker 2 » of « Kicker {4} »: neither its number nor its cost
        if printed.costs:              # « ward 2 » said of « Ward {2} »: a loose way to name the cost
            return None
        return False
    return _quality_verdict(printed, fold(_param_label(param)))


def _cost_verdict(printed: PrintedKeyword, number: Optional[str], symbols: list[str]) -> Optional[bool]:
    if number is not None and printed.number is not None and fold(printed.number) != fold(number):
        return False
    wanted = Counter(fold(s) for s in symbols)
    if not any(Counter(fold(s) for s in _SYMBOL.findall(cost)) == wanted for cost in printed.costs):
        return False
    if printed.cost_words or printed.quality:    # « Flashback—{1}{U}, Pay 3 life », « Equip Knight {1} »
        return None
    if number is not None and printed.number is None:
        return None
    return True


#: Words of a quality that says nothing more than colours (« from red and from blue »).
_COLOR_QUALITY = {"from", "and", "or", *COLOR_NAMES.values()}


def _quality_verdict(printed: PrintedKeyword, wanted: str) -> Optional[bool]:
    if printed.quality is None:
        # « hexproof from blue » said of plain hexproof: it is hexproof from blue things too
        return False if printed.number or printed.costs or printed.cost_words else None
    quality = fold(printed.quality).split()
    if wanted in quality or " ".join(quality).endswith(wanted) or wanted + "s" in quality:
        return True                             # « from artifacts » is protection from Artifact
    if set(quality) <= _COLOR_QUALITY:
        return False                            # « from blue » is not from red
    if printed.variant_of is not None:          # « Protection from everything » (702.16j)
        return None
    if len(quality) == 1 and " " not in wanted:
        return False                            # « Knight » is not « Wizard »
    return None
