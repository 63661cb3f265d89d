"""Messages: the Checks sheet lines of a run (rules the officer decides on) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ...errors import message



SAMPLE_FORGOTTEN = message(
    "checks.sample_forgotten",
    "the sample's results ({periods}) were removed from the History: the sample records were deleted or "
    "changed, and a sample is never published",
    "示例的结果（{periods}）已从 History 中删除：示例记录已删除或改动，示例结果不算已公布的等级分")
