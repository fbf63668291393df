"""A name line whose cost is left open and spaced (« Voir { {U/B ») is no card record: it stays text,
and the record after the blank line keeps its own name (issue 26)."""
from parser.faq import parse_text


def test_an_open_spaced_cost_does_not_lend_its_name_to_the_next_record():
    doc = parse_text("Voir { {U/B\n\nOurs test {1}{G}\nCréature : ours\n2/2\n", "t")
    assert [(c.name, c.mana_cost, c.type_line, c.power, c.toughness) for c in doc.cards] == [
        ("Ours test", "{1}{G}", "Créature : ours", "2", "2")]
    assert "Voir { {U/B" in doc.paragraphs


def test_an_open_cost_without_spaces_still_keeps_its_record_name():
    doc = parse_text("Ours test {1}{G\nCréature : ours\n2/2\n", "t")
    assert [c.name for c in doc.cards] == ["Ours test"]
