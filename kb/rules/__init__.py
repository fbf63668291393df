"""Rules across editions, read from the stored editions and documents.

* building the history: ``history`` (versioned store in ``versions``; maps
  between consecutive editions in ``mapping``, over ``similarity``,
  ``changes`` and ``wordings``);
* reading it: ``lineage`` (a rule's numbers through time, its number today),
  ``diff`` (what changed between two editions), ``wordiff`` (word diffs);
* French rules next to English ones: ``evidence`` (the score), ``alignment``;
* references: ``resolver``; the query commands' view of rules: ``lookup``.
"""
