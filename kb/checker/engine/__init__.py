"""A small game engine behind ``kb check``.

One module a job: :mod:`.zones` (the zones, moving an object makes a new
one, last known information kept), :mod:`.stack` (triggered abilities put
on the stack in APNAP order, resolved last in first out),
:mod:`.replacement` (events modified as they would happen: damage as
-1/-1 counters or poison, destruction and regeneration, « enters with »
counters), :mod:`.combat` (the combat damage steps), :mod:`.abilities`
(keyword -> kind and effect) and :mod:`.game` (players, objects,
state-based actions to a fixpoint after each event).  :mod:`.citing`
writes the explanation steps, citing rules through concept keys only.

Nothing is imported here, so that :mod:`kb.checker.sba` (which the game
uses) can read :mod:`.citing` without a cycle.
"""
