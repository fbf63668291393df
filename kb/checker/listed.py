"""A claim that lists a card's keyword abilities or types: "Avian Changeling's keywords are changeling and
flying", « les types de créature de l'Agent de Dhund sont humain et gredin » (a ``listed`` query, read by
:mod:`kb.checker.meaning_descriptions`), evaluated on the face the claim designates.

* every item must be the card's (a keyword ability, a subtype, a card type or a supertype, each compared
  with its own list): one that is not makes the claim false;
* "its creature types" / "its land types" are read only of a card whose one card type is that one (a Land
  Creature has subtypes of both kinds, an Aura has no creature types: unknown);
* the list the claim names (its keywords, its subtypes, its card types) must then be the whole list: true
  when it is; unknown when the card has more of them (« sont humain » of a Human Rogue lists only part of
  them, which the claim may or may not mean as the whole), or every creature type through changeling.
"""
from __future__ import annotations

from kb.checker.verdict import Trace, Unknown
from parser.textkeys import fold

#: Item token type -> which characteristic of the face it is one of.
_KIND = {"KEYWORD": "keywords", "SUBTYPE": "subtypes", "CARDTYPE": "types", "SUPERTYPE": "supertypes"}
#: The rule each list is defined by (kb/checker/editions.py concepts).
_CONCEPT = {"keywords": "keyword_abilities", "subtypes": "subtypes", "types": "card_types", "supertypes": "supertypes"}
#: Lists of one kind of subtype ("its creature types", « ses types de terrain »): the card type whose
#: subtypes they are.  A card with another card type too (Dryad Arbor, a Land Creature — Forest Dryad;
#: an Equipment Creature) has subtypes of both kinds, which the model does not tell apart.
_OF_TYPE = {"creature_subtypes": "creature", "land_subtypes": "land"}


def _have(face) -> dict[str, set[str]]:
    names = face.keyword_names or tuple(k.split(" ")[0] for k in face.keywords)
    return {"keywords": {fold(k) for k in names}, "subtypes": {fold(s) for s in face.subtypes},
            "types": {fold(t) for t in face.types}, "supertypes": {fold(t) for t in face.supertypes}}


def listed(d, value: dict, trace: Trace) -> bool:
    """Whether the items of ``value`` (``{"what", "items": [(token type, value)]}``) are the face's list."""
    have = _have(d.face)
    what = value["what"]
    if what in _OF_TYPE:
        if have["types"] - {"kindred", "tribal"} != {_OF_TYPE[what]}:
            raise Unknown("{label} has another card type, or not that one: the model does not tell which of its "
                          "subtypes the claim means", label=d.label)
        what = "subtypes"
    trace.step("{what} of {label}: {items}", _CONCEPT[what], what=trace.tr(what), label=d.label,
               items=", ".join(sorted(have.get(what, ()))) or trace.tr("none"))
    if "changeling" in have["keywords"] and (what == "subtypes" or any(k == "SUBTYPE" for k, _ in value["items"])):
        raise Unknown("{label} has every creature type through changeling: the model does not list them",
                      label=d.label)
    for kind, item in value["items"]:
        if fold(item) not in have[_KIND[kind]]:
            trace.step("{label} does not have « {item} »", label=d.label, item=item)
            return False
    said = {fold(item) for kind, item in value["items"] if _KIND[kind] == what}
    if have.get(what, set()) - said:
        raise Unknown("{label} has more {what} than the claim lists: it may name only some of them",
                      label=d.label, what=trace.tr(what))
    return True
