"""Claim words brought to the grammar's words of the same lemma
(kb/checker/lemmas.py, simplemma's French and English tables), the frames
added with them (actor states, the condition last, « dont », plural
actors, « avant Magic 2010 »), and the bound on reading cost.

These sentences are the grammar's own tests; the evaluation sets
(tests/fixtures/claims_eval.yaml, claims_heldout.yaml) are kept apart and
never copied here.
"""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.checker import check_claim
from kb.checker.claims import MAX_CLAIM_WORDS
from kb.checker.lemmas import claim_language, lemmatize
from kb.checker.reading import grammar_words


@pytest.mark.parametrize("folded,expected", [
    ("elles reviennent sur le champ de bataille", "elles revient sur le champ de bataille"),
    ("elle reviendra sur le champ de bataille", "elle revient sur le champ de bataille"),
    ("le mana inutilise provoquait une brulure de mana", "le mana inutilise provoque une brulure de mana"),
    ("les fourbes de cuisine ont un marqueur -1/-1", "les fourbes de cuisine a un marqueur -1/-1"),
    # a participle after its auxiliary becomes the verb; no accents needed
    ("elle a recu deux marqueurs -1/-1", "elle recoit deux marqueurs -1/-1"),
    # words the grammar knows are never replaced
    ("une creature 2/2 recoit un marqueur -1/-1", "une creature 2/2 recoit un marqueur -1/-1"),
])
def test_words_go_to_the_grammar_word_of_their_lemma(folded, expected):
    assert lemmatize(folded, grammar_words()).text == expected


def test_replaced_words_are_remembered_at_their_offset():
    out = lemmatize("les fourbes de cuisine ont un marqueur -1/-1", grammar_words())
    assert out.originals == {23: "ont"}
    assert out.text[23:25] == "a "


def test_english_claims_take_english_lemmas_first():
    assert claim_language("a copy of a spell with conspire creates a copy".split()) == "en"
    assert claim_language("une copie d'un sort avec la conspiration".split()) == "fr"


@pytest.mark.parametrize("claim,answer", [
    # inflected verbs: future, plural, past participles (001 Persistance, Marqueurs -1/-1)
    ("Une créature 2/2 avec la persistance qui mourra reviendra sur le champ de bataille avec un marqueur -1/-1", "true"),
    ("Les créatures 1/1 qui reçoivent deux marqueurs -1/-1 meurent", "true"),
    ("Une créature 3/3 qui a reçu trois marqueurs -1/-1 meurt", "true"),
    ("Les Égrillards du crépuscule ont une valeur de mana de 3", "true"),
    ("Le mana inutilisé provoquera une brûlure de mana", "false"),
    ("Avant M10, le mana inutilisé provoquait une brûlure de mana", "true"),
    # states of the actor (001 Dégagement 2-3)
    ("Une créature engagée avec une capacité {Q} et le mal d'invocation peut activer sa capacité {Q}", "false"),
    ("An untapped creature with a {Q} ability cannot activate its {Q} ability", "true"),
    ("Une créature dégagée avec une capacité {Q} peut l'activer", "false"),
    ("Une créature engagée avec une capacité {Q}, arrivée ce tour-ci, ne peut pas l'activer", "true"),
    ("A tapped creature can activate it", "unknown"),   # no ability named: « it » is nothing
    # conspire is optional; a general statement of what persist does is played through its trigger
    # event, the instance's dying (kb/checker/situation_queries.py, _implied_death)
    ("Un sort avec la conspiration crée une copie", "unknown"),
    ("The creatures with persist come back", "true"),
    # « n'est que », « une créature multicolore », « compter comme » (card records)
    ("Le Chevalier de Kulrajh est une créature multicolore", "true"),
    ("Le Chevalier de Kulrajh n'est que noir", "false"),
    ("Les Cygnes de Bryn Argoll ne comptent pas comme une créature monocolore", "true"),
    # the stack first (202.3e)
    ("On the stack with X = 2, {X}{X}{G} has mana value 5", "true"),
    # « dont » relatives (001 Conspiration; 000 702.92e)
    ("Un sort vert avec la conspiration dont le coût de conspiration est payé crée deux copies", "false"),
    ("Une créature associée dont le partenaire quitte le champ de bataille est dissociée", "true"),
    # the condition last (001 Bonnet-rouge meurtrier)
    ("Le Bonnet-rouge meurtrier ne revient pas quand il meurt", "false"),
    ("Le Bonnet-rouge meurtrier reviendra sur le champ de bataille quand il mourra", "true"),
])
def test_inflected_claims(seed_conn, claim, answer):
    v = check_claim(claim, cards=seed_conn)
    assert v.answer == answer, v.reason


def test_card_names_keep_their_words_and_print_as_printed(seed_conn):
    v = check_claim("Le Bonnet-rouge meurtrier reviendra sur le champ de bataille quand il mourra", cards=seed_conn)
    assert any(step.startswith("Bonnet-rouge meurtrier : 2/2") for step in v.explanation)


def test_participles_read_as_their_verbs(seed_conn):
    """« est morte » / « est revenue » (no verb lemma: simplemma gives the
    adjective « mort ») are the grammar's own forms of dying and returning."""
    v = check_claim("Une créature 2/2 avec la persistance qui est morte est revenue sur le champ de bataille",
                    cards=seed_conn)
    assert v.answer == "true", v
    assert "la persistance se déclenche : la créature n'avait pas de marqueur -1/-1 en allant au cimetière" \
        in v.explanation
    v = check_claim("Une créature 2/2 avec la persistance et un marqueur -1/-1 qui est morte n'est pas revenue",
                    cards=seed_conn)
    assert v.answer == "true", v
    assert check_claim("Une créature 3/3 qui a reçu un marqueur -1/-1 est morte", cards=seed_conn).answer == "false"


def test_a_word_no_form_uses_stays_unknown_and_is_named(seed_conn):
    v = check_claim("Une créature 2/2 avec la persistance qui est morte est ressuscitée", cards=seed_conn)
    assert v.answer == "unknown"
    assert v.not_understood == ["ressuscitee"]


# every tense and number of « mourir » / « revenir » reads the same frame
_DIES = st.sampled_from(["meurt", "meurent", "mourra", "mourront", "mourait", "meure"])
_RETURNS = st.sampled_from(["revient", "reviennent", "reviendra", "reviendront", "revenait", "revienne"])


@settings(max_examples=25, deadline=None)
@given(dies=_DIES, returns=_RETURNS, counter=st.booleans())
def test_persist_frame_whatever_the_inflection(dies, returns, counter):
    claim = (f"Une créature 2/2 avec la persistance{' et un marqueur -1/-1' if counter else ''} qui {dies} "
             f"{returns} sur le champ de bataille")
    assert check_claim(claim).answer == ("false" if counter else "true")


def test_more_words_than_read_is_refused_with_the_limit():
    claim = "Une créature 2/2 " + " ".join(["et"] * MAX_CLAIM_WORDS) + " meurt"
    v = check_claim(claim)
    assert v.answer == "unknown"
    assert f"au plus {MAX_CLAIM_WORDS} sont lus" in v.reason


def test_the_lemma_index_is_cached_on_disk(tmp_path, monkeypatch):
    """The folded index is written once, read back the same, and remade
    when the cache file is damaged."""
    from kb.checker import lemmas
    from kb.checker.reading import grammar_words

    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path))
    words = grammar_words()
    lemmas.lemma_index.cache_clear()
    made = lemmas.lemma_index(words)
    files = list(tmp_path.glob("lemmas-*.json"))
    assert len(files) == 1
    assert made["fr"]["reviennent"] == ("revient", "revenir") and made["fr"]["reviendra"] == ("revient", "revenir")
    lemmas.lemma_index.cache_clear()
    assert lemmas.lemma_index(words) == made
    files[0].write_text("{not json", encoding="utf-8")
    lemmas.lemma_index.cache_clear()
    assert lemmas.lemma_index(words) == made
    lemmas.lemma_index.cache_clear()
