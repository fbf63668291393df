"""``kb rule``, ``kb history``, ``kb diff``, ``kb editions``, ``kb glossary``:
rules, their lineage across editions and the glossary, as text or JSON."""
from __future__ import annotations

import click

from kb.cli.common import KBError, emit_json, open_conn
from kb.cli.options import data_dir_option, edition_option, json_option, lang_option


@click.command(short_help="Print a rule: its text, examples, subrules and references.")
@click.argument("number")
@edition_option("Edition (effective date, YYYY-MM-DD) or document id.", dates=True)
@lang_option("Language of the text.")
@click.option("--source", help="Document id or edition source to read from.")
@click.option("--now", is_flag=True, help="Also show the current equivalent of the rule (from the rule history).")
@click.option("--cards", "with_cards", is_flag=True,
              help="List the cards the rule describes (rule 607: the cards with linked abilities).")
@data_dir_option
@json_option
def rule(number, edition, lang, source, now, with_cards, data_dir, as_json):
    """Print rule NUMBER (e.g. 702.92a, or 607 for a whole rule with its subrules).

    Without --edition, the latest edition holding that number is shown
    (documents without a known date come last).  --edition 2007 reads the
    edition in force on 2007-12-31 (a month: on its last day) and names it.
    --cards lists the cards of the card data that the rule describes (the
    family it, a rule below or a rule above it heads: linked abilities,
    persist, soulbond, banding…), each with why it was chosen; --json always
    has them in ``cards`` and in the rule's ``card_links``."""
    from kb.rules.lookup import NotARuleNumber, RuleNotFound, find_rule, parse_rule_number

    try:
        number = parse_rule_number(number)
    except NotARuleNumber as err:
        raise KBError(str(err)) from err
    conn = open_conn(data_dir)
    try:
        answer = find_rule(conn, number, edition=edition, lang=lang, source=source, now=now)
    except RuleNotFound as err:
        raise KBError(str(err)) from err
    family, cards = _rule_cards(conn, answer)
    if as_json:
        emit_json(_with_cards(answer.to_dict(), family, cards))
        return
    print_rule_answer(answer)
    if family is not None:
        _print_cards(family, cards, answer.rule.lang, listed=with_cards)
    elif with_cards:
        click.echo(click.style("cards: none (the rule describes no family of cards the knowledge base knows)"
                               if cards is not None else "cards: unknown (no card data: build with --mtgjson PATH)",
                               dim=True))


def _rule_cards(conn, answer):
    """(family, cards) of the rule answered: the family of cards it
    describes (:func:`kb.cards.terms.rule_family`) and its members; cards is
    None when the knowledge base holds no card data."""
    from kb.cards import db as carddb
    from kb.cards.terms import family_card_list, rule_family

    if not carddb.card_count(conn):
        return None, None
    family = rule_family(conn, answer.rule, answer.descendants)
    return family, (family_card_list(conn, family) if family is not None else [])


def _with_cards(d: dict, family, cards) -> dict:
    """The ``kb rule --json`` object with ``cards`` (``[{name, name_fr,
    matched}]``), ``card_family`` (``{key, en, fr}`` or None) and the
    family's cards added to the rule's ``card_links`` (``surface``,
    ``start`` and ``end`` null: they are not in the text; ``via``:
    ``family``)."""
    d["cards"] = cards or []
    d["card_family"] = ({"key": family.key, "en": family.label_en, "fr": family.label_fr}
                        if family is not None else None)
    named = {l["name"] for l in d["card_links"]}
    d["card_links"] = d["card_links"] + [
        {"surface": None, "name": c["name"], "start": None, "end": None, "name_fr": c["name_fr"],
         "matched": c["matched"], "via": "family"} for c in d["cards"] if c["name"] not in named]
    return d


def _print_cards(family, cards, lang: str, listed: bool) -> None:
    """« cards (430, Linked abilities): … », one card a line with --cards."""
    label = family.label_fr if lang == "fr" else family.label_en
    if not listed:
        click.echo(click.style(f"cards: {len(cards)} ({label}; --cards lists them)", dim=True))
        return
    click.echo(click.style(f"\ncards ({len(cards)}, {label}):", bold=True))
    for c in cards:
        click.echo(c["name"] + (f" ({c['name_fr']})" if c["name_fr"] else "")
                   + click.style(f"  {c['matched']}", dim=True))


def print_rule_answer(answer) -> None:
    """A :class:`kb.rules.lookup.RuleAnswer` as text: where it comes from,
    the rule and its subrules, its relations, the English text beside a
    French rule, today's number, the other editions holding it."""
    main_rule = answer.rule
    _print_edition_note(answer.edition_asked, answer.edition_used)
    if answer.found_as:
        f = answer.found_as
        when = "today" if f["via"] == "today" else f"in {f['edition']}"
        click.echo(click.style(f"the French document numbers it {f['number']}: English {f['english_number']} "
                               f"({when}) is the French {f['number']}", fg="yellow"))
    click.echo(click.style(f"[{main_rule.lang}] {answer.where} — {main_rule.edition or 'undated'} "
                           f"({main_rule.source})", dim=True))
    if main_rule.text or main_rule.title or main_rule.examples:
        _print_rule(main_rule)
    else:
        click.echo(click.style(main_rule.number, bold=True))
    for r in answer.descendants:
        click.echo()
        _print_rule(r, "  " if r.number[-1].isalpha() else "")
    if main_rule.parent:
        click.echo(click.style(f"\nparent: {main_rule.parent}", dim=True))
    if main_rule.children:
        click.echo(click.style(f"children: {', '.join(main_rule.children)}", dim=True))
    if answer.resolved_references:
        click.echo(click.style(f"references: {_references(answer)}", dim=True))
    elif main_rule.references:
        click.echo(click.style(f"references: {', '.join(main_rule.references)}", dim=True))
    if answer.english:
        _print_english(answer)
    if answer.now is not None and answer.now.get("unknown"):
        click.echo(click.style(f"today ({answer.now['edition']}): unknown ({answer.now['unknown']})", bold=True))
    elif answer.now is not None:
        click.echo(click.style(f"today ({answer.now['edition']}): "
                               f"{', '.join(answer.now['numbers']) or 'no equivalent (removed)'}", bold=True))
    for a in answer.aligned_numbers:
        click.echo(click.style(f"the French {a['french_number']} ({a['french_source']}) is the English "
                               f"{a['english_number']} in {a['edition']}", fg="yellow"))
    _print_spans(answer)
    if answer.other_versions:
        _print_other_versions(main_rule.number, answer.other_versions)


def _print_edition_note(asked, used) -> None:
    """« edition in force on 2007-12-31 (asked: 2007): 2007-10-01 », when a date was asked for."""
    from kb.rules.lookup import edition_note

    note = edition_note(asked, used)
    if note:
        click.echo(click.style(note, fg="yellow"))


def _references(answer) -> str:
    """The stored references of the rule: « 702.30 (2011-04-01; today 702.33) », « 502.99 (missing) »."""
    out = []
    for r in answer.resolved_references:
        if r["target_kind"] == "glossary" or (r["target"] == answer.rule.number and r["status"] == "resolved"):
            continue
        where = [r["target_edition"]] if r["target_edition"] and r["target_edition"] != answer.rule.edition else []
        if r["current"] and r["current"] != [r["target"]]:
            where.append(f"today {', '.join(r['current'])}")
        if r["status"] != "resolved":
            where.append(r["status"] + (f" → {r['target']}" if r["target"] and r["target"] != r["cited"] else ""))
        item = r["cited"] + (f" ({'; '.join(where)})" if where else "")
        if item not in out:
            out.append(item)
    return ", ".join(out)


def _print_spans(answer) -> None:
    """The two spans, in two words: same text, same rule (its lineage)."""
    def span(eds):
        return eds[0] if len(eds) == 1 else f"{eds[0]} … {eds[-1]} ({len(eds)})"

    if answer.same_text_editions:
        click.echo(click.style(f"same text in editions: {span(answer.same_text_editions)}", dim=True))
    if answer.lineage_editions:
        click.echo(click.style(f"same rule (its lineage) in editions: {span(answer.lineage_editions)}", dim=True))


def _print_rule(rule, indent: str = "") -> None:
    head = rule.number + (f". {rule.title}" if rule.title else "")
    click.echo(indent + click.style(head, bold=True))
    if rule.text and rule.text != rule.title:
        click.echo(indent + rule.text)
    for ex in rule.examples:
        click.echo(indent + click.style("Exemple : " if rule.lang == "fr" else "Example: ", italic=True) + ex)


def _print_english(answer) -> None:
    """The English rule matching a French one, and the editions it holds in."""
    en, eds = answer.english, answer.english_editions or []
    span = f"{eds[0]} … {eds[-1]}" if len(eds) > 1 else (eds[0] if eds else en.get("edition"))
    click.echo(click.style(f"\nEnglish ({en.get('edition')}; matches the French rule in {span}):", bold=True))
    click.echo(f"{en.get('number')} " + (f"{en['title']}. " if en.get("title") else "") + (en.get("text") or ""))
    if answer.discrepancy:
        click.echo(click.style(f"note: {answer.discrepancy.get('note')}", fg="yellow"))


def _print_other_versions(number: str, others) -> None:
    """The editions holding ``number`` with the same text, and with another."""
    def span(items):
        eds = sorted(o.edition or o.source for o in items)
        return eds[0] if len(eds) == 1 else f"{eds[0]} … {eds[-1]} ({len(eds)})"

    same = [o for o in others if o.same_text]
    diff = [o for o in others if not o.same_text]
    if same:
        click.echo(click.style(f"same text in: {span(same)}", dim=True))
    if diff:
        click.echo(click.style(f"number {number} with another text in: {span(diff)} "
                               f"(see kb history {number})", dim=True))


def _open_history(data_dir):
    """The knowledge base, which must have a rule history of two editions or more."""
    from kb.rules.lookup import has_edition_maps

    conn = open_conn(data_dir)
    if not has_edition_maps(conn):
        raise KBError("no rule history in the knowledge base: build with --cr PATH... (two editions or more)")
    return conn


def _history_error(err: Exception) -> KBError:
    return KBError(str(err.args[0] if err.args else err))


@click.command()
@click.argument("number")
@edition_option("Edition the number belongs to (default: the latest holding it).", dates=True)
@click.option("--diff", "word_diff", is_flag=True, help="Show a word diff for each change of text.")
@data_dir_option
@json_option
def history(number, edition, word_diff, data_dir, as_json):
    """The lineage of rule NUMBER across editions: each number it held, the
    dates it held it, and whether its text changed."""
    from kb.rules import lineage as rule_lineage

    conn = _open_history(data_dir)
    try:
        lin = rule_lineage.lineage(conn, number.strip().rstrip("."), edition, diffs=word_diff)
    except (KeyError, ValueError) as err:
        raise _history_error(err) from err
    if as_json:
        emit_json({**lin.to_dict(), "edition_asked": edition, "edition_used": lin.edition})
    else:
        _print_edition_note(edition, lin.edition)
        click.echo(rule_lineage.format_lineage(lin, diffs=word_diff))


@click.command()
@click.argument("date_a")
@click.argument("date_b")
@click.option("--numbers-only", is_flag=True, help="Only the numbers of the changed rules, no word diffs.")
@data_dir_option
@json_option
def diff(date_a, date_b, numbers_only, data_dir, as_json):
    """Rules added, removed, renumbered, reworded, split and merged between two
    editions, with each changed rule's word diff (as kb history --diff).

    DATE_A and DATE_B are dates, months or years, each meaning the edition
    in force then (a month: on its last day; a year: on its 31 December), or
    the date a file is named by, meaning that file's edition."""
    from kb.rules import diff as edition_diff
    from kb.rules.versions import EditionDateError, date_meant

    for date in (date_a, date_b):
        try:
            date_meant(date)
        except EditionDateError as err:
            raise KBError(f"unknown edition {date!r}: give an effective date YYYY-MM-DD "
                          "(kb editions lists them)") from err
    conn = _open_history(data_dir)
    try:
        d = edition_diff.diff_editions(conn, date_a, date_b, word_diffs=not numbers_only)
    except (KeyError, ValueError) as err:
        raise _history_error(err) from err
    if as_json:
        emit_json({**d.to_dict(), "editions_asked": [date_a, date_b], "editions_used": [d.a, d.b]})
    else:
        _print_edition_note(date_a, d.a)
        _print_edition_note(date_b, d.b)
        click.echo(edition_diff.format_diff(d))


@click.command()
@data_dir_option
@json_option
def editions(data_dir, as_json):
    """List the Comprehensive Rules editions in the knowledge base: effective
    date (the file's header), the date the file is named by, file, numbered
    rules, glossary entries, lost quotes and warnings."""
    from kb.rules.lookup import edition_summaries

    rows = edition_summaries(open_conn(data_dir))
    if as_json:
        emit_json(rows)
        return
    if not rows:
        click.echo("No Comprehensive Rules edition in the knowledge base (kb build --cr PATH...).")
        return
    click.echo(f"{'edition':<11} {'file date':<11} {'lang':<4} {'rules':>6} {'glossary':>8} {'lost ?':>6} "
               f"{'warn':>5}  file")
    for r in rows:
        named = r.get("file_date") or "-"
        mark = "" if named in ("-", r["date"]) else "*"
        click.echo(f"{r['date'] or '?':<11} {named + mark:<11} {r['lang']:<4} {r['rules']:>6} {r['glossary']:>8} "
                   f"{r['lost_quotes']:>6} {r['warnings']:>5}  {r['file']} ({r['encoding']})")
    click.echo(f"{len(rows)} editions")
    others = sum(1 for r in rows if r.get("file_date") and r["file_date"] != r["date"])
    if others:
        click.echo(f"* {others} files are named by another date than their header's effective date: "
                   "--edition FILE-DATE reads that file's edition")


@click.command()
@click.argument("term")
@edition_option("Edition (default: the latest holding the term).", dates=True)
@click.option("--all", "all_editions", is_flag=True,
              help="Show the term once, each of its wordings with the editions it spans.")
@data_dir_option
@json_option
def glossary(term, edition, all_editions, data_dir, as_json):
    """Print the glossary entry for TERM (case-insensitive; a prefix works
    when it is unambiguous; a French term is read through its French↔English
    pair, « piétinement » as Trample).  A term the latest edition keeps as
    « Mana Burn (Obsolete) » shows that latest entry."""
    from kb.rules.lookup import AmbiguousTerm, GlossaryNotFound, glossary_answer, glossary_json, term_key

    if not term.strip():
        raise KBError(f"empty term {term!r}: give a glossary term, e.g. kb glossary trample")
    conn = open_conn(data_dir)
    try:
        answer = glossary_answer(conn, term, edition)
    except (GlossaryNotFound, AmbiguousTerm) as err:
        raise KBError(str(err)) from err
    if all_editions:
        out = [dict(glossary_json(run[0], answer), editions=[e.edition for e in run], span=_span(run))
               for run in glossary_spans(answer.entries)]
    else:
        out = [glossary_json(answer.entries[0], answer)]
    if as_json:
        emit_json(out if all_editions else out[0])
        return
    _print_edition_note(edition, answer.edition_used)
    if answer.term_pair:
        p = answer.term_pair
        click.echo(click.style(f"{p['fr']} = {p['en']} (French↔English term pair, {p['kind']})", dim=True))
    if not all_editions:
        _print_glossary_entry(out[0], f"  ({out[0]['edition']})")
        return
    for key in dict.fromkeys(term_key(o["term"]) for o in out):
        wordings = [o for o in out if term_key(o["term"]) == key]
        term = wordings[0]["term"]          # as the latest edition spells it
        every = [e for o in wordings for e in o["editions"]]
        click.echo(click.style(term, bold=True) + click.style(f"  ({_span_text(min(every), max(every), len(every))}"
                                                               f"{', ' + str(len(wordings)) + ' wordings' if len(wordings) > 1 else ''})",
                                                               dim=True))
        for o in wordings:
            s = o["span"]
            click.echo(click.style(f"  {_span_text(s['first'], s['last'], s['editions'])}:", dim=True))
            _print_glossary_entry(o, None, indent="  ")


def glossary_spans(entries: list) -> list[list]:
    """``entries`` (latest edition first) in runs of consecutive editions
    whose entry says the same: same term, lang and references, and a
    definition that differs at most by typography (:func:`typo_key`: quotes,
    the ``?`` of lost quotes, line breaks).  Each run, latest first, is one
    wording of the term and the editions it spans."""
    from parser.textkeys import typo_key

    runs: list[list] = []
    last = None
    for e in entries:
        key = (typo_key(e.term), e.lang, typo_key(e.definition), tuple(e.references))
        if runs and key == last:
            runs[-1].append(e)
        else:
            runs.append([e])
        last = key
    return runs


def _span(run: list) -> dict:
    """The ``span`` of a run of entries: first and last edition, how many editions."""
    dates = [e.edition for e in run]
    return {"first": min(dates), "last": max(dates), "editions": len(dates)}


def _span_text(first: str, last: str, count: int) -> str:
    if first == last:
        return first
    return f"{first} – {last}, {count} editions"


def _print_glossary_entry(o: dict, heading, indent: str = "") -> None:
    if heading is not None:
        click.echo(click.style(o["term"], bold=True) + click.style(heading, dim=True))
    for line in o["definition"].splitlines() or [""]:
        click.echo(indent + line)
    if o["references"]:
        click.echo(click.style(indent + "rules: " + ", ".join(o["references"]), dim=True))

