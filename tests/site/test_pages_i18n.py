"""Every interface string of the pages goes through kb/site/i18n.py, in both languages."""
from __future__ import annotations

import ast
import re

import pytest

from kb.data import templates_dir
from kb.site.i18n import ENGLISH, translations
from kb.site.render import render_site
from kb.store import db as store

MSGID = re.compile(r"""_\(("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')""")


def template_msgids() -> set[str]:
    return {ast.literal_eval(m) for t in templates_dir().glob("*.html") for m in MSGID.findall(t.read_text())}


def test_every_template_string_has_an_english_translation():
    ids = template_msgids()
    assert {"Accueil", "Valeur de mana", "Renumérotées", "Références douteuses"} <= ids
    assert sorted(ids - set(ENGLISH)) == []


def test_formatted_notice():
    gettext, _ = translations("en")
    msg = "Le texte français la numérote %(fr)s ; l'édition anglaise de %(edition)s la numérote %(en)s."
    assert gettext(msg) % {"fr": "702.92", "edition": "2012-05-01", "en": "702.94"} == \
        "The French text numbers it 702.92; the English edition of 2012-05-01 has it as 702.94."
    assert translations("fr")[0](msg) == msg


@pytest.fixture(scope="module", params=["fr", "en"])
def ui_site(request, seed_kb, tmp_path_factory):
    out = tmp_path_factory.mktemp("ui-" + request.param) / "site"
    with store.connect(seed_kb) as conn:
        render_site(conn, out, ui=request.param, search=False)
    return request.param, out


def test_interface_in_the_ui_language(ui_site):
    ui, site = ui_site
    index = (site / "index.html").read_text(encoding="utf-8")
    terms = (site / "terms.html").read_text(encoding="utf-8")
    if ui == "fr":
        assert "Documents en français" in index and '>Accueil</a> › Termes français ↔ anglais' in terms
        assert "French documents" not in index and ">Home<" not in terms
    else:
        assert "French documents" in index and '>Home</a> › French ↔ English terms' in terms
        assert "Documents en français" not in index and ">Accueil<" not in terms
