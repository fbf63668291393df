"""Claims written as a question with their own answer: "Does X's first ability give X wither? No.".

Testers and players often write a claim that way.  :func:`stated_answer` splits such a claim into its
question and its answer (the words of ``corpus/terms/claim_answers.tsv``, after the last question mark);
the question is checked as any claim, and :func:`answer_given` turns the question's verdict into the
claim's: the same when the claim answers "yes", the opposite when it answers "no", unknown stays unknown.
An answer that gives its reason (« Non, car … ») is that answer and the reason, each checked
(:func:`answer_with_reason`): the claim holds when both do.
"""
from __future__ import annotations

import csv
from functools import lru_cache
from typing import Callable, Optional

from kb.checker.messages import render
from kb.checker.verdict import Verdict
from kb.data import terms_dir
from parser.textkeys import fold

__all__ = ["answer_and_reason", "answer_given", "answer_with_reason", "answers_itself", "stated_answer"]


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


#: The words that give the answer its reason (« Non, car … », "No, because …"), folded.
_BECAUSE = ("car", "parce que", "parce qu'", "puisque", "puisqu'", "because", "since", "as")


def answer_with_reason(claim: str) -> Optional[tuple[str, str, str, str]]:
    """(the question, "yes" or "no", the reason's connective, the reason) for a claim that answers its own
    question and says why (« Peut-on … ? Non, car on ne peut pas payer le coût »); else None."""
    question, mark, rest = claim.rpartition("?")
    head, comma, reason = rest.partition(",")
    said = " ".join(fold(head.strip(" .!;:")).replace("’", "'").split())
    if not (mark and question.strip() and comma and said in _answers()):
        return None
    words = reason.strip()
    folded = fold(words).replace("’", "'")
    because = next((b for b in sorted(_BECAUSE, key=len, reverse=True)
                    if folded.startswith(b) and (b.endswith("'") or folded[len(b):len(b) + 1] == " ")), None)
    if because is None or not words[len(because):].strip(" .!"):
        return None
    return question + mark, _answers()[said], words[:len(because)], words[len(because):].strip()


def answer_and_reason(text: str, reasoned: tuple[str, str, str, str], check: Callable[[str], Verdict]) -> Verdict:
    """A claim that answers its own question and says why (:func:`answer_with_reason`), each part checked by
    ``check``: true when the answer and the reason hold, false when either is false
    (:func:`kb.checker.clauses.joined`, a reason)."""
    from kb.checker.clauses import Split, joined

    question, said, because, reason = reasoned
    mark = text.rindex("?")
    answer_text = text[:mark + 1] + " " + text[mark + 1:].split(",")[0].strip()
    first = answer_given(check(question), answer_text, said)
    second = check(reason[:1].upper() + reason[1:])
    answers = [first.answer, second.answer]
    answer = "false" if "false" in answers else "true" if answers == ["true", "true"] else "unknown"
    verdict = Verdict(text, "unknown", edition=first.edition, lang=first.lang, evidence=first.evidence)
    if answer == "unknown":
        unread = first if first.answer == "unknown" else second
        verdict.reason, verdict.not_understood = unread.reason, unread.not_understood
        return verdict
    return joined(verdict, Split("reason", because, answer_text, reason), [first, second], answer)


def answers_itself(claim: str) -> bool:
    """Whether the claim asks a question and goes on with an answer ("yes", « non »…), read or not."""
    _, mark, rest = claim.rpartition("?")
    first = fold(rest.strip(" .!;:")).replace("’", "'").split(",")[0].split()
    return bool(mark and first) and any(" ".join(first[:n]) in _answers() for n in range(1, len(first) + 1))


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
