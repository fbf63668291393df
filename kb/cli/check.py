"""``kb check``: claims about cards and situations answered by the rules model."""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Optional

import click

from kb.cli.common import KBError, emit_json
from kb.cli.options import data_dir_option, edition_option, json_option
from kb.store import db as store


def guarded_cards(conn: sqlite3.Connection):
    """The card lookup of a knowledge base (:class:`kb.checker.cards.KBCards`)
    keeping the database error it meets: the checker turns any error into
    « unknown », but a damaged knowledge base must be said (``raise_fault``),
    never answered.  (Defined here so that the checker loads only when used.)"""
    from kb.checker.cards import KBCards

    class GuardedCards(KBCards):
        fault: Optional[sqlite3.DatabaseError] = None

        def __call__(self, name: str):
            try:
                return super().__call__(name)
            except sqlite3.DatabaseError as err:
                self.fault = err
                raise

        def raise_fault(self) -> None:
            if self.fault is not None:
                raise self.fault

    return GuardedCards(conn)


def kb_cards(data_dir: Path):
    """The knowledge base the checker reads cards from (FAQ card records,
    and the card database when MTGJSON was ingested), as a guarded lookup,
    or None when no knowledge base is built there."""
    try:
        return guarded_cards(store.connect(data_dir))
    except store.KBNotFound:
        return None


@click.command()
@click.argument("claim", required=False)
@click.option("--file", "claims_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="YAML batch: a list of {claim, expected, note}.")
@click.option("--document", "document_id", metavar="ID",
              help="Check every note and quoted rule of a stored document (kb links lists their ids).")
@edition_option("Rules edition the answer depends on (default: the latest).", dates=True)
@data_dir_option
@json_option
def check(claim, claims_file, document_id, edition, data_dir, as_json):
    """Check a claim about cards or a situation against the rules model.

    \b
    kb check "Implorer la reine a un coût converti de mana de 6"
    kb check "{G/W}{G/W} peut être payé avec {G}{W}"
    kb check --file claims.yaml --json
    kb check --document 001_b5a1e1d9799bc96e --edition 2008-05-01

    The answer is true, false or unknown (outside the model or the claim
    language: docs/claims.md), with the computation and the rules used.
    With --file, the exit code is 1 when an answer differs from `expected`.
    With --document, each note and quoted rule of the document is checked
    sentence by sentence under the edition asked."""
    if sum(map(bool, (claim, claims_file, document_id))) != 1:
        raise KBError("give one of a CLAIM, --file FILE or --document ID")
    cards = kb_cards(data_dir)
    if document_id:
        if cards is None:
            raise KBError(f"no knowledge base in {data_dir}: run `kb build` first")
        check_document_units(document_id, edition, cards, data_dir, as_json)
        return
    evidence = evidence_searcher(data_dir) if cards is not None else None
    try:
        if claim:
            check_one(claim, edition, cards, evidence, as_json)
        elif not check_batch(claims_file, edition, cards, evidence, as_json):
            raise click.exceptions.Exit(1)
    finally:
        if evidence is not None:
            evidence.close()


def check_document_units(document_id: str, edition, cards, data_dir: Path, as_json: bool) -> None:
    """``kb check --document``: the verdict on each note and quoted rule, then the counts."""
    from kb.checker.document import check_document

    from kb.cli.options import progress_bars

    try:
        with progress_bars(enabled=not as_json) as progress:
            report = check_document(cards.conn, document_id, edition=edition, cards=cards, progress=progress)
    except LookupError as err:
        raise KBError(str(err)) from err
    cards.raise_fault()
    if as_json:
        emit_json(report.to_dict())
        return
    click.echo(f"{report.title} ({report.document}), rules of {report.edition}"
               + (f"; the document's own edition: {report.document_edition}" if report.document_edition else ""))
    colour = {"true": "green", "false": "red", "unknown": "yellow"}
    for u in report.units:
        rules = f"  [rules: {', '.join(u.rules)}]" if u.rules and u.answer != "unknown" else ""
        head = f"{u.kind} {u.id}" + (f" ({u.card})" if u.card else "")
        text = u.text if len(u.text) <= 110 else u.text[:109] + "…"
        click.echo(click.style(f"{u.answer.upper():<8}", fg=colour[u.answer]) + f"{head}: {text}{rules}")
    counts = report.counts()
    total = sum(counts.values())
    decided = counts["true"] + counts["false"]
    click.echo(f"{total} units: {counts['true']} true, {counts['false']} false, {counts['unknown']} unknown "
               f"({decided * 100 // max(total, 1)} % decided)")


def evidence_searcher(data_dir: Path):
    """The search index the checker quotes its evidence from (the FAQ notes
    and rules closest to the claim)."""
    from kb.search.searcher import Searcher

    return Searcher(data_dir)


def check_one(claim: str, edition, cards, evidence, as_json: bool) -> None:
    """Answer one claim: its verdict as JSON, or coloured text."""
    from kb.checker.claims import check_claim

    verdict = check_claim(claim, edition=edition, cards=cards, evidence=evidence)
    if cards is not None:
        cards.raise_fault()
    if as_json:
        emit_json(verdict.to_dict())
        return
    colour = {"true": "green", "false": "red"}.get(verdict.answer, "yellow")
    head, _, rest = str(verdict).partition("\n")
    click.echo(click.style(head, fg=colour, bold=True) + ("\n" + rest if rest else ""))


def check_batch(claims_file: Path, edition, cards, evidence, as_json: bool) -> bool:
    """Answer every claim of a YAML file and print the verdicts; False when
    an answer differs from the one expected."""
    from kb.checker.claims import check_file

    try:
        verdicts = check_file(claims_file, edition=edition, cards=cards, evidence=evidence)
    except (ValueError, OSError) as err:
        raise KBError(str(err)) from err
    if cards is not None:
        cards.raise_fault()
    failed = [v for v in verdicts if v.passed is False]
    if as_json:
        emit_json([v.to_dict() for v in verdicts])
        return not failed
    for v in verdicts:
        mark = {True: "ok  ", False: "FAIL", None: "    "}[v.passed]
        click.echo(f"{mark} {v.answer:<7} {v.claim}" + (f"   [{v.note}]" if v.note else ""))
        if v.passed is False:
            click.echo(f"       expected {v.expected}; " + "; ".join(v.explanation[-2:] or [v.reason or ""]))
    click.echo(f"{len(verdicts) - len(failed)} passed, {len(failed)} failed")
    return not failed
