"""The ``kb`` command line.

Commands: ``build``, ``rule``, ``card``, ``search``, ``render`` (and more as
the knowledge base grows).  Every query command takes ``--json`` for scripts
and ``--data-dir`` (or ``KB_DATA_DIR``; default ``./.kb``).  JSON field names
are a public contract: fields may be added, never renamed or dropped.

Heavy modules (Lark grammars, Whoosh, Jinja2) are imported inside the
commands that need them so that ``kb --help`` and simple look-ups start fast.
"""
from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path
from typing import Optional

import click

from kb.cli.options import progress_bars
from kb.store import db as store

DATA_DIR_HELP = "Knowledge base directory (default ./.kb, or $KB_DATA_DIR)."


def data_dir_option(f):
    return click.option("--data-dir", type=click.Path(file_okay=False, path_type=Path), envvar="KB_DATA_DIR",
                        default=Path(".kb"), show_default=True, help=DATA_DIR_HELP)(f)


def json_option(f):
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")(f)


def emit_json(obj) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2))


def fail(message: str, code: int = 1) -> None:
    click.echo(f"kb: {message}", err=True)
    sys.exit(code)


class GreedyOption(click.Option):
    """An option taking one or more values: ``--docs a.txt b/ c.txt``.
    Values stop at the next argument starting with ``-``; the option may also
    be repeated."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("multiple", True)
        super().__init__(*args, **kwargs)

    def add_to_parser(self, parser, ctx):
        super().add_to_parser(parser, ctx)
        opt = parser._long_opt.get(self.opts[0])
        if opt is None:  # pragma: no cover
            return
        orig = opt.process

        def process(value, state):
            values = [value]
            while state.rargs and not state.rargs[0].startswith("-"):
                values.append(state.rargs.pop(0))
            for v in values:
                orig(v, state)

        opt.process = process


def open_conn(data_dir: Path):
    try:
        return store.connect(data_dir)
    except store.KBNotFound as err:
        fail(str(err))


class KBGroup(click.Group):
    """Turns a damaged knowledge base or an interrupted command into a
    one-line message instead of a traceback."""

    def invoke(self, ctx):
        import sqlite3

        try:
            return super().invoke(ctx)
        except sqlite3.DatabaseError as err:
            fail(f"the knowledge base is damaged ({err}): rebuild it with `kb build`")
        except KeyboardInterrupt:
            fail("interrupted; nothing was changed (an unfinished build is never published)", 130)
        except Exception as err:
            if type(err).__module__.startswith("whoosh"):
                fail(f"the search index is damaged or missing ({type(err).__name__}: {err}): rebuild it with `kb build`")
            raise


@click.group(cls=KBGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mtg-rules-kb")
def main() -> None:
    """Bilingual (French/English) knowledge base of the Magic: The Gathering rules.

    Start with `kb build` (parses the embedded seed documents), then try
    `kb search "association d'âmes"`, `kb rule 702.92a` or
    `kb card "Implorer la reine"`.
    """


# ------------------------------------------------------------------ build

@main.command()
@click.option("--docs", cls=GreedyOption, type=click.Path(path_type=Path),
              help="French FAQ / rules files or folders (default: the embedded seeds/).")
@click.option("--cr", cls=GreedyOption, type=click.Path(path_type=Path),
              help="Comprehensive Rules files or folders (any edition, any encoding).")
@click.option("--mtgjson", type=click.Path(path_type=Path),
              help="Folder of MTGJSON set files, or an AllPrintings / AtomicCards file.")
@data_dir_option
@json_option
@click.option("--quiet", "-q", is_flag=True, help="No progress bars.")
def build(docs, cr, mtgjson, data_dir, as_json, quiet):
    """Parse documents into a new knowledge base and search index.

    The new build replaces the old one atomically; a failed build leaves the
    previous knowledge base untouched."""
    from kb.build import BuildError, build as run_build

    t0 = time.perf_counter()
    try:
        with progress_bars(enabled=not (quiet or as_json)) as progress:
            report = run_build(data_dir, docs=list(docs) or None, cr=list(cr), mtgjson=mtgjson, progress=progress)
    except (BuildError, store.BuildLocked) as err:
        fail(f"build failed, previous knowledge base kept: {err}")
    report.seconds["total"] = round(time.perf_counter() - t0, 3)
    if as_json:
        emit_json(report.to_dict())
        return
    c = report.counts
    click.echo(f"Built knowledge base in {data_dir} ({report.seconds['total']:.2f} s)")
    click.echo(f"  documents     {c['documents']}")
    for d in report.documents:
        click.echo(f"    {d['id']}  {d['title']}  ({d['rules']} rules, {d['card_records']} card records, "
                   f"{d['notes']} notes, {d['warnings']} warnings)")
    if c.get("editions"):
        click.echo(f"  editions      {c['editions']} (Comprehensive Rules; {report.lost_quotes} lost quotes '?')")
    click.echo(f"  rules         {c['rules']}")
    click.echo(f"  card records  {c['card_records']}")
    click.echo(f"  notes         {c['notes']}")
    click.echo(f"  sections      {c['sections']}")
    if c.get("glossary_entries"):
        click.echo(f"  glossary      {c['glossary_entries']}")
    if report.cards:
        click.echo(f"  cards         {report.cards.get('cards', report.cards)}")
    click.echo(f"  indexed       {report.indexed} search documents")
    click.echo(f"  warnings      {c['warnings']}")
    for w in report.warnings[:20]:
        click.echo(f"    {w}")
    if len(report.warnings) > 20:
        click.echo(f"    … {len(report.warnings) - 20} more (kb build --json lists them all)")
    for e in report.errors:
        click.echo(f"  error: {e}", err=True)


# ------------------------------------------------------------------ rule

def _rule_json(conn, rule, descendants=None) -> dict:
    from kb.cards.lookup import rule_with_links

    d = rule_with_links(conn, rule)
    if descendants is not None:
        d["descendants"] = [rule_with_links(conn, r) for r in descendants]
    return d


def _print_rule(rule, indent: str = "") -> None:
    head = rule.number + (f". {rule.title}" if rule.title else "")
    click.echo(indent + click.style(head, bold=True))
    if rule.text and rule.text != rule.title:
        click.echo(indent + rule.text)
    for ex in rule.examples:
        click.echo(indent + click.style("Exemple : " if rule.lang == "fr" else "Example: ", italic=True) + ex)


@main.command()
@click.argument("number")
@click.option("--edition", help="Edition (effective date, YYYY-MM-DD) or document id.")
@click.option("--lang", type=click.Choice(["en", "fr"]), help="Language of the text.")
@click.option("--source", help="Document id or edition source to read from.")
@click.option("--now", is_flag=True, help="Also show the current equivalent of the rule (from the rule history).")
@data_dir_option
@json_option
def rule(number, edition, lang, source, now, data_dir, as_json):
    """Print rule NUMBER (e.g. 702.92a, or 607 for a whole rule with its subrules).

    Without --edition, the latest edition holding that number is shown
    (documents without a known date come last)."""
    number = number.strip().rstrip(".").lower()
    if not re.fullmatch(r"\d{3}(\.\d+[a-z]?)?", number):
        fail(f"not a rule number: {number!r} (expected e.g. 702.92, 702.92a or 607)")
    conn = open_conn(data_dir)
    found = store.find_rules(conn, number, edition=edition, lang=lang, source=source)
    if not found and edition:  # --edition may name a document id
        found = store.find_rules(conn, number, lang=lang, source=edition)
    if found:
        main_rule = found[0]
        descendants = [r for r in store.rules_of_source(conn, main_rule.source, number) if r.number != number]
    else:
        # A chapter such as « 607 » that the document has no node for: gather its rules.
        candidates = [r for r in conn.execute(
            "SELECT DISTINCT source, edition, lang FROM rules WHERE number LIKE ? ORDER BY edition IS NULL, edition DESC",
            (number + ".%",))]
        candidates = [c for c in candidates if (not lang or c["lang"] == lang)
                      and (not edition or edition in (c["edition"], c["source"])) and (not source or c["source"] == source)]
        if not candidates:
            fail(f"rule {number} is not in the knowledge base"
                 + (f" for edition {edition}" if edition else "") + (f" in {lang}" if lang else ""))
        src = candidates[0]
        descendants = store.rules_of_source(conn, src["source"], number)
        from kb.model import Rule
        main_rule = Rule(number=number, lang=src["lang"], source=src["source"], edition=src["edition"],
                         children=[r.number for r in descendants if r.parent is None or r.parent == number])
    others = [{"source": r.source, "edition": r.edition, "lang": r.lang, "same_text": r.text == main_rule.text}
              for r in found[1:]]
    has_history = bool(conn.execute("SELECT 1 FROM sqlite_master WHERE name='rule_maps'").fetchone())
    current = None
    if (now or main_rule.lang == "fr") and has_history:
        current = _current_equivalent(conn, main_rule)
    english = None
    if main_rule.lang == "fr" and has_history:
        from kb.rules.alignment import side_by_side

        english = next((x for x in side_by_side(conn, main_rule.number, main_rule.source)), None)
    if as_json:
        d = _rule_json(conn, main_rule, descendants)
        d["other_versions"] = others
        if current is not None:
            d["now"] = current
        if english is not None:
            d["english"] = english.get("english")
            d["english_editions"] = english.get("editions", [])
            d["discrepancy"] = english.get("discrepancy")
        emit_json(d)
        return
    doc = store.document(conn, main_rule.source)
    where = doc["title"] if doc else f"Comprehensive Rules {main_rule.edition or main_rule.source}"
    click.echo(click.style(f"[{main_rule.lang}] {where} — {main_rule.edition or 'undated'} ({main_rule.source})", dim=True))
    if main_rule.text or main_rule.title or main_rule.examples:
        _print_rule(main_rule)
    else:
        click.echo(click.style(main_rule.number, bold=True))
    for r in descendants:
        click.echo()
        _print_rule(r, "  " if r.number[-1].isalpha() else "")
    if main_rule.parent:
        click.echo(click.style(f"\nparent: {main_rule.parent}", dim=True))
    if main_rule.children:
        click.echo(click.style(f"children: {', '.join(main_rule.children)}", dim=True))
    if main_rule.references:
        click.echo(click.style(f"references: {', '.join(main_rule.references)}", dim=True))
    if english and english.get("english"):
        en = english["english"]
        eds = english.get("editions") or []
        span = f"{eds[0]} … {eds[-1]}" if len(eds) > 1 else (eds[0] if eds else en.get("edition"))
        click.echo(click.style(f"\nEnglish ({en.get('edition')}; same rule in {span}):", bold=True))
        click.echo(f"{en.get('number')} " + (f"{en['title']}. " if en.get("title") else "") + (en.get("text") or ""))
        if english.get("discrepancy"):
            click.echo(click.style(f"note: {english['discrepancy'].get('note')}", fg="yellow"))
    if current is not None:
        click.echo(click.style(f"today ({current['edition']}): {', '.join(current['numbers']) or 'no equivalent (removed)'}",
                               bold=True))
    if others:
        same = [o for o in others if o["same_text"]]
        diff = [o for o in others if not o["same_text"]]

        def span(items):
            eds = sorted(o["edition"] or o["source"] for o in items)
            return eds[0] if len(eds) == 1 else f"{eds[0]} … {eds[-1]} ({len(eds)})"
        if same:
            click.echo(click.style(f"same text in: {span(same)}", dim=True))
        if diff:
            click.echo(click.style(f"number {main_rule.number} with another text in: {span(diff)} "
                                   f"(see kb history {main_rule.number})", dim=True))


def _current_equivalent(conn, rule) -> Optional[dict]:
    """``{"edition", "numbers"}``: where ``rule`` lives in the latest edition."""
    from kb.rules import history

    editions = history.history_editions(conn)
    if not editions:
        return None
    if rule.lang == "fr":
        from kb.rules.alignment import side_by_side

        match = next(iter(side_by_side(conn, rule.number, rule.source)), None)
        numbers = (match or {}).get("current") or []
    else:
        try:
            numbers = history.current_equivalent(conn, rule.number, rule.edition)
        except (KeyError, ValueError):
            return None
    return {"edition": editions[-1], "numbers": numbers}


# ------------------------------------------------------------------ history / diff

def _need_history(conn) -> None:
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name='rule_maps'").fetchone():
        fail("no rule history in the knowledge base: build with --cr PATH... (two editions or more)")


@main.command()
@click.argument("number")
@click.option("--edition", help="Edition the number belongs to (default: the latest holding it).")
@click.option("--diff", "word_diff", is_flag=True, help="Show a word diff for each change of text.")
@data_dir_option
@json_option
def history(number, edition, word_diff, data_dir, as_json):
    """The lineage of rule NUMBER across editions: each number it held, the
    dates it held it, and whether its text changed."""
    from kb.rules import history as hist

    conn = open_conn(data_dir)
    _need_history(conn)
    try:
        lin = hist.lineage(conn, number.strip().rstrip("."), edition, diffs=word_diff)
    except (KeyError, ValueError) as err:
        fail(str(err.args[0] if err.args else err))
    if as_json:
        emit_json(lin.to_dict())
    else:
        click.echo(hist.format_lineage(lin, diffs=word_diff))


@main.command()
@click.argument("date_a")
@click.argument("date_b")
@data_dir_option
@json_option
def diff(date_a, date_b, data_dir, as_json):
    """Rules added, removed, renumbered and reworded between two editions."""
    from kb.rules import history as hist

    conn = open_conn(data_dir)
    _need_history(conn)
    try:
        d = hist.diff_editions(conn, date_a, date_b)
    except (KeyError, ValueError) as err:
        fail(str(err.args[0] if err.args else err))
    if as_json:
        emit_json(d.to_dict())
    else:
        click.echo(hist.format_diff(d))


# ------------------------------------------------------------------ card

@main.command()
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
        fail(str(err))
    if as_json:
        emit_json(result)
        return
    en = result.get("english")
    if en:
        _print_side_by_side(conn, en, result)
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


def _print_side_by_side(conn, en: dict, result: dict) -> None:
    """English oracle and French printed text in two columns."""
    import shutil
    import textwrap
    from kb.cards import db as carddb

    card = carddb.get_card(conn, en["name"])
    rows = carddb.side_by_side(card) if card else []
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


# ------------------------------------------------------------------ links / term

@main.command()
@click.argument("source")
@data_dir_option
@json_option
def links(source, data_dir, as_json):
    """List every card name found in one document (id, slug or file path):
    where it stands, as written, and the English card it links to."""
    from kb.cards.links import link_document
    from parser.faq import parse_document

    conn = open_conn(data_dir)
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name='mtg_cards'").fetchone():
        fail("no card data in the knowledge base: build with --mtgjson PATH first")
    from kb.site.urls import document_slug

    def names(d):
        first = store.rules_of_source(conn, d["id"])[:1]
        return {d["path"], Path(d["path"]).name, Path(d["path"]).stem,
                document_slug(d, first[0].number if first else None)}

    row = store.document(conn, source) or next((d for d in store.documents(conn) if source in names(d)), None)
    if row is None:
        fail(f"no document {source!r} in the knowledge base (kb build lists the ids)")
    if not Path(row["path"]).exists():
        fail(f"{row['path']} is no longer readable: rebuild or give the file again")
    result = link_document(conn, parse_document(row["path"]))
    if as_json:
        emit_json(result)
        return
    for l in result["links"]:
        where = l.get("number") or l.get("line") or ""
        click.echo(f"{l['where']:<12} {str(where):<8} {l['surface']!r:<40} -> {l['name']}")
    for u in result.get("unresolved", []):
        click.echo(click.style(f"unresolved   {u.get('surface')!r}: {u.get('reason')}", fg="yellow"))
    click.echo(f"{len(result['links'])} links, {len(result.get('unresolved', []))} unresolved")


@main.command()
@click.argument("query")
@data_dir_option
@json_option
def term(query, data_dir, as_json):
    """French <-> English term (« persistance » <-> Persist), with the cards
    and rules that use it."""
    from kb.cards.terms import term_report

    conn = open_conn(data_dir)
    report = term_report(conn, query)
    if as_json:
        emit_json(report)
        return
    if not report["pairs"]:
        fail(f"no term matching {query!r} in corpus/terms/terms_fr_en.tsv")
    for p in report["pairs"]:
        click.echo(click.style(f"{p['fr']}  <->  {p['en']}", bold=True) + click.style(f"  ({p['kind']}; {p['source']})", dim=True))
    if report["rules"]:
        click.echo("rules: " + ", ".join(f"{r['number']} ({r['source']})" for r in report["rules"][:30]))
    if report["cards"]:
        click.echo(f"cards ({len(report['cards'])}): " + ", ".join(
            c["name"] + (f" ({c['french_name']})" if c.get("french_name") else "") for c in report["cards"][:30]))


# ------------------------------------------------------------------ search

def _terminal_snippet(snippet: str) -> str:
    import html
    parts = re.split(r"(<b>.*?</b>)", " ".join(snippet.split()))
    out = []
    for p in parts:
        if p.startswith("<b>"):
            out.append(click.style(html.unescape(p[3:-4]), bold=True, fg="yellow"))
        else:
            out.append(html.unescape(p))
    return "".join(out)


@main.command(context_settings={"ignore_unknown_options": True})
@click.argument("query", nargs=-1, required=True)
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 500), help="Maximum results.")
@click.option("--page", default=1, show_default=True, type=click.IntRange(1, None), help="Page of --limit results.")
@click.option("--kind", type=click.Choice(["rule", "card", "note", "section", "glossary"]), help="Only this kind.")
@click.option("--lang", type=click.Choice(["en", "fr"]), help="Only this language.")
@click.option("--edition", help="Only texts of this edition (ISO date, or a prefix such as 2008).")
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
    try:
        searcher = Searcher(data_dir)
    except store.KBNotFound as err:
        fail(str(err))
    response = searcher.search(text, limit=limit, kind=kind, lang=lang, offset=(page - 1) * limit,
                               all_editions=all_editions, edition=edition)
    if as_json:
        emit_json([r.to_dict() for r in response.results])
        return
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
        if r.about and r.kind in ("note", "card"):
            meta += f" — about {r.about}"
        if r.equivalent_of:
            meta += f" — current equivalent of {r.equivalent_of}"
        score = "exact" if r.exact else f"{r.score:.2f}"
        click.echo(f"{i:>2}. " + click.style(label, bold=True) + "  " + click.style(meta, dim=True)
                   + click.style(f"  {score}", dim=True))
        click.echo("    " + _terminal_snippet(r.snippet))
    if response.has_more:
        click.echo(click.style(f"… about {response.total} results; next: --page {page + 1}", dim=True))


# ------------------------------------------------------------------ render

@main.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("site"),
              show_default=True, help="Output directory for the static site.")
@click.option("--ui", type=click.Choice(["fr", "en"]), default="fr", show_default=True,
              help="Language of the interface strings.")
@click.option("--all-editions", is_flag=True, help="A page per chapter of every edition, not only the latest.")
@click.option("--all-cards", is_flag=True, help="A page per card of the card database, not only the cards cited.")
@click.option("--all", "everything", is_flag=True, help="Both --all-editions and --all-cards.")
@data_dir_option
@json_option
def render(out, ui, all_editions, all_cards, everything, data_dir, as_json):
    """Write the static HTML site: index, one page per French document, per
    chapter of the latest English edition (or all with --all-editions), per
    card cited, glossary; anchors per rule and card; hyperlinked references.
    The output directory is replaced atomically."""
    from kb.site.render import SiteDirError, render_site

    conn = open_conn(data_dir)
    t0 = time.perf_counter()
    try:
        with progress_bars(enabled=not as_json, min_total=50) as progress:
            pages = render_site(conn, out, ui=ui, all_editions=all_editions or everything,
                                all_cards=all_cards or everything, progress=progress)
    except SiteDirError as err:
        fail(str(err))
    if as_json:
        emit_json({"out": str(out), "pages": pages, "seconds": round(time.perf_counter() - t0, 3)})
        return
    click.echo(f"Wrote {len(pages)} pages to {out}/ in {time.perf_counter() - t0:.2f} s "
               f"(open {out}/index.html)")


# ------------------------------------------------------------------ editions / glossary

@main.command()
@data_dir_option
@json_option
def editions(data_dir, as_json):
    """List the Comprehensive Rules editions in the knowledge base: effective
    date, file, numbered rules, glossary entries, lost quotes and warnings."""
    conn = open_conn(data_dir)
    rows = [{"date": e["date"], "source": e["source"], "file": e["path"], "lang": e["lang"],
             "encoding": e["encoding"], "rules": e["rule_count"], "glossary": e["glossary_count"],
             "lost_quotes": e["lost_quotes"], "warnings": e["warning_count"]} for e in store.editions(conn)]
    if as_json:
        emit_json(rows)
        return
    if not rows:
        click.echo("No Comprehensive Rules edition in the knowledge base (kb build --cr PATH...).")
        return
    click.echo(f"{'edition':<11} {'lang':<4} {'rules':>6} {'glossary':>8} {'lost ?':>6} {'warn':>5}  file")
    for r in rows:
        click.echo(f"{r['date'] or '?':<11} {r['lang']:<4} {r['rules']:>6} {r['glossary']:>8} {r['lost_quotes']:>6} "
                   f"{r['warnings']:>5}  {r['file']} ({r['encoding']})")
    click.echo(f"{len(rows)} editions")


@main.command()
@click.argument("term")
@click.option("--edition", help="Edition (YYYY-MM-DD); default: the latest holding the term.")
@click.option("--all", "all_editions", is_flag=True, help="Show the entry of every edition that has it.")
@data_dir_option
@json_option
def glossary(term, edition, all_editions, data_dir, as_json):
    """Print the glossary entry for TERM (case-insensitive; a prefix works
    when it is unambiguous)."""
    from parser.textkeys import fold

    conn = open_conn(data_dir)
    rows = conn.execute("SELECT * FROM glossary ORDER BY edition DESC").fetchall()
    wanted = fold(term.strip())
    matches = [r for r in rows if fold(r["term"]) == wanted] or \
              [r for r in rows if fold(r["term"]).startswith(wanted)]
    if edition:
        matches = [r for r in matches if r["edition"] == edition]
    if not matches:
        fail(f"no glossary entry for {term!r}" + (f" in edition {edition}" if edition else ""))
    terms = sorted({r["term"] for r in matches})
    if len(terms) > 1:
        fail(f"{term!r} is ambiguous: " + "; ".join(terms[:20]))
    if not all_editions:
        matches = matches[:1]
    out = [{"term": r["term"], "definition": r["definition"], "edition": r["edition"], "lang": r["lang"],
            "source": r["source"], "references": json.loads(r["refs"] or "[]")} for r in matches]
    if as_json:
        emit_json(out if all_editions else out[0])
        return
    for o in out:
        click.echo(click.style(o["term"], bold=True) + click.style(f"  ({o['edition']})", dim=True))
        click.echo(o["definition"])
        if o["references"]:
            click.echo(click.style("rules: " + ", ".join(o["references"]), dim=True))


# ------------------------------------------------------------------ check

def _kb_card_lookup(data_dir: Path):
    """A card lookup for the checker backed by the knowledge base (FAQ card
    records, and the card database when MTGJSON was ingested), or None when
    no knowledge base is built."""
    try:
        conn = store.connect(data_dir)
    except store.KBNotFound:
        return None
    from kb.cards.lookup import CardNotFound, lookup_card

    def lookup(name: str):
        try:
            card = lookup_card(conn, name)
        except CardNotFound:
            return None
        if not card.get("mana_cost") and not card.get("type_line") and card.get("english"):
            card = {**card, **card["english"]}
        return card
    return lookup


@main.command()
@click.argument("claim", required=False)
@click.option("--file", "claims_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="YAML batch: a list of {claim, expected, note}.")
@click.option("--edition", help="Rules edition the answer depends on (YYYY-MM-DD; default: the latest).")
@data_dir_option
@json_option
def check(claim, claims_file, edition, data_dir, as_json):
    """Check a claim about cards or a situation against the rules model.

    \b
    kb check "Implorer la reine a un coût converti de mana de 6"
    kb check "{G/W}{G/W} peut être payé avec {G}{W}"
    kb check --file claims.yaml --json

    The answer is true, false or unknown (outside the model or the claim
    language: docs/claims.md), with the computation and the rules used.
    With --file, the exit code is 1 when an answer differs from `expected`."""
    from kb.checker.claims import check_claim, check_file

    if bool(claim) == bool(claims_file):
        fail("give either a CLAIM or --file FILE")
    cards = _kb_card_lookup(data_dir)
    if claim:
        verdict = check_claim(claim, edition=edition, cards=cards)
        if as_json:
            emit_json(verdict.to_dict())
        else:
            colour = {"true": "green", "false": "red"}.get(verdict.answer, "yellow")
            text = str(verdict)
            head, _, rest = text.partition("\n")
            click.echo(click.style(head, fg=colour, bold=True) + ("\n" + rest if rest else ""))
        return
    try:
        verdicts = check_file(claims_file, edition=edition, cards=cards)
    except (ValueError, OSError) as err:
        fail(str(err))
    failed = [v for v in verdicts if v.passed is False]
    if as_json:
        emit_json([v.to_dict() for v in verdicts])
    else:
        for v in verdicts:
            mark = {True: "ok  ", False: "FAIL", None: "    "}[v.passed]
            click.echo(f"{mark} {v.answer:<7} {v.claim}" + (f"   [{v.note}]" if v.note else ""))
            if v.passed is False:
                click.echo(f"       expected {v.expected}; " + "; ".join(v.explanation[-2:] or [v.reason or ""]))
        click.echo(f"{len(verdicts) - len(failed)} passed, {len(failed)} failed")
    if failed:
        sys.exit(1)


# ------------------------------------------------------------------ serve

@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port.")
@data_dir_option
def serve(host, port, data_dir):
    """Serve the HTML pages and live search (/search, /api/search?q=…)."""
    from kb.site.serve import serve as run_server

    try:
        store.current_dir(data_dir)
    except store.KBNotFound as err:
        fail(str(err))
    click.echo(f"Serving {data_dir} on http://{host}:{port}/  (Ctrl-C to stop)")
    run_server(data_dir, host=host, port=port)


if __name__ == "__main__":  # pragma: no cover
    main()
