"""``kb card``, ``kb links``, ``kb term``: cards by French or English name,
the card names found in a document, French <-> English game terms."""
from __future__ import annotations

from pathlib import Path

import click

from kb.cli.common import KBError, emit_json, open_conn
from kb.cli.options import data_dir_option, json_option
from kb.store import db as store

#: Rules and cards listed by ``kb term`` before the list is cut.
TERM_SHOWN = 30


@click.command()
@click.argument("name")
@data_dir_option
@json_option
def card(name, data_dir, as_json):
    """Print a card record of the FAQ documents and every note about it.

    NAME may be French or English, with or without accents (« Faerie macabre »
    finds « Færie macabre »), or an unambiguous prefix."""
    from kb.cards.lookup import CardNotFound, lookup_card

    conn = open_conn(data_dir)
    try:
        result = lookup_card(conn, name)
    except CardNotFound as err:
        raise KBError(str(err)) from err
    if as_json:
        emit_json(result)
    else:
        print_card(conn, result)


def print_card(conn, result: dict) -> None:
    """A ``lookup_card`` answer as text: the card (English and French side
    by side when the card database knows it), the FAQ it comes from, its
    notes, rulings and the rules that mention it."""
    en = result.get("english")
    if en:
        _print_side_by_side(conn, en)
        _print_characteristics(result)
        for w in en.get("outdated_wording") or ():
            click.echo(click.style(f"pre-errata French wording: « {w['printed']} » ({', '.join(w['sets'])}; "
                                   f"last printed {w['last_printed']}), today « {w['today']} » ({w['en']})",
                                   fg="yellow"))
    else:
        click.echo(click.style(result["name"], bold=True) + (f"   {result['mana_cost']}" if result["mana_cost"] else ""))
        click.echo(result["type_line"])
        if result["power"] is not None:
            click.echo(f"{result['power']}/{result['toughness']}")
        if result["text"]:
            click.echo(result["text"])
    if result["records"]:
        src = ", ".join(dict.fromkeys(r["source_title"] for r in result["records"]))
        click.echo(click.style(f"\nFAQ: {src}", dim=True))
    if result["notes"]:
        click.echo(click.style(f"\nNotes ({len(result['notes'])}):", bold=True))
        for n in result["notes"]:
            click.echo("* " + n)
    if en and en.get("rulings"):
        click.echo(click.style(f"\nRulings ({len(en['rulings'])}):", bold=True))
        for r in en["rulings"]:
            click.echo(f"{r['date']}  {r['text']}")
    mentions = result.get("mentioned_in") or []
    rules = [m for m in mentions if m["kind"] in ("rule", "example", "rule_title")]
    if rules:
        click.echo(click.style("\nMentioned in rules: ", bold=True)
                   + ", ".join(dict.fromkeys(f"{m['number']} ({m['source']})" for m in rules)))


def _print_side_by_side(conn, en: dict) -> None:
    """English oracle and French printed text in two columns."""
    import shutil
    import textwrap
    from kb.cards import db as carddb

    found = carddb.get_card(conn, en["name"])
    rows = carddb.side_by_side(found) if found else []
    width = max(60, min(shutil.get_terminal_size((120, 40)).columns, 160))
    col = (width - 3) // 2
    click.echo(click.style(f"{'English':<{col}} | Français", bold=True))
    for _label, left, right in rows:
        lw = textwrap.wrap(left or "", col) or [""]
        rw = textwrap.wrap(right or "", col) or [""]
        for i in range(max(len(lw), len(rw))):
            l = lw[i] if i < len(lw) else ""
            r = rw[i] if i < len(rw) else ""
            click.echo(f"{l:<{col}} | {r}")
    mv = en.get("mana_value")
    click.echo(click.style(f"mana value {int(mv) if mv == int(mv or 0) else mv}", dim=True))


def _characteristics_line(c: dict) -> str:
    """« mana value 3 · colors R (color indicator R) · keywords Flying » of a face (``faces`` of ``kb card --json``)."""
    mv = c["mana_value"]
    parts = [f"mana value {int(mv) if mv == int(mv) else mv}",
             "colors " + ("".join(c["colors"]) or "colorless")
             + (f" (color indicator {''.join(c['color_indicator'])})" if c["color_indicator"] else "")]
    if c["keywords"]:
        parts.append("keywords " + ", ".join(c["keywords"]))
    return " · ".join(parts)


def _print_characteristics(result: dict) -> None:
    """The characteristics of each face by the rules (kb.cards.faces), and of the whole card."""
    faces = result.get("faces") or []
    if len(faces) > 1:
        for f in faces:
            mark = " <-" if f["side"] == result.get("designated") else ""
            click.echo(click.style(f"{f['name']}: {_characteristics_line(f)}{mark}", dim=True))
    if result.get("whole"):
        click.echo(click.style(f"{result['english']['name']}: {_characteristics_line(result['whole'])}", dim=True))


def find_document(conn, name: str):
    """The stored document ``name`` designates: its id, or its file path,
    file name, file stem or page slug; None when none does."""
    from kb.site.urls import document_slug

    def names(d):
        first = store.rules_of_source(conn, d["id"])[:1]
        return {d["path"], Path(d["path"]).name, Path(d["path"]).stem,
                document_slug(d, first[0].number if first else None)}

    return store.document(conn, name) or next((d for d in store.documents(conn) if name in names(d)), None)


@click.command()
@click.argument("source")
@data_dir_option
@json_option
def links(source, data_dir, as_json):
    """List every card name found in one document (id, slug or file path):
    where it stands, as written, and the English card it links to."""
    from kb.cards import db as carddb
    from kb.cards.mentions import document_links

    conn = open_conn(data_dir)
    if not carddb.card_count(conn):
        raise KBError("no card data in the knowledge base: build with --mtgjson PATH first")
    row = find_document(conn, source)
    if row is None:
        raise KBError(f"no document {source!r} in the knowledge base (kb build lists the ids)")
    result = document_links(conn, row["id"])      # found at build time (kb.cards.mentions)
    if result is None:
        raise KBError("the knowledge base holds no card links of this document: rebuild it with kb build --mtgjson PATH")
    if as_json:
        emit_json(result)
        return
    for l in result["links"]:
        where = l.get("number") or l.get("line") or ""
        click.echo(f"{l['where']:<12} {str(where):<8} {l['surface']!r:<40} -> {l['name']}")
    for u in result.get("unresolved", []):
        click.echo(click.style(f"unresolved   {u.get('surface')!r}: {u.get('reason')}", fg="yellow"))
    click.echo(f"{len(result['links'])} links, {len(result.get('unresolved', []))} unresolved")


@click.command()
@click.argument("query")
@data_dir_option
@json_option
def term(query, data_dir, as_json):
    """French <-> English term (« persistance » <-> Persist), with the cards
    and rules that use it."""
    from kb.cards.terms import term_report
    from parser.textkeys import fold

    if not fold(query).strip():
        raise KBError(f"empty term {query!r}: give a French or English word, e.g. kb term persistance")
    report = term_report(open_conn(data_dir), query)
    if as_json:
        emit_json(report)
        return
    if not report["pairs"]:
        raise KBError(f"no term matching {query!r} in corpus/terms/terms_fr_en.tsv")
    senses = report["senses"]
    for i, sense in enumerate(senses, start=1):
        p = sense["pair"]
        head = f"{i}. " if len(senses) > 1 else ""
        click.echo(click.style(f"{head}{p['fr']}  <->  {p['en']}", bold=True)
                   + click.style(f"  ({p['kind']}; {p['source']})", dim=True))
        _print_term_lists(sense, "   " if head else "")


def _rule_label(r: dict) -> str:
    """« 702.7 (2026-01-16) », « 300.3 (2003-10-01 … 2009-05-01, 21 editions) »."""
    eds = r.get("editions") or []
    if len(eds) > 1:
        return f"{r['number']} ({eds[0]} … {eds[-1]}, {len(eds)} editions)"
    return f"{r['number']} ({r['source']})"


def _print_term_lists(sense: dict, indent: str) -> None:
    """The rules and the cards of one sense of a term."""
    if sense["rules"]:
        click.echo(indent + "rules: " + ", ".join(_rule_label(r) for r in sense["rules"][:TERM_SHOWN]))
    if sense["cards"]:
        shown = sense["cards"][:TERM_SHOWN]
        total = sense.get("card_total", len(sense["cards"]))
        click.echo(indent + f"cards ({total}" + (f", first {len(shown)} shown; --json lists {len(sense['cards'])}"
                                                 if len(shown) < total else "") + "): " + ", ".join(
            c["name"] + (f" ({c['french_name']})" if c.get("french_name") else "") for c in shown))
