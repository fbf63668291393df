"""``kb render`` and ``kb serve``: the HTML site, written to a folder or served live (gunicorn)."""
from __future__ import annotations

import time
from pathlib import Path

import click

from kb.cli.common import KBError, emit_json, open_conn
from kb.cli.options import data_dir_option, json_option, progress_bars
from kb.store import db as store


@click.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("site"),
              show_default=True, help="Output directory for the static site.")
@click.option("--ui", type=click.Choice(["fr", "en"]), default="fr", show_default=True,
              help="Language of the interface strings.")
@click.option("--all-editions", is_flag=True, help="A page per chapter of every edition, not only the latest.")
@click.option("--all-cards", is_flag=True, help="A page per card of the card database, not only the cards cited.")
@click.option("--all", "everything", is_flag=True, help="Both --all-editions and --all-cards.")
@click.option("--no-search", is_flag=True,
              help="Leave out the site's own full-text search (Pagefind index and search box).")
@data_dir_option
@json_option
def render(out, ui, all_editions, all_cards, everything, no_search, data_dir, as_json):
    """Write the static HTML site: index, one page per French document, per
    chapter of the latest English edition (or all with --all-editions), per
    card cited, glossary; anchors per rule and card; hyperlinked references.
    The output directory is replaced atomically.  The site carries its own
    search (French and English), which works when the folder is served over
    HTTP (e.g. python -m http.server)."""
    from kb.site.render import SiteDirError, render_site

    conn = open_conn(data_dir)
    t0 = time.perf_counter()
    try:
        with progress_bars(enabled=not as_json, min_total=50) as progress:
            pages = render_site(conn, out, ui=ui, all_editions=all_editions or everything,
                                all_cards=all_cards or everything, progress=progress,
                                    search=not no_search)
    except SiteDirError as err:
        raise KBError(str(err)) from err
    if as_json:
        emit_json({"out": str(out), "pages": pages, "seconds": round(time.perf_counter() - t0, 3)})
        return
    click.echo(f"Wrote {len(pages)} pages to {out}/ in {time.perf_counter() - t0:.2f} s "
               f"(open {out}/index.html; to search it, serve the folder: python -m http.server -d {out})")


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port.")
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help="Worker processes (default: one per core).")
@click.option("--threads", type=click.IntRange(1, 256), default=8, show_default=True,
              help="Request threads per worker.")
@click.option("--idle-timeout", type=click.IntRange(1, 600), default=5, show_default=True,
              help="Seconds before an idle (kept-alive or half-open) connection is closed.")
@data_dir_option
def serve(host, port, workers, threads, idle_timeout, data_dir):
    """Serve the HTML pages, live search and claim checks (/search,
    /api/search?q=…, /api/check?claim=…) on gunicorn, in the foreground
    (Ctrl-C stops it).  Workers are stateless readers of the published
    knowledge base: they follow a rebuild, and scale out behind a load
    balancer."""
    from kb.site.wsgi import default_workers, run

    try:
        store.current_dir(data_dir)
    except store.KBNotFound as err:
        raise KBError(str(err)) from err
    workers = workers or default_workers()
    click.echo(f"Serving {data_dir} on http://{host}:{port}/  ({workers} workers x {threads} threads; "
               f"Ctrl-C to stop)")
    run(data_dir, host=host, port=port, workers=workers, threads=threads, idle_timeout=idle_timeout)
