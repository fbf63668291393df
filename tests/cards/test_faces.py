"""Characteristics of cards and faces by the rules of each layout (kb/cards/faces.py).

Two parts: a few MTGJSON entries written here (split, transform, adventure,
devoid, a colour-setting ability, a leveler), ingested without the shared
corpus; and the real card data of the full knowledge base (marker
``corpus``; set ``KB_TEST_FULL_KB`` locally), card by card and over every
face of the card database against what MTGJSON records.
"""
from __future__ import annotations

import json
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.cards import db as carddb
from kb.cards.faces import (card_characteristics, characteristics, cost_colors, cost_mana_value, cda_colors,
                            french_subtypes, wheel)
from kb.cards.ingest import ingest_mtgjson
from kb.cards.names import AmbiguousName
from kb.store import schema


def _entry(name, **kw):
    base = {"name": name, "layout": "normal", "setCode": "TST", "number": kw.pop("number", "1"),
            "types": [], "supertypes": [], "subtypes": [], "colors": [], "keywords": []}
    base.update(kw)
    return base


CARDS = [
    _entry("Fire // Ice", layout="split", side="a", faceName="Fire", manaCost="{1}{R}", manaValue=4,
           faceManaValue=2, colors=["R"], types=["Instant"], type="Instant",
           text="Fire deals 2 damage divided as you choose among one or two targets.",
           foreignData=[{"language": "French", "name": "Feu // Glace", "faceName": "Feu", "type": "Éphémère"}]),
    _entry("Fire // Ice", layout="split", side="b", faceName="Ice", manaCost="{1}{U}", manaValue=4,
           faceManaValue=2, colors=["U"], types=["Instant"], type="Instant", text="Tap target permanent.\nDraw a card.",
           foreignData=[{"language": "French", "name": "Feu // Glace", "faceName": "Glace", "type": "Éphémère"}]),
    _entry("Civilized Scholar // Homicidal Brute", number="2", layout="transform", side="a",
           faceName="Civilized Scholar", manaCost="{2}{U}", manaValue=3, colors=["U"], types=["Creature"],
           subtypes=["Human", "Advisor"], type="Creature — Human Advisor", power="0", toughness="1",
           keywords=["Transform"], text="{T}: Draw a card, then discard a card."),
    _entry("Civilized Scholar // Homicidal Brute", number="2", layout="transform", side="b",
           faceName="Homicidal Brute", manaValue=3, faceManaValue=0, colors=["R"], colorIndicator=["R"],
           types=["Creature"], subtypes=["Human", "Mutant"], type="Creature — Human Mutant", power="5",
           toughness="1", text="At the beginning of your end step, if Homicidal Brute didn't attack this turn, "
                               "tap it, then transform it."),
    _entry("Bonecrusher Giant // Stomp", number="3", layout="adventure", side="a", faceName="Bonecrusher Giant",
           manaCost="{2}{R}", manaValue=3, colors=["R"], types=["Creature"], subtypes=["Giant"],
           type="Creature — Giant", power="4", toughness="3", text="Whenever Bonecrusher Giant becomes the target "
                                                                  "of a spell, Bonecrusher Giant deals 2 damage to that spell's controller."),
    _entry("Bonecrusher Giant // Stomp", number="3", layout="adventure", side="b", faceName="Stomp",
           manaCost="{1}{R}", manaValue=3, faceManaValue=2, colors=["R"], types=["Instant"], subtypes=["Adventure"],
           type="Instant — Adventure", text="Damage can't be prevented this turn. Stomp deals 2 damage to any target."),
    _entry("Ghostfire", number="4", manaCost="{2}{R}", manaValue=3, types=["Instant"], type="Instant",
           text="Ghostfire is colorless.\nGhostfire deals 3 damage to any target."),
    _entry("Benthic Infiltrator", number="5", manaCost="{2}{U}", manaValue=3, types=["Creature"],
           subtypes=["Eldrazi", "Drone"], type="Creature — Eldrazi Drone", power="1", toughness="4",
           keywords=["Devoid", "Ingest"], text="Devoid (This card has no color.)\nIngest (Whenever this creature "
                                               "deals combat damage to a player, that player exiles the top card of their library.)\n"
                                               "Benthic Infiltrator can't be blocked."),
    _entry("Student of Warfare", number="6", layout="leveler", manaCost="{W}", manaValue=1, colors=["W"],
           types=["Creature"], subtypes=["Human", "Knight"], type="Creature — Human Knight", power="1",
           toughness="1", keywords=["Level up", "First strike", "Double strike"],
           text="Level up {W} ({W}: Put a level counter on this. Level up only as a sorcery.)\nLEVEL 2-6\n3/3\n"
                "First strike\nLEVEL 7+\n4/4\nDouble strike"),
    _entry("Serra Angel", number="7", manaCost="{3}{W}{W}", manaValue=5, colors=["W"], types=["Creature"],
           subtypes=["Angel"], type="Creature — Angel", power="4", toughness="4", keywords=["Flying", "Vigilance"],
           text="Flying\nVigilance", foreignData=[{"language": "French", "name": "Ange de Serra",
                                                    "type": "Créature : ange"}]),
    _entry("Gods Willing", number="8", manaCost="{W}", manaValue=1, colors=["W"], types=["Instant"],
           type="Instant", keywords=["Protection", "Scry"],
           text="Target creature you control gains protection from the color of your choice until end of turn. Scry 1."),
]


@pytest.fixture(scope="module")
def conn(tmp_path_factory):
    path = tmp_path_factory.mktemp("faces") / "TST.json"
    path.write_text(json.dumps({"data": {"code": "TST", "name": "Test", "releaseDate": "2020-01-01",
                                         "type": "expansion", "cards": CARDS}}), encoding="utf-8")
    c = sqlite3.connect(":memory:")
    schema.create_all(c)
    ingest_mtgjson(c, path)
    # the keyword abilities of section 702 of a rules edition (keyword actions such as scry are not)
    c.executemany("INSERT INTO rules (number, lang, edition, title) VALUES (?, 'en', '2026-01-16', ?)",
                  [("702.2", "Deathtouch"), ("702.4", "Double Strike"), ("702.7", "First Strike"),
                   ("702.9", "Flying"), ("702.16", "Protection"), ("702.20", "Vigilance"),
                   ("702.87", "Level Up"), ("702.114", "Devoid"), ("702.115", "Ingest")])
    yield c
    c.close()


def test_split_card_whole_and_halves(conn):
    fire_ice = characteristics(conn, "Fire // Ice")
    whole = fire_ice.designated
    assert whole is fire_ice.whole and whole.side == "" and whole.name == "Fire // Ice"
    assert (whole.colors, whole.mana_value, whole.mana_cost) == (("U", "R"), 4.0, "{1}{R} // {1}{U}")
    assert whole.decided_by == ("split_card",) and whole.french_name == "Feu // Glace"
    ice = characteristics(conn, "Ice").designated
    assert (ice.side, ice.name, ice.colors, ice.mana_value, ice.types) == ("b", "Ice", ("U",), 2.0, ("Instant",))
    assert characteristics(conn, "glace").designated == ice and ice.french_name == "Glace"


def test_ingest_gives_a_split_card_both_halves_colours(conn):
    assert carddb.get_card(conn, "Fire // Ice").colors == ["U", "R"]
    assert carddb.get_card(conn, "Fire // Ice").mana_value == 4.0


def test_transform_back_face(conn):
    brute = characteristics(conn, "Homicidal Brute").designated
    assert (brute.side, brute.colors, brute.color_indicator, brute.mana_cost) == ("b", ("R",), ("R",), None)
    assert brute.mana_value == 3.0 and "back_face_mana_value" in brute.decided_by
    assert (brute.power, brute.toughness) == ("5", "1")
    scholar = characteristics(conn, "Civilized Scholar // Homicidal Brute")
    assert scholar.designated is scholar.whole and scholar.whole.colors == ("U",)


def test_adventure(conn):
    stomp = characteristics(conn, "Stomp").designated
    assert (stomp.types, stomp.subtypes, stomp.mana_value, stomp.colors) == (("Instant",), ("Adventure",), 2.0, ("R",))
    giant = characteristics(conn, "Bonecrusher Giant")
    assert giant.designated.side == "a" and giant.designated.mana_value == 3.0
    assert (giant.whole.power, giant.whole.toughness) == ("4", "3")


def test_colour_setting_abilities(conn):
    ghostfire = characteristics(conn, "Ghostfire").designated
    assert ghostfire.colors == () and ghostfire.decided_by == ("cda",)
    assert ghostfire.color_text == "Ghostfire is colorless."
    infiltrator = characteristics(conn, "Benthic Infiltrator").designated
    assert infiltrator.colors == () and infiltrator.decided_by == ("devoid",)
    assert infiltrator.keywords == ("Devoid", "Ingest")


def test_keywords_had_and_mentioned(conn):
    angel = characteristics(conn, "Ange de Serra").designated
    assert angel.keywords == ("Flying", "Vigilance") and angel.mentioned_keywords == ()
    assert angel.french_type_line == "Créature : ange"
    student = characteristics(conn, "Student of Warfare").designated
    assert student.keywords == ("Level up {W}",)
    assert set(student.mentioned_keywords) == {"First strike", "Double strike"}   # only at a level
    willing = characteristics(conn, "Gods Willing").designated
    assert willing.keywords == () and willing.mentioned_keywords == ("Protection",)


def test_unknown_name(conn):
    assert characteristics(conn, "No Such Card") is None


@pytest.mark.parametrize("cost,colours,value", [
    ("{1}{G/W}{G/W}", ("W", "G"), 3), ("{2/B}{2/B}{2/B}", ("B",), 6), ("{U/P}", ("U",), 1),
    ("{W/U/P}", ("W", "U"), 1), ("{C}{X}", (), 1), ("{8}", (), 8), (None, (), 0),
])
def test_costs(cost, colours, value):
    assert cost_colors(cost) == colours and cost_mana_value(cost) == value


@given(st.lists(st.sampled_from(["{W}", "{U}", "{B}", "{R}", "{G}", "{1}", "{W/U}", "{B/P}", "{2/G}", "{C}"]),
                max_size=6))
@settings(max_examples=150, deadline=None)
def test_cost_colours_are_the_symbols_colours_in_wheel_order(symbols):
    cost = "".join(symbols)
    shown = {c for s in symbols for c in s.strip("{}").split("/") if c in "WUBRG"}
    assert cost_colors(cost) == wheel(shown) and list(cost_colors(cost)) == [c for c in "WUBRG" if c in shown]


@pytest.mark.parametrize("text,colours", [
    ("Transguild Courier is all colors.", ("W", "U", "B", "R", "G")),
    ("Ghostfire is colorless.\nGhostfire deals 3 damage to any target.", ()),
    ("Enchanted creature gets +3/+1 and is black.", None),
    ("Copy target instant or sorcery spell, except that the copy is red.", None),
])
def test_cda_colors(text, colours):
    found = cda_colors(text, ("Transguild Courier", "Ghostfire", "Fork"))
    assert (found[1] if found else None) == colours


# ---------------------------------------------------------------- real card data

@pytest.mark.corpus
class TestCardData:
    @pytest.mark.parametrize("name,side,colours,value,types", [
        ("Homicidal Brute", "b", ("R",), 3.0, ("Creature",)),
        ("Withengar Unbound", "b", ("B",), 7.0, ("Creature",)),
        ("Stomp", "b", ("R",), 2.0, ("Instant",)),
        ("Ice", "b", ("U",), 2.0, ("Instant",)),
        ("Fire // Ice", "", ("U", "R"), 4.0, ("Instant",)),
        ("Benthic Infiltrator", "a", (), 3.0, ("Creature",)),                  # devoid
        ("Gitaxian Probe", "a", ("U",), 1.0, ("Sorcery",)),                     # {U/P}
        ("Tok-Tok, Volcano Born", "b", ("R",), 4.0, ("Creature",)),            # flip card: the card's cost
        ("Tibalt, Cosmic Impostor", "b", ("B", "R"), 7.0, ("Planeswalker",)),  # modal DFC: its own cost
        ("Agadeem, the Undercrypt", "b", (), 0.0, ("Land",)),                   # modal DFC land face
        ("Brisela, Voice of Nightmares", "b", (), 11.0, ("Creature",)),        # melded
    ])
    def test_face(self, full_kb_conn, name, side, colours, value, types):
        face = characteristics(full_kb_conn, name).designated
        assert (face.side, face.colors, face.mana_value, face.types) == (side, colours, value, types), face

    def test_kitchen_finks(self, full_kb_conn):
        finks = characteristics(full_kb_conn, "Kitchen Finks").designated
        assert (finks.power, finks.toughness, finks.subtypes, finks.supertypes) == ("3", "2", ("Ouphe",), ())
        assert finks.keywords == ("Persist",) and finks.colors == ("W", "G")
        assert finks.french_name == "Fourbes de cuisine"

    def test_jace_and_serra(self, full_kb_conn):
        jace = characteristics(full_kb_conn, "Jace, le sculpteur de l'esprit").designated
        assert (jace.colors, jace.loyalty, jace.supertypes, jace.types) == (("U",), "3", ("Legendary",),
                                                                           ("Planeswalker",))
        serra = characteristics(full_kb_conn, "Ange de Serra").designated
        assert serra.name == "Serra Angel" and serra.keywords == ("Flying", "Vigilance")

    def test_keywords_with_parameters(self, full_kb_conn):
        assert characteristics(full_kb_conn, "Kenzo the Hardhearted").designated.keywords == \
            ("Double strike", "Bushido 2")
        assert "Protection from black and from red" in characteristics(full_kb_conn, "Auriok Champion").designated.keywords
        assert characteristics(full_kb_conn, "Mirri, Cat Warrior").designated.keywords == \
            ("First strike", "Forestwalk", "Vigilance")

    def test_ambiguous_names_raise(self, full_kb_conn):
        with pytest.raises(AmbiguousName):
            characteristics(full_kb_conn, "Fire")    # a half of Fire // Ice and of Start // Fire

    def test_french_subtypes(self, full_kb_conn):
        words = french_subtypes(full_kb_conn)
        assert (words["elfe"], words["ange"], words["ephemere"], words["legendaire"]) == \
            ("Elf", "Angel", "Instant", "Legendary")

    def test_a_face_name_designates_that_face(self, full_kb_conn):
        """Random faces of multi-face cards, looked up by their English or French name."""
        import random

        rows = full_kb_conn.execute(
            "SELECT f.card, f.side, f.face_name, fr.face_name FROM mtg_faces f JOIN mtg_cards c ON c.name = f.card "
            "LEFT JOIN mtg_french fr ON fr.card = f.card AND fr.side = f.side WHERE c.face_count > 1 "
            "AND c.layout != 'meld' GROUP BY f.card, f.side").fetchall()
        checked = 0
        for card, side, face, french in random.Random(22).sample(rows, 300):
            for name in filter(None, (face, french)):
                try:
                    found = characteristics(full_kb_conn, name)
                except AmbiguousName:
                    continue
                if found is None or found.name != card:
                    continue      # a name that is also another card's: that card wins
                assert (found.designated.side, found.designated.card) == (side, card), (name, card, side)
                checked += 1
        assert checked > 400

    def test_every_face_agrees_with_the_card_data(self, full_kb_conn):
        """Colours and mana value computed by the rules against MTGJSON's, over every face."""
        faces = disagree = 0
        kept = []
        for (name,) in full_kb_conn.execute("SELECT name FROM mtg_cards").fetchall():
            card = card_characteristics(full_kb_conn, carddb.get_card(full_kb_conn, name))
            for f in card.faces:
                faces += 1
                if f.colors != f.recorded_colors or f.mana_value != f.recorded_mana_value:
                    disagree += 1
                    kept.append((f.name, f.colors, f.recorded_colors, f.mana_value, f.recorded_mana_value))
        assert faces > 24000
        # the few left are the card data's gaps: back faces of sagas without their colour indicator, an oversized promo
        assert disagree <= 6, kept


# ---------------------------------------------------------------- kb card --json, the card page

def test_card_json_gives_every_face(conn):
    from kb.cards.lookup import lookup_card

    conn.row_factory = sqlite3.Row
    brute = lookup_card(conn, "Homicidal Brute")
    assert brute["designated"] == "b" and [f["name"] for f in brute["faces"]] == ["Civilized Scholar",
                                                                                "Homicidal Brute"]
    back = brute["faces"][1]
    assert (back["colors"], back["color_indicator"], back["mana_value"], back["mana_cost"]) == (["R"], ["R"], 3.0, None)
    assert (back["power"], back["toughness"], back["types"], back["subtypes"]) == ("5", "1", ["Creature"],
                                                                                ["Human", "Mutant"])
    assert (brute["power"], brute["toughness"]) == ("0", "1")       # the front face's, no FAQ record
    assert set(back) >= {"name", "french_name", "mana_cost", "mana_value", "colors", "color_indicator",
                         "supertypes", "types", "subtypes", "power", "toughness", "loyalty", "keywords"}
    fire_ice = lookup_card(conn, "Feu // Glace")
    assert fire_ice["designated"] == "" and fire_ice["whole"]["colors"] == ["U", "R"]
    assert fire_ice["english"]["colors"] == ["U", "R"] and fire_ice["whole"]["mana_value"] == 4.0
    assert [f["french_name"] for f in fire_ice["faces"]] == ["Feu", "Glace"]
    assert lookup_card(conn, "Serra Angel")["faces"][0]["keywords"] == ["Flying", "Vigilance"]


@pytest.mark.parametrize("ui,mana_value,colours,colourless", [
    ("fr", "Valeur de mana", "couleurs", "incolore"), ("en", "Mana value", "colors", "colorless")])
def test_card_pages_show_the_faces_characteristics(conn, tmp_path, ui, mana_value, colours, colourless):
    from kb.site.render import render_site

    conn.row_factory = sqlite3.Row
    render_site(conn, tmp_path / "site", ui=ui, all_cards=True)
    fire_ice = (tmp_path / "site/card/fire-ice.html").read_text(encoding="utf-8")
    span = f'<span lang="{ui}">'
    assert f'{span}{mana_value}</span> 4 · {span}{colours}</span> UR</p>' in fire_ice       # the whole card
    assert f'{span}{mana_value}</span> 2 · {span}{colours}</span> U</p>' in fire_ice       # Ice
    dfc = (tmp_path / "site/card/civilized-scholar-homicidal-brute.html").read_text(encoding="utf-8")
    assert f'{span}{mana_value}</span> 3 · {span}{colours}</span> R (' in dfc             # Homicidal Brute
    ghostfire = (tmp_path / "site/card/ghostfire.html").read_text(encoding="utf-8")
    assert f'{span}{colours}</span> {span}{colourless}</span>' in ghostfire


def test_name_variants():
    from kb.cards.names import name_variants, seed_pair

    assert name_variants("les Lanciers guêpes")[:4] == ["les lanciers guepes", "lanciers guepes",
                                                       "les lancier guepe", "lancier guepe"]
    assert "the meathook massacre" in name_variants("Meathook Massacre")
    assert "limpitoyable" in name_variants("impitoyable")           # « L'Impitoyable » folded
    assert "lbonnet-rouge" not in name_variants("bonnet-rouge")      # « l' » only before a vowel or h
    assert seed_pair("beseech the queen") == seed_pair("Implorer la reine") == ("Beseech the Queen",
                                                                               "Implorer la reine")
