"""Notes marked by a bullet and rules decorated by « Article » (issue 12).

A note may be marked « • », « – » or « - » then a space at the start of its
line, as « * » marks it: it goes under the card record or the section above
it, with the same hard-wrapped lines and « -- » sub-items.  « - 702.4a … »
stays a decorated rule, « - Partager » a line of site buttons, and « - » in
the middle of a line still separates rules run together.  « Article
613.1f — … », « Art. 613.1g - … » and « Article 614.1a: … » are rules: the
word is a decoration of the number, as « Règle » is."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from parser.faq import parse_text

BULLETED = """Garde-fou des marais {1}{B}
Créature : zombie
2/1
Quand le Garde-fou des marais meurt, piochez une carte.

• Le Garde-fou des marais fait piocher même s'il est exilé ensuite.
– Si le Garde-fou des marais est détruit avec un autre zombie, vous ne piochez qu'une carte.
- Quand un effet le copie, la copie
fait aussi piocher
-- le jeton copié compte comme une créature morte
-- la copie n'a pas de coût

NOTES GÉNÉRALES

- Les capacités déclenchées vont sur la pile la prochaine fois qu'un joueur recevrait la priorité.

702.4. Double initiative - 702.4a La double initiative est une capacité statique.
- 702.19a Le piétinement est une capacité statique qui modifie les règles.
- Partager
"""


def test_bullets_are_notes_under_their_record_or_section():
    doc = parse_text(BULLETED, "bullets", path="bullets.txt")
    assert [c.name for c in doc.cards] == ["Garde-fou des marais"]
    card = doc.cards[0]
    assert (card.mana_cost, card.type_line, card.power, card.toughness) == ("{1}{B}", "Créature : zombie", "2", "1")
    assert card.text == "Quand le Garde-fou des marais meurt, piochez une carte."
    assert [n.text for n in card.notes] == [
        "Le Garde-fou des marais fait piocher même s'il est exilé ensuite.",
        "Si le Garde-fou des marais est détruit avec un autre zombie, vous ne piochez qu'une carte.",
        "Quand un effet le copie, la copie fait aussi piocher\n"
        "-- le jeton copié compte comme une créature morte\n-- la copie n'a pas de coût"]
    assert card.notes[2].subitems == ["le jeton copié compte comme une créature morte", "la copie n'a pas de coût"]
    general = doc.notes[3]
    assert general.card is None and general.section is not None
    assert general.text == "Les capacités déclenchées vont sur la pile la prochaine fois qu'un joueur recevrait la priorité."
    assert len(doc.notes) == 4


def test_a_dash_before_a_rule_number_or_buttons_is_no_note():
    doc = parse_text(BULLETED, "bullets", path="bullets.txt")
    rules = {r.number: r.text for r in doc.rules}
    assert rules["702.4a"] == "La double initiative est une capacité statique."
    assert rules["702.19a"] == "Le piétinement est une capacité statique qui modifie les règles."
    assert not any("Partager" in n.text for n in doc.notes)
    assert not doc.warnings


ARTICLES = """Compte rendu du club

Article 613.1f — Dans la couche 6, on applique les effets qui ajoutent ou retirent des capacités.
Art. 613.1g - Dans la couche 7, on applique les effets qui modifient la force ou l'endurance.
Article 614.1a: Les effets qui utilisent les mots « au lieu de » sont des effets de remplacement.
Règle 614.1b: Les effets qui utilisent le mot « passez » sont aussi des effets de remplacement.

Article 614.1c, voir plus bas.
"""


def test_article_is_a_decoration_of_the_rule_number():
    doc = parse_text(ARTICLES, "articles", path="articles.txt")
    assert {r.number: r.text for r in doc.rules} == {
        "613.1f": "Dans la couche 6, on applique les effets qui ajoutent ou retirent des capacités.",
        "613.1g": "Dans la couche 7, on applique les effets qui modifient la force ou l'endurance.",
        "614.1a": "Les effets qui utilisent les mots « au lieu de » sont des effets de remplacement.",
        "614.1b": "Les effets qui utilisent le mot « passez » sont aussi des effets de remplacement."}
    assert "Article 614.1c, voir plus bas." in doc.paragraphs
    assert not doc.warnings


_WORDS = st.lists(st.sampled_from(["la", "créature", "gagne", "vol", "jusqu'à", "fin", "du", "tour", "Le", "joueur"]),
                  min_size=2, max_size=8).map(" ".join)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["•", "–", "-", "*"]), _WORDS)
def test_every_bullet_marks_a_note_with_its_text(bullet, words):
    text = f"Ours runegrave {{1}}{{G}}\nCréature : ours\n2/2\n\n{bullet} {words}.\n"
    doc = parse_text(text, "h", path="h.txt")
    assert [(n.card, n.text) for n in doc.notes] == [("Ours runegrave", words + ".")]


# A flattened FAQ (one long line) whose notes are marked « • » or « – » (after a
# sentence's end): each becomes a note of the card above it, like « * » ones;
# an en dash inside a sentence is an aside, part of the note.
FLAT_BULLETS = (
    "FAQ Worldwake : notes imprimées Publiée le 29 janvier 2010 ***Notes sur des cartes spécifiques*** "
    "Griffon juvénile {1}{W} Créature : griffon 2/2 Toucheterre — À chaque fois qu'un terrain arrive sur "
    "le champ de bataille sous votre contrôle, le Griffon juvénile acquiert le vol jusqu'à la fin du tour. "
    "• La capacité se déclenche même si le terrain arrive engagé. – Si deux terrains arrivent en même "
    "temps, la capacité se déclenche deux fois – sans autre effet. • Le vol dure jusqu'à la fin du tour.\n")


def test_bullets_in_a_flattened_faq_are_notes():
    doc = parse_text(FLAT_BULLETS, "flat")
    [card] = doc.cards
    assert (card.name, card.mana_cost, card.type_line, card.power, card.toughness) == (
        "Griffon juvénile", "{1}{W}", "Créature : griffon", "2", "2")
    assert [n.text for n in card.notes] == [
        "La capacité se déclenche même si le terrain arrive engagé.",
        "Si deux terrains arrivent en même temps, la capacité se déclenche deux fois – sans autre effet.",
        "Le vol dure jusqu'à la fin du tour."]
    assert [n.line for n in doc.notes] == [1, 1, 1] and not doc.warnings


def test_a_bullet_then_a_bold_number_is_a_rule_not_a_note():
    # Markdown lists of rules (seed 000_… 702.92a, 702.92b re-laid out): « * **702.92a** … »
    doc = parse_text("Association d'âmes :\n\n"
                     "* **702.92a** L'association d'âmes est une capacité déclenchée.\n"
                     "- **702.92b** Une créature associée est associée à une autre créature.\n"
                     "* Une note ordinaire.\n", "md")
    assert [(r.number, r.text) for r in doc.rules] == [
        ("702.92a", "L'association d'âmes est une capacité déclenchée."),
        ("702.92b", "Une créature associée est associée à une autre créature.")]
    assert [n.text for n in doc.notes] == ["Une note ordinaire."]
