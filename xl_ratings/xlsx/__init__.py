"""Workbook files: read (:mod:`.read`, :mod:`.safety`), write (:mod:`.write`,
:mod:`.xlsx`), game lists beyond a workbook (:mod:`.game_list`), and the
templates federations share (:mod:`.templates`, :mod:`.macro`)."""
