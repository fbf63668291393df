"""Rules across editions: rule history, French-English alignment, reference resolution, word diffs."""
