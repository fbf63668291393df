"""Card-face grammar (parser/grammars/cardface.lark): type lines in English and
French, P/T, loyalty, and the mana costs it imports from mana.lark.

Real values come from the Sombrelande FAQ (seeds/001_…) and MTGJSON type
lines; hypothesis builds type lines and P/T boxes from the grammar's
vocabulary and checks they read back.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parser.cardface import (CardFaceError, parse_card_mana_cost, parse_loyalty, parse_pt,
                             parse_pt_value, parse_type_line)
from tests.conftest import SEEDS, SOMBRELANDE


# ------------------------------------------------------------- real values

@pytest.mark.parametrize("text, sup, types, subs", [
    ("Legendary Creature — Elf Knight", ["Legendary"], ["Creature"], ["Elf", "Knight"]),
    ("Basic Snow Land — Forest", ["Basic", "Snow"], ["Land"], ["Forest"]),
    ("Artifact Creature — Scarecrow", [], ["Artifact", "Creature"], ["Scarecrow"]),
    ("Enchantment — Aura", [], ["Enchantment"], ["Aura"]),
    ("Tribal Instant — Faerie", [], ["Tribal", "Instant"], ["Faerie"]),
    ("Sorcery", [], ["Sorcery"], []),
    ("Plane — Bolas’s Meditation Realm", [], ["Plane"], ["Bolas’s Meditation Realm"]),
    ("Legendary Planeswalker — Jace", ["Legendary"], ["Planeswalker"], ["Jace"]),
])
def test_english_type_lines(text, sup, types, subs):
    t = parse_type_line(text, "en")
    assert (t.supertypes, t.types, t.subtypes) == (sup, types, subs)


def test_old_english_type_line_summon():
    t = parse_type_line("Summon Wolf", "en")  # Throat Wolf, Portal
    assert t.types_en == ["Creature"] and t.subtypes == ["Wolf"]


@pytest.mark.parametrize("text, types_en, sup_en, subs", [
    ("Créature : elfe et chevalier", ["Creature"], [], ["elfe", "chevalier"]),
    ("Créature : peuple fée et soldat", ["Creature"], [], ["peuple fée", "soldat"]),
    ("Créature-artefact : épouvantail", ["Artifact", "Creature"], [], ["épouvantail"]),
    ("Enchantement : aura", ["Enchantment"], [], ["aura"]),
    ("Terrain : forêt", ["Land"], [], ["forêt"]),
    ("Créature légendaire : renard et clerc", ["Creature"], ["Legendary"], ["renard", "clerc"]),
    ("Terrain de base neigeux : plaine", ["Land"], ["Basic", "Snow"], ["plaine"]),
    ("Éphémère tribal : sorcier", ["Tribal", "Instant"], [], ["sorcier"]),
    ("Créature-artefact légendaire : équipement et méduse", ["Artifact", "Creature"], ["Legendary"],
     ["équipement", "méduse"]),
    ("Créature : démon et chien de chasse", ["Creature"], [], ["démon", "chien de chasse"]),
    ("Rituel", ["Sorcery"], [], []),
    ("Planeswalker légendaire", ["Planeswalker"], ["Legendary"], []),
    ("Enchanter : créature", ["Enchantment"], [], ["créature"]),  # pre-2005 auras (CHK)
    ("Invoquer: minotaure", ["Creature"], [], ["minotaure"]),     # HML
])
def test_french_type_lines(text, types_en, sup_en, subs):
    t = parse_type_line(text, "fr")
    assert (t.types_en, t.supertypes_en, t.subtypes) == (types_en, sup_en, subs)


def test_french_type_words_are_kept_as_written():
    t = parse_type_line("Créature-artefact : épouvantail", "fr")
    assert t.types == ["Créature", "artefact"]


@pytest.mark.parametrize("bad, lang, column", [
    ("Legendary Creature — Elf Cleric", "fr", 1),   # English text in French data (AFR)
    ("Engagez le permanent ciblé.", "fr", 1),        # rules text in the type field (CMD)
    ("Creature — Elemental?", "en", 21),             # Question Elemental? (Unhinged)
])
def test_type_line_errors_give_column(bad, lang, column):
    with pytest.raises(CardFaceError) as exc:
        parse_type_line(bad, lang)
    assert exc.value.column == column


@pytest.mark.parametrize("text, power, toughness", [
    ("3/2", "3", "2"), ("*/*", "*", "*"), ("1+*/1+*", "1+*", "1+*"), ("-1/1", "-1", "1"),
    ("X/X", "X", "X"), ("2.5/2.5", "2.5", "2.5"), ("0/4", "0", "4"),
])
def test_pt(text, power, toughness):
    pt = parse_pt(text)
    assert (pt.power, pt.toughness) == (power, toughness)


def test_pt_value_and_loyalty():
    assert parse_pt_value("*+1") == "*+1"
    assert parse_pt_value(".5") == ".5"            # Little Girl (Unhinged)
    assert parse_loyalty("3") == "3"
    assert parse_loyalty("1d4+1") == "1d4+1"       # Dungeon Master
    with pytest.raises(CardFaceError):
        parse_pt("3")


def test_mana_cost_imported_from_mana_grammar():
    cost = parse_card_mana_cost("{2/B}{2/B}{2/B}")   # Implorer la reine, seeds/001 line 50
    assert cost.mana_value == 6 and cost.colors == ("B",)
    assert parse_card_mana_cost("{1}{G/W}{G/W}{G/W}").mana_value == 4


def test_every_card_record_of_the_sombrelande_faq_parses():
    """The 58 records' costs, French type lines and P/T all read with this grammar."""
    from parser.faq import parse_document
    doc = parse_document(SEEDS / f"{SOMBRELANDE}.txt")
    assert len(doc.cards) == 58
    for rec in doc.cards:
        t = parse_type_line(rec.type_line, "fr")
        assert t.types_en, rec.name
        if rec.mana_cost:
            assert parse_card_mana_cost(rec.mana_cost).symbols, rec.name
        if rec.power is not None:
            parse_pt(f"{rec.power}/{rec.toughness}")
    liege = doc.card("Noble féale de Feuilleterne")
    assert parse_type_line(liege.type_line, "fr").subtypes == ["elfe", "chevalier"]
    poppet = doc.card("Fantogre sinistre")
    assert parse_type_line(poppet.type_line, "fr").types_en == ["Artifact", "Creature"]


# -------------------------------------------------------------- hypothesis

EN_SUPER = ["Legendary", "Basic", "Snow", "World"]
EN_TYPES = ["Artifact", "Creature", "Enchantment", "Instant", "Land", "Sorcery", "Planeswalker", "Tribal"]
FR_TYPES = {"Créature": "Creature", "Artefact": "Artifact", "Enchantement": "Enchantment",
            "Terrain": "Land", "Rituel": "Sorcery", "Éphémère": "Instant"}
SUB_WORD = st.from_regex(r"\A[A-Z][a-z]{2,9}\Z", fullmatch=True)
FR_SUB_WORD = st.from_regex(r"\A[a-zéèêç]{3,9}\Z", fullmatch=True).filter(lambda w: w != "et")


@settings(max_examples=200, deadline=None)
@given(sup=st.lists(st.sampled_from(EN_SUPER), max_size=2, unique=True),
       types=st.lists(st.sampled_from(EN_TYPES), min_size=1, max_size=2, unique=True),
       subs=st.lists(SUB_WORD, max_size=3))
def test_hypothesis_english_type_lines_round_trip(sup, types, subs):
    text = " ".join(sup + types) + (" — " + " ".join(subs) if subs else "")
    t = parse_type_line(text, "en")
    assert (t.supertypes, t.types, t.subtypes) == (sup, types, subs)


@settings(max_examples=200, deadline=None)
@given(first=st.sampled_from(sorted(FR_TYPES)), second=st.none() | st.sampled_from(["artefact", "enchantement"]),
       legendary=st.booleans(),
       subs=st.lists(st.lists(FR_SUB_WORD, min_size=1, max_size=2), max_size=3))
def test_hypothesis_french_type_lines_round_trip(first, second, legendary, subs):
    head = first + (f"-{second}" if second else "") + (" légendaire" if legendary else "")
    sub_text = " et ".join(" ".join(s) for s in subs)
    text = head + (f" : {sub_text}" if subs else "")
    t = parse_type_line(text, "fr")
    want = {FR_TYPES[first]} | ({{"artefact": "Artifact", "enchantement": "Enchantment"}[second]}
                                 if second else set())
    assert set(t.types_en) == want
    assert t.supertypes_en == (["Legendary"] if legendary else [])
    assert t.subtypes == [" ".join(s) for s in subs]


PT_TERM = st.one_of(st.integers(0, 20).map(str), st.just("*"), st.just("X"))


@settings(max_examples=200, deadline=None)
@given(neg=st.booleans(), a=PT_TERM, plus=st.none() | st.just("*"), b=PT_TERM)
def test_hypothesis_pt_round_trip(neg, a, plus, b):
    power = ("-" if neg and a.isdigit() else "") + a + (f"+{plus}" if plus and a.isdigit() else "")
    pt = parse_pt(f"{power}/{b}")
    assert (pt.power, pt.toughness) == (power, b)


@pytest.mark.corpus
def test_grammar_coverage_of_the_whole_corpus():
    """The one full-corpus test (about 8 s): issue 4 targets, measured by
    benchmarks/grammar_coverage.py over all 579 MTGJSON set files."""
    import importlib.util

    from tests.conftest import ROOT, require_shared
    corpus = require_shared("cards", "mtgjson")
    spec = importlib.util.spec_from_file_location("grammar_coverage", ROOT / "benchmarks" / "grammar_coverage.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    res = mod.run(corpus)
    mana, en, fr = res["mana_costs"], res["type_lines_en"], res["type_lines_fr"]
    assert mana["total"] == 22730 and mana["failures"] == [] and mana["mana_value_mismatches"] == []
    assert en["parsed"] / en["total"] >= 0.995
    assert fr["parsed"] / fr["total"] >= 0.995
    # the French failures are data errors: English type lines, a typo, rules text in the type field
    assert {f["text"] for f in fr["failures"]} >= {"cphémère", "Engagez le permanent ciblé."}
    assert all(not f["text"].startswith(("Créature", "Rituel", "Éphémère")) for f in fr["failures"])
    assert res["pt_loyalty"]["failures"] == []
