"""Processing periods: records in, facts and the updated ledger out.

* :mod:`.inputs` -- input sheets (tables of cell values) -> validated records;
* :mod:`.settings` -- the Settings sheet -> the system's parameters;
* :mod:`.ledger` -- the History, typed;
* :mod:`.periods` -- which periods to process, in order;
* :mod:`.run` -- :func:`run`, the one function every front end calls.

Nothing here touches files, Excel or words: the workbook layer reads and
writes files, the view layer turns facts into sheets, JSON and HTML.
"""

from .run import Outcome, run, run_records

__all__ = ["Outcome", "run", "run_records"]
