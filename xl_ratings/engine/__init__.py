"""Period engines: (ratings at period start, events, games, parameters) ->
(new ratings, change report, checks).  Pure functions, no I/O."""

from __future__ import annotations

from . import gor, lianzhong, peng, shanghai

ENGINES = {"shanghai": shanghai.process, "gor": gor.process,
           "lianzhong": lianzhong.process, "peng": peng.process}
START_STATE = {"shanghai": shanghai.start_state, "gor": gor.start_state,
               "lianzhong": lianzhong.start_state, "peng": peng.start_state}
