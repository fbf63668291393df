"""``kb search``: rules, card records, notes, sections and glossary entries
in French and English, as ranked lines or JSON hits."""
from __future__ import annotations

import html
import re

import click

from kb.cli.common import KBError, emit_json
from kb.cli.options import data_dir_option, edition_option, json_option, lang_option, limit_option
from kb.store import db as store


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("query", nargs=-1, required=True)
@limit_option(default=10)
@click.option("--page", default=1, show_default=True, type=click.IntRange(1, None), help="Page of --limit results.")
@click.option("--kind", type=click.Choice(["rule", "card", "note", "section", "glossary", "ruling"]), help="Only this kind.")
@lang_option("Only this language.")
@edition_option("Only texts of this edition (ISO date, or a prefix such as 2008).")
@click.option("--all-editions", is_flag=True, help="Search every CR edition and French wording, not only the latest.")
@data_dir_option
@json_option
def search(query, limit, page, kind, lang, edition, all_editions, data_dir, as_json):
    """Search rules, card records, notes and sections in French and English.

    A rule number (702.92, 702.92a, « règle 502.10h ») comes first when it
    exists; words are matched without case, accents or elision
    (« association d'ames » finds « association d'âmes »), and stemmed.
    Query syntax: "phrases", -exclusion, OR, (groups), lang:fr, kind:card|rule,
    edition:2008-05-01; game notation (-1/-1, {2/B}, 702.19c) is searched as
    written.  French and English game terms find each other (« persistance »
    finds Persist)."""
    from kb.search.searcher import Searcher

    text = " ".join(query)
    if not text.strip():
        raise KBError(f"empty query {text!r}: give words, a rule number or a card name, e.g. kb search persistance")
    try:
        searcher = Searcher(data_dir)
    except store.KBNotFound as err:
        raise KBError(str(err)) from err
    response = searcher.search(text, limit=limit, kind=kind, lang=lang, offset=(page - 1) * limit,
                               all_editions=all_editions, edition=edition)
    if as_json:
        emit_json([r.to_dict() for r in response.results])
    else:
        print_response(response, text, page)


def print_response(response, text: str, page: int) -> None:
    """A :class:`kb.search.searcher.SearchResponse` as numbered hits with
    their snippets; its notice on stderr; the next page when there is one."""
    if response.notice:
        click.echo(click.style(response.notice, fg="red"), err=True)
    if not response.results:
        click.echo(f"No results for {text[:80]!r}{'…' if len(text) > 80 else ''}.")
        return
    for i, r in enumerate(response.results, response.offset + 1):
        label = f"{r.kind:<8} {r.id}"
        meta = f"[{r.lang}] {r.source}" + (f" {r.edition}" if r.edition else "")
        if len(r.editions) > 1:
            meta += f" ({len(r.editions)} editions from {r.editions[0]})"
        if r.about and r.kind in ("note", "card", "ruling"):
            meta += f" — about {r.about}"
        if r.grouped:
            meta += " — also " + ", ".join(f"{g['id']} [{g['lang']}]" for g in r.grouped[:3]) \
                + (f" and {len(r.grouped) - 3} more" if len(r.grouped) > 3 else "")
        if len(r.cards) > 1:
            meta += f" — {len(r.cards)} cards: " + ", ".join(r.cards[:3]) + (" …" if len(r.cards) > 3 else "")
        if r.equivalent_of:
            meta += f" — current equivalent of {r.equivalent_of}"
        score = "exact" if r.exact else f"{r.score:.2f}"
        click.echo(f"{i:>2}. " + click.style(label, bold=True) + "  " + click.style(meta, dim=True)
                   + click.style(f"  {score}", dim=True))
        click.echo("    " + terminal_snippet(r.snippet))
    if response.has_more:
        about = "" if response.total_exact else "about "
        click.echo(click.style(f"… {about}{response.total} results; next: --page {page + 1}", dim=True))


def terminal_snippet(snippet: str) -> str:
    """A snippet's ``<b>`` highlights as bold yellow, its entities unescaped,
    its whitespace collapsed."""
    parts = re.split(r"(<b>.*?</b>)", " ".join(snippet.split()))
    out = []
    for p in parts:
        if p.startswith("<b>"):
            out.append(click.style(html.unescape(p[3:-4]), bold=True, fg="yellow"))
        else:
            out.append(html.unescape(p))
    return "".join(out)
