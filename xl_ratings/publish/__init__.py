"""Publishing: what a federation posts (a static website from a processed workbook).

- :mod:`.site_model` -- the plain values the website shows (:class:`~.site_model.Site` …);
- :mod:`.site` -- the renderer, :func:`~.site.render_site` (needs ``jinja2``).

Importing this package imports neither, so the model can be used without jinja2.
"""
