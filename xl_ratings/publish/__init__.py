"""Publishing: what a federation posts (a static website and a PDF from a processed workbook).

- :mod:`.build` -- a processed period's facts as a :class:`~.site_model.Site`;
- :mod:`.site_model` -- the plain values the website shows (:class:`~.site_model.Site` …);
- :mod:`.site` -- :func:`~.site.render_site`: the target folder checked, the pages written beside it
  and swapped in (needs ``jinja2``);
- :mod:`.pages` (the pages and their templates), :mod:`.html` (tables, bilingual text, the site's
  own labels), :mod:`.chart` (the rating-history SVG), :mod:`.pool` (several processes);
- :mod:`.pdf` -- the printable list through LibreOffice.

Importing this package imports none of them, so the model can be used without jinja2.
"""
