"""The Comprehensive Rules parser (parser/cr.py, cr_lines.py, cr_tree.py; parser/grammars/cr.lark).

Values asserted here were read in the documents themselves: the 102 English
editions in ../shared/corpus/cr/en (skipped when absent) and the French seed
rules texts.  Golden files in tests/golden/cr hold a few chapters of three
editions of different eras; regenerate them with
``pytest tests/parser/test_cr.py --update-golden``.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.model import SUBRULE_LETTERS, rule_sort_key
from parser.cr import NotARulesDocument, find_cr_files, parse_cr, parse_cr_text
from parser.decode import decode_file
from tests.parser.golden import as_golden
from tests.conftest import FIXTURES, GOLDEN, SEEDS, SHARED_CORPUS

CR_DIR = SHARED_CORPUS / "cr" / "en"
EDITION_FILES = sorted(CR_DIR.glob("*.txt")) if CR_DIR.exists() else [
    pytest.param(None, marks=pytest.mark.skip(reason=f"shared corpus not available: {CR_DIR} is missing (it is present in CI)"))]
GOLDEN = GOLDEN / "cr"


# ---- shared parses -----------------------------------------------------------

@pytest.fixture
def edition(cr_editions):
    """``edition(date)``: the parsed edition of that file, parsed once per
    session (``cr_editions``, tests/conftest.py)."""
    return cr_editions.__getitem__


def count_rule_lines(text: str) -> int:
    """Count numbered rules with a plain line classifier, independently of the grammar.

    Takes the rules part (from the second « 1. » heading, the first being in
    the contents, to the « Glossary » heading after it), counts the lines that
    start with a rule number, and leaves out lines that continue a
    hard-wrapped sentence: the line before them is longer than a stray
    character and ends with neither punctuation nor a rule heading.
    """
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if re.match(r"1\.\s+\S", line)]
    begin = starts[1]
    end = next(i for i in range(begin, len(lines)) if lines[i].strip() == "Glossary")
    number = re.compile(r"[ \t]*\d{3}\. ?\d+[a-z]?\.?(?:[ \t]|$)")
    count = 0
    for i in range(begin, end):
        if number.match(lines[i]):
            prev = lines[i - 1].rstrip()
            wrapped = len(prev) > 1 and not re.search(r"[.:)\"”’]$|^\s*\d{3}\.\S*(\s+\S+)?$", prev)
            count += not wrapped
    return count


def non_blank(text: str) -> int:
    return sum(1 for line in text.split("\n") if line.strip())


# ---- the whole archive ---------------------------------------------------------

@pytest.mark.parametrize("path", EDITION_FILES, ids=lambda p: getattr(p, "stem", "corpus-missing"))
def test_every_edition_parses_without_a_lost_line(path, edition):
    ed = edition(path.stem)
    text = decode_file(path).text
    # Numbered rules: the grammar's count equals the line classifier's.
    assert len(ed.rules) == count_rule_lines(text)
    # Every non-blank line of the rules part is a section, a chapter, or a
    # line of some rule's text or examples.
    lines = text.split("\n")
    begin = [i for i, line in enumerate(lines) if re.match(r"1\.\s+\S", line)][1]
    gloss = next(i for i in range(begin, len(lines)) if lines[i].strip() == "Glossary")
    in_nodes = len(ed.sections) + len(ed.chapters) + sum(
        non_blank(r.text) + non_blank("\n".join(r.examples)) for r in ed.rules)
    assert in_nodes == non_blank("\n".join(lines[begin:gloss]))
    # Every « Example » paragraph of the rules part is attached to a rule.
    assert sum(len(r.examples) for r in ed.rules) == sum(
        1 for line in lines[begin:gloss] if re.match(r"\s*Example", line))
    # The same for the glossary: a term line plus its definition lines.
    credits = next((i for i in range(gloss, len(lines)) if lines[i].strip() == "Credits"), len(lines))
    assert sum(1 + non_blank(g.definition) for g in ed.glossary) == non_blank("\n".join(lines[gloss + 1:credits]))
    # No line was left unplaced by the grammar.
    assert not [w for w in ed.warnings if "unexpected" in w.message or "no terminal" in w.message]
    assert ed.date and ed.sections and ed.chapters and ed.glossary
    assert all(r.text for r in ed.rules)


def test_archive_counts_across_eras(edition):
    counts = {name: (len(edition(name).sections), len(edition(name).chapters), len(edition(name).rules),
                     len(edition(name).glossary))
              for name in ("2003-03-15", "2004-10-01", "2009-07-11", "2009-10-01", "2012-05-01")}
    assert counts == {
        "2003-03-15": (5, 66, 514, 214),
        "2004-10-01": (5, 71, 728, 319),
        "2009-07-11": (8, 104, 1472, 408),   # first edition of the 2009 renumbering
        "2009-10-01": (9, 114, 1600, 424),   # section 9, Casual Variants
        "2012-05-01": (9, 123, 1881, 463),
    }


# ---- 2026-01-16 ------------------------------------------------------------------

def test_2026_counts(edition):
    ed = edition("2026-01-16")
    subrules = [r for r in ed.rules if r.is_subrule]
    assert ed.date == "2026-01-16"
    assert (len(ed.sections), len(ed.chapters)) == (9, 146)
    assert (len(ed.rules) - len(subrules), len(subrules), len(ed.rules)) == (1157, 1957, 3114)
    assert len(ed.glossary) == 725 and all(g.definition for g in ed.glossary)
    assert ed.warnings == [] and ed.lost_quotes == 0 and ed.encoding == "utf-8"


def test_2026_structure(edition):
    ed = edition("2026-01-16")
    assert ed.sections["7"] == "Additional Rules"
    assert ed.sections["9"] == "Casual Variants"
    assert ed.chapters["702"] == "Keyword Abilities"
    assert ed.contents[:3] == ["Contents", "1. Game Concepts", "100. General"]
    assert ed.credits.startswith("Magic: The Gathering Original Game Design: Richard Garfield")
    trample = ed.rule("702.19")
    assert (trample.title, trample.parent, trample.section) == ("Trample", "702", "7")
    assert trample.children == ["702.19a", "702.19b", "702.19c", "702.19d", "702.19e", "702.19f", "702.19g"]


def test_2026_702_19c_carries_its_example(edition):
    r = edition("2026-01-16").rule("702.19c")
    assert r.text.startswith("Trample over planeswalkers is a variant of trample that modifies the rules")
    assert r.examples == [
        "A player controls a planeswalker with three loyalty counters that is being attacked by a 1/1 "
        "with no abilities and a 7/7 with trample over planeswalkers. The active player could assign "
        "1 damage from the first attacker and 2 damage from the second to the planeswalker and 5 damage "
        "to the defending player from the creature with trample over planeswalkers."]
    assert (r.parent, r.edition, r.source, r.lang, r.line) == ("702.19", "2026-01-16", "2026-01-16", "en", 4074)


def test_2026_glossary_entries_and_references(edition):
    ed = edition("2026-01-16")
    first, last = ed.glossary[0], ed.glossary[-1]
    assert first.term == "Abandon"
    assert first.definition.endswith("See rule 701.33, “Abandon.”")
    assert first.references == ["701.33"]
    assert (last.term, last.references) == ("Zone-Change Triggers", ["603.6"])
    trample = next(g for g in ed.glossary if g.term == "Trample")
    assert "702.19" in trample.references


def test_subrule_letters_skip_l_and_o(edition):
    ed = edition("2026-01-16")
    assert ed.rule("704.5").children[10:14] == ["704.5k", "704.5m", "704.5n", "704.5p"]
    assert not [r.number for r in ed.rules if r.is_subrule and r.number[-1] in "lo"]
    for r in ed.rules:
        letters = [c[-1] for c in r.children if c[-1].isalpha()]
        assert letters == sorted(letters, key=SUBRULE_LETTERS.index)


# ---- old layouts ------------------------------------------------------------------

def test_2003_2008_numbering(edition):
    ed = edition("2004-10-01")
    assert ed.chapters["502"] == "Keyword Abilities"
    assert ed.chapters["212"] == "Type, Supertype, and Subtype"
    assert ed.rule("502.2").title == "First Strike"
    assert ed.rule("502.2").children == ["502.2a", "502.2b", "502.2c", "502.2d"]
    assert ed.rule("212.2a").text.startswith("A player may play an artifact card from his or her hand")


def test_hard_wrapped_lines_starting_with_a_number_stay_text(edition):
    ed = edition("2003-12-01")
    r = ed.rule("413.2d")
    assert "See rule\n103.4. If a player must make more than one choice at a time" in r.text
    assert [x.number for x in ed.rules].count("103.4") == 1


def test_rule_right_under_the_previous_one_without_blank_line(edition):
    assert edition("2009-10-01").rule("306.6").text.startswith("Planeswalkers can be attacked.")


def test_misprinted_number_with_a_space_is_read_and_reported(edition):
    ed = edition("2005-08-01")
    assert ed.rule("606.8b").text.startswith("Players win and lose the game only as a team")
    w = next(w for w in ed.warnings if "misprinted" in w.message)
    assert (w.line, w.column, w.text[:7]) == (2104, 5, "606. 8b")


def test_duplicated_numbers_are_reported_not_merged(edition):
    ed = edition("2009-10-01")
    dups = [r for r in ed.rules if r.number == "702.30d"]
    assert len(dups) == 2 and dups[0].text != dups[1].text
    w = [w for w in ed.warnings if w.message.startswith("duplicated rule number 702.30d")]
    assert len(w) == 1 and w[0].file.endswith("2009-10-01.txt") and w[0].line == dups[1].line


def test_effective_date_comes_from_the_text(edition):
    assert edition("2013-04-29").date == "2013-05-01"
    ed = edition("2006-06-01")        # a 2004 text filed under 2006
    assert ed.date == "2004-06-01"
    assert any("differs from the file name" in w.message for w in ed.warnings)


def test_lost_quotes_and_other_encodings(edition):
    assert edition("2008-05-01").lost_quotes == 4742
    assert "A player can?t take any mulligans" in edition("2008-05-01").rule("101.4").text
    # Mac Roman en dash in 2004-02-01 (its 205.3b example has « -- » instead).
    assert edition("2004-02-01").rule("212.6c").examples == [
        '"Basic Land – Mountain" means the card is a land with the Mountain\nsubtype.']
    assert edition("2016-08-26").encoding == "utf-16-le"


def test_stray_line_and_truncated_file_are_reported(edition):
    ed = edition("2021-11-15")
    assert ed.rule("702.148b").text.endswith("“Text-Changing Effects.”\nf")
    w = next(w for w in ed.warnings if w.message.startswith("one-character line"))
    assert (w.line, w.text) == (4540, "f")
    ed = edition("2013-02-01")          # the file stops in the glossary
    assert ed.glossary[-1].term == "Attack Multiple Players" and ed.credits == ""
    assert [w.message for w in ed.warnings][-1] == "no credits after the glossary: the file may be truncated"


def test_find_cr_files(tmp_path):
    (tmp_path / "b.txt").write_text("x")
    (tmp_path / "a.txt").write_text("x")
    (tmp_path / "notes.md").write_text("x")
    single = tmp_path / "single.rules"
    single.write_text("x")
    assert [p.name for p in find_cr_files([tmp_path])] == ["a.txt", "b.txt"]
    assert find_cr_files([single]) == [single]
    with pytest.raises(FileNotFoundError, match="missing"):
        find_cr_files([tmp_path / "missing"])


def test_glossary_table_of_2003(edition):
    ed = edition("2003-03-15")
    g = next(g for g in ed.glossary if g.term == "Expansions and Editions")
    assert g.definition.split("\n\n")[0] == "     Arabian Nights(r) [symbol]"


# ---- errors ---------------------------------------------------------------------

def test_not_a_rules_document(tmp_path):
    path = tmp_path / "shopping-list.txt"
    path.write_text("Milk\nBread\n\nEggs\n", encoding="utf-8")
    with pytest.raises(NotARulesDocument, match=r"shopping-list\.txt.*no numbered rules"):
        parse_cr(path)
    binary = tmp_path / "picture.png"
    binary.write_bytes(bytes(range(256)) * 40)
    with pytest.raises(NotARulesDocument, match=r"picture\.png.*not text"):
        parse_cr(binary)


MINI = """Magic: The Gathering Comprehensive Rules

These rules are effective as of January 16, 2026.

Contents

1. Game Concepts
100. General

Glossary

Credits

1. Game Concepts

{stray}100. General

100.1. These Magic rules apply to any Magic game with two or more players.

100.1a A two-player game is a game that begins with only two players.

100.1l A misprinted letter.

100.1b Out of order.

100.2. To play, each player needs their own deck.
Example: A deck of sixty cards.

Glossary

Active Player
The player whose turn it is. See rule 102.1.

Credits

Design: R. Garfield
"""


def test_mini_document_and_numbering_warnings():
    ed = parse_cr_text(MINI.format(stray=""), "mini")
    assert [r.number for r in ed.rules] == ["100.1", "100.1a", "100.1l", "100.1b", "100.2"]
    assert ed.rule("100.2").examples == ["A deck of sixty cards."]
    assert [g.references for g in ed.glossary] == [["102.1"]]
    assert ed.credits == "Design: R. Garfield"
    assert [w.message for w in ed.warnings] == [
        "subrule letter 'l' is not used by the Comprehensive Rules",
        "subrule 100.1b comes after 100.1l"]
    assert [(w.file, w.line) for w in ed.warnings] == [("mini", 22), ("mini", 24)]


def test_unplaceable_line_is_reported_and_the_rest_parses():
    ed = parse_cr_text(MINI.format(stray="A line that fits nowhere\n\n"), "mini", path="mini.txt")
    w = ed.warnings[0]
    assert (w.file, w.line, w.column, w.text) == ("mini.txt", 16, 1, "A line that fits nowhere")
    assert w.message == "text between section 1 and its first chapter (not part of any rule)"
    assert len(ed.rules) == 5 and ed.chapters == {"100": "General"}


# ---- French rules texts: one grammar (faq.lark) whatever the entry point --------------

def test_french_rule_607_number_alone_on_its_line(seed_docs):
    ed = parse_cr(SEEDS / "002_f6a566c3e70ee678.txt", lang="fr")
    assert ed.date is None and ed.lang == "fr"
    assert [r.number for r in ed.rules] == (
        ["607.1", "607.1a", "607.1b", "607.2"] + [f"607.2{c}" for c in "abcdefghi"] + ["607.3", "607.4"])
    assert ed.rule("607.1").text.startswith("Un objet peut avoir deux capacités imprimées sur lui")
    # The stray « 2e » opening 607.2h's paragraph is left out and reported, as the FAQ parser does.
    assert ed.rule("607.2h").text.startswith("Si un objet a une capacité imprimée sur lui")
    assert [(w.type, w.line, w.text[:5]) for w in ed.warnings] == [("stray_token", 49, "2e Si")]
    assert [r.number for r in ed.rules if r.examples] == ["607.3", "607.4"]
    assert ed.rule("607.3").examples[0].startswith("Le Panache de Paradis a les trois capacités suivantes")
    assert ed.rule("607.4").examples[0].startswith("Le Frappeur à l'arc a la capacité")
    assert "Cf. règle 702.69" in ed.rule("607.2i").text
    assert ed.rule("607.2").children == [f"607.2{c}" for c in "abcdefghi"]
    # the same rules, titles and texts as the document the build stores
    doc = seed_docs["002_f6a566c3e70ee678"]
    assert [(r.number, r.title, r.text, r.examples) for r in ed.rules] == \
        [(r.number, r.title, r.text, r.examples) for r in doc.rules]


def test_french_banding_rules(seed_docs):
    text = (SEEDS / "004_1ad7f9fe6443779b.txt").read_text(encoding="utf-8")
    ed = parse_cr_text(text, "004_1ad7f9fe6443779b", lang="fr")
    assert ed.date is None
    assert [r.number for r in ed.rules] == (
        ["502.10"] + [f"502.10{c}" for c in "abcdefghi"] + ["502.11"] + [f"502.11{c}" for c in "abcd"])
    assert ed.rule("502.10").title == "Regroupement"
    assert ed.rule("502.11").title == "Regroupement avec d'autres"
    assert [r.number for r in ed.rules if r.examples] == ["502.10e"]
    assert ed.rule("502.10e").examples[0].startswith("un joueur attaque avec un groupe constitué")
    assert all(r.lang == "fr" for r in ed.rules)
    doc = seed_docs["004_1ad7f9fe6443779b"]
    assert [(r.number, r.title) for r in ed.rules] == [(r.number, r.title) for r in doc.rules]


def test_french_effective_date_and_non_breaking_space():
    text = ("Règles complètes\n\nCes règles entrent en vigueur au 1er février 2010.\n\n"
            "702.19\n\nLe piétinement est une capacité statique.\n\n"
            "Exemple\u00a0: Une créature 6/6 avec le piétinement est bloquée.\n")
    ed = parse_cr_text(text, "fr-mini", lang="fr")
    assert ed.date == "2010-02-01"
    assert ed.rule("702.19").examples == ["Une créature 6/6 avec le piétinement est bloquée."]


FRENCH_CR = FIXTURES / "french" / "full_cr.txt"


def test_full_french_comprehensive_rules_layout():
    """Contents, sections, chapters, rules, examples, glossary and credits of
    the French Comprehensive Rules layout, through parse_cr and parse_document."""
    ed = parse_cr(FRENCH_CR, lang="fr")
    assert ed.date == "2010-02-01"
    assert ed.sections == {"1": "Concepts du jeu", "7": "Règles additionnelles"}
    assert ed.chapters == {"100": "Généralités", "101": "Les règles d'or", "702": "Capacités mot-clé"}
    assert [r.number for r in ed.rules] == ["100.1", "100.1a", "100.1b", "101.1", "702.19", "702.19a", "702.19b"]
    assert ed.rule("100.1a").text == ("Une partie à deux joueurs est une partie qui commence avec seulement "
                                      "deux joueurs.")
    assert ed.rule("702.19").title == "Piétinement"
    assert ed.rule("702.19b").examples == [
        "Une créature 6/6 avec le piétinement est bloquée par une créature 2/2. Le joueur attaquant "
        "peut assigner 2 blessures au bloqueur et 4 blessures au joueur défenseur."]
    assert ed.contents[:3] == ["Introduction", "1. Concepts du jeu", "100. Généralités"]
    assert ed.contents[-2:] == ["Glossaire", "Crédits"]
    assert [(g.term, g.definition, g.references, g.edition) for g in ed.glossary] == [
        ("Abandonner", "Quitter une partie. Voir règle 104.3a.", ["104.3a"], "2010-02-01"),
        ("Piétinement", "Une capacité statique qui modifie les règles d'assignation des blessures de "
                        "combat. Voir règle 702.19, « Piétinement ».", ["702.19"], "2010-02-01")]
    assert ed.credits == "Conception du jeu Magic originel : Richard Garfield"
    assert ed.warnings == []
    from parser.faq import parse_document
    doc = parse_document(FRENCH_CR)
    # the contents are text: « 100. Généralités » is one rule (the chapter), not two
    assert [r.number for r in doc.rules].count("100") == 1
    assert "100. Généralités" in doc.paragraphs and doc.kind == "rules"
    assert doc.edition == "2010-02-01" and len(doc.glossary) == 2


# ---- grammar property ---------------------------------------------------------------

_words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ,’“”", min_size=1, max_size=30).map(
    lambda s: "Text " + s.strip() + ".")


@settings(max_examples=40, deadline=None)
@given(
    rules=st.lists(st.tuples(_words, st.integers(0, 4), st.booleans()), min_size=1, max_size=8),
    period=st.booleans(), alone=st.booleans(), example=st.booleans(),
    blank=st.sampled_from(["", "  ", "\t"]), gap=st.integers(1, 3),
)
def test_generated_rules_read_back(rules, period, alone, example, blank, gap):
    """Whatever the layout (period after the number or not, number alone on its
    line, one to three blank lines, blank lines holding spaces), generated
    rules and subrules read back with their numbers, texts and examples."""
    sep = [blank] * gap
    lines, expected = ["Magic: The Gathering Comprehensive Rules"] + sep, []
    for i, (text, nsub, has_example) in enumerate(rules, start=1):
        for number, body in [(f"702.{i}", text)] + [
                (f"702.{i}{SUBRULE_LETTERS[j]}", f"{text} {j}") for j in range(nsub)]:
            head = number + ("." if period else "")
            lines += [head, *sep, body, *sep] if alone else [f"{head} {body}", *sep]
            ex = has_example and example
            if ex:
                lines += [f"Example: {body}", *sep]
            expected.append((number, body, [body] if ex else []))
    ed = parse_cr_text("\n".join(lines), "generated")
    assert [(r.number, r.text, r.examples) for r in ed.rules] == expected
    assert ed.warnings == []
    assert [r.number for r in ed.rules] == sorted((r.number for r in ed.rules), key=rule_sort_key)


# ---- golden files ---------------------------------------------------------------------

GOLDEN_SPECS = {
    # edition: chapters kept whole, plus a prefix of rules (keyword abilities)
    "2004-10-01": {"chapters": ["212", "502"], "rules": []},
    "2012-05-01": {"chapters": ["509", "704"], "rules": [f"702.{n}" for n in range(1, 22)]},
    "2026-01-16": {"chapters": ["509", "704"], "rules": [f"702.{n}" for n in range(1, 22)]},
}


def golden_data(name: str, ed) -> dict:
    """The part of edition ``ed`` (file ``name``) kept in its golden file (small: a few chapters)."""
    spec = GOLDEN_SPECS[name]
    keep = [r for r in ed.rules
            if r.number.split(".")[0] in spec["chapters"]
            or re.sub(r"[a-z]$", "", r.number) in spec["rules"]]
    terms = {r.title for r in keep if r.title}
    return {
        "date": ed.date, "encoding": ed.encoding, "lang": ed.lang, "source": ed.source,
        "counts": {"sections": len(ed.sections), "chapters": len(ed.chapters), "rules": len(ed.rules),
                   "subrules": sum(r.is_subrule for r in ed.rules), "glossary": len(ed.glossary),
                   "lost_quotes": ed.lost_quotes},
        "sections": ed.sections,
        "chapters": {k: v for k, v in ed.chapters.items() if k in spec["chapters"] or k == "702"},
        "rules": [r.to_dict() for r in keep],
        "glossary": [g.to_dict() for g in ed.glossary if g.term in terms],
        "warnings": [dict(w.to_dict(), file=Path(w.file).name) for w in ed.warnings],
    }


@pytest.mark.parametrize("name", sorted(GOLDEN_SPECS))
def test_golden(name, request, edition):
    path = GOLDEN / f"{name}.json"
    data = golden_data(name, edition(name))
    if request.config.getoption("--update-golden"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert as_golden(data, golden) == golden


def test_parse_cr_reads_a_french_file_in_french_and_an_english_one_in_english(tmp_path):
    """Without ``lang``, the beginning of the text decides (``kb build --cr`` on a French CR file)."""
    french = parse_cr(FRENCH_CR)
    assert (french.lang, french.date, french.chapters["702"]) == ("fr", "2010-02-01", "Capacités mot-clé")
    english = tmp_path / "2004-10-01.txt"
    english.write_text(MINI.format(stray=""), encoding="utf-8")
    assert parse_cr(english).lang == "en"
