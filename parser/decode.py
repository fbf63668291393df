"""Decoding of rules documents: bytes as published -> text with ``\\n`` line ends.

The Comprehensive Rules have been published for twenty-three years in every
encoding a text file can have: UTF-8 with or without a byte order mark,
UTF-16 little and big endian (with a BOM), and single-byte Windows code pages
(mostly Windows-1252; a few editions carry card names such as « Dandân » or
« El-Hajjâj » typed on DOS or Mac machines).  Line ends are CRLF, LF, bare CR
or a mix of them inside one file.

Strategy, in order:

1. a byte order mark decides (UTF-8, UTF-16 LE/BE, UTF-32);
2. text that decodes as strict UTF-8 is UTF-8 (plain ASCII included);
3. text whose lines are mostly UTF-8 (at least as many lines with valid
   UTF-8 accented letters as lines that are not UTF-8: one Latin-1 « é »
   typed into a UTF-8 FAQ) is UTF-8 read line by line: each line that is
   not UTF-8 is read in the Western code page that suits those lines best,
   and is a typed, located warning (``mixed_encoding``) in
   ``Decoded.warnings``;
4. otherwise charset-normalizer detects the encoding.  When it settles on a
   single-byte code page, a handful of accented letters in card names is not
   enough for it to tell Windows-1252 from its neighbours (it proposes cp1250,
   cp775, cp852...), so the Western code pages a rules file was written in
   (Windows-1252, Mac Roman, DOS 437) and charset-normalizer's own guess are
   compared by how plausible their non-ASCII characters look (typographic
   quotes and dashes, accented letters inside words); ties go to
   Windows-1252, the code page of the publisher, and charset-normalizer's
   guess comes last unless it reads letters of another script cleanly.

Then every ``\\r\\n``, bare ``\\r`` and ``\\n`` becomes ``\\n``.  Nothing else
is changed: the text is kept character for character, including the ``?``
that some old editions have where curly quotes and dashes were lost
(:func:`count_lost_quotes` counts them).
"""
from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Union

from charset_normalizer import from_bytes

from kb.model import ParseWarning

__all__ = ["Decoded", "DecodeError", "decode_bytes", "decode_file", "split_lines",
           "count_lost_quotes"]

#: Byte order marks, longest first (the UTF-32 LE mark starts with the UTF-16 LE one).
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

#: Single-byte code pages a rules file may have been typed in, by preference.
_WESTERN = ("cp1252", "mac_roman", "cp437")

#: Non-ASCII punctuation and symbols that are expected in a rules text.
_TYPOGRAPHIC = set("\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u2122\u00ae\u00a9\u2022"
                   "\u00a0\u00b0\u00ab\u00bb\u00bd\u2212")

_LINE_END_RE = re.compile(r"\r\n|\r|\n")
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")


class DecodeError(ValueError):
    """Raised when bytes cannot be read as text in any known encoding."""


@dataclass
class Decoded:
    """A decoded document.

    ``text`` uses ``\\n`` line ends only and has no BOM; ``encoding`` is the
    Python codec name used (``utf-8``, ``utf-16-le``, ``cp1252``...);
    ``bom`` tells whether a byte order mark was present; ``line_ends`` lists
    the line-end styles found (``crlf``, ``cr``, ``lf``), e.g. ``["cr", "crlf"]``
    for a mixed file; ``name`` is the file name or label given.
    """

    text: str
    encoding: str
    name: str = ""
    bom: bool = False
    line_ends: tuple = ()
    #: typed, located warnings of the decoding (``mixed_encoding``: a line
    #: that is not in the file's encoding, read in another one).
    warnings: tuple = ()

    @property
    def lines(self) -> list[str]:
        """The text split on ``\\n`` (line 1 is index 0)."""
        return self.text.split("\n")


def _plausibility_cost(text: str) -> int:
    """Count non-ASCII characters of ``text`` that look like mojibake.

    Typographic punctuation (curly quotes, dashes, ™ ® ©) is expected; an
    accented Latin-1 letter is expected inside a word (lower case after a
    lower-case letter, any case at the start of a word).  Anything else
    (``ƒ``, ``‰``, ``£``, ``†``, a lone capital between spaces, an upper-case
    letter after a lower-case one) costs one.
    """
    cost = 0
    n = len(text)
    for m in re.finditer(r"[^\x00-\x7f]", text):
        ch = m.group()
        if ch in _TYPOGRAPHIC:
            continue
        i = m.start()
        prev = text[i - 1] if i > 0 else " "
        nxt = text[i + 1] if i + 1 < n else " "
        cat = unicodedata.category(ch)
        if cat not in ("Ll", "Lu"):
            cost += 1
        elif not ("\u00c0" <= ch <= "\u00ff"):
            # A letter of another script (Cyrillic, Greek...) is expected
            # among its own kind, not alone between ASCII letters (« Dandƒn »).
            if not ((prev.isalpha() and not prev.isascii()) or (nxt.isalpha() and not nxt.isascii())):
                cost += 1
        elif not (prev.isalpha() or nxt.isalpha()):
            cost += 1
        elif cat == "Lu" and prev.isalpha() and prev.islower():
            cost += 1
    return cost


def _detect(data: bytes) -> str:
    """Pick the encoding of a file that is neither UTF-8 nor BOM-marked.

    Raises :class:`DecodeError` when charset-normalizer finds no encoding
    under which the bytes read as text (binary data).
    """
    best = from_bytes(data).best()
    if best is not None and best.encoding.replace("_", "-").startswith(("utf-16", "utf-32")):
        return best.encoding
    scored = []
    guess = (best.encoding,) if best is not None else ()
    for rank, enc in enumerate(_WESTERN + guess):
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        cost = _plausibility_cost(text)
        if best is not None and enc == best.encoding and cost == 0 and any(
                ch.isalpha() for ch in re.findall(r"[^\x00-\u00ff]", text)):
            rank = -1  # another script read cleanly (Greek in cp1253...)
        scored.append((cost, rank, enc))
    if best is None:
        # charset-normalizer gives up on short or symbol-heavy text: accept a
        # Western page only if it reads cleanly and has no control characters.
        scored = [c for c in scored if c[0] == 0]
        if not scored or _CONTROL_RE.search(data.decode(min(scored)[2])):
            raise DecodeError("no text encoding fits (binary data?)")
    return min(scored)[2] if scored else best.encoding


def decode_bytes(data: bytes, name: str = "<bytes>") -> Decoded:
    """Decode ``data`` (a whole file as published) to text with ``\\n`` line ends.

    ``name`` labels the data in errors and in the result.  Raises
    :class:`DecodeError` (naming ``name``) when no encoding fits, for example
    for binary data.
    """
    encoding = None
    bom = False
    body = data
    for mark, enc in _BOMS:
        if data.startswith(mark):
            encoding, bom, body = enc, True, data[len(mark):]
            break
    warnings: tuple = ()
    if encoding is None and b"\x00" not in body:
        mixed = _mixed_utf8(body, name)
        if mixed is not None:
            text, warnings = mixed
            encoding = "utf-8"
    if encoding is None:
        try:
            if b"\x00" in body:  # UTF-16/32 without a BOM, or binary data
                raise UnicodeDecodeError("utf-8", body, 0, 1, "NUL byte")
            text = body.decode("utf-8")
            encoding = "utf-8"
        except UnicodeDecodeError:
            try:
                encoding = _detect(body)
            except DecodeError as exc:
                raise DecodeError(f"{name}: {exc}") from None
    if encoding != "utf-8" or bom:
        try:
            text = body.decode(encoding)
        except (UnicodeDecodeError, LookupError) as exc:
            raise DecodeError(f"{name}: not valid {encoding}: {exc}") from None
    if "\x00" in text:
        raise DecodeError(f"{name}: binary data (NUL characters) after decoding as {encoding}")
    ends = []
    if "\r\n" in text:
        ends.append("crlf")
    if re.search(r"\r(?!\n)", text):
        ends.append("cr")
    if re.search(r"(?<!\r)\n", text):
        ends.append("lf")
    if ends != ["lf"] and ends:
        text = _LINE_END_RE.sub("\n", text)
    return Decoded(text=text, encoding=encoding, name=name, bom=bom, line_ends=tuple(ends),
                   warnings=warnings)


_BYTE_LINE_RE = re.compile(rb"(\r\n|\r|\n)")


def _mixed_utf8(body: bytes, name: str):
    """``(text, warnings)`` when ``body`` is UTF-8 but for a few lines, else None.

    None when the whole body is UTF-8 (the ordinary path reads it) or when
    fewer lines read as UTF-8 with accented letters than lines fail to (a
    single-byte file: whole-file detection decides).  Each line that is not
    UTF-8 is read in the one Western code page that reads those lines most
    plausibly (Windows-1252 on ties) and gives a ``mixed_encoding`` warning
    at its first byte that is not UTF-8.
    """
    pieces = _BYTE_LINE_RE.split(body)  # line, end, line, end, ..., line
    good = 0
    bad: list[tuple[int, int]] = []  # (index in pieces, byte offset of the first bad byte)
    for i in range(0, len(pieces), 2):
        line = pieces[i]
        if line.isascii():
            continue
        try:
            line.decode("utf-8")
            good += 1
        except UnicodeDecodeError as exc:
            bad.append((i, exc.start))
    if not bad or good < len(bad):
        return None
    joined = b"\n".join(pieces[i] for i, _ in bad)
    page = min(_WESTERN, key=lambda enc: (_plausibility_cost(joined.decode(enc, "replace")),
                                          _WESTERN.index(enc)))
    warnings = []
    for i, start in bad:
        line = pieces[i]
        read = line.decode(page, "replace")
        pieces[i] = read.encode("utf-8")
        column = len(line[:start].decode("utf-8", "replace")) + 1
        warnings.append(ParseWarning(
            name, i // 2 + 1, column, read,
            f"line not valid UTF-8 (the rest of the file is): byte 0x{line[start]:02x} read as {page}",
            "mixed_encoding"))
    return b"".join(pieces).decode("utf-8"), tuple(warnings)


def decode_file(path: Union[str, Path]) -> Decoded:
    """Read and decode the file at ``path`` (see :func:`decode_bytes`).

    Raises OSError when the file cannot be read, :class:`DecodeError` when it
    is not text.
    """
    path = Path(path)
    return decode_bytes(path.read_bytes(), name=str(path))


def split_lines(text: str) -> list[str]:
    """Split decoded text into lines; any line-end style counts as one break."""
    return _LINE_END_RE.split(text)


#: A ``?`` inside a web address (``default.asp?x=magic/rules``) is genuine.
_URL_RE = re.compile(r"(?:https?://|www\.|\w+\.aspx?\?)\S*", re.IGNORECASE)


def count_lost_quotes(text: str) -> int:
    """Count ``?`` characters standing for lost curly quotes, apostrophes or dashes.

    Old editions (2008-05-01 has thousands) were saved through a code page
    without curly quotes: « it can?t », « ?Draw Step? », « cards?even ».
    The rules themselves never ask questions, so every ``?`` is counted
    except those inside a web address (``default.asp?x=magic/rules``) and
    one ending a line after a word, the only ``?`` on its line (the heading
    « Questions? » of 2003-2009 editions).
    """
    if "?" not in text:
        return 0
    total = 0
    for line in text.split("\n"):
        n = line.count("?")
        if not n:
            continue
        n -= sum(m.group().count("?") for m in _URL_RE.finditer(line))
        if n == 1 and _QUESTION_RE.search(line):
            n = 0
        total += n
    return total


#: « Questions? »: a line whose only ``?`` ends it, after a letter.
_QUESTION_RE = re.compile(r"^[^?]*[A-Za-z]\?\s*$")
