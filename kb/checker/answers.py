"""Claims written as a question with their own answer: "Does X's first ability give X wither? No.".

Testers and players often write a claim that way.  :func:`stated_answer` splits such a claim into its
question and its answer (the words of ``corpus/terms/claim_answers.tsv``, after the last question mark);
the question is checked as any claim, and :func:`answer_given` turns the question's verdict into the
claim's: the same when the claim answers "yes", the opposite when it answers "no", unknown stays unknown.
"""
from __future__ import annotations

import csv
from functools import lru_cache
from typing import Optional

from kb.checker.messages import render
from kb.checker.verdict import Verdict
from kb.data import terms_dir
from parser.textkeys import fold

__all__ = ["stated_answer", "answer_given"]


@lru_cache(maxsize=1)
def _answers() -> dict[str, str]:
    with open(terms_dir() / "claim_answers.tsv", encoding="utf-8", newline="") as fh:
        rows = [line for line in fh if not line.startswith("#")]
    return {" ".join(fold(row["words"]).split()): row["value"]
            for row in csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE)}


def stated_answer(claim: str) -> tuple[str, Optional[str]]:
    """(the question, "yes" or "no") for a claim that answers its own question; else (the claim, None)."""
    question, mark, rest = claim.rpartition("?")
    said = " ".join(fold(rest.strip(" .!;:")).replace("’", "'").split())
    if mark and question.strip() and said in _answers():
        return question + mark, _answers()[said]
    return claim, None


def answer_given(verdict: Verdict, claim: str, said: str) -> Verdict:
    """The verdict of a claim whose question got ``verdict``, the claim answering ``said``."""
    holds = verdict.answer
    verdict.claim = claim
    if holds == "unknown":
        return verdict
    verdict.answer = holds if said == "yes" else ("false" if holds == "true" else "true")
    words = _SAID.get(verdict.lang, _SAID["en"])
    verdict.explanation = list(verdict.explanation) + [render(
        verdict.lang, "the question is answered {holds} and the claim answers {said}",
        {"holds": words["yes" if holds == "true" else "no"], "said": words[said]})]
    return verdict


#: How each answer is written in the explanation, by language.
_SAID = {"en": {"yes": "yes", "no": "no"}, "fr": {"yes": "oui", "no": "non"}}
