"""Files: every file xl-ratings reads as an officer's path, or writes.

Records must never be lost, whatever the officer (or the machine) does:

* :mod:`.paths` -- paths checked before anything is read or written (the real
  file behind a link; no output is an input; nothing not ours overwritten);
* :mod:`.sniff` -- "is this file an earlier output of ours?", never blocking;
* :mod:`.atomic` -- atomic writes, backups and the all-or-nothing transaction
  (:class:`~.atomic.Outputs`);
* :mod:`.encode` -- CSV (formula injection neutralised) and JSON bytes;
* :mod:`.lock` -- one run per workbook;
* :mod:`.names`, :mod:`.osflags` -- file-name rules, OS flags.

Standard library only (plus :mod:`xl_ratings.errors`); no threads; imports
where :mod:`fcntl` is missing (Pyodide) and on Windows.
"""
