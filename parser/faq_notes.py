"""Notes of parser/grammars/faq.lark that are not « * » bullets: a question
and its answer (``qa_note``: « Q : … » then « R : … », « Question : … » /
« Réponse : … », « Q. … R. … » on one line) are one note, its text the
question's line(s) then the answer's, as written (bold marks left out)."""
from __future__ import annotations

from lark import Token, Tree


def _lines(tok: Token, wrapped: list[Tree]) -> str:
    parts = [str(tok).strip().replace("**", "").replace("__", "")] + [str(t.children[0]).strip() for t in wrapped]
    return " ".join(p for p in parts if p)


def qa_text(item: Tree) -> str:
    """« Q : Peut-on … ? » / « R : Oui. » -> « Q : Peut-on … ?\\nR : Oui. »."""
    out: list[str] = []
    for child in item.children:
        if isinstance(child, Token):
            out.append(_lines(child, []))
        elif out:
            out[-1] = f"{out[-1]} {str(child.children[0]).strip()}"
    return "\n".join(out)


def qa_line(item: Tree) -> int:
    """The line of the question."""
    return item.children[0].line
