"""Card facts from the card database and rule numbers from the rule history,
on a knowledge base built from a few MTGJSON sets and CR editions of the
shared corpus: colour indicators (Dryad Arbor, Ancestral Vision),
characteristic-defining abilities (Ghostfire, Transguild Courier), P/T of a
card outside the seed FAQ (Kitchen Finks), mana values of split, flip,
adventure and double-faced cards, and citations per edition (607.5 since
2013-07-13 for what was 607.4; mana burn 300.4 in 2003-03-15)."""
import pytest

from kb.checker import check_claim
from kb.checker.numbering import HAND, HISTORY
from kb.search.searcher import Searcher
from kb.store.db import connect
from tests.conftest import build_with_card_subset, require_shared

pytestmark = pytest.mark.corpus

#: Future Sight, Time Spiral, Planar Chaos, Dissension, Shadowmoor, Apocalypse,
#: Champions of Kamigawa, Throne of Eldraine, Innistrad, Dark Ascension, Battle for Zendikar.
SETS = ["FUT", "TSP", "PLC", "DIS", "SHM", "APC", "CHK", "ELD", "ISD", "DKA", "BFZ"]
EDITIONS = ["2003-03-15", "2008-05-01", "2009-07-11", "2010-07-16", "2012-05-01", "2013-04-29",
            "2013-07-11", "2021-04-19", "2026-01-16"]


@pytest.fixture(scope="module")
def kb_dir(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cardfacts")
    cr = tmp / "cr"
    cr.mkdir()
    for date in EDITIONS:
        (cr / f"{date}.txt").symlink_to(require_shared("cr", "en", f"{date}.txt"))
    return build_with_card_subset(tmp, SETS, cr=[cr])


@pytest.fixture(scope="module")
def conn(kb_dir):
    c = connect(kb_dir)
    yield c
    c.close()


@pytest.mark.parametrize("claim,answer,why", [
    ("Dryad Arbor is green", "true", "color indicator"),
    ("Ancestral Vision is blue", "true", "color indicator"),
    ("Ancestral Vision is colorless", "false", "color indicator"),
    ("Ghostfire is colorless", "true", "characteristic-defining ability « Ghostfire is colorless. »"),
    ("Ghostfire is red", "false", "characteristic-defining ability"),
    ("Transguild Courier is all colors", "true", "characteristic-defining ability"),
    ("Kitchen Finks is green and white", "true", "the card database agrees: colors WG"),
    ("Fire // Ice is blue and red", "true", "a split card has the colors of both halves"),
])
def test_colours_from_the_card_database(conn, claim, answer, why):
    v = check_claim(claim, cards=conn)
    assert v.answer == answer, v
    assert any(why in step for step in v.explanation), v.explanation


def test_kitchen_finks_persist_uses_its_printed_pt(conn):
    v = check_claim("Kitchen Finks dies: it returns to the battlefield with a -1/-1 counter", cards=conn)
    assert v.answer == "true", v
    assert "Kitchen Finks: 3/2, no counters, keywords: persist" in v.explanation


@pytest.mark.parametrize("claim,edition,answer", [
    ("Fire // Ice has mana value 4", None, "true"),
    ("Fire // Ice has mana value 2", None, "false"),
    ("Fire // Ice has mana value 4", "2010", "unknown"),     # two mana values before Amonkhet
    ("Akki Lavarunner has mana value 4", None, "true"),     # flip card: its top half
    ("Bonecrusher Giant has mana value 3", None, "true"),   # adventurer card: the creature
    ("Delver of Secrets has mana value 1", None, "true"),   # transforming card: its front face
])
def test_mana_value_of_multi_part_cards(conn, claim, edition, answer):
    v = check_claim(claim, edition=edition, cards=conn)
    assert v.answer == answer, v


def test_citations_follow_the_rule_history(conn):
    burn = check_claim("unused mana causes mana burn", edition="2003-03-15", cards=conn)
    assert burn.answer == "true" and burn.rules == ["300.4"] and burn.numbering == HISTORY
    assert check_claim("unused mana causes mana burn", edition="2008-05-01", cards=conn).rules == ["300.3"]
    linked = ("Sur Quicksilver Elemental, une carte exilée par la capacité de Sisters of Stone Death "
              "peut être renvoyée par la capacité de Sisters of Stone Death")
    today = check_claim(linked, cards=conn)
    assert "607.5" in today.rules and "607.4" not in today.rules, today
    assert "607.4" in check_claim(linked, edition="2012-06-01", cards=conn).rules


def test_without_history_the_hand_table_says_so(seed_kb):
    c = connect(seed_kb)
    try:
        v = check_claim("unused mana causes mana burn", edition="2003-03-15", cards=c)
        assert v.rules == ["300.3"] and v.numbering == f"{HAND}: numbers of the 2008-05-01 edition"
    finally:
        c.close()


def test_evidence_from_the_search_index(kb_dir, conn):
    searcher = Searcher(kb_dir)
    try:
        v = check_claim("Kitchen Finks dies: it returns to the battlefield with a -1/-1 counter",
                        cards=conn, evidence=searcher)
    finally:
        searcher.close()
    kinds = {e["kind"] for e in v.evidence}
    assert kinds == {"note", "rule"} and all(set(e) == {"kind", "id", "url", "snippet"} for e in v.evidence)
    assert any(e["id"] == "702.79a" and e["url"].endswith("#702.79a") for e in v.evidence), v.evidence


@pytest.mark.parametrize("claim,edition,answer,why", [
    # a back face has its own colour indicator, not its front face's colours
    ("Homicidal Brute is red", None, "true", "Homicidal Brute has a color indicator: R"),
    ("Homicidal Brute is blue", None, "false", "Homicidal Brute has a color indicator: R"),
    ("Withengar Unbound is black", None, "true", "Withengar Unbound has a color indicator: B"),
    ("Withengar Unbound is colorless", None, "false", "Withengar Unbound has a color indicator: B"),
    ("La Brute homicide est rouge", None, "true", "Homicidal Brute a un indicateur de couleur : R"),
    # its mana value is its front face's today, 0 before the Eldritch Moon rules
    ("Homicidal Brute has mana value 3", None, "true", "the card database agrees: mana value 3"),
    ("Homicidal Brute has mana value 0", "2012", "true", "the back face of a double-faced card had no mana cost"),
    # a half is its own spell: an instant of mana value 2
    ("Stomp is an instant", None, "true", "card types of Stomp (type line « Instant — Adventure »): instant"),
    ("Bonecrusher Giant is an instant", None, "false", "card types of Bonecrusher Giant"),
    ("Stomp has mana value 2", None, "true", "the card database agrees: mana value 2"),
    ("Ice has mana value 2", None, "true", "the card database agrees: mana value 2"),
    ("Ice is red", None, "false", "colors of {1}{U}: U"),
    ("Le Piétineur a une valeur de mana de 2", None, "true", "la base de cartes concorde"),
    ("Fire // Ice has mana value 4", None, "true", "a split card's mana value is the total of its halves: 2 + 2 = 4"),
    # devoid sets the colours (a characteristic-defining ability)
    ("Benthic Infiltrator is colorless", None, "true", "« Devoid »"),
    ("Benthic Infiltrator is blue", None, "false", "« Devoid »"),
    # a flipped half keeps the card's mana cost and colour
    ("Kenzo the Hardhearted is white", None, "true", "it keeps the card's mana cost {W}"),
])
def test_faces_and_halves(conn, claim, edition, answer, why):
    v = check_claim(claim, edition=edition, cards=conn)
    assert v.answer == answer, v
    assert any(why in step for step in v.explanation), v.explanation


def test_the_lookup_gives_the_designated_face(conn):
    from kb.checker.cards import KBCards

    cards = KBCards(conn)
    stomp = cards("Stomp")
    assert (stomp.name, stomp.types, stomp.mana_cost, stomp.characteristics.side) == ("Stomp", {"instant"}, "{1}{R}", "b")
    brute = cards("Homicidal Brute")
    assert (brute.color_indicator, brute.power, brute.toughness, brute.types) == (("R",), "5", "1", {"creature"})
    finks = cards("Kitchen Finks")
    assert (finks.power, finks.toughness, finks.subtypes, finks.keywords) == ("3", "2", {"ouphe"}, {"persist"})
    whole = cards("Fire // Ice")
    assert whole.characteristics.side == "" and whole.db_colors == ("U", "R") and [f.name for f in whole.faces] == \
        ["Fire", "Ice"]


def test_seed_card_names_agree_with_the_card_data(conn):
    """corpus/terms/seed_card_names.tsv (for knowledge bases without card data) says what MTGJSON says."""
    from kb.cards.db import get_card
    from kb.data import terms_dir

    lines = (terms_dir() / "seed_card_names.tsv").read_text(encoding="utf-8").splitlines()
    pairs = [ln.split("\t") for ln in lines if ln.strip() and not ln.startswith("#")][1:]
    assert len(pairs) == 20
    for en, fr in pairs:
        card = get_card(conn, en)
        assert card is not None and fr in card.french_names(), (en, fr, card and card.french_names())


# ------------------------------------------------ generated claims over the whole card data

EN_COLOURS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
FR_COLOURS = {"W": "blanc", "U": "bleu", "B": "noir", "R": "rouge", "G": "vert"}
EN_TYPES = {"Creature": "a creature", "Instant": "an instant", "Sorcery": "a sorcery", "Artifact": "an artifact",
            "Enchantment": "an enchantment", "Land": "a land"}
FR_TYPES = {"Creature": "une créature", "Instant": "un éphémère", "Sorcery": "un rituel", "Artifact": "un artefact",
            "Enchantment": "un enchantement", "Land": "un terrain"}


def generated_claims(conn, n: int, seed: int = 22) -> list[tuple[str, str]]:
    """``n`` claims (text, expected answer) on the colours, mana value and card types of random
    faces, named in English or French, the expected answer read from MTGJSON's own fields
    (``colors``, ``faceManaValue``; a back face or flipped half: the card's ``manaValue``)."""
    import json
    import random

    rng = random.Random(seed)
    rows = conn.execute("SELECT f.card, f.side, f.face_name, f.mana_value, f.colors, f.types, c.layout, "
                        "c.mana_value FROM mtg_faces f JOIN mtg_cards c ON c.name = f.card WHERE c.layout NOT IN "
                        "('planar', 'scheme', 'vanguard', 'art_series', 'reversible_card')").fetchall()
    french = {(card, side): face or name for card, side, name, face in conn.execute(
        "SELECT card, side, name, face_name FROM mtg_french ORDER BY release_date")}
    out: list[tuple[str, str]] = []
    while len(out) < n:
        card, side, face, face_mv, colours, types, layout, card_mv = rng.choice(rows)
        colours, types = json.loads(colours), json.loads(types)
        mv = int(card_mv if layout in ("transform", "flip") and side != "a" else face_mv)
        en = rng.random() < 0.5
        name = face if en else french.get((card, side))
        if not name or "//" in name:
            continue
        truth = rng.random() < 0.5
        kind = rng.choice(["colour", "mana value", "type"])
        if kind == "colour":
            pool = colours if truth and colours else [c for c in "WUBRG" if c not in colours]
            truth = truth and bool(colours)
            c = rng.choice(pool)
            text = f"{name} is {EN_COLOURS[c]}" if en else f"{name} est {FR_COLOURS[c]}"
        elif kind == "mana value":
            number = mv if truth else mv + rng.choice([1, 2])
            text = f"{name} has mana value {number}" if en else f"{name} a une valeur de mana de {number}"
        else:
            known = [t for t in types if t in EN_TYPES]
            truth = truth and bool(known)
            t = rng.choice(known if truth else [t for t in EN_TYPES if t not in types])
            text = f"{name} is {EN_TYPES[t]}" if en else f"{name} est {FR_TYPES[t]}"
        out.append((text, "true" if truth else "false"))
    return out


def test_generated_characteristic_claims_are_never_wrong(full_kb):
    """Never confidently wrong over random faces of the whole card data (2,000 claims measured 0 wrong,
    1,818 right; the unknown ones are names the claim grammar does not read yet: commas, « is a planeswalker »)."""
    c = connect(full_kb)
    try:
        claims = generated_claims(c, 300)
        answers = [(text, expected, check_claim(text, cards=c).answer) for text, expected in claims]
    finally:
        c.close()
    wrong = [a for a in answers if a[2] != "unknown" and a[2] != a[1]]
    right = sum(a[2] == a[1] for a in answers)
    assert wrong == [] and right >= 0.85 * len(answers), (right, wrong)


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer, step", [
    # Spined Karok has no rules text; Serra Angel's is "Flying, vigilance"
    ("Spined Karok has no abilities.", "true", "Spined Karok has no rules text"),
    ("Spined Karok has no rules text.", "true", "Spined Karok has no rules text"),
    ("Le Karok à piquants est un crocodile vert 2/4 sans aucune capacité.", "true",
     "Spined Karok n'a pas de texte de règles"),
    ("Serra Angel has no abilities.", "false", "rules text of Serra Angel: « Flying, vigilance »"),
    ("L'Ange de Serra n'a aucune capacité.", "false", "texte de règles de Serra Angel : « Vol (Cette créature ne peut "
     "pas être bloquée excepté par des créatures avec le vol ou la portée.)Vigilance (Attaquer avec cette créature ne "
     "la fait pas s'engager.) »"),
])
def test_a_card_with_no_abilities(full_conn, claim, answer, step):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert step in v.explanation


@pytest.mark.corpus
@pytest.mark.parametrize("claim, answer", [
    # Edgar Markov {3}{R}{W}{B} Legendary Creature — Vampire Knight; Windscouter {3}{U} Creature — Human Scout
    # 3/3 flying; Goblin Glider {1}{R} 1/1 Goblin; Snakeskin Veil {G}; Keral Keep Disciples {2}{R} Human Monk 4/4
    ("Edgar Markov est une créature légendaire blanche, rouge et noire, dont le coût converti de mana est 6.", "true"),
    ("Edgar Markov est une créature légendaire blanche, rouge et noire, dont le coût converti de mana est 5.", "false"),
    ("L'Eclaireur alizéen est une créature bleue 3/3 avec le vol, de type humain et éclaireur, qui coûte {3}{U}.",
     "true"),
    ("L'Eclaireur alizéen est une créature bleue 3/3 de type humain et éclaireur, qui coûte {2}{U}.", "false"),
    ("Les Disciples de la Forteresse de Keral sont une créature rouge, humain et moine, dont la valeur de mana est 4.",
     "true"),
    ("Goblin Glider is a 1/1 red Goblin costing exactly {1}{R}.", "true"),
    ("Le Voile en peau de serpent ne coûte qu'un seul mana vert.", "true"),
    ("Le Voile en peau de serpent ne coûte qu'un seul mana bleu.", "false"),
])
def test_a_relative_clause_after_what_the_card_is(full_conn, claim, answer):
    v = check_claim(claim, cards=full_conn)
    assert v.answer == answer, (v.reason, v.explanation)
    assert v.reading is not None and v.reading.get("reader") == "typed"
