"""Error answers of ``kb serve``: JSON ``{"error": …}`` for every address
under ``/api/``, a small HTML page elsewhere; never a traceback.

* 400 -- a request argument out of range (:class:`BadRequest`);
* 404, 405, 413, 414 … -- Werkzeug's HTTP errors, with their message;
* 503 -- a search too expensive to answer (stopped at its time budget,
  :mod:`kb.search.budget`), or no knowledge base is published in the data directory (not built
  yet, or deleted while serving): ``kb build`` fixes it (:data:`NOT_PUBLISHED`; the
  data directory's path is written to the server's log, never to the client);
* 500 -- a damaged knowledge base, or any other failure (the traceback goes
  to the server's log, not to the client).
"""
from __future__ import annotations

import html
import logging
import sqlite3

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from kb.search.budget import SearchTooExpensive
from kb.store import db as store

log = logging.getLogger("kb.serve")


#: The 503 answer while nothing is published (the data directory's path goes to the log, not to the client).
NOT_PUBLISHED = "no knowledge base published yet: retry once `kb build` has published one"


class BadRequest(ValueError):
    """A request argument out of range: answered with status 400."""


def error_response(status: int, message: str) -> Response:
    """The answer for an error: JSON under ``/api/``, HTML elsewhere."""
    if request.path.startswith("/api/"):
        resp = jsonify({"error": message, "status": status})
    else:
        text = html.escape(message)
        resp = Response(f"<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>{status}</title></head>"
                        f"<body><h1>{status}</h1><p>{text}</p><p><a href=\"/\">kb</a></p></body></html>\n",
                        mimetype="text/html")
    resp.status_code = status
    return resp


def add_error_handlers(app: Flask) -> None:
    """Register the handlers of every error a request can meet."""

    @app.errorhandler(BadRequest)
    def bad_request(err):
        return error_response(400, str(err))

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        resp = error_response(err.code or 500, err.description or err.name)
        if err.code == 405 and err.valid_methods:
            resp.headers["Allow"] = ", ".join(err.valid_methods)
        return resp

    @app.errorhandler(SearchTooExpensive)
    def too_expensive(err):
        return error_response(503, str(err))

    @app.errorhandler(store.KBNotFound)
    def no_knowledge_base(err):
        log.warning("503 on %s: %s", request.path, err)      # the data directory, for the server's log only
        return error_response(503, NOT_PUBLISHED)

    @app.errorhandler(sqlite3.DatabaseError)
    def damaged(err):
        log.error("knowledge base error on %s: %s", request.path, err)
        return error_response(500, f"the knowledge base cannot be read, it may be damaged ({err}): "
                                   f"rebuild it with `kb build`")

    @app.errorhandler(Exception)
    def internal(err):
        log.exception("internal error on %s", request.path)
        return error_response(500, f"internal error of kb serve ({type(err).__name__}); see the server log")
