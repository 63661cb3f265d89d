"""The workbook pipeline of an import: tournaments in, the rows to append out.

Its only input from the parsers is their output, the neutral
:class:`~xl_ratings.importers.model.Tournament` (and, for what a format carries,
its record in :mod:`xl_ratings.importers.formats`).  :mod:`.into_book` plans what
importing adds to a workbook -- players matched (:mod:`.matching`, the officer's
answers in :mod:`.answers`), the event checked, a tournament imported twice caught
(:mod:`.fingerprint`), step by step (:mod:`.steps`) -- into a :class:`~.plan.Plan`
and a :class:`~.summary.Summary`, and validates the workbook as it would be with the
engine's rules.  Nothing here reads or writes a file.
"""
