"""Mana costs: the grammar (parser/grammars/mana.lark), parse_mana_cost, and the
mana model of kb.checker.mana (payments, pools, reductions).

Expected values come from the Shadowmoor FAQ (seeds/001_…): the hybrid and
monocolored hybrid sections and the rules they quote (104.3f, 203.3c).
"""
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st
from lark import Lark

from parser import grammars
from parser.mana import ManaCostError, mana_cost_from_tree, parse_mana_cost, parse_written_cost
from kb.checker import mana
from kb.checker.mana import Payment, apply_reduction, payments, pays_exactly, pool_pays
from kb.checker.verdict import OutsideModel
from tests.conftest import SOMBRELANDE

# --------------------------------------------------------------- grammar


@pytest.mark.parametrize("text,value,colors", [
    ("{U/B}", 1, ("U", "B")),                      # 001 Hybride intro: « son coût converti de mana est 1 »
    ("{U/B}{U/B}{U/B}", 3, ("U", "B")),            # Lancier guêpe
    ("{2/B}{2/B}{2/B}", 6, ("B",)),                # Implorer la reine; rule 203.3c example 2
    ("{1}{W/U}{W/U}", 3, ("W", "U")),              # rule 203.3c example 1
    ("{2/G}{2/G}{2/G}", 6, ("G",)),                # Dominer de haut reminder: « est 6 »
    ("{1}{G/W}{G/W}{G/W}", 4, ("W", "G")),         # Noble féale de Feuilleterne
    ("{B/R}{B/R}{B/R}{B/R}{B/R}", 5, ("B", "R")),  # Demi-dieu de la revanche
    ("{4}", 4, ()),                                # Corbeiller: colorless
    ("{X}{R}", 1, ("R",)),                         # X is 0 outside the stack
    ("{G/U/P}", 1, ("U", "G")),                    # hybrid Phyrexian
    ("{B/P}{B/P}", 2, ("B",)),
    ("{C}{S}", 2, ()),
    ("{10}", 10, ()),
])
def test_mana_value_and_colors(text, value, colors):
    cost = parse_mana_cost(text)
    assert cost.mana_value == value
    assert cost.colors == colors
    assert str(cost) == text


def test_symbol_kinds():
    kinds = [s.kind for s in parse_mana_cost("{2}{W}{C}{S}{X}{W/U}{2/B}{B/P}{G/U/P}{HW}")]
    assert kinds == ["generic", "colored", "colorless", "snow", "variable", "hybrid",
                     "monocolored_hybrid", "phyrexian", "hybrid_phyrexian", "half"]
    assert parse_mana_cost("{HW}").mana_value == 0.5
    assert parse_mana_cost("{X}{X}{R}").mana_value_with(3) == 7


def test_empty_cost():
    cost = parse_mana_cost("")
    assert cost.symbols == () and cost.mana_value == 0


@pytest.mark.parametrize("text,column,fragment", [
    ("{Q}", 1, "untap symbol"),                     # 001: {Q} is the untap symbol, not mana
    ("{1}{U}{Q}", 7, "untap symbol"),
    ("{T}", 1, "tap symbol"),
    ("{2}{V}", 4, "unknown mana symbol {V}"),
    ("{W/W}", 1, "same color twice"),
    ("{2", 1, "unterminated"),
    ("{1}{U}, {Q}", 7, "unexpected ','"),           # an activation cost is not a mana cost
    ("({2/B)}", 1, "unexpected '('"),               # the seed's typo inside reminder text
    ("{1} {U}", 4, "unexpected ' '"),
    ("  {Q}", 3, "untap symbol"),                   # column counts the leading spaces
])
def test_errors_have_columns(text, column, fragment):
    with pytest.raises(ManaCostError) as info:
        parse_mana_cost(text)
    assert info.value.column == column
    assert fragment in str(info.value)


def test_grammar_importable_from_another_grammar(tmp_path):
    (tmp_path / "mana.lark").write_text(grammars.text("mana"), encoding="utf-8")
    (tmp_path / "face.lark").write_text(
        'start: NAME _NL mana_cost _NL\nNAME: /[^\\n{]+/\n_NL: /\\n/\n%import .mana (mana_cost)\n',
        encoding="utf-8")
    parser = Lark.open(str(tmp_path / "face.lark"), parser="lalr")
    tree = parser.parse("Implorer la reine\n{2/B}{2/B}{2/B}\n")
    cost = mana_cost_from_tree(tree.children[1])
    assert cost.mana_value == 6 and cost.colors == ("B",)


def test_every_seed_card_cost_parses(seed_docs):
    cards = seed_docs[SOMBRELANDE].cards
    costs = {c.name: parse_mana_cost(c.mana_cost) for c in cards if c.mana_cost}
    assert len(costs) >= 50
    assert costs["Deus de la Calamité"].mana_value == 5
    assert costs["Barghest de Hurledent"].mana_value == 7
    assert costs["Fantogre sinistre"].colors == ()


# --------------------------------------------------------------- payments (seed examples)


def test_payments_hybrid_note():
    # 001 Lancier guêpe note 4: « {W/U}{W/U} … {W}{W}, {W}{U} ou {U}{U} »
    assert [str(p) for p in payments("{W/U}{W/U}")] == ["{W}{W}", "{W}{U}", "{U}{U}"]


def test_payments_beseech_the_queen():
    # 001 Implorer la reine note 3
    assert [str(p) for p in payments("{2/B}{2/B}{2/B}")] == ["{B}{B}{B}", "{2}{B}{B}", "{4}{B}", "{6}"]


def test_payments_rule_104_3f_example():
    assert {str(p) for p in payments("{G/W}{G/W}")} == {"{G}{G}", "{W}{G}", "{W}{W}"}


def test_phyrexian_payments():
    assert [str(p) for p in payments("{G/U/P}")] == ["{U}", "{G}", "2 life"]


def test_pays_exactly_seed_examples():
    assert pays_exactly("{2/B}{2/B}{2/B}", "{R}{R}{R}{R}{R}{R}") == Payment.make(6)  # « six manas rouges »
    assert pays_exactly("{2/B}{2/B}{2/B}", "{B}{B}{B}") is not None
    assert pays_exactly("{2/B}{2/B}{2/B}", "{R}{R}{R}{R}{R}") is None
    assert pays_exactly("{4}{B/R}", "{B}{B}{B}{B}{R}") is not None                  # Torrent d'âmes note 1
    assert pays_exactly("{U/B}", "{G}") is None
    assert pays_exactly("{B}", "{1}") is None        # unspecified mana can't be relied on to be black


def test_pool_pays_leaves_rest():
    assert pool_pays("{W}{W}{U}", "{W/U}{W/U}") is not None
    assert pool_pays("{B}", "{W/U}") is None
    assert pool_pays("{G}{G}{G}", "{2/B}") == Payment.make(2)


def test_hybrid_mana_is_not_pool_mana():
    with pytest.raises(ManaCostError):
        mana.parse_mana("{W/U}")          # 001: « Vous ne pouvez pas ajouter de mana hybride à votre réserve »


def test_snow_and_half_are_outside_pool_model():
    with pytest.raises(OutsideModel):
        pool_pays("{G}", "{S}")
    with pytest.raises(OutsideModel):
        payments("{HW}")


def test_reduction_by_color_needs_that_color():
    # 001 Lancier guêpe note 3 and Implorer la reine paragraph on colorless reductions
    wu = Payment.make(0, ["W", "U"])
    ww = Payment.make(0, ["W", "W"])
    assert apply_reduction(wu, "{U}") == (Payment.make(0, ["W"]), True)
    assert apply_reduction(ww, "{U}") == (ww, False)
    assert apply_reduction(Payment.make(0, ["B"] * 3), "{1}")[1] is False
    assert apply_reduction(Payment.make(2, ["B", "B"]), "{1}") == (Payment.make(1, ["B", "B"]), True)


# --------------------------------------------------------------- property tests

COLORS = "WUBRG"
symbol = st.one_of(
    st.integers(0, 4).map(lambda n: f"{{{n}}}"),
    st.sampled_from(COLORS).map(lambda c: f"{{{c}}}"),
    st.just("{C}"),
    st.tuples(st.sampled_from(COLORS), st.sampled_from(COLORS)).filter(lambda t: t[0] != t[1])
      .map(lambda t: f"{{{t[0]}/{t[1]}}}"),
    st.tuples(st.integers(2, 3), st.sampled_from(COLORS)).map(lambda t: f"{{{t[0]}/{t[1]}}}"),
    st.sampled_from(COLORS).map(lambda c: f"{{{c}/P}}"),
)
costs = st.lists(symbol, min_size=1, max_size=4)


@given(costs)
def test_roundtrip(symbols):
    text = "".join(symbols)
    assert str(parse_mana_cost(text)) == text


@given(costs, st.randoms())
def test_mana_value_invariant_under_symbol_order(symbols, rnd):
    shuffled = list(symbols)
    rnd.shuffle(shuffled)
    assert parse_mana_cost("".join(symbols)).mana_value == parse_mana_cost("".join(shuffled)).mana_value
    assert parse_mana_cost("".join(symbols)).colors == parse_mana_cost("".join(shuffled)).colors
    assert {str(p) for p in payments("".join(symbols))} == {str(p) for p in payments("".join(shuffled))}


@given(costs)
def test_mana_value_is_the_largest_payment(symbols):
    # 203.3c: each hybrid symbol counts its largest component, so no way to
    # pay (counting 2 life as 1) exceeds the mana value, and one reaches it.
    cost = parse_mana_cost("".join(symbols))
    totals = [p.total + p.life // 2 for p in payments(cost)]
    assert max(totals) == cost.mana_value


@given(costs)
def test_colors_are_the_union_of_symbol_colors(symbols):
    cost = parse_mana_cost("".join(symbols))
    expected = {c for s in symbols for c in s if c in COLORS}
    assert set(cost.colors) == expected


def _oracle(symbols, spent: Counter) -> bool:
    """Independent brute force: can every unit of ``spent`` be handed to the
    symbols so that each symbol gets one acceptable set of mana?"""
    if not symbols:
        return sum(spent.values()) == 0
    s, rest = symbols[0][1:-1], symbols[1:]

    def take(kind):
        if spent[kind] > 0:
            spent[kind] -= 1
            ok = _oracle(rest, spent)
            spent[kind] += 1
            return ok
        return False

    def take_any(n):
        if n == 0:
            return _oracle(rest, spent)
        for kind in list(spent):
            if spent[kind] > 0:
                spent[kind] -= 1
                ok = take_any(n - 1)
                spent[kind] += 1
                if ok:
                    return True
        return False

    if s.isdigit():
        return take_any(int(s))
    if s in COLORS or s == "C":
        return take(s)
    parts = s.split("/")
    if parts[1] == "P":
        return take(parts[0])          # no life in ``spent``
    if parts[0].isdigit():
        return take(parts[1]) or take_any(int(parts[0]))
    return take(parts[0]) or take(parts[1])


spent_mana = st.lists(st.sampled_from("WUBRGC"), min_size=0, max_size=7)


@settings(max_examples=150)
@given(costs, spent_mana)
def test_payments_found_are_exactly_the_valid_ones(symbols, spent):
    text = "".join(symbols)
    spent_text = "".join(f"{{{c}}}" for c in spent) or "{0}"
    found = pays_exactly(text, spent_text) is not None
    assert found == _oracle(symbols, Counter(spent))


@given(costs)
def test_each_payment_is_payable_and_distinct(symbols):
    text = "".join(symbols)
    found = payments(text)
    assert len({str(p) for p in found}) == len(found)
    for p in found:
        if p.life:
            continue
        concrete = "".join(f"{{{t}}}" * n for t, n in p.mana) + "{C}" * p.generic
        assert _oracle(symbols, Counter(mana.parse_mana(concrete or "{0}").counts))


@given(costs, spent_mana, st.sampled_from("WUBRGC"))
def test_more_mana_in_the_pool_never_hurts(symbols, pool, extra):
    text = "".join(symbols)
    before = pool_pays("".join(f"{{{c}}}" for c in pool) or "{0}", text) is not None
    after = pool_pays("".join(f"{{{c}}}" for c in pool + [extra]), text) is not None
    assert after or not before


@given(costs, st.sampled_from(["{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{1}{G}"]))
def test_reduction_never_increases_and_needs_its_color(symbols, red):
    for p in payments("".join(symbols)):
        reduced, applied = apply_reduction(p, red)
        assert reduced.total <= p.total
        r = mana.parse_mana(red)
        relevant = any(p.uses(t) for t, _ in r.mana) or (r.generic and p.generic)
        assert applied == bool(relevant)
        if not applied:
            assert reduced == p


@given(costs, st.integers(0, 3), st.sampled_from(["{V}", "{Q}", "{T}", "{W/W}", "x"]))
def test_bad_symbol_reported_at_its_column(symbols, index, bad):
    index = min(index, len(symbols))
    text = "".join(symbols[:index]) + bad + "".join(symbols[index:])
    with pytest.raises(ManaCostError) as info:
        parse_mana_cost(text)
    assert info.value.column == len("".join(symbols[:index])) + 1


# ---- costs as pages write them (the ``written_cost`` rule) ---------------------------
@pytest.mark.parametrize("written,braced,value", [
    ("{2/B}{2/B}{2/B}", "{2/B}{2/B}{2/B}", 6),        # Implorer la reine (SHM), braced
    ("4W", "{4}{W}", 5),                              # Hurda de bataille (WWK), bare
    ("XRR", "{X}{R}{R}", 2),
    ("11", "{11}", 11),                               # Terrasseur d'Ulamog (ROE)
    ("(2)(W)", "{2}{W}", 3),                          # one symbol a parenthesis
    ("(1)(W/P)", "{1}{W/P}", 2),                      # Cathédrale membranée (NPH)
    ("(2/W)(2/W)(2/W)", "{2/W}{2/W}{2/W}", 6),        # Procession spectrale (SHM)
    ("(4W)", "{4}{W}", 5),                            # a bare cost in parentheses
    ("2{B/R}{B/R}", "{2}{B/R}{B/R}", 4),              # figures then braces (Bonnet-rouge meurtrier, SHM)
    ("3{W}{W}", "{3}{W}{W}", 5),                      # Brigadière angélique (ISD)
    ("1(W/P)", "{1}{W/P}", 2),                        # figures then parenthesised symbols
])
def test_written_costs_are_read_by_the_mana_grammar(written, braced, value):
    cost = parse_written_cost(written)
    assert (str(cost), cost.mana_value) == (braced, value)


@pytest.mark.parametrize("text", ["2B3", "(2)(T)", "W U", "(2/Q)", "2{T}", "{2}3"])
def test_what_is_not_a_written_cost_is_an_error(text):
    with pytest.raises(ManaCostError):
        parse_written_cost(text)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{X}", "{W/U}", "{2/B}",
                                 "{B/P}"]), min_size=2, max_size=6))
def test_parenthesised_symbols_are_the_braced_cost(symbols):
    braced = "".join(symbols)
    written = braced.replace("{", "(").replace("}", ")")
    assert str(parse_written_cost(written)) == braced
    assert parse_written_cost(written).mana_value == parse_mana_cost(braced).mana_value
